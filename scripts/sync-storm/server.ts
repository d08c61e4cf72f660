// Sync-storm server: the real server as a child process on 127.0.0.1, its memory and CPU sampled from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import postgres from 'postgres';

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string | null;
  logFile: string;
  /** The server's LOG_LEVEL: warn keeps the log to problems; info adds a line per request. */
  logLevel?: string;
  /** Extra arguments for the server's node, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
}

export interface ServerExit {
  code: number | null;
  signal: NodeJS.Signals | null;
  atMs: number;
}

export interface ServerChild {
  url: string;
  pid: number;
  /** Set once the process has ended (a crash during the storm shows here). */
  exited: ServerExit | null;
  stop(): Promise<void>;
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

/**
 * Starts `node --import tsx server/main.ts` (one process, so its pid is the server's own and its RSS is the
 * server's), with rate limits raised so one address may sign up hundreds of accounts; waits for /api/health.
 */
export async function startServer(options: ServerOptions, timeoutMs = 180_000): Promise<ServerChild> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  fs.mkdirSync(options.dataDir, { recursive: true });
  const log = fs.openSync(options.logFile, 'a');
  const high = '1000000';
  const child: ChildProcess = spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', 'server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        STATIC_DIR: path.join(options.dataDir, 'no-build'),
        DATABASE_URL: options.databaseUrl ?? '',
        LOG_LEVEL: options.logLevel ?? 'warn',
        AUTH_RATE_LIMIT_PER_MINUTE: high,
        AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: high,
        AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: high,
        PUBLIC_RATE_LIMIT_PER_MINUTE: high,
      },
      stdio: ['ignore', log, log],
    },
  );
  fs.closeSync(log);
  const begun = performance.now();
  const server: ServerChild = {
    url,
    pid: child.pid ?? 0,
    exited: null,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 20_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
  child.once('exit', (code, signal) => {
    server.exited = { code, signal, atMs: performance.now() - begun };
  });
  process.once('exit', () => {
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  });
  while (performance.now() - begun < timeoutMs) {
    if (server.exited) {
      throw new Error(
        `server exited (${server.exited.code ?? server.exited.signal}); see ${options.logFile}`,
      );
    }
    try {
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok) return server;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await server.stop();
  throw new Error(`server did not answer /api/health within ${timeoutMs / 1000} s; see ${options.logFile}`);
}

export interface MemorySample {
  atMs: number;
  rssMiB: number;
  hwmMiB: number;
}

/** Reads VmRSS and VmHWM of a process every `everyMs`; null samples once the process is gone. */
export class MemorySampler {
  readonly samples: MemorySample[] = [];
  private timer: NodeJS.Timeout | null = null;
  private readonly begun = performance.now();

  constructor(
    private readonly pid: number,
    private readonly everyMs = 200,
  ) {}

  start(): void {
    this.sample();
    this.timer = setInterval(() => this.sample(), this.everyMs);
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sample();
  }

  peakRssMiB(): number {
    return Math.max(0, ...this.samples.map((sample) => sample.rssMiB));
  }

  hwmMiB(): number {
    return Math.max(0, ...this.samples.map((sample) => sample.hwmMiB));
  }

  latest(): MemorySample | undefined {
    return this.samples.at(-1);
  }

  private sample(): void {
    const status = readStatus(this.pid);
    if (status) this.samples.push({ atMs: performance.now() - this.begun, ...status });
  }
}

function readStatus(pid: number): { rssMiB: number; hwmMiB: number } | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(text)?.[1] ?? 0);
    return { rssMiB: kb('VmRSS') / 1024, hwmMiB: kb('VmHWM') / 1024 };
  } catch {
    return null;
  }
}

/** CPU seconds (user + system) a process has used so far, from /proc/<pid>/stat; null once it is gone. */
export function cpuSeconds(pid: number): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return null;
  }
}

export interface ScratchDatabase {
  url: string;
  name: string;
  drop: () => Promise<void>;
}

