// Starts the server: listens on PORT, writes DATA_DIR/server.json for the admin command, shuts down gracefully.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, readEnvFile } from './config.ts';
import { DatabaseLockedError } from './db/driver.ts';
import { checkObjectStore, StorageUnavailableError } from './lib/blob-store.ts';
import { guardProcess } from './lib/process-guard.ts';

export const CONTROL_FILE = 'server.json';

async function main() {
  readEnvFile();
  const config = loadConfig();
  fs.mkdirSync(config.DATA_DIR, { recursive: true });
  // A server that cannot write to its object store (BLOB_STORE) does not start: StorageUnavailableError says why.
  await checkObjectStore(config);
  const controlSecret = crypto.randomBytes(32).toString('base64url');
  const app = await buildApp({ config, controlSecret });
  if (config.PASSWORD_HASHING !== 'owasp')
    app.log.warn(
      'PASSWORD_HASHING=fast-for-tests-only: passwords are hashed with a thousandth of the safe cost. Never set it on a server people use; unset, the next sign-in of each account restores the safe cost.',
    );
  const controlPath = path.join(config.DATA_DIR, CONTROL_FILE);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // Stop accepting connections, finish in-flight requests, close the database; give up after 10 s.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    fs.rmSync(controlPath, { force: true });
    const code = signal === 'uncaughtException' ? 1 : 0;
    app.close().then(
      () => process.exit(code),
      (error: unknown) => {
        app.log.error({ err: error }, 'error while shutting down');
        process.exit(1);
      },
    );
  };
  // What escapes every handler is logged; only a real fault closes the server (its supervisor restarts it).
  guardProcess(process, app.log, () => shutdown('uncaughtException'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await app.listen({ port: config.PORT, host: config.HOST });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.PORT;
  fs.writeFileSync(controlPath, JSON.stringify({ pid: process.pid, port, secret: controlSecret }), {
    mode: 0o600,
  });
}

main().catch((error: unknown) => {
  if (
    error instanceof ConfigError ||
    error instanceof DatabaseLockedError ||
    error instanceof StorageUnavailableError
  ) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
