// The rules of the external training workers' protocol (worker.routes.ts): a worker is known by its token, acts
// only on a job it holds (its lease: not stopped, requeued after missed heartbeats, or finished), reads only
// that job's data set and audio, and completes it with the artifact it uploaded.
import type { z } from 'zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  TRAINING_ERROR_CODES,
  type workerClaimSchema,
  type workerCompleteSchema,
  type workerHeartbeatSchema,
  type WorkerToken,
} from '../../../core/api/training.ts';
import {
  TRAINING_HEARTBEAT_MS,
  TRAINING_HEARTBEAT_TIMEOUT_MS,
  type ModelType,
} from '../../../core/constants.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { BlobNotFoundError } from '../../lib/blob-store.ts';
import type { Lease } from './job-queue.ts';
import type { TrainingRepositories } from './training-repositories.ts';
import { workerDataset } from './worker-dataset.ts';

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

const notHeld = () =>
  conflict(
    'This job is no longer held by this worker: it was stopped, requeued after missed heartbeats, or finished. Claim a new job.',
    TRAINING_ERROR_CODES.jobNotHeld,
  );
const invalidToken = (message: string) => new AppError(401, message, TRAINING_ERROR_CODES.invalidWorkerToken);

export class WorkerJobsService {
  private readonly dataset;

  constructor(private readonly training: TrainingRepositories) {
    this.dataset = workerDataset(training.queue, training.data);
  }

  /** The worker an Authorization header names (`Bearer <worker token>`), or 401. */
  async authenticate(authorization: string | undefined): Promise<WorkerToken> {
    const token = BEARER.exec(authorization ?? '')?.[1];
    const worker = token ? await this.training.tokens.authenticate(token) : null;
    if (!worker) {
      throw invalidToken(
        'This worker token is not valid (unknown or revoked). An admin creates worker tokens on the training page.',
      );
    }
    return worker;
  }

  /** The worker the guard authenticated (a route behind it always has one). */
  workerOf(token: WorkerToken | null): WorkerToken {
    if (!token) throw invalidToken('Worker token missing.');
    return token;
  }

  /** The lease of a job this worker holds, or 409 JOB_NOT_HELD. */
  async held(worker: WorkerToken, jobId: number): Promise<Lease & { modelType: ModelType }> {
    const lease = await this.training.queue.heldByToken(jobId, worker.id);
    if (!lease) throw notHeld();
    return lease;
  }

  /** The next queued job of a model type both the worker asks for and its token allows, or null. */
  async claim(worker: WorkerToken, body: z.infer<typeof workerClaimSchema> | undefined) {
    const wanted = body?.model_types ?? worker.modelTypes;
    const modelTypes = wanted.filter((type) => worker.modelTypes.includes(type));
    const name = body?.worker_name ? `/${body.worker_name}` : '';
    const job = await this.training.queue.claim({
      workerId: `external:${worker.name}#${worker.id}${name}`.slice(0, 200),
      modelTypes,
      external: true,
      workerTokenId: worker.id,
    });
    if (!job) return { job: null };
    return {
      job: {
        id: job.jobId,
        modelType: job.modelType,
        attempt: job.attempt,
        params: job.params,
        metrics: job.metrics,
        datasetPath: `jobs/${job.jobId}/dataset`,
        heartbeatSeconds: TRAINING_HEARTBEAT_MS / 1000,
        timeoutSeconds: TRAINING_HEARTBEAT_TIMEOUT_MS / 1000,
      },
    };
  }

  /** Keeps a held job's lease with its progress; says whether an admin asked it to stop. */
  async heartbeat(worker: WorkerToken, jobId: number, body: z.infer<typeof workerHeartbeatSchema>) {
    const lease = await this.held(worker, jobId);
    const answer = await this.training.queue.heartbeat(lease, body);
    if (!answer.held) throw notHeld();
    return { stopRequested: answer.stopRequested };
  }

  /** A held job's data set as JSON lines (datasetLineSchema), one a line. */
  async datasetLines(worker: WorkerToken, jobId: number): Promise<string> {
    const lease = await this.held(worker, jobId);
    const entries = await this.dataset.entries(lease.jobId, lease.modelType);
    const lines = entries.map(({ recording, split }) =>
      JSON.stringify(this.dataset.line(lease.jobId, recording, split)),
    );
    return lines.length > 0 ? `${lines.join('\n')}\n` : '';
  }

  /** The audio of a recording in a held job's data set (404 when it is not in it, or its audio is missing). */
  async recordingAudio(worker: WorkerToken, jobId: number, recordingId: string) {
    const lease = await this.held(worker, jobId);
    const recording = await this.dataset.recording(lease.jobId, lease.modelType, recordingId.toLowerCase());
    if (!recording)
      throw notFound('This recording is not in the job’s data set (or its speaker withdrew consent).');
    try {
      return { mimeType: recording.mimeType, ...(await this.training.blobs.open(recording.sha256)) };
    } catch (error) {
      if (error instanceof BlobNotFoundError) throw notFound('The audio of this recording is missing.');
      throw error;
    }
  }

  /** Receives a held job's model file (`receive`: the bytes into the blob store) and names it the job's. */
  async storeArtifact<T extends { sha256: string; size: number }>(
    worker: WorkerToken,
    jobId: number,
    receive: () => Promise<T>,
    fileName: string | null,
  ): Promise<T> {
    const lease = await this.held(worker, jobId);
    const stored = await receive();
    if (!(await this.training.queue.setArtifact(lease, { ...stored, fileName }))) throw notHeld();
    return stored;
  }

  /** Completes a held job; the artifact it names by SHA-256 must be the one uploaded (400 otherwise). */
  async complete(worker: WorkerToken, jobId: number, body: z.infer<typeof workerCompleteSchema>) {
    const lease = await this.held(worker, jobId);
    const run = await this.training.queue.find(lease.jobId);
    const expected = body.artifact_sha256;
    if (expected && run?.artifact?.sha256 !== expected) {
      throw new AppError(
        400,
        run?.artifact
          ? 'artifact_sha256 does not match the uploaded artifact. Upload it again.'
          : 'No artifact was uploaded for this job: PUT it to .../artifact first.',
        ERROR_CODES.checksumMismatch,
      );
    }
    if (!(await this.training.queue.complete(lease, { metrics: body.metrics }))) throw notHeld();
    return { ok: true as const };
  }

  /** Fails a held job with the worker's reason. */
  async fail(worker: WorkerToken, jobId: number, reason: string) {
    const lease = await this.held(worker, jobId);
    if (!(await this.training.queue.fail(lease, reason))) throw notHeld();
    return { ok: true as const };
  }

  /** Confirms a held job stopped as an admin asked. */
  async stopped(worker: WorkerToken, jobId: number) {
    const lease = await this.held(worker, jobId);
    if (!(await this.training.queue.markStopped(lease))) throw notHeld();
    return { ok: true as const };
  }
}
