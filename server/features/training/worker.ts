// A training worker: claims jobs of the types its trainer registry knows, runs the trainer with progress
// reports, heartbeats on an interval, and a cooperative stop (an AbortSignal aborted when a heartbeat reads
// stop_requested). The same loop runs inside the server (TRAINING_WORKER=inline) and in `npm run worker`.
import crypto from 'node:crypto';
import os from 'node:os';
import type { TrainingMetrics } from '../../../core/api/training.ts';
import { TRAINING_HEARTBEAT_MS, TRAINING_WORKER_POLL_MS, type ModelType } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/driver.ts';
import { AppError } from '../../errors.ts';
import type { ClaimedJob, Lease, TrainingQueue } from './job-queue.ts';
import { trainingRepositories, type TrainerRepositories } from './training-repositories.ts';
import { WakeableLoop } from '../../lib/wakeable-loop.ts';

export interface TrainerContext extends TrainerRepositories {
  job: ClaimedJob;
  db: Db;
  config: Config;
  /** Aborted when an admin stops the job, the worker loses it, or the worker shuts down. Check it often. */
  signal: AbortSignal;
  /** Progress 0-100 and what is happening now; written to the job at most about once a second. */
  onProgress: (percent: number, message?: string) => void;
}

export type TrainerOutcome =
  | {
      kind: 'succeeded';
      metrics: TrainingMetrics;
      result?: unknown;
      modelArtifactId?: number | null;
      modelVersion?: string | null;
    }
  /** The built-in stage is done; the job waits for an external worker (HTTP protocol) to train. */
  | { kind: 'handoff'; message: string; metrics: TrainingMetrics; result: unknown };

export interface Trainer {
  run: (context: TrainerContext) => Promise<TrainerOutcome>;
}

export type TrainerRegistry = Partial<Record<ModelType, Trainer>>;

/** A failure to report to the admin as it is (with what was measured before it). */
export class TrainingError extends Error {
  constructor(
    message: string,
    readonly extra: { metrics?: TrainingMetrics; result?: unknown } = {},
  ) {
    super(message);
  }
}

export interface WorkerLog {
  info: (object: object, message: string) => void;
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
}

export interface TrainingWorkerOptions {
  queue: TrainingQueue;
  trainers: TrainerRegistry;
  db: Db;
  config: Config;
  /** What trainers use (the plugin's, made once); by default the worker makes its own on `db`. */
  repositories?: TrainerRepositories;
  /** Names the worker on its jobs; default `<kind>@<host>:<pid>:<random>`. */
  workerId?: string;
  kind?: 'inline' | 'standalone';
  heartbeatMs?: number;
  pollMs?: number;
  /** Passed to the reaper the loop runs before each claim. */
  heartbeatTimeoutMs?: number;
  log?: WorkerLog;
}

type AbortReason = 'stop' | 'lost' | 'shutdown';

const silentLog: WorkerLog = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Progress is written at most this often between heartbeats. */
const PROGRESS_WRITE_MS = 1_000;

export class TrainingWorker extends WakeableLoop {
  readonly workerId: string;
  private readonly heartbeatMs: number;
  private readonly pollMs: number;
  private readonly log: WorkerLog;
  private readonly repositories: TrainerRepositories;
  private current: { lease: Lease; controller: AbortController; beat: () => Promise<void> } | null = null;

