// SQL of the inspection queue (issue 33, migration 0021): a recording waits in inspection_jobs from the
// transaction that stores it to the one that writes its verdict. Claimed as training jobs are (job-queue.ts):
// FOR UPDATE SKIP LOCKED, so any number of server processes and `npm run worker` processes each take different
// recordings and never wait on each other; a claim is a lease (worker id, attempt) and a claim older than the
// lease time (its worker stopped or crashed mid-job) may be taken again. Finishing deletes the job row under its
// lease and writes the verdict only to a recording still 'inspecting', in one transaction: a job run twice (a
// crash after the verdict, two workers on one stale lease) changes nothing the second time.
import { and, asc, eq, sql } from 'drizzle-orm';
import type { InspectionState, RecordingQuality } from '../../../core/api/recordings.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { inspectionJobs, recordings } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';

export interface InspectionLease {
  recordingId: string;
  workerId: string;
  /** Claims of this job so far, this one included. */
  attempt: number;
}

/** What an inspection found, written to the recording with its final state. */
export type InspectionVerdict =
  | {
      state: Extract<InspectionState, 'inspected'>;
      mimeType: string;
      durationSeconds: number;
      codec: string | null;
      sampleRate: number | null;
      channels: number | null;
      quality: RecordingQuality;
    }
  | { state: Extract<InspectionState, 'failed'>; error: string };

export class InspectionsRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Queues the inspection of a recording (in the transaction that stores it); a second call changes nothing. */
  async add(recordingId: string): Promise<void> {
    await this.db.insert(inspectionJobs).values({ recordingId }).onConflictDoNothing();
  }

  /**
   * Claims up to `limit` recordings waiting to be inspected, oldest first: those never claimed and those whose
   * claim is older than `leaseMs` (by the database's clock). Rows another transaction holds are skipped.
   */
  async claim(workerId: string, limit: number, leaseMs: number): Promise<InspectionLease[]> {
    const result = await this.db.execute(sql`
      with picked as (
        select recording_id from ${inspectionJobs}
        where claimed_at is null
          or claimed_at < now() - (${Math.max(0, Math.round(leaseMs))}::int * interval '1 millisecond')
        order by created_at, recording_id
        limit ${Math.max(1, Math.round(limit))}
        for update skip locked)
      update ${inspectionJobs} j
      set worker_id = ${workerId}, attempts = j.attempts + 1, claimed_at = now()
      from picked where j.recording_id = picked.recording_id
      returning j.recording_id, j.attempts`);
    return rowsOf<{ recording_id: string; attempts: number }>(result).map((row) => ({
      recordingId: row.recording_id,
      workerId,
      attempt: Number(row.attempts),
    }));
  }

  /**
   * Ends the job the lease holds and writes its verdict to the recording if it is still 'inspecting'. Run it in
   * a transaction (with whatever else the verdict starts, e.g. a story's cutting). False when the lease no longer
   * holds (the job was finished or taken again meanwhile): then nothing changed.
   */
  async finish(lease: InspectionLease, verdict: InspectionVerdict): Promise<boolean> {
    const ended = await this.db
      .delete(inspectionJobs)
      .where(
        and(
          eq(inspectionJobs.recordingId, lease.recordingId),
          eq(inspectionJobs.workerId, lease.workerId),
          eq(inspectionJobs.attempts, lease.attempt),
        ),
      )
      .returning({ id: inspectionJobs.recordingId });
    if (ended.length === 0) return false;
    const updated = await this.db
      .update(recordings)
      .set(
        verdict.state === 'inspected'
          ? {
              inspection: 'inspected',
              inspectionError: null,
              mimeType: verdict.mimeType,
              durationSeconds: verdict.durationSeconds,
              codec: verdict.codec,
              sampleRate: verdict.sampleRate,
              channels: verdict.channels,
              quality: verdict.quality,
            }
          : { inspection: 'failed', inspectionError: verdict.error.slice(0, 1000) },
      )
      .where(and(eq(recordings.id, lease.recordingId), eq(recordings.inspection, 'inspecting')))
      .returning({ id: recordings.id });
    return updated.length > 0;
  }

  /** Gives a job back after a failure that may pass (a decoder that crashed): it is claimed again at once. */
  async release(lease: InspectionLease, error: string): Promise<void> {
    await this.db
      .update(inspectionJobs)
      .set({ claimedAt: null, workerId: null, error: error.slice(0, 1000) })
      .where(
        and(
          eq(inspectionJobs.recordingId, lease.recordingId),
          eq(inspectionJobs.workerId, lease.workerId),
          eq(inspectionJobs.attempts, lease.attempt),
        ),
      );
  }

  /** The recordings waiting, oldest first (tests, the benchmark). */
  async waiting(): Promise<string[]> {
    const rows = await this.db
      .select({ id: inspectionJobs.recordingId })
      .from(inspectionJobs)
      .orderBy(asc(inspectionJobs.createdAt));
    return rows.map((row) => row.id);
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    inspections: InspectionsRepository;
  }
}

export const inspectionsRepository = defineRepository('inspections', (db) => new InspectionsRepository(db));
