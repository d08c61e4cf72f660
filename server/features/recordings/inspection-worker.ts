// The inspection of uploaded audio (issue 33), after the upload was answered: claims recordings waiting in the
// inspection queue (inspection-queue.ts), reads each stored file, inspects it (inspect-audio.ts: PCM WAV in this
// process, other containers with ffmpeg) and writes the verdict. The same loop runs in every server process
// (INSPECTION_WORKER=inline) and in `npm run worker`; with PostgreSQL any number of them share one queue.
//
// A verdict is written with the job's end in one transaction, and a story's cutting is queued in it too: a crash
// before the commit leaves the job to be claimed again once its lease is old; a crash after it leaves nothing to
// do. Audio the inspection refuses (not decodable, too long) is a verdict too ('failed', with the reason); any
// other failure (a decoder that crashed, the store not answering) gives the job back to be tried again, and the
// recording fails after INSPECTION_MAX_ATTEMPTS claims.
import crypto from 'node:crypto';
import os from 'node:os';
import type { Db } from '../../db/driver.ts';
import { AppError } from '../../errors.ts';
import { BlobNotFoundError } from '../../lib/blob-store.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';
import type { InspectionLease, InspectionVerdict } from './inspection-queue.ts';
import type { RecordingService } from './recordings.service.ts';
import type { WorkerLog } from '../training/worker.ts';
import { WakeableLoop } from '../../lib/wakeable-loop.ts';

/**
 * Inspections one process runs at once, unless INSPECTION_CONCURRENCY says: the cores left over beside the
 * process's own thread (which answers requests), at least one. Each ffmpeg decode takes a core of its own.
 */
export const defaultInspectionConcurrency = (cores = os.availableParallelism()) => Math.max(1, cores - 1);
/** A claim older than this is taken to be of a worker that stopped: longer than the decoder's own time limit. */
export const INSPECTION_LEASE_MS = 5 * 60_000;
/** Looks for inspections queued by other processes this often (its own uploads wake it at once). */
export const INSPECTION_POLL_MS = 1_000;
/** Claims of one recording before its inspection fails for good (a file that crashes the decoder every time). */
export const INSPECTION_MAX_ATTEMPTS = 3;

export interface InspectionWorkerOptions {
  db: Db;
  repositories: Repositories;
  /** The transaction's own repositories (app.transactionRepositories, or the registry's). */
  inTransaction: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => TransactionRepositories;
  service: RecordingService;
  concurrency: number;
  log: WorkerLog;
  /** Told of each story whose inspection passed (its cutting is queued): the story cutter listens. */
  onStory?: (recordingId: string) => void;
  kind?: 'inline' | 'standalone';
  leaseMs?: number;
  pollMs?: number;
}

export class InspectionWorker extends WakeableLoop {
  readonly workerId: string;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly options: InspectionWorkerOptions) {
    super();
    this.workerId = `inspect-${options.kind ?? 'inline'}@${os.hostname()}:${process.pid}:${crypto.randomBytes(3).toString('hex')}`;
  }

  /** Stops claiming; resolves when the inspections running are done. */
  async stop(): Promise<void> {
    this.stopping = true;
    this.wake();
    await this.loopDone;
    await Promise.all(this.running);
    this.loopDone = null;
  }

  /** Claims what there is room for and runs it to the end; the number claimed (tests, a one-off run). */
  async runOnce(): Promise<number> {
    const started = await this.claimAndRun();
    await Promise.all(this.running);
    return started;
  }

  /** Runs until nothing is waiting that this worker can claim and nothing it claimed is running (tests). */
  async drain(): Promise<void> {
    for (;;) {
      await Promise.all(this.running);
      if ((await this.runOnce()) === 0 && this.running.size === 0) return;
    }
  }

  protected async loop(): Promise<void> {
    while (!this.stopping) {
      let claimed = 0;
      try {
        claimed = await this.claimAndRun();
      } catch (error) {
        this.options.log.error({ err: error }, 'claiming inspections failed');
      }
      if (this.stopping) break;
      // Full, or nothing to claim: sleep until a job ends, an upload arrives, or the poll comes round.
      if (claimed === 0 || this.running.size >= this.options.concurrency)
        await this.sleep(this.options.pollMs ?? INSPECTION_POLL_MS);
    }
  }

  private async claimAndRun(): Promise<number> {
    const room = this.options.concurrency - this.running.size;
    if (room <= 0 || this.stopping) return 0;
    const leases = await this.options.repositories.inspections.claim(
      this.workerId,
      room,
      this.options.leaseMs ?? INSPECTION_LEASE_MS,
    );
    for (const lease of leases) {
      const run = this.inspect(lease).finally(() => {
        this.running.delete(run);
        this.wake();
      });
      this.running.add(run);
    }
    return leases.length;
  }

  /** Inspects one claimed recording and writes the verdict; never rejects. */
  private async inspect(lease: InspectionLease): Promise<void> {
    const { repositories, service, log } = this.options;
    try {
      const found = await repositories.recordings.findById(lease.recordingId);
      // Deleted meanwhile: its job went with it (ON DELETE CASCADE).
      if (!found) return;
      const row = found.row;
      let verdict: InspectionVerdict;
      if (lease.attempt > INSPECTION_MAX_ATTEMPTS) {
        // Claimed that often without an end: its inspections stopped their worker (a crash); not tried again.
        verdict = {
          state: 'failed',
          error: 'The sound could not be checked: checking it stopped the server.',
        };
      } else
        try {
          const inspection = await service.inspectStored(row);
          verdict = {
            state: 'inspected',
            mimeType: inspection.mimeType,
            durationSeconds: inspection.duration,
            codec: inspection.codec,
            sampleRate: inspection.sampleRate,
            channels: inspection.channels,
            quality: inspection.quality,
          };
        } catch (error) {
          if (error instanceof AppError && error.statusCode < 500) {
            verdict = { state: 'failed', error: error.message };
          } else if (error instanceof BlobNotFoundError) {
            verdict = { state: 'failed', error: 'The stored audio of this recording is missing.' };
          } else if (lease.attempt < INSPECTION_MAX_ATTEMPTS) {
            log.warn(
              { recordingId: row.id, attempt: lease.attempt, err: error },
              'inspection failed; retrying',
            );
            await repositories.inspections.release(lease, describe(error));
            return;
          } else {
            log.error({ recordingId: row.id, err: error }, 'inspection failed for good');
            verdict = {
              state: 'failed',
              error: `The sound could not be checked (${describe(error)}).`,
            };
          }
        }
      const story = verdict.state === 'inspected' && row.kind === 'story';
      const written = await this.options.db.transaction(async (tx) => {
        const inTx = this.options.inTransaction(tx);
        const done = await inTx.inspections.finish(lease, verdict);
        // A story is cut once its audio passed: queued in the same transaction, so no crash loses the cutting.
        if (done && story) await inTx.stories.addCut(row.id);
        return done;
      });
      if (written && story) this.options.onStory?.(row.id);
    } catch (error) {
      // The database failed: the job stays claimed and is taken again when its lease is old.
      log.error({ recordingId: lease.recordingId, err: error }, 'inspection could not be recorded');
    }
  }
}

function describe(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).slice(0, 300);
}
