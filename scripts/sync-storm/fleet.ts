// Sync-storm fleet (issue 33): the processes a storm runs against. N server processes on one database; with an
// S3-compatible store (always when N > 1) they share it through s3rver in a process of its own, as README's
// "Storage, and several servers" requires; M standalone inspection workers (`npm run worker -- --inspect-only`).
// Every process's CPU (its own and its finished children's, ffmpeg) is read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../lib/server-process.ts';
import { cpuSeconds, startServer, type ServerChild } from './server.ts';

/** s3rver's fixed credentials and the bucket the storm uses. */
const S3RVER_KEY = 'S3RVER';
const BUCKET = 'lopit-storm';
const START_TIMEOUT_MS = 180_000;

export interface FleetOptions {
  servers: number;
  workers: number;
  store: 'local' | 's3';
  /** Whether the servers inspect uploads themselves (INSPECTION_WORKER=inline) or leave it to the workers. */
  serverInspection: 'inline' | 'off';
  /** The run's temporary folder: data folders, the store's folder and the logs go here. */
  root: string;
  databaseUrl: string | null;
  logLevel: string;
  nodeArgs: string[];
  /** Ports from here (servers, then the store); free ports when null. */
  firstPort: number | null;
  /** The checkout whose server and worker run (a benchmark's "before"); this one by default. */
  codeDir?: string;
}

/** A process of the fleet other than a server: a worker or the store. */
interface Helper {
  name: string;
  child: ChildProcess;
  exited: boolean;
}

/** CPU seconds of one process since a mark: its own and its finished children's (ffmpeg). */
export interface ProcessCpu {
  own: number;
  children: number;
}

export interface FleetCpu {
  servers: ProcessCpu[];
  workers: ProcessCpu[];
  store: ProcessCpu | null;
}

const cpuOf = (pid: number): ProcessCpu => ({
  own: cpuSeconds(pid) ?? Number.NaN,
  children: cpuSeconds(pid, true) ?? Number.NaN,
});
const minus = (after: ProcessCpu, before: ProcessCpu): ProcessCpu => ({
  own: after.own - before.own,
  children: after.children - before.children,
});

export class Fleet {
  readonly servers: ServerChild[] = [];
  private readonly workers: Helper[] = [];
  private store: Helper | null = null;
  /** The folder s3rver keeps the bucket in (null with the local store). */
  readonly storeDir: string | null;
  /** Where each server's log goes. */
  readonly logFiles: string[] = [];

  constructor(private readonly options: FleetOptions) {
    this.storeDir = options.store === 's3' ? path.join(options.root, 's3') : null;
  }

