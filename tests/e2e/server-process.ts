// A server of its own for tests that stop, kill or restart it (offline and crash tests), on its own port,
// data folder and copy of the built app, so the shared server of the other tests is never disturbed.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export interface ServerProcess {
  url: string;
  dataDir: string;
  staticDir: string;
  /** Graceful stop (SIGTERM). */
  stop(): Promise<void>;
  /** Abrupt death (SIGKILL), as a crash or a pulled plug. */
  kill(): Promise<void>;
  start(): Promise<void>;
}

// Twenty ports per E2E_PORT, so checkouts testing side by side on one machine never share one.
let nextPort = Number(
  process.env.E2E_OWN_SERVER_PORT ?? 3300 + (Number(process.env.E2E_PORT ?? 3100) - 3100) * 20,
);

export async function startServer(name: string): Promise<ServerProcess> {
  const port = nextPort++;
  const root = path.resolve('.tmp', 'e2e-own', `${name}-${port}`);
  fs.rmSync(root, { recursive: true, force: true });
  const dataDir = path.join(root, 'data');
  const staticDir = path.join(root, 'dist');
  fs.cpSync('dist', staticDir, { recursive: true });
  const url = `http://127.0.0.1:${port}`;
  let child: ChildProcess | null = null;
  let stderr = '';

  const waitForExit = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const current = child;
      if (!current || current.exitCode !== null) return resolve();
      current.once('exit', () => resolve());
      current.kill(signal);
    }).then(() => {
      child = null;
    });

  const server: ServerProcess = {
    url,
    dataDir,
    staticDir,
    async start() {
      // One process (node --import tsx), so a SIGKILL reaches the server itself.
      child = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
        env: {
          ...process.env,
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          STATIC_DIR: staticDir,
          DATABASE_URL: '',
          LOG_LEVEL: 'warn',
          AUTH_RATE_LIMIT_PER_MINUTE: '10000',
          AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '10000',
          PUBLIC_RATE_LIMIT_PER_MINUTE: '10000',
        },
        stdio: ['ignore', 'ignore', 'pipe'],
      });
      child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline) {
        if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}): ${stderr}`);
        try {
          const response = await fetch(`${url}/api/health`);
          if (response.ok) return;
        } catch {
          // Not listening yet.
        }
        await new Promise((resolve) => setTimeout(resolve, 150));
      }
      throw new Error(`server did not start in 60 s: ${stderr}`);
    },
    stop: () => waitForExit('SIGTERM'),
    kill: () => waitForExit('SIGKILL'),
  };
  await server.start();
  return server;
}
