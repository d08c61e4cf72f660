// /api/training/worker: the HTTP protocol of external training workers (a GPU machine training ASR or TTS).
// A worker presents `Authorization: Bearer <worker token>` (created by an admin) and then:
//   POST /claim                          -> { job } of a type it trains, or { job: null }
//   GET  /jobs/:id/dataset               -> the job's data set, JSON lines (datasetLineSchema)
//   GET  /jobs/:id/recordings/:rid/audio -> one recording's audio
//   POST /jobs/:id/heartbeat             -> { stopRequested } (with progress 0-100 and a message)
//   PUT  /jobs/:id/artifact              -> the model file (application/octet-stream), content-addressed
//   POST /jobs/:id/complete | /fail | /stopped
// The job goes through the same states as with a built-in trainer; a worker that stops reporting for
// TRAINING_HEARTBEAT_TIMEOUT_MS has its job requeued once, then failed.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sanitiseFileName } from '../../../core/api/recordings.ts';
import { ERROR_CODES, okSchema } from '../../../core/api/errors.ts';
import { serialIdTextSchema } from '../../../core/api/input.ts';
import {
  TRAINING_ERROR_CODES,
  workerArtifactResponseSchema,
  workerClaimResponseSchema,
  workerClaimSchema,
  workerCompleteSchema,
  workerFailSchema,
  workerHeartbeatResponseSchema,
  workerHeartbeatSchema,
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
import { fileAnswer, textAnswer } from '../../lib/route-contract.ts';
import { guardWorkerRoutes } from '../../plugins/auth.ts';
import { rawBytesOnly, receiveArtifact } from './worker-artifact.ts';
import { workerDataset } from './worker-dataset.ts';

declare module 'fastify' {
  interface FastifyRequest {
    workerToken: WorkerToken | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;
const jobParams = z.object({ id: serialIdTextSchema() });
const audioParams = jobParams.extend({ recordingId: z.uuid() });
const artifactQuery = z.object({ file_name: z.string().max(300).optional() });

const notHeld = () =>
  conflict(
    'This job is no longer held by this worker: it was stopped, requeued after missed heartbeats, or finished. Claim a new job.',
    TRAINING_ERROR_CODES.jobNotHeld,
  );

export default function workerRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { queue, tokens, data, blobs, tempDir } = app.training;

  app.decorateRequest('workerToken', null);
  guardWorkerRoutes(app, async (request) => {
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const worker = token ? await tokens.authenticate(token) : null;
    if (!worker) {
      throw new AppError(
        401,
        'This worker token is not valid (unknown or revoked). An admin creates worker tokens on the training page.',
        TRAINING_ERROR_CODES.invalidWorkerToken,
      );
    }
    request.workerToken = worker;
  });
  // The artifact arrives as raw bytes, streamed to disk by its route.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));

  const workerOf = (request: FastifyRequest): WorkerToken => {
    if (!request.workerToken)
      throw new AppError(401, 'Worker token missing.', TRAINING_ERROR_CODES.invalidWorkerToken);
    return request.workerToken;
  };
  const dataset = workerDataset(queue, data);
  const held = async (request: FastifyRequest, jobId: number): Promise<Lease & { modelType: ModelType }> => {
    const lease = await queue.heldByToken(jobId, workerOf(request).id);
    if (!lease) throw notHeld();
    return lease;
  };

  app.post(
    '/claim',
    {
      schema: {
        summary: 'Claim the next queued job (a worker)',
        body: workerClaimSchema.optional(),
        response: { 200: workerClaimResponseSchema },
      },
    },
    async (request) => {
      const worker = workerOf(request);
      const wanted = request.body?.model_types ?? worker.modelTypes;
      const modelTypes = wanted.filter((type) => worker.modelTypes.includes(type));
      const name = request.body?.worker_name ? `/${request.body.worker_name}` : '';
      const job = await queue.claim({
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
    },
  );

  app.post(
    '/jobs/:id/heartbeat',
    {
      config: { errors: [{ status: 409, code: TRAINING_ERROR_CODES.jobNotHeld }] },
      schema: {
        summary: 'Report progress on a held job and keep its lease',
        params: jobParams,
        body: workerHeartbeatSchema.optional(),
        response: { 200: workerHeartbeatResponseSchema },
      },
    },
    async (request) => {
      const lease = await held(request, request.params.id);
      const answer = await queue.heartbeat(lease, request.body ?? {});
      if (!answer.held) throw notHeld();
      return { stopRequested: answer.stopRequested };
    },
  );

  app.get(
    '/jobs/:id/dataset',
    {
      schema: { summary: "A held job's dataset (JSON lines)", params: jobParams },
      config: {
        answers: [textAnswer('One JSON object per line (datasetLineSchema).', ['application/x-ndjson'])],
        errors: [{ status: 409, code: TRAINING_ERROR_CODES.jobNotHeld }],
      },
    },
    async (request, reply) => {
      const lease = await held(request, request.params.id);
      const entries = await dataset.entries(lease.jobId, lease.modelType);
      const body = entries.map(({ recording, split }) =>
        JSON.stringify(dataset.line(lease.jobId, recording, split)),
      );
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(body.length > 0 ? `${body.join('\n')}\n` : '');
    },
  );

  app.get(
    '/jobs/:id/recordings/:recordingId/audio',
    {
      config: {
        answers: [fileAnswer('The recording as stored.', ['audio/*'])],
        errors: [{ status: 409, code: TRAINING_ERROR_CODES.jobNotHeld }],
      },
      schema: { summary: "The audio of a recording in a held job's dataset", params: audioParams },
    },
    async (request, reply) => {
      const lease = await held(request, request.params.id);
      const recording = await dataset.recording(
        lease.jobId,
        lease.modelType,
        request.params.recordingId.toLowerCase(),
      );
      if (!recording)
        throw notFound('This recording is not in the job’s data set (or its speaker withdrew consent).');
      try {
        const { stream, size } = await blobs.open(recording.sha256);
        return reply.type(recording.mimeType).header('Content-Length', String(size)).send(stream);
      } catch (error) {
        if (error instanceof BlobNotFoundError) throw notFound('The audio of this recording is missing.');
        throw error;
      }
    },
  );

  app.put(
    '/jobs/:id/artifact',
    {
      onRequest: rawBytesOnly,
      config: {
        requestBody: {
          description: 'The model file as raw bytes.',
          required: true,
          content: { 'application/octet-stream': { type: 'string', format: 'binary' } },
        },
        errors: [
          { status: 409, code: TRAINING_ERROR_CODES.jobNotHeld },
          { status: 400, code: ERROR_CODES.emptyFile },
          { status: 413, code: TRAINING_ERROR_CODES.artifactTooLarge },
          { status: 415, code: TRAINING_ERROR_CODES.unsupportedArtifact },
        ],
      },
      schema: {
        summary: 'Upload the trained model of a held job (raw bytes)',
        params: jobParams,
        querystring: artifactQuery,
        response: { 200: workerArtifactResponseSchema },
      },
    },
    async (request) => {
      const lease = await held(request, request.params.id);
      const stored = await receiveArtifact(request, tempDir, blobs);
      const fileName = request.query.file_name ? sanitiseFileName(request.query.file_name, 'model') : null;
      if (!(await queue.setArtifact(lease, { ...stored, fileName }))) throw notHeld();
      return stored;
    },
  );

  app.post(
    '/jobs/:id/complete',
    {
      config: {
        errors: [
          { status: 409, code: TRAINING_ERROR_CODES.jobNotHeld },
          { status: 400, code: ERROR_CODES.checksumMismatch },
        ],
      },
      schema: {
        summary: 'Report a held job finished',
        params: jobParams,
        body: workerCompleteSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const lease = await held(request, request.params.id);
      const run = await queue.find(lease.jobId);
      const expected = request.body.artifact_sha256;
      if (expected && run?.artifact?.sha256 !== expected) {
        throw new AppError(
          400,
          run?.artifact
            ? 'artifact_sha256 does not match the uploaded artifact. Upload it again.'
            : 'No artifact was uploaded for this job: PUT it to .../artifact first.',
          ERROR_CODES.checksumMismatch,
        );
      }
      if (!(await queue.complete(lease, { metrics: request.body.metrics }))) throw notHeld();
      return { ok: true as const };
    },
  );

  app.post(
    '/jobs/:id/fail',
    {
      config: { errors: [{ status: 409, code: TRAINING_ERROR_CODES.jobNotHeld }] },
      schema: {
        summary: 'Report a held job failed',
        params: jobParams,
        body: workerFailSchema,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const lease = await held(request, request.params.id);
      if (!(await queue.fail(lease, request.body.error))) throw notHeld();
      return { ok: true as const };
    },
  );

  app.post(
    '/jobs/:id/stopped',
    {
      config: { errors: [{ status: 409, code: TRAINING_ERROR_CODES.jobNotHeld }] },
      schema: {
        summary: 'Confirm a held job stopped as an admin asked',
        params: jobParams,
        response: { 200: okSchema },
      },
    },
    async (request) => {
      const lease = await held(request, request.params.id);
      if (!(await queue.markStopped(lease))) throw notHeld();
      return { ok: true as const };
    },
  );
}
