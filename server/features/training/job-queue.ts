// The training job queue in the database: enqueue, claim (FOR UPDATE SKIP LOCKED), request stop, and reap jobs
// whose worker went silent. Every worker (in the server, `npm run worker`, an external machine over HTTP) goes
// through it. What a worker does with the job it claimed (heartbeats, finishing, handing over) is job-leases.ts;
// reading runs (status, history, results) is job-runs.ts. TrainingQueue has all three.
import { and, eq, gte, inArray, lt, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import { TRAINING_ERROR_CODES, type TrainingMetrics, type TrainingRun } from '../../../core/api/training.ts';
import {
  TRAINING_HEARTBEAT_TIMEOUT_MS,
  TRAINING_MAX_ATTEMPTS,
  type ModelType,
} from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { trainingJobs } from '../../db/schema.ts';
import { conflict } from '../../errors.ts';
import { now, TrainingLeases, type Lease } from './job-leases.ts';

export type { CompleteInput, Lease } from './job-leases.ts';

/** A job as a worker receives it when it claims one. */
export interface ClaimedJob extends Lease {
  modelType: ModelType;
  params: Record<string, unknown>;
  external: boolean;
  /** Figures of an earlier stage (the preparation before a hand-over). */
  metrics: TrainingMetrics | null;
}

export interface EnqueueInput {
  modelType: ModelType;
  params?: Record<string, unknown>;
  createdBy?: string | null;
}

export interface ReapResult {
  requeued: number[];
  failed: number[];
  stopped: number[];
}

export const MODEL_LABELS: Record<ModelType, string> = { asr: 'ASR', tts: 'TTS', mt: 'MT' };

export const REQUEUED_MESSAGE = 'Requeued: its worker stopped responding. Waiting for a worker.';
export const SILENT_TWICE_ERROR =
  'Its worker stopped responding twice, so the job was given up. Check the worker (its log, memory, the machine) and start again.';

const jobs = trainingJobs;
/** The arbiter of enqueue's ON CONFLICT: the predicate of the partial unique index training_jobs_one_active. */
const ACTIVE = sql`${jobs.state} in ('queued', 'running')`;

export class TrainingQueue extends TrainingLeases {
  constructor(
    db: Db,
    private readonly options: { heartbeatTimeoutMs?: number; maxAttempts?: number } = {},
  ) {
    super(db);
  }

  /**
   * Queues a job. At most one job per model type is queued or running: a second start answers 409 naming the
   * job that is in the way.
   */
  async enqueue({ modelType, params = {}, createdBy = null }: EnqueueInput): Promise<TrainingRun> {
    const inserted = this.db
      .$with('j')
      .as(
        this.db
          .insert(jobs)
          .values({ modelType, params, createdBy, message: 'Queued: waiting for a worker.' })
          .onConflictDoNothing({ target: jobs.modelType, where: ACTIVE })
          .returning(),
      );
    const [created] = await this.runsWritten(inserted);
    if (created) return created;
    const active = await this.active(modelType);
    const label = MODEL_LABELS[modelType];
    const what = active
      ? active.state === 'running'
        ? `is already training (job ${active.id}, ${active.progress}%)`
        : `is already queued (job ${active.id})`
      : 'was started by someone else just now';
    throw conflict(
      `${label} ${what}. Wait for it to finish, or stop it before starting again.`,
      TRAINING_ERROR_CODES.alreadyActive,
      active ? { jobId: active.id, state: active.state } : undefined,
    );
  }

  /**
   * Claims the oldest queued job of the given types for `workerId`, in one transaction: the row is locked with
   * FOR UPDATE SKIP LOCKED, so concurrent workers (other connections, other machines) each get a different job
   * or none, and never wait on each other.
   */
  async claim(input: {
    workerId: string;
    modelTypes: readonly ModelType[];
    /** true: jobs handed over to external workers; false: jobs for built-in trainers. */
    external: boolean;
    workerTokenId?: number | null;
  }): Promise<ClaimedJob | null> {
    if (input.modelTypes.length === 0) return null;
    return this.db.transaction(async (tx) => {
      const [picked] = await tx
        .select({ id: jobs.id })
        .from(jobs)
        .where(
          and(
            eq(jobs.state, 'queued'),
            eq(jobs.external, input.external),
            inArray(jobs.modelType, input.modelTypes),
          ),
        )
        .orderBy(jobs.id)
        .limit(1)
        .for('update', { skipLocked: true });
      if (!picked) return null;
      const [row] = await tx
        .update(jobs)
        .set({
          state: 'running',
          workerId: input.workerId,
          workerTokenId: input.workerTokenId ?? null,
          attempts: sql`${jobs.attempts} + 1`,
          startedAt: sql`coalesce(${jobs.startedAt}, now())`,
          heartbeatAt: now,
          updatedAt: now,
          progress: 0,
          message: 'Started.',
        })
        .where(and(eq(jobs.id, picked.id), eq(jobs.state, 'queued')))
        .returning({
          id: jobs.id,
          modelType: jobs.modelType,
          attempts: jobs.attempts,
          params: jobs.params,
          external: jobs.external,
          metrics: jobs.metrics,
        });
      if (!row) return null;
      const { id, attempts, ...job } = row;
      return { ...job, jobId: id, workerId: input.workerId, attempt: attempts };
    });
  }

  /**
   * Asks the queued or running job of a type to stop. A queued job stops at once; a running one when its worker
   * next reports (its heartbeat answers stopRequested). 409 when nothing of that type is queued or running.
   */
  async requestStop(modelType: ModelType): Promise<TrainingRun> {
    const queued = sql`${jobs.state} = 'queued'`;
    const updated = this.db.$with('j').as(
      this.db
        .update(jobs)
        .set({
          stopRequested: true,
          updatedAt: now,
          state: sql`case when ${queued} then 'stopped' else ${jobs.state} end`,
          finishedAt: sql`case when ${queued} then now() else ${jobs.finishedAt} end`,
          message: sql`case when ${queued} then ${'Stopped before a worker took it.'}
            else ${'Stop requested: waiting for the worker to stop.'} end`,
        })
        .where(and(eq(jobs.modelType, modelType), ACTIVE))
        .returning(),
    );
    const [run] = await this.runsWritten(updated);
    if (!run) {
      throw conflict(
        `No ${MODEL_LABELS[modelType]} training is queued or running, so there is nothing to stop.`,
        TRAINING_ERROR_CODES.notActive,
      );
    }
    return run;
  }

  /**
   * Running jobs whose last heartbeat is older than the timeout (by the database's clock, so machines' clocks
   * do not matter): stopped if a stop was requested, requeued if claimed fewer than TRAINING_MAX_ATTEMPTS times,
   * otherwise failed.
   */
  async reap(
    timeoutMs = this.options.heartbeatTimeoutMs ?? TRAINING_HEARTBEAT_TIMEOUT_MS,
  ): Promise<ReapResult> {
    const maxAttempts = this.options.maxAttempts ?? TRAINING_MAX_ATTEMPTS;
    const stale = and(
      eq(jobs.state, 'running'),
      lt(
        jobs.heartbeatAt,
        sql`now() - (${Math.max(0, Math.round(timeoutMs))}::int * interval '1 millisecond')`,
      ),
    );
    const reaped = async (where: SQL | undefined, set: PgUpdateSetSource<typeof jobs>) => {
      const rows = await this.db
        .update(jobs)
        .set({ ...set, updatedAt: now })
        .where(and(stale, where))
        .returning({ id: jobs.id });
      return rows.map((row) => row.id).sort((a, b) => a - b);
    };
    const stopped = await reaped(eq(jobs.stopRequested, true), {
      state: 'stopped',
      finishedAt: now,
      message: 'Stopped (its worker stopped responding after the stop was requested).',
    });
    const requeued = await reaped(and(eq(jobs.stopRequested, false), lt(jobs.attempts, maxAttempts)), {
      state: 'queued',
      heartbeatAt: null,
      workerTokenId: null,
      progress: 0,
      message: REQUEUED_MESSAGE,
    });
    const failed = await reaped(and(eq(jobs.stopRequested, false), gte(jobs.attempts, maxAttempts)), {
      state: 'failed',
      finishedAt: now,
      error: SILENT_TWICE_ERROR,
      message: 'Failed.',
    });
    return { stopped, requeued, failed };
  }
}
