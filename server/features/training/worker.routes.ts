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
import { fileAnswer, textAnswer } from '../../lib/route-contract.ts';
import { guardWorkerRoutes } from '../../plugins/auth.ts';
import { rawBytesOnly, receiveArtifact } from './worker-artifact.ts';
import { WorkerJobsService } from './worker-jobs.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    workerToken: WorkerToken | null;
  }
}

/** Every job route's refusal when the worker no longer holds the job (worker-jobs.service.ts). */
const NOT_HELD = { status: 409, code: TRAINING_ERROR_CODES.jobNotHeld };
const jobParams = z.object({ id: serialIdTextSchema() });
const audioParams = jobParams.extend({ recordingId: z.uuid() });
const artifactQuery = z.object({ file_name: z.string().max(300).optional() });

export default function workerRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { blobs, tempDir } = app.training;
  const jobs = new WorkerJobsService(app.training);

  app.decorateRequest('workerToken', null);
  guardWorkerRoutes(app, async (request) => {
    request.workerToken = await jobs.authenticate(request.headers.authorization);
  });
  // The artifact arrives as raw bytes, streamed to disk by its route.
  app.addContentTypeParser('application/octet-stream', (_request, _payload, done) => done(null));
  const workerOf = (request: FastifyRequest) => jobs.workerOf(request.workerToken);

  app.post(
    '/claim',
    {
      schema: {
        summary: 'Claim the next queued job (a worker)',
        body: workerClaimSchema.optional(),
        response: { 200: workerClaimResponseSchema },
      },
    },
    (request) => jobs.claim(workerOf(request), request.body),
  );

  app.post(
    '/jobs/:id/heartbeat',
    {
      config: { errors: [NOT_HELD] },
      schema: {
        summary: 'Report progress on a held job and keep its lease',
        params: jobParams,
        body: workerHeartbeatSchema.optional(),
        response: { 200: workerHeartbeatResponseSchema },
      },
    },
    (request) => jobs.heartbeat(workerOf(request), request.params.id, request.body ?? {}),
  );

  app.get(
    '/jobs/:id/dataset',
    {
      schema: { summary: "A held job's dataset (JSON lines)", params: jobParams },
      config: {
        answers: [textAnswer('One JSON object per line (datasetLineSchema).', ['application/x-ndjson'])],
        errors: [NOT_HELD],
      },
    },
    async (request, reply) => {
      const lines = await jobs.datasetLines(workerOf(request), request.params.id);
      return reply
        .type('application/x-ndjson; charset=utf-8')
        .header('Cache-Control', 'no-store')
        .send(lines);
    },
  );

  app.get(
    '/jobs/:id/recordings/:recordingId/audio',
    {
      config: {
        answers: [fileAnswer('The recording as stored.', ['audio/*'])],
        errors: [NOT_HELD],
      },
      schema: { summary: "The audio of a recording in a held job's dataset", params: audioParams },
    },
    async (request, reply) => {
      const { recordingId, id } = request.params;
      const { stream, size, mimeType } = await jobs.recordingAudio(workerOf(request), id, recordingId);
      return reply.type(mimeType).header('Content-Length', String(size)).send(stream);
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
          NOT_HELD,
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
    (request) =>
      jobs.storeArtifact(
        workerOf(request),
        request.params.id,
        () => receiveArtifact(request, tempDir, blobs),
        request.query.file_name ? sanitiseFileName(request.query.file_name, 'model') : null,
      ),
  );

  app.post(
    '/jobs/:id/complete',
    {
      config: {
        errors: [NOT_HELD, { status: 400, code: ERROR_CODES.checksumMismatch }],
      },
      schema: {
        summary: 'Report a held job finished',
        params: jobParams,
        body: workerCompleteSchema,
        response: { 200: okSchema },
      },
    },
    (request) => jobs.complete(workerOf(request), request.params.id, request.body),
  );

  app.post(
    '/jobs/:id/fail',
    {
      config: { errors: [NOT_HELD] },
      schema: {
        summary: 'Report a held job failed',
        params: jobParams,
        body: workerFailSchema,
        response: { 200: okSchema },
      },
    },
    (request) => jobs.fail(workerOf(request), request.params.id, request.body.error),
  );

  app.post(
    '/jobs/:id/stopped',
    {
      config: { errors: [NOT_HELD] },
      schema: {
        summary: 'Confirm a held job stopped as an admin asked',
        params: jobParams,
        response: { 200: okSchema },
      },
    },
    (request) => jobs.stopped(workerOf(request), request.params.id),
  );
}
