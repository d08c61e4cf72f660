// The training job queue in the database: enqueue, claim (FOR UPDATE SKIP LOCKED), heartbeat and progress,
// finish (succeeded, failed, stopped), hand over to an external worker, request stop, and reap jobs whose worker
// went silent. Every worker (in the server, `npm run worker`, an external machine over HTTP) goes through it.
//
// A claim is a lease: (job id, worker id, attempt). Every report names its lease, and an update whose lease no
// longer matches (the job was requeued, stopped or finished meanwhile) changes nothing and says so.
import { sql, type SQL } from 'drizzle-orm';
import { TRAINING_ERROR_CODES, type TrainingMetrics, type TrainingRun } from '../../../core/api/training.ts';
import {
  TRAINING_HEARTBEAT_TIMEOUT_MS,
  TRAINING_HISTORY_RUNS,
  TRAINING_MAX_ATTEMPTS,
  type ModelType,
} from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { conflict } from '../../errors.ts';
import { fromJson, json, RUN_COLUMNS, toRun, type RunRow } from './run-rows.ts';

export interface Lease {
  jobId: number;
  workerId: string;
  attempt: number;
}

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

export interface CompleteInput {
  metrics: TrainingMetrics;
  /** Kept with the run (the TTS voice inventory, the ASR split); null keeps what is there. */
  result?: unknown;
  modelArtifactId?: number | null;
  modelVersion?: string | null;
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
const STOPPED_MESSAGE = 'Stopped by an admin.';

const typeList = (types: readonly ModelType[]) =>
  sql.join(
    types.map((type) => sql`${type}`),
    sql`, `,
  );

export class TrainingQueue {
  constructor(
    private readonly db: Db,
    private readonly options: { heartbeatTimeoutMs?: number; maxAttempts?: number } = {},
  ) {}

  /** Runs an UPDATE ... RETURNING * (as `j`) and answers the changed rows as runs. */
  private async updateRuns(update: SQL, db: Db = this.db): Promise<TrainingRun[]> {
    const rows = rowsOf<RunRow>(
      await db.execute(
        sql`with j as (${update}) select ${RUN_COLUMNS} from j left join users u on u.id = j.created_by order by j.id`,
      ),
    );
    return rows.map(toRun);
  }

  private async selectRuns(where: SQL, order: SQL = sql`j.id desc`): Promise<TrainingRun[]> {
    const rows = rowsOf<RunRow>(
      await this.db.execute(
        sql`select ${RUN_COLUMNS} from training_jobs j left join users u on u.id = j.created_by
          where ${where} order by ${order}`,
      ),
    );
    return rows.map(toRun);
  }

