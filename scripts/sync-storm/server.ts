// Sync-storm server: the real server as a child process on 127.0.0.1, its memory and CPU sampled from /proc.
import fs from 'node:fs';
import http from 'node:http';
import {
  freePort,
  RAISED_RATE_LIMITS,
  serverProcess,
  type ServerExit,
  type ServerProcess,
} from '../lib/server-process.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database.ts';

export interface ServerOptions {
  dataDir: string;
  databaseUrl: string | null;
  logFile: string;
  /** The server's LOG_LEVEL: warn keeps the log to problems; info adds a line per request. */
  logLevel?: string;
  /** Extra arguments for the server's node, e.g. ['--cpu-prof', '--cpu-prof-dir=/tmp/prof']. */
  nodeArgs?: string[];
  /** The port to listen on; a free one when absent. */
  port?: number;
  /** More environment (the store, the inspection's place). */
  env?: Record<string, string>;
  /** The checkout whose server runs (a benchmark's "before"); this one by default. */
  cwd?: string;
}

export type ServerChild = ServerProcess;
export type { ServerExit };

/**
 * Starts the server on a free port with rate limits raised so one address may sign up hundreds of accounts;
 * waits for /api/health.
 */
export async function startServer(options: ServerOptions, timeoutMs = 180_000): Promise<ServerChild> {
  const server = serverProcess({
    port: options.port ?? (await freePort()),
    dataDir: options.dataDir,
    databaseUrl: options.databaseUrl,
    logFile: options.logFile,
    logLevel: options.logLevel ?? 'warn',
    nodeArgs: options.nodeArgs ?? [],
    env: { ...RAISED_RATE_LIMITS, ...options.env },
    ...(options.cwd ? { cwd: options.cwd } : {}),
    startTimeoutMs: timeoutMs,
  });
  await server.start();
  return server;
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
export function cpuSeconds(pid: number | 'self', children = false): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start after the last ')': utime, stime, then the
    // cutime and cstime of the children it has waited for (ffmpeg).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = children
      ? Number(fields[13]) + Number(fields[14])
      : Number(fields[11]) + Number(fields[12]);
    return ticks / 100;
  } catch {
    return null;
  }
}

/** A fresh PostgreSQL database next to `adminUrl`'s, dropped afterwards. */
export type { ScratchDatabase };

export function scratchPostgres(adminUrl: string): Promise<ScratchDatabase> {
  return createScratchDatabase(adminUrl, 'lopit_storm');
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