  /** Partial uploads left in the servers' DATA_DIR/uploads/tus, or in the store's tus-uploads area. */
  leftoverUploads(): number {
    const folders = this.storeDir
      ? [path.join(this.storeDir, BUCKET)]
      : [path.join(this.dataDirOf('server', 0), 'uploads', 'tus')];
    let count = 0;
    const walk = (folder: string, inTus: boolean) => {
      if (!fs.existsSync(folder)) return;
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const here = inTus || entry.name === 'tus-uploads';
        if (entry.isDirectory()) walk(path.join(folder, entry.name), here);
        // s3rver keeps an object as <key>._S3rver_object beside its metadata.
        else if (this.storeDir ? here && entry.name.endsWith('._S3rver_object') : true) count += 1;
      }
    };
    for (const folder of folders) walk(folder, !this.storeDir);
    return count;
  }

  /** The data folder of a server or worker: shared with the local store (one server), each its own with S3. */
  private dataDirOf(kind: 'server' | 'worker', index: number): string {
    return this.options.store === 'local'
      ? path.join(this.options.root, 'data')
      : path.join(this.options.root, `${kind}-${index}`);
  }

  private portOf(offset: number): Promise<number> {
    return this.options.firstPort === null ? freePort() : Promise.resolve(this.options.firstPort + offset);
  }

  /** Starts the store (if any), the servers (in parallel) and the workers; throws if one does not come up. */
  async start(): Promise<void> {
    const env: Record<string, string> = { INSPECTION_WORKER: this.options.serverInspection };
    if (this.storeDir) {
      const port = await this.startStore(await this.portOf(this.options.servers));
      Object.assign(env, {
        BLOB_STORE: `s3://${BUCKET}/storm`,
        BLOB_STORE_S3_PATH_STYLE: 'true',
        AWS_ENDPOINT_URL_S3: `http://127.0.0.1:${port}`,
        AWS_REGION: 'us-east-1',
        AWS_ACCESS_KEY_ID: S3RVER_KEY,
        AWS_SECRET_ACCESS_KEY: S3RVER_KEY,
      });
    }
    const ports = await Promise.all(
      Array.from({ length: this.options.servers }, (_, index) => this.portOf(index)),
    );
    // The first server migrates the database; the others start together once it has.
    const begin = (index: number) => {
      const logFile = path.join(this.options.root, `server-${index}.log`);
      this.logFiles[index] = logFile;
      return startServer(
        {
          dataDir: this.dataDirOf('server', index),
          databaseUrl: this.options.databaseUrl,
          logFile,
          logLevel: this.options.logLevel,
          nodeArgs: this.options.nodeArgs,
          port: ports[index]!,
          env,
          ...(this.options.codeDir ? { cwd: this.options.codeDir } : {}),
        },
        START_TIMEOUT_MS,
      );
    };
    this.servers.push(await begin(0));
    this.servers.push(...(await Promise.all(ports.slice(1).map((_, index) => begin(index + 1)))));
    for (let index = 0; index < this.options.workers; index++) await this.startWorker(index, env);
  }

  private async startStore(port: number): Promise<number> {
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.resolve('scripts', 'sync-storm', 's3rver-child.ts'),
        this.storeDir!,
        BUCKET,
        String(port),
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    const helper: Helper = { name: 'store', child, exited: false };
    child.once('exit', () => (helper.exited = true));
    this.store = helper;
    process.once('exit', () => child.kill('SIGKILL'));
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors = (errors + chunk.toString()).slice(-4000)));
    return new Promise<number>((resolve, reject) => {
      let output = '';
      const timer = setTimeout(() => reject(new Error(`s3rver did not start: ${errors}`)), 60_000);
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const line = output.split('\n')[0];
        if (!output.includes('\n') || !line) return;
        clearTimeout(timer);
        resolve((JSON.parse(line) as { port: number }).port);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`s3rver exited (${code}): ${errors}`));
      });
    });
  }

  /** `npm run worker -- --inspect-only`, as node runs it (so the pid is the worker's own). */
  private async startWorker(index: number, env: Record<string, string>): Promise<void> {
    const dataDir = this.dataDirOf('worker', index);
    fs.mkdirSync(dataDir, { recursive: true });
    const logFile = path.join(this.options.root, `worker-${index}.log`);
    const log = fs.openSync(logFile, 'a');
    const child = spawn(
      process.execPath,
      [...this.options.nodeArgs, '--import', 'tsx', 'scripts/worker.ts', '--inspect-only'],
      {
        ...(this.options.codeDir ? { cwd: this.options.codeDir } : {}),
        env: {
          ...process.env,
          ...env,
          DATA_DIR: dataDir,
          DATABASE_URL: this.options.databaseUrl ?? '',
        },
        stdio: ['ignore', log, log],
      },
    );
    fs.closeSync(log);
    const helper: Helper = { name: `worker ${index}`, child, exited: false };
    child.once('exit', () => (helper.exited = true));
    process.once('exit', () => child.kill('SIGKILL'));
    this.workers.push(helper);
    const begun = performance.now();
    while (performance.now() - begun < START_TIMEOUT_MS) {
      if (helper.exited) throw new Error(`worker ${index} exited: see ${logFile}`);
      if (fs.readFileSync(logFile, 'utf8').includes('Ctrl+C stops it')) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`worker ${index} did not start within ${START_TIMEOUT_MS / 1000} s: see ${logFile}`);
  }

  /** Which processes have died (a server, worker or the store), for the report. */
  deaths(): string[] {
    return [
      ...this.servers.flatMap((server, index) => (server.exited ? [`server ${index}`] : [])),
      ...[...this.workers, ...(this.store ? [this.store] : [])]
        .filter((helper) => helper.exited)
        .map((helper) => helper.name),
    ];
  }

  /** Every process's CPU so far; `since` (an earlier reading) is subtracted. */
  cpu(since?: FleetCpu): FleetCpu {
    const now: FleetCpu = {
      servers: this.servers.map((server) => cpuOf(server.pid)),
      workers: this.workers.map((worker) => cpuOf(worker.child.pid ?? 0)),
      store: this.store ? cpuOf(this.store.child.pid ?? 0) : null,
    };
    if (!since) return now;
    return {
      servers: now.servers.map((cpu, index) => minus(cpu, since.servers[index]!)),
      workers: now.workers.map((cpu, index) => minus(cpu, since.workers[index]!)),
      store: now.store && since.store ? minus(now.store, since.store) : null,
    };
  }

  /** Stops the workers, then the servers, then the store (SIGTERM, forced after 20 s). */
  async stop(): Promise<void> {
    const end = (helper: Helper) =>
      new Promise<void>((resolve) => {
        if (helper.exited) return resolve();
        const force = setTimeout(() => helper.child.kill('SIGKILL'), 20_000);
        helper.child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        helper.child.kill('SIGTERM');
      });
    await Promise.all(this.workers.map(end));
    await Promise.all(this.servers.map((server) => server.stop()));
    if (this.store) await end(this.store);
  }
}

/** The sum of own and children's CPU over processes. */
export function totalCpu(list: readonly ProcessCpu[]): number {
  return list.reduce((sum, cpu) => sum + cpu.own + cpu.children, 0);
}

const finiteOrNull = (value: number, digits = 1) =>
  Number.isFinite(value) ? Math.round(value * 10 ** digits) / 10 ** digits : null;

/**
 * CPU from release until the wait for the inspections ended, per clip inspected by then (null: not known or none):
 * the servers', the workers' (null without workers) and both together, each with its ffmpeg; and the store's CPU
 * seconds (null without S3).
 */
export function inspectionCpuFigures(cpu: FleetCpu | null, clipsInspected: number) {
  const perClip = (list: readonly ProcessCpu[]) =>
    cpu && clipsInspected > 0 ? finiteOrNull(totalCpu(list) / clipsInspected, 3) : null;
  return {
    serverCpuSecondsPerClip: perClip(cpu?.servers ?? []),
    workerCpuSecondsPerClip: cpu && cpu.workers.length > 0 ? perClip(cpu.workers) : null,
    cpuSecondsPerClip: perClip([...(cpu?.servers ?? []), ...(cpu?.workers ?? [])]),
    storeCpuSeconds: cpu?.store ? finiteOrNull(totalCpu([cpu.store])) : null,
  };
}

/** The servers' own CPU seconds, and their finished children's (ffmpeg), summed over the servers. */
export function serverCpuFigures(cpu: FleetCpu) {
  return {
    cpuSeconds: finiteOrNull(cpu.servers.reduce((sum, each) => sum + each.own, 0)),
    childCpuSeconds: finiteOrNull(cpu.servers.reduce((sum, each) => sum + each.children, 0)),
  };
}