  /**
   * Queues a job. At most one job per model type is queued or running: a second start answers 409 naming the
   * job that is in the way.
   */
  async enqueue({ modelType, params = {}, createdBy = null }: EnqueueInput): Promise<TrainingRun> {
    const [created] = await this.updateRuns(
      sql`insert into training_jobs (model_type, params, created_by, message)
        values (${modelType}, ${json(params)}, ${createdBy}, 'Queued: waiting for a worker.')
        on conflict (model_type) where state in ('queued', 'running') do nothing
        returning *`,
    );
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
      const [picked] = rowsOf<{ id: number }>(
        await tx.execute(sql`select id from training_jobs
          where state = 'queued' and external = ${input.external} and model_type in (${typeList(input.modelTypes)})
          order by id limit 1 for update skip locked`),
      );
      if (!picked) return null;
      const [row] = rowsOf<{
        id: number;
        model_type: ModelType;
        attempts: number;
        params: unknown;
        external: boolean;
        metrics: unknown;
      }>(
        await tx.execute(sql`update training_jobs set state = 'running', worker_id = ${input.workerId},
            worker_token_id = ${input.workerTokenId ?? null}, attempts = attempts + 1,
            started_at = coalesce(started_at, now()), heartbeat_at = now(), updated_at = now(), progress = 0,
            message = 'Started.'
          where id = ${picked.id} and state = 'queued'
          returning id, model_type, attempts, params, external, metrics`),
      );
      if (!row) return null;
      return {
        jobId: Number(row.id),
        workerId: input.workerId,
        attempt: Number(row.attempts),
        modelType: row.model_type,
        params: fromJson<Record<string, unknown>>(row.params) ?? {},
        external: Boolean(row.external),
        metrics: fromJson<TrainingMetrics>(row.metrics),
      };
    });
  }

  private held(lease: Lease): SQL {
    return sql`id = ${lease.jobId} and state = 'running' and worker_id = ${lease.workerId} and attempts = ${lease.attempt}`;
  }

  /**
   * Records that the worker is alive, with its progress (0-100) and message when given. Answers whether the
   * worker still holds the job and whether an admin asked to stop it.
   */
  async heartbeat(
    lease: Lease,
    report: { progress?: number | undefined; message?: string | null | undefined } = {},
  ): Promise<{ held: boolean; stopRequested: boolean }> {
    const progress =
      report.progress === undefined ? null : Math.max(0, Math.min(99, Math.round(report.progress)));
    const [row] = rowsOf<{ stop_requested: boolean }>(
      await this.db.execute(sql`update training_jobs set heartbeat_at = now(), updated_at = now(),
          progress = coalesce(${progress}::int, progress), message = coalesce(${report.message ?? null}::text, message)
        where ${this.held(lease)} returning stop_requested`),
    );
    return { held: Boolean(row), stopRequested: Boolean(row?.stop_requested) };
  }

  /** Finishes a job as succeeded. False when the worker no longer holds it. */
  async complete(lease: Lease, input: CompleteInput): Promise<boolean> {
    const runs = await this.updateRuns(sql`update training_jobs set state = 'succeeded', progress = 100,
        message = 'Finished.', metrics = ${json(input.metrics)},
        result = coalesce(${json(input.result ?? null)}, result),
        model_artifact_id = ${input.modelArtifactId ?? null}, model_version = ${input.modelVersion ?? null},
        finished_at = now(), heartbeat_at = now(), updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }

  /** Finishes a job as failed with a message for the admin (and what was measured before it failed). */
  async fail(
    lease: Lease,
    error: string,
    extra: { metrics?: TrainingMetrics | undefined; result?: unknown } = {},
  ): Promise<boolean> {
    const runs = await this.updateRuns(sql`update training_jobs set state = 'failed', error = ${error},
        message = 'Failed.', metrics = coalesce(${json(extra.metrics ?? null)}, metrics),
        result = coalesce(${json(extra.result ?? null)}, result),
        finished_at = now(), heartbeat_at = now(), updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }

  /** The worker ended the job because a stop was requested. */
  async markStopped(lease: Lease): Promise<boolean> {
    const runs = await this
      .updateRuns(sql`update training_jobs set state = 'stopped', message = ${STOPPED_MESSAGE},
        finished_at = now(), updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }

  /**
   * The built-in stage is done (the data set is prepared): the job waits, queued, for an external worker. A
   * stop requested meanwhile ends it instead.
   */
  async handOff(
    lease: Lease,
    input: { message: string; metrics: TrainingMetrics; result: unknown },
  ): Promise<boolean> {
    const runs = await this.updateRuns(sql`update training_jobs set
        state = case when stop_requested then 'stopped' else 'queued' end,
        finished_at = case when stop_requested then now() end,
        message = case when stop_requested then ${STOPPED_MESSAGE} else ${input.message} end,
        external = true, attempts = 0, progress = 0, heartbeat_at = null, worker_token_id = null,
        metrics = ${json(input.metrics)}, result = ${json(input.result)}, updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }

  /** The worker is shutting down: the job goes back to the queue without counting the claim. */
  async release(lease: Lease): Promise<boolean> {
    const runs = await this.updateRuns(sql`update training_jobs set
        state = case when stop_requested then 'stopped' else 'queued' end,
        finished_at = case when stop_requested then now() end,
        message = case when stop_requested then ${STOPPED_MESSAGE} else 'Requeued: its worker shut down.' end,
        attempts = attempts - 1, progress = 0, heartbeat_at = null, updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }

  /**
   * Asks the queued or running job of a type to stop. A queued job stops at once; a running one when its worker
   * next reports (its heartbeat answers stopRequested). 409 when nothing of that type is queued or running.
   */
  async requestStop(modelType: ModelType): Promise<TrainingRun> {
    const [run] = await this
      .updateRuns(sql`update training_jobs set stop_requested = true, updated_at = now(),
        state = case when state = 'queued' then 'stopped' else state end,
        finished_at = case when state = 'queued' then now() else finished_at end,
        message = case when state = 'queued' then 'Stopped before a worker took it.'
          else 'Stop requested: waiting for the worker to stop.' end
      where model_type = ${modelType} and state in ('queued', 'running') returning *`);
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
    const stale = sql`state = 'running' and heartbeat_at < now() - (${Math.max(0, Math.round(timeoutMs))}::int * interval '1 millisecond')`;
    const ids = (runs: TrainingRun[]) => runs.map((run) => run.id);
    const stopped = await this.updateRuns(sql`update training_jobs set state = 'stopped', finished_at = now(),
        updated_at = now(), message = 'Stopped (its worker stopped responding after the stop was requested).'
      where ${stale} and stop_requested returning *`);
    const requeued = await this.updateRuns(sql`update training_jobs set state = 'queued', heartbeat_at = null,
        worker_token_id = null, progress = 0, updated_at = now(), message = ${REQUEUED_MESSAGE}
      where ${stale} and not stop_requested and attempts < ${maxAttempts} returning *`);
    const failed = await this.updateRuns(sql`update training_jobs set state = 'failed', finished_at = now(),
        updated_at = now(), error = ${SILENT_TWICE_ERROR}, message = 'Failed.'
      where ${stale} and not stop_requested and attempts >= ${maxAttempts} returning *`);
    return { stopped: ids(stopped), requeued: ids(requeued), failed: ids(failed) };
  }

  async find(jobId: number): Promise<TrainingRun | null> {
    const [run] = await this.selectRuns(sql`j.id = ${jobId}`);
    return run ?? null;
  }

  /** The queued or running job of a type, if any. */
  async active(modelType: ModelType): Promise<TrainingRun | null> {
    const [run] = await this.selectRuns(
      sql`j.model_type = ${modelType} and j.state in ('queued', 'running')`,
    );
    return run ?? null;
  }

  /** The newest runs of every type (at most `perType` each), newest first. */
  async history(perType = TRAINING_HISTORY_RUNS): Promise<TrainingRun[]> {
    const rows = rowsOf<RunRow>(
      await this.db.execute(sql`select ${RUN_COLUMNS}
        from (select *, row_number() over (partition by model_type order by id desc) as rn from training_jobs) j
        left join users u on u.id = j.created_by
        where j.rn <= ${perType} order by j.id desc`),
    );
    return rows.map(toRun);
  }

  /** The latest succeeded run of each type. */
  async lastSucceeded(): Promise<Map<ModelType, TrainingRun>> {
    const rows = rowsOf<RunRow>(
      await this.db.execute(sql`select ${RUN_COLUMNS}
        from (select distinct on (model_type) * from training_jobs where state = 'succeeded'
              order by model_type, id desc) j
        left join users u on u.id = j.created_by`),
    );
    return new Map(rows.map((row) => [row.model_type, toRun(row)]));
  }

  /** What a run produced beside its metrics (the TTS voice inventory, the ASR split), or null. */
  async result<T>(jobId: number): Promise<T | null> {
    const [row] = rowsOf<{ result: unknown }>(
      await this.db.execute(sql`select result from training_jobs where id = ${jobId}`),
    );
    return fromJson<T>(row?.result);
  }

  /** The latest succeeded run's result of a type (the voice inventory the TTS engine reads). */
  async latestResult<T>(modelType: ModelType): Promise<{ jobId: number; result: T } | null> {
    const [row] = rowsOf<{ id: number; result: unknown }>(
      await this.db.execute(sql`select id, result from training_jobs
        where model_type = ${modelType} and state = 'succeeded' order by id desc limit 1`),
    );
    const result = fromJson<T>(row?.result);
    return row && result !== null ? { jobId: Number(row.id), result } : null;
  }

  /** The running job `jobId` if the external worker token `tokenId` holds it. */
  async heldByToken(jobId: number, tokenId: number): Promise<(Lease & { modelType: ModelType }) | null> {
    const [row] = rowsOf<{ id: number; worker_id: string; attempts: number; model_type: ModelType }>(
      await this.db.execute(sql`select id, worker_id, attempts, model_type from training_jobs
        where id = ${jobId} and state = 'running' and external and worker_token_id = ${tokenId}`),
    );
    return row
      ? {
          jobId: Number(row.id),
          workerId: row.worker_id,
          attempt: Number(row.attempts),
          modelType: row.model_type,
        }
      : null;
  }

  /** Records the artifact an external worker uploaded for the job it holds. */
  async setArtifact(
    lease: Lease,
    artifact: { sha256: string; size: number; fileName: string | null },
  ): Promise<boolean> {
    const runs = await this.updateRuns(sql`update training_jobs set artifact_sha256 = ${artifact.sha256},
        artifact_size = ${artifact.size}, artifact_file_name = ${artifact.fileName},
        heartbeat_at = now(), updated_at = now()
      where ${this.held(lease)} returning *`);
    return runs.length > 0;
  }
}