  constructor(private readonly options: TrainingWorkerOptions) {
    super();
    this.workerId =
      options.workerId ??
      `${options.kind ?? 'inline'}@${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
    this.heartbeatMs = options.heartbeatMs ?? TRAINING_HEARTBEAT_MS;
    this.pollMs = options.pollMs ?? TRAINING_WORKER_POLL_MS;
    this.log = options.log ?? silentLog;
    this.repositories = options.repositories ?? trainingRepositories(options.db, options.config);
  }

  get modelTypes(): ModelType[] {
    return (Object.keys(this.options.trainers) as ModelType[]).filter((type) => this.options.trainers[type]);
  }

  /** The job being run now, if any. */
  get currentJobId(): number | null {
    return this.current?.lease.jobId ?? null;
  }

  /** Reads the running job's stop flag now instead of at the next heartbeat (a stop in this process calls it). */
  checkNow(): void {
    void this.current?.beat();
  }

  /**
   * Stops the loop. A running job is aborted and requeued (without counting the claim); if its trainer does not
   * end within `graceMs` the worker stops waiting, and the reaper requeues the job once its heartbeat is stale.
   */
  async stop(graceMs = 10_000): Promise<void> {
    this.stopping = true;
    this.current?.controller.abort('shutdown' satisfies AbortReason);
    this.wake();
    if (!this.loopDone) return;
    let timer: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timer = setTimeout(() => {
        this.log.warn({ workerId: this.workerId }, 'training worker stopped without waiting for its job');
        resolve();
      }, graceMs);
    });
    await Promise.race([this.loopDone, gaveUp]);
    clearTimeout(timer);
    this.loopDone = null;
  }

  protected async loop(): Promise<void> {
    this.log.info({ workerId: this.workerId, modelTypes: this.modelTypes }, 'training worker started');
    while (!this.stopping) {
      let ran = false;
      try {
        const reaped = await this.options.queue.reap(this.options.heartbeatTimeoutMs);
        if (reaped.requeued.length + reaped.failed.length + reaped.stopped.length > 0)
          this.log.warn({ ...reaped }, 'training jobs of silent workers reaped');
        ran = (await this.runOnce()) !== null;
      } catch (error) {
        this.log.error({ err: error }, 'training worker loop error');
      }
      if (!ran && !this.stopping) await this.sleep(this.pollMs);
    }
  }

  /** Claims one job and runs it to its end. Returns the job id, or null when nothing was queued. */
  async runOnce(): Promise<number | null> {
    const { queue } = this.options;
    const job = await queue.claim({ workerId: this.workerId, modelTypes: this.modelTypes, external: false });
    if (!job) return null;
    const trainer = this.options.trainers[job.modelType];
    const lease: Lease = { jobId: job.jobId, workerId: job.workerId, attempt: job.attempt };
    const controller = new AbortController();
    const progress: { percent?: number; message?: string; dirty: boolean; writtenAt: number } = {
      dirty: false,
      writtenAt: 0,
    };
    // Writes go one after another, so an older report never overwrites a newer one.
    let writing: Promise<void> = Promise.resolve();
    const beat = (): Promise<void> => {
      writing = writing.then(async () => {
        if (controller.signal.aborted) return;
        const report = progress.dirty ? { progress: progress.percent, message: progress.message } : {};
        progress.dirty = false;
        progress.writtenAt = Date.now();
        try {
          const answer = await queue.heartbeat(lease, report);
          if (!answer.held) controller.abort('lost' satisfies AbortReason);
          else if (answer.stopRequested) controller.abort('stop' satisfies AbortReason);
        } catch (error) {
          this.log.warn({ err: error, jobId: lease.jobId }, 'training heartbeat failed');
        }
      });
      return writing;
    };
    this.current = { lease, controller, beat };
    const timer = setInterval(() => void beat(), this.heartbeatMs);
    this.log.info(
      { jobId: job.jobId, modelType: job.modelType, attempt: job.attempt },
      'training job started',
    );
    try {
      if (!trainer) throw new TrainingError(`This worker has no ${job.modelType} trainer.`);
      const { tokens, data, artifacts } = this.repositories;
      const outcome = await trainer.run({
        job,
        tokens,
        data,
        artifacts,
        db: this.options.db,
        config: this.options.config,
        signal: controller.signal,
        onProgress: (percent, message) => {
          progress.percent = percent;
          if (message !== undefined) progress.message = message;
          progress.dirty = true;
          if (Date.now() - progress.writtenAt >= PROGRESS_WRITE_MS) void beat();
        },
      });
      clearInterval(timer);
      await writing;
      // A result that arrives is kept even if a stop came late: the work is done (and may already serve).
      const kept =
        outcome.kind === 'succeeded'
          ? await queue.complete(lease, outcome)
          : await queue.handOff(lease, outcome);
      if (kept) this.log.info({ jobId: job.jobId, outcome: outcome.kind }, 'training job finished');
      else
        this.log.warn(
          { jobId: job.jobId },
          'training job finished after this worker lost it; result dropped',
        );
    } catch (error) {
      clearInterval(timer);
      await writing;
      await this.afterFailure(lease, controller.signal, error);
    } finally {
      clearInterval(timer);
      this.current = null;
    }
    return job.jobId;
  }

  private async afterFailure(lease: Lease, signal: AbortSignal, error: unknown): Promise<void> {
    const { queue } = this.options;
    const reason = signal.aborted ? (signal.reason as AbortReason) : null;
    if (reason === 'stop') {
      await queue.markStopped(lease);
      this.log.info({ jobId: lease.jobId }, 'training job stopped');
    } else if (reason === 'shutdown') {
      await queue.release(lease);
      this.log.info({ jobId: lease.jobId }, 'training job requeued: worker shutting down');
    } else if (reason === 'lost') {
      this.log.warn({ jobId: lease.jobId }, 'training job was taken from this worker (requeued or stopped)');
    } else if (error instanceof TrainingError) {
      await queue.fail(lease, error.message, error.extra);
    } else if (error instanceof AppError) {
      // A refusal meant for people (too few pairs to train on...): its message says what to do.
      await queue.fail(lease, error.message);
    } else {
      this.log.error({ err: error, jobId: lease.jobId }, 'training job failed');
      const detail = error instanceof Error && error.message ? error.message : String(error);
      await queue.fail(lease, `Training failed unexpectedly: ${detail}`);
    }
  }
}

/** Throws the signal's reason as an error when the job was aborted: trainers call it between steps. */
export function throwIfAborted(signal: AbortSignal): void {
  if (signal.aborted) throw new Error(`aborted: ${String(signal.reason)}`);
}
