// A server of its own for tests that stop, kill or restart it (offline and crash tests), or that need a fresh
// installation (its first account is the admin, its queues hold only what the test made), on its own port and
// data folder, so the shared server of the other tests is never disturbed. Its database starts as a copy of the
// run's migrated template (tests/e2e/global-setup.ts) when there is one.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { test } from '@playwright/test';
import {
  RAISED_RATE_LIMITS,
  serverProcess,
  START_TIMEOUT_MS,
  TEST_ADMISSION_WAIT,
  TEST_PASSWORD_HASHING,
  type ServerProcess,
} from '../../scripts/lib/server-process.ts';

export type { ServerProcess };

/** Where the run's global setup put the migrated PGlite folder that servers of their own start from. */
export const PGLITE_TEMPLATE_ENV = 'E2E_PGLITE_TEMPLATE';

// Twenty ports per E2E_PORT, so checkouts testing side by side on one machine never share one, and ten of them
// per parallel Playwright worker (two workers probing the same free port at once would both take it).
let nextPort =
  Number(process.env.E2E_OWN_SERVER_PORT ?? 3300 + (Number(process.env.E2E_PORT ?? 3100) - 3100) * 20) +
  Number(process.env.TEST_PARALLEL_INDEX ?? 0) * 10;

/** Whether nothing listens on `port` of the loopback interface (another service may: MariaDB takes 3306). */
function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export interface OwnServerOptions {
  /** Serve a copy of the built app, for a test that changes what is served (a new version deployed). */
  copyBuild?: boolean;
}

/** Starts a server of its own on embedded PGlite, serving the built app (or a copy of it). */
export async function startServer(name: string, options: OwnServerOptions = {}): Promise<ServerProcess> {
  while (!(await portFree(nextPort))) nextPort += 1;
  const port = nextPort++;
  const root = path.resolve('.tmp', 'e2e-own', `${name}-${port}`);
  fs.rmSync(root, { recursive: true, force: true });
  let staticDir = path.resolve('dist');
  if (options.copyBuild) {
    staticDir = path.join(root, 'dist');
    fs.cpSync('dist', staticDir, { recursive: true });
  }
  const template = process.env[PGLITE_TEMPLATE_ENV];
  const server = serverProcess({
    port,
    dataDir: path.join(root, 'data'),
    staticDir,
    ...(template ? { pgliteTemplate: template } : {}),
    env: { ...RAISED_RATE_LIMITS, ...TEST_ADMISSION_WAIT, ...TEST_PASSWORD_HASHING },
  });
  await server.start();
  return server;
}

/**
 * How long the hook that starts a server of its own may take: a start on a machine at load 20 takes several times
 * what it takes on an idle one (START_TIMEOUT_MS), and the test's own time is not meant for it.
 */
export const START_HOOK_TIMEOUT_MS = START_TIMEOUT_MS + 60_000;

/**
 * A server of its own for the tests of the file or describe block this is called in: started before the first of
 * them, stopped after the last. The tests may stop, kill and restart it.
 */
export function ownServer(name: string, options: OwnServerOptions = {}): ServerProcess {
  let server: ServerProcess | undefined;
  test.beforeAll(async () => {
    test.setTimeout(START_HOOK_TIMEOUT_MS);
    server = await startServer(name, options);
  });
  test.afterAll(async () => {
    await server?.stop();
  });
  const started = (): ServerProcess => {
    if (!server) throw new Error(`The server ${name} was not started (its beforeAll hook has not run).`);
    return server;
  };
  return {
    get url() {
      return started().url;
    },
    get dataDir() {
      return started().dataDir;
    },
    get staticDir() {
      return started().staticDir;
    },
    get pid() {
      return started().pid;
    },
    get exited() {
      return started().exited;
    },
    start: () => started().start(),
    stop: () => started().stop(),
    kill: () => started().kill(),
  };
}
