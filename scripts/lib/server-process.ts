// The real server as a child process (one node process, so a signal or a /proc reading reaches the server
// itself), for end-to-end tests and benchmarks that start, stop, crash and restart it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** Rate limits high enough for one address to sign up and sign in hundreds of test accounts. */
export const RAISED_RATE_LIMITS = {
  AUTH_RATE_LIMIT_PER_MINUTE: '1000000',
  AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000000',
  AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '1000000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '1000000',
} as const;

/**
 * A request of a test waits for a place as long as a loaded 2-core machine may need: the default 5 s turned
 * requests away after a burst of cut uploads at load 18 (API tests), and refused a setup request of an end-to-end
 * test with two Playwright workers under load. Tests of the gate itself set their own.
 */
export const TEST_ADMISSION_WAIT = { ADMISSION_MAX_WAIT_MS: '60000' } as const;

/**
 * The test suite's own servers hash passwords cheaply (server/features/auth/password.ts TEST_ONLY_SCRYPT_PARAMS):
 * a run makes several hundred accounts and sign-ins, which at the safe cost took a fifth of its CPU time. Tests of
 * the hashing itself (tests/server/hardening.test.ts, auth.test.ts) run with the safe cost.
 */
export const TEST_PASSWORD_HASHING = { PASSWORD_HASHING: 'fast-for-tests-only' } as const;

/**
 * How long a start may take before it counts as hung: a start at load 20 (a shared 2-core machine, as CI's can
 * be) took over a minute (2026-11-28); on an idle machine it takes a few seconds.
 */
export const START_TIMEOUT_MS = 180_000;

export interface ServerProcessOptions {
  port: number;
  dataDir: string;
  /** The built app it serves; by default a folder that does not exist (API only). */
  staticDir?: string;
  /** PostgreSQL address; empty or absent for embedded PGlite in `dataDir`. */
  databaseUrl?: string | null;
  /** A migrated PGlite folder the embedded database starts as a copy of when `dataDir` holds none yet. */
  pgliteTemplate?: string;
  logLevel?: string;
  /** Extra arguments for node, e.g. ['--cpu-prof']. */
  nodeArgs?: string[];
  /** More environment (rate limits, feature settings). */
  env?: Record<string, string>;
  /** Append the server's output to this file; otherwise its errors are kept for the start-up message. */
  logFile?: string;
  startTimeoutMs?: number;
  /** The checkout whose server runs (a benchmark's "before"); this one by default. */
  cwd?: string;
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  atMs: number;
}

export interface ServerProcess {
  readonly url: string;
  readonly dataDir: string;
  readonly staticDir: string;
  /** The running process's id, 0 when none runs. */
  readonly pid: number;
  /** How the last run ended, null while it runs (a crash under load shows here). */
  readonly exited: ServerExit | null;
  /** Starts it and waits until /api/health answers. */
  start(): Promise<void>;
  /** Graceful stop (SIGTERM), forced after 20 s. */
  stop(): Promise<void>;
  /** Abrupt death (SIGKILL), as a crash or a pulled plug. */
  kill(): Promise<void>;
}

/** A free port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

export function serverProcess(options: ServerProcessOptions): ServerProcess {
  const url = `http://127.0.0.1:${options.port}`;
  const staticDir = options.staticDir ?? path.join(options.dataDir, 'no-build');
  let child: ChildProcess | null = null;
  let exited: ServerExit | null = null;
  let output = '';

  const ended = (signal: NodeJS.Signals, forceAfterMs: number | null) =>
    new Promise<void>((resolve) => {
      const current = child;
      if (!current || current.exitCode !== null || current.signalCode !== null) return resolve();
      const force = forceAfterMs === null ? null : setTimeout(() => current.kill('SIGKILL'), forceAfterMs);
      current.once('exit', () => {
        if (force) clearTimeout(force);
        resolve();
      });
      current.kill(signal);
    }).then(() => {
      child = null;
    });

  const start = async () => {
    fs.mkdirSync(options.dataDir, { recursive: true });
    const log = options.logFile ? fs.openSync(options.logFile, 'a') : null;
    const begun = performance.now();
    const current = spawn(
      process.execPath,
      [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
      {
        ...(options.cwd ? { cwd: options.cwd } : {}),
        env: {
          ...process.env,
          PORT: String(options.port),
          HOST: '127.0.0.1',
          DATA_DIR: options.dataDir,
          STATIC_DIR: staticDir,
          DATABASE_URL: options.databaseUrl ?? '',
          PGLITE_TEMPLATE: options.pgliteTemplate ?? '',
          LOG_LEVEL: options.logLevel ?? 'warn',
          ...options.env,
        },
        stdio: ['ignore', log ?? 'ignore', log ?? 'pipe'],
      },
    );
    if (log !== null) fs.closeSync(log);
    child = current;
    exited = null;
    output = '';
    current.stderr?.on('data', (chunk: Buffer) => (output = (output + chunk.toString()).slice(-20_000)));
    current.once('exit', (code, signal) => {
      exited = { code, signal, atMs: performance.now() - begun };
    });
    process.once('exit', () => {
      if (current.exitCode === null && current.signalCode === null) current.kill('SIGKILL');
    });
    const where = () => (options.logFile ? `see ${options.logFile}` : output);
    const timeoutMs = options.startTimeoutMs ?? START_TIMEOUT_MS;
    while (performance.now() - begun < timeoutMs) {
      const ending = exited as ServerExit | null; // set by the exit listener while we wait
      if (ending) throw new Error(`server exited (${ending.code ?? ending.signal}): ${where()}`);
      try {
        if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return;
      } catch {
        // Not listening yet.
      }
      await new Promise((resolve) => setTimeout(resolve, 150));
    }
    await ended('SIGTERM', 20_000);
    throw new Error(`server did not answer /api/health within ${timeoutMs / 1000} s: ${where()}`);
  };

  return {
    url,
    dataDir: options.dataDir,
    staticDir,
    get pid() {
      return child?.pid ?? 0;
    },
    get exited() {
      return exited;
    },
    start,
    stop: () => ended('SIGTERM', 20_000),
    kill: () => ended('SIGKILL', null),
  };
}
