// A server of its own for tests that stop, kill or restart it (offline and crash tests), on its own port,
// data folder and copy of the built app, so the shared server of the other tests is never disturbed.
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { RAISED_RATE_LIMITS, serverProcess, type ServerProcess } from '../../scripts/lib/server-process.ts';

export type { ServerProcess };

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

/** Starts a server of its own on embedded PGlite, serving a copy of the built app. */
export async function startServer(name: string): Promise<ServerProcess> {
  while (!(await portFree(nextPort))) nextPort += 1;
  const port = nextPort++;
  const root = path.resolve('.tmp', 'e2e-own', `${name}-${port}`);
  fs.rmSync(root, { recursive: true, force: true });
  const staticDir = path.join(root, 'dist');
  fs.cpSync('dist', staticDir, { recursive: true });
  const server = serverProcess({
    port,
    dataDir: path.join(root, 'data'),
    staticDir,
    env: { ...RAISED_RATE_LIMITS },
  });
  await server.start();
  return server;
}
