// `npm run admin -- <command> [email]`: account recovery from the command line.
// With the embedded database, it talks to the running server if there is one (PGlite allows one process),
// otherwise it opens the database itself; with DATABASE_URL it always opens the database directly.
import fs from 'node:fs';
import path from 'node:path';
import { emailSchema } from '../core/api/auth.ts';
import { loadConfig, readEnvFile, type Config } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { runAdminCommand, type AdminCommand } from '../server/features/auth/admin-commands.ts';
import { UsersRepository } from '../server/features/auth/users.repository.ts';
import { isProcessAlive } from '../server/lib/process-lock.ts';

const USAGE = `Usage: npm run admin -- <command> [email]
  grant <email>            make the account an admin
  revoke <email>           make the account a contributor
  reset-password <email>   create a one-time password-reset link (valid 24 hours)
  list                     list accounts and roles`;

const COMMANDS: AdminCommand[] = ['grant', 'revoke', 'reset-password', 'list'];

async function viaServer(controlPath: string, command: AdminCommand, email?: string): Promise<string | null> {
  if (!fs.existsSync(controlPath)) return null;
  const { pid, port, secret } = JSON.parse(fs.readFileSync(controlPath, 'utf8')) as {
    pid: number;
    port: number;
    secret: string;
  };
  if (!isProcessAlive(pid)) return null;
  console.error(`The server is running (process ${pid}); sending the command to it.`);
  let response: Response;
  try {
    response = await fetch(`http://127.0.0.1:${port}/api/internal/admin-command`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-control-secret': secret },
      body: JSON.stringify({ command, email }),
    });
  } catch {
    console.error('The server did not answer; trying the database directly.');
    return null;
  }
  const body = (await response.json()) as { output?: string; message?: string };
  if (!response.ok) throw new Error(body.message ?? `The server answered ${response.status}`);
  return body.output ?? '';
}

async function direct(config: Config, command: AdminCommand, email?: string): Promise<string> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
  });
  try {
    await migrate(database);
    return await runAdminCommand(new UsersRepository(database.db), command, email);
  } finally {
    await database.close();
  }
}

async function main() {
  const [command, rawEmail] = process.argv.slice(2);
  if (!command || !COMMANDS.includes(command as AdminCommand)) {
    console.error(USAGE);
    process.exit(2);
  }
  let email: string | undefined;
  if (command !== 'list') {
    const parsed = emailSchema.safeParse(rawEmail ?? '');
    if (!parsed.success) {
      console.error(`${parsed.error.issues[0]?.message ?? 'Invalid email'}\n\n${USAGE}`);
      process.exit(2);
    }
    email = parsed.data;
  }
  readEnvFile();
  const config = loadConfig();
  let output: string | null = null;
  if (!config.DATABASE_URL)
    output = await viaServer(path.join(config.DATA_DIR, 'server.json'), command as AdminCommand, email);
  if (output === null) {
    console.error(
      config.DATABASE_URL
        ? 'Opening the PostgreSQL database directly.'
        : 'The server is not running; opening the embedded database directly.',
    );
    output = await direct(config, command as AdminCommand, email);
  }
  console.log(output);
}

main().catch((error: unknown) => {
  console.error((error as Error).message);
  process.exit(1);
});