/** A fresh PostgreSQL database next to `adminUrl`'s (as tests/server/test-app.ts does), dropped afterwards. */
export async function scratchPostgres(adminUrl: string): Promise<ScratchDatabase> {
  const name = `lopit_storm_${crypto.randomBytes(6).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => undefined });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    drop: async () => {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

export interface LoggedProblem {
  level: number;
  msg: string;
  err: string | null;
  url: string | null;
}

/** Lines of the server's log at `minLevel` or above (pino: 40 warn, 50 error, 60 fatal), and other text. */
export function readServerLog(file: string, minLevel = 40): { problems: LoggedProblem[]; other: string[] } {
  const problems: LoggedProblem[] = [];
  const other: string[] = [];
  let text = '';
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch {
    return { problems, other };
  }
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const entry = JSON.parse(line) as {
        level?: number;
        msg?: string;
        err?: { message?: string; type?: string };
        req?: { url?: string };
        url?: string;
      };
      if ((entry.level ?? 0) < minLevel) continue;
      problems.push({
        level: entry.level ?? 0,
        msg: entry.msg ?? '',
        err: entry.err ? `${entry.err.type ?? 'Error'}: ${entry.err.message ?? ''}` : null,
        url: entry.req?.url ?? entry.url ?? null,
      });
    } catch {
      other.push(line.slice(0, 300));
    }
  }
  return { problems, other };
}

export interface ProbeFigures {
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  failed: number;
}

/**
 * How quickly the server answers a request that needs no database (a 404 under /api) while the storm runs:
 * `reused` on one kept-alive connection (the server's event loop), `fresh` on a new connection each time
 * (accepting connections too). One probe of each kind every `everyMs`.
 */
export class ResponsivenessProbe {
  private readonly samples = { reused: [] as number[], fresh: [] as number[] };
  /** Every probe: its kind, when it started (performance.now()) and how long it took (null: it failed). */
  readonly timeline: { kind: 'reused' | 'fresh'; startedAt: number; ms: number | null }[] = [];
  private readonly failures = { reused: 0, fresh: 0 };
  private readonly agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  private timer: NodeJS.Timeout | null = null;
  private readonly running = new Set<Promise<void>>();
  /** A kind is not probed again while its previous probe waits (so a stall counts once, as its length). */
  private readonly busy = { reused: false, fresh: false };

  constructor(
    private readonly url: string,
    private readonly everyMs = 500,
  ) {}

  start(): void {
    this.timer = setInterval(() => {
      this.probe('reused');
      this.probe('fresh');
    }, this.everyMs);
  }

  async stop(): Promise<{ reused: ProbeFigures; fresh: ProbeFigures }> {
    if (this.timer) clearInterval(this.timer);
    await Promise.allSettled([...this.running]);
    this.agent.destroy();
    const figures = (kind: 'reused' | 'fresh'): ProbeFigures => {
      const sorted = [...this.samples[kind]].sort((a, b) => a - b);
      const at = (fraction: number) =>
        Math.round(sorted[Math.min(sorted.length - 1, Math.ceil(fraction * sorted.length) - 1)] ?? 0);
      return {
        count: sorted.length,
        p50Ms: at(0.5),
        p95Ms: at(0.95),
        maxMs: Math.round(sorted.at(-1) ?? 0),
        failed: this.failures[kind],
      };
    };
    return { reused: figures('reused'), fresh: figures('fresh') };
  }

  private probe(kind: 'reused' | 'fresh'): void {
    if (this.busy[kind]) return;
    this.busy[kind] = true;
    const started = performance.now();
    const done = new Promise<void>((resolve) => {
      const request = http.get(
        `${this.url}/api/storm-probe`,
        { agent: kind === 'reused' ? this.agent : false, timeout: 120_000 },
        (response) => {
          response.resume();
          response.once('end', () => {
            this.samples[kind].push(performance.now() - started);
            this.timeline.push({ kind, startedAt: started, ms: performance.now() - started });
            resolve();
          });
        },
      );
      request.once('timeout', () => request.destroy(new Error('probe timed out')));
      request.once('error', () => {
        this.failures[kind] += 1;
        this.timeline.push({ kind, startedAt: started, ms: null });
        resolve();
      });
    });
    this.running.add(done);
    void done.then(() => {
      this.busy[kind] = false;
      this.running.delete(done);
    });
  }
}
