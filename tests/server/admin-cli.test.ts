// `npm run admin` must work whether or not the server holds the embedded database open.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { hashPassword } from '../../server/features/auth/password.ts';
import { UsersRepository } from '../../server/features/auth/users.repository.ts';

const root = path.resolve(import.meta.dirname, '../..');
const tsx = path.join(root, 'node_modules', 'tsx', 'dist', 'cli.mjs');

describe('admin command on the embedded database', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-admin-cli-'));
  const env = {
    ...process.env,
    DATA_DIR: dataDir,
    DATABASE_URL: '',
    LOG_LEVEL: 'silent',
    STATIC_DIR: path.join(dataDir, 'no-build'),
  };
  const runAdmin = (...args: string[]) =>
    spawnSync(process.execPath, [tsx, 'scripts/admin.ts', ...args], { cwd: root, env, encoding: 'utf8' });

  beforeAll(async () => {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'db') });
    await migrate(database);
    const users = new UsersRepository(database.db);
    await users.create({
      email: 'first@example.org',
      name: 'First',
      passwordHash: await hashPassword('password one'),
    });
    await users.create({
      email: 'second@example.org',
      name: 'Second',
      passwordHash: await hashPassword('password two'),
    });
    await database.close();
  }, 60_000);
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('opens the database itself when the server is stopped, and says so', () => {
    const result = runAdmin('grant', 'second@example.org');
    expect(result.stderr).toContain('not running; opening the embedded database directly');
    expect(result.stdout).toContain('second@example.org is now an admin');
    expect(result.status).toBe(0);
    expect(runAdmin('list').stdout).toMatch(/admin\s+second@example\.org/);
  }, 60_000);

  it('reads its settings from .env in the folder it starts in, the environment winning', () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-env-file-'));
    try {
      fs.writeFileSync(path.join(folder, '.env'), `# settings\nDATA_DIR=${dataDir}\nLOG_LEVEL=silent\n`);
      const { DATA_DIR: _dataDir, ...withoutDataDir } = env;
      const run = (extra: Record<string, string>) =>
        spawnSync(process.execPath, [tsx, path.join(root, 'scripts/admin.ts'), 'list'], {
          cwd: folder,
          env: { ...withoutDataDir, ...extra },
          encoding: 'utf8',
        });
      const fromFile = run({});
      expect(fromFile.stdout).toMatch(/first@example\.org/);
      expect(fromFile.status).toBe(0);
      // A DATA_DIR of the environment wins over the file's: that folder holds no accounts.
      const elsewhere = path.join(folder, 'other-data');
      expect(run({ DATA_DIR: elsewhere }).stdout).not.toMatch(/first@example\.org/);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  }, 120_000);

  it('refuses bad input clearly and changes nothing', () => {
    const unknown = runAdmin('grant', 'nobody@example.org');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No account with the email nobody@example.org');
    const usage = runAdmin('promote', 'x@example.org');
    expect(usage.status).toBe(2);
    expect(usage.stderr).toContain('Usage: npm run admin');
  }, 60_000);

  it('talks to the running server instead, and says so', async () => {
    const server = spawn(process.execPath, [tsx, 'server/main.ts'], {
      cwd: root,
      env: { ...env, PORT: '0', HOST: '127.0.0.1' },
      stdio: 'ignore',
    });
    const controlFile = path.join(dataDir, 'server.json');
    try {
      for (let waited = 0; !fs.existsSync(controlFile); waited += 200) {
        if (waited > 60_000) throw new Error('server did not start');
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
      const result = runAdmin('revoke', 'second@example.org');
      expect(result.stderr).toContain('The server is running');
      expect(result.stdout).toContain('second@example.org is now a contributor');
      const reset = runAdmin('reset-password', 'first@example.org');
      expect(reset.stdout).toMatch(/\/forgot-password\?token=[A-Za-z0-9_-]{40,}/);
    } finally {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    expect(fs.existsSync(controlFile)).toBe(false);
    expect(runAdmin('list').stdout).toMatch(/contributor\s+second@example\.org/);
  }, 120_000);
});
