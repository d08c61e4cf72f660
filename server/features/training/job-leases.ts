// What a worker does with a training job it holds: heartbeat and progress, finish (succeeded, failed, stopped),
// hand over to an external worker, give it back on shutdown, attach an uploaded artifact. Claiming, stopping and
// reaping are job-queue.ts; reading runs is job-runs.ts.
//
// A claim is a lease: (job id, worker id, attempt). Every report names its lease, and an update whose lease no
// longer matches (the job was requeued, stopped or finished meanwhile) changes nothing and says so.
import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { TrainingMetrics } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';
import { trainingJobs as jobs } from '../../db/schema.ts';
import { TrainingRuns } from './job-runs.ts';

export interface Lease {
  jobId: number;
  workerId: string;
  attempt: number;
}

export interface CompleteInput {
  metrics: TrainingMetrics;
  /** Kept with the run (the TTS voice inventory, the ASR split); without one an earlier stage's result stays. */
  result?: unknown;
  modelArtifactId?: number | null;
  modelVersion?: string | null;
}

/** The database's clock, for every timestamp the queue writes. */
export const now = sql`now()`;
const STOPPED_MESSAGE = 'Stopped by an admin.';

/** `then` when an admin asked to stop the job, else `otherwise` (a worker giving the job back). */
const ifStopRequested = (then: SQL, otherwise: SQL) =>
  sql`case when ${jobs.stopRequested} then ${then} else ${otherwise} end`;

export class TrainingLeases extends TrainingRuns {
  /** The job's row while `lease` holds it. */
  private held(lease: Lease): SQL | undefined {
    return and(
      eq(jobs.id, lease.jobId),
      eq(jobs.state, 'running'),
      eq(jobs.workerId, lease.workerId),
      eq(jobs.attempts, lease.attempt),
    );
  }

  /** Updates the job the lease holds; false when it no longer holds it. */
  private async updateHeld(lease: Lease, set: PgUpdateSetSource<typeof jobs>): Promise<boolean> {
    const rows = await this.db.update(jobs).set(set).where(this.held(lease)).returning({ id: jobs.id });
    return rows.length > 0;
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
      report.progress === undefined ? undefined : Math.max(0, Math.min(99, Math.round(report.progress)));
    // Progress and message change only when reported (an undefined value leaves its column out of the SET).
    const [row] = await this.db
      .update(jobs)
      .set({ heartbeatAt: now, updatedAt: now, progress, message: report.message ?? undefined })
      .where(this.held(lease))
      .returning({ stopRequested: jobs.stopRequested });
    return { held: Boolean(row), stopRequested: row?.stopRequested ?? false };
  }

  /** Finishes a job as succeeded. False when the worker no longer holds it. */
  async complete(lease: Lease, input: CompleteInput): Promise<boolean> {
    return this.updateHeld(lease, {
      state: 'succeeded',
      progress: 100,
      message: 'Finished.',
      metrics: input.metrics,
      // An external worker finishing a handed-over job sends no result: the prepared split stays with the run.
      result: input.result ?? undefined,
      modelArtifactId: input.modelArtifactId ?? null,
      modelVersion: input.modelVersion ?? null,
      finishedAt: now,
      heartbeatAt: now,
      updatedAt: now,
    });
  }

  /**
   * Finishes a job as failed with a message for the admin, and what was measured before it failed (without
   * it, the figures and result of an earlier stage, such as a handed-over job's data split, stay).
   */
  async fail(
    lease: Lease,
    error: string,
    extra: { metrics?: TrainingMetrics | undefined; result?: unknown } = {},
  ): Promise<boolean> {
    return this.updateHeld(lease, {
      state: 'failed',
      error,
      message: 'Failed.',
      metrics: extra.metrics ?? undefined,
      result: extra.result ?? undefined,
      finishedAt: now,
      heartbeatAt: now,
      updatedAt: now,
    });
  }

  /** The worker ended the job because a stop was requested. */
  async markStopped(lease: Lease): Promise<boolean> {
    return this.updateHeld(lease, {
      state: 'stopped',
      message: STOPPED_MESSAGE,
      finishedAt: now,
      updatedAt: now,
    });
  }

  /**
   * The built-in stage is done (the data set is prepared): the job waits, queued, for an external worker. A
   * stop requested meanwhile ends it instead.
   */
  async handOff(
    lease: Lease,
    input: { message: string; metrics: TrainingMetrics; result: unknown },
  ): Promise<boolean> {
    return this.updateHeld(lease, {
      ...givenBack(input.message),
      external: true,
      attempts: 0,
      workerTokenId: null,
      metrics: input.metrics,
      result: input.result ?? null,
    });
  }

  /** The worker is shutting down: the job goes back to the queue without counting the claim. */
  async release(lease: Lease): Promise<boolean> {
    return this.updateHeld(lease, {
      ...givenBack('Requeued: its worker shut down.'),
      attempts: sql`${jobs.attempts} - 1`,
    });
  }

  /** The running job `jobId` if the external worker token `tokenId` holds it. */
  async heldByToken(jobId: number, tokenId: number): Promise<(Lease & { modelType: ModelType }) | null> {
    const [row] = await this.db
      .select({ jobId: jobs.id, workerId: jobs.workerId, attempt: jobs.attempts, modelType: jobs.modelType })
      .from(jobs)
      .where(
        and(
          eq(jobs.id, jobId),
          eq(jobs.state, 'running'),
          eq(jobs.external, true),
          eq(jobs.workerTokenId, tokenId),
        ),
      );
    // A running job always names its worker (claim sets it).
    return row ? { ...row, workerId: row.workerId ?? '' } : null;
  }

  /** Records the artifact an external worker uploaded for the job it holds. */
  async setArtifact(
    lease: Lease,
    artifact: { sha256: string; size: number; fileName: string | null },
  ): Promise<boolean> {
    return this.updateHeld(lease, {
      artifactSha256: artifact.sha256,
      artifactSize: artifact.size,
      artifactFileName: artifact.fileName,
      heartbeatAt: now,
      updatedAt: now,
    });
  }
}

/** A job its worker gives back: queued again with `message`, or stopped if a stop was requested meanwhile. */
function givenBack(message: string) {
  return {
    state: ifStopRequested(sql`'stopped'`, sql`'queued'`),
    finishedAt: sql`case when ${jobs.stopRequested} then now() end`,
    message: ifStopRequested(sql`${STOPPED_MESSAGE}`, sql`${message}`),
    progress: 0,
    heartbeatAt: null,
    updatedAt: now,
  } satisfies PgUpdateSetSource<typeof jobs>;
}
