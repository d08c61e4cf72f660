// Training jobs read as runs (the API's TrainingRun, with the name of who started each): one job, the queued or
// running job of a type, the history of runs, the last succeeded run of each type, and what a run produced.
// The writes build on it: a held job's reports in job-leases.ts, enqueue, claim, stop and reaping in job-queue.ts.
import { and, desc, eq, getTableColumns, inArray, lte, sql } from 'drizzle-orm';
import type { WithSubqueryWithSelection } from 'drizzle-orm/pg-core';
import type { TrainingRun } from '../../../core/api/training.ts';
import { TRAINING_HISTORY_RUNS, type ModelType } from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { ACTIVE_JOB_STATES, trainingJobs, users } from '../../db/schema.ts';

type JobRow = typeof trainingJobs.$inferSelect;
type JobColumns = typeof trainingJobs._.columns;
/** Rows a write returned (INSERT or UPDATE ... RETURNING every column), as the CTE `j`. */
export type WrittenJobs = WithSubqueryWithSelection<JobColumns, 'j'>;

/** The columns of a run: every column of the jobs read (a table, subquery or CTE) and the starter's name. */
const runColumns = <T extends object>(jobs: T) => ({ ...jobs, startedBy: users.name });

const iso = (date: Date | null) => date?.toISOString() ?? null;

function toRun(row: JobRow & { startedBy: string | null }): TrainingRun {
  return {
    id: row.id,
    modelType: row.modelType,
    state: row.state,
    progress: row.progress,
    message: row.message,
    error: row.error,
    metrics: row.metrics,
    stopRequested: row.stopRequested,
    external: row.external,
    attempts: row.attempts,
    workerId: row.workerId,
    startedBy: row.startedBy,
    artifact: row.artifactSha256
      ? { sha256: row.artifactSha256, size: Number(row.artifactSize), fileName: row.artifactFileName }
      : null,
    modelArtifactId: row.modelArtifactId,
    modelVersion: row.modelVersion,
    createdAt: row.createdAt.toISOString(),
    startedAt: iso(row.startedAt),
    heartbeatAt: iso(row.heartbeatAt),
    finishedAt: iso(row.finishedAt),
  };
}

export class TrainingRuns {
  constructor(protected readonly db: Db) {}

  /** The runs of the rows a write returned, in the order of their ids (one statement with the write). */
  protected async runsWritten(written: WrittenJobs): Promise<TrainingRun[]> {
    const rows = await this.db
      .with(written)
      .select(runColumns(written._.selectedFields))
      .from(written)
      .leftJoin(users, eq(users.id, written.createdBy))
      .orderBy(written.id);
    return rows.map(toRun);
  }

  private selectRuns() {
    return this.db
      .select(runColumns(getTableColumns(trainingJobs)))
      .from(trainingJobs)
      .leftJoin(users, eq(users.id, trainingJobs.createdBy));
  }

  async find(jobId: number): Promise<TrainingRun | null> {
    const [row] = await this.selectRuns().where(eq(trainingJobs.id, jobId));
    return row ? toRun(row) : null;
  }

  /** The queued or running job of a type, if any. */
  async active(modelType: ModelType): Promise<TrainingRun | null> {
    const [row] = await this.selectRuns()
      .where(and(eq(trainingJobs.modelType, modelType), inArray(trainingJobs.state, ACTIVE_JOB_STATES)))
      .orderBy(desc(trainingJobs.id));
    return row ? toRun(row) : null;
  }

  /** The newest runs of every type (at most `perType` each), newest first. */
  async history(perType = TRAINING_HISTORY_RUNS): Promise<TrainingRun[]> {
    const ranked = this.db
      .select({
        ...getTableColumns(trainingJobs),
        rank: sql<number>`row_number() over (partition by ${trainingJobs.modelType} order by ${trainingJobs.id} desc)`.as(
          'rn',
        ),
      })
      .from(trainingJobs)
      .as('j');
    const { rank, ...columns } = ranked._.selectedFields;
    const rows = await this.db
      .select(runColumns(columns))
      .from(ranked)
      .leftJoin(users, eq(users.id, ranked.createdBy))
      .where(lte(rank, perType))
      .orderBy(desc(ranked.id));
    return rows.map(toRun);
  }

  /** The latest succeeded run of each type. */
  async lastSucceeded(): Promise<Map<ModelType, TrainingRun>> {
    const rows = await this.db
      .selectDistinctOn([trainingJobs.modelType], runColumns(getTableColumns(trainingJobs)))
      .from(trainingJobs)
      .leftJoin(users, eq(users.id, trainingJobs.createdBy))
      .where(eq(trainingJobs.state, 'succeeded'))
      .orderBy(trainingJobs.modelType, desc(trainingJobs.id));
    return new Map(rows.map((row) => [row.modelType, toRun(row)]));
  }

  /** What a run produced beside its metrics (the TTS voice inventory, the ASR split), or null. */
  async result<T>(jobId: number): Promise<T | null> {
    const [row] = await this.db
      .select({ result: trainingJobs.result })
      .from(trainingJobs)
      .where(eq(trainingJobs.id, jobId));
    return (row?.result ?? null) as T | null;
  }

  /** The latest succeeded run's result of a type (the voice inventory the TTS engine reads). */
  async latestResult<T>(modelType: ModelType): Promise<{ jobId: number; result: T } | null> {
    const [row] = await this.db
      .select({ id: trainingJobs.id, result: trainingJobs.result })
      .from(trainingJobs)
      .where(and(eq(trainingJobs.modelType, modelType), eq(trainingJobs.state, 'succeeded')))
      .orderBy(desc(trainingJobs.id))
      .limit(1);
    return row && row.result !== null ? { jobId: row.id, result: row.result as T } : null;
  }
}
