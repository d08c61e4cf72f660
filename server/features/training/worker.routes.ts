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
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { serialIdTextSchema } from '../../../core/api/input.ts';
import { sanitiseFileName } from '../../../core/api/audio.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  TRAINING_ERROR_CODES,
  workerArtifactResponseSchema,
  workerClaimResponseSchema,
  workerClaimSchema,
  workerCompleteSchema,
  workerFailSchema,
  workerHeartbeatResponseSchema,
  workerHeartbeatSchema,
  type DatasetLine,
  type WorkerToken,
} from '../../../core/api/training.ts';
import {
  TRAINING_ARTIFACT_MAX_BYTES,
  TRAINING_HEARTBEAT_MS,
  TRAINING_HEARTBEAT_TIMEOUT_MS,
  type ModelType,
} from '../../../core/constants.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { BlobNotFoundError, type BlobStore } from '../../lib/blob-store.ts';
import type { Lease } from './job-queue.ts';
import { speakerHash, type DatasetRecording, type SpeechUse } from './training-data-repository.ts';
import type { AsrTrainingSet, VoiceInventory } from './trainers.ts';

declare module 'fastify' {
  interface FastifyRequest {
    workerToken: WorkerToken | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;
const jobParams = z.object({ id: serialIdTextSchema() });
const audioParams = jobParams.extend({ recordingId: z.uuid() });
const artifactQuery = z.object({ file_name: z.string().max(300).optional() });

/** Speech jobs have a data set of recordings; MT trains in the server from pairs. */
function speechUse(modelType: ModelType): SpeechUse {
  if (modelType === 'mt') throw new AppError(400, 'MT jobs have no speech data set.', ERROR_CODES.validation);
  return modelType;
}

const notHeld = () =>
  conflict(
    'This job is no longer held by this worker: it was stopped, requeued after missed heartbeats, or finished. Claim a new job.',
    TRAINING_ERROR_CODES.jobNotHeld,
  );

export default function workerRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const { queue, tokens, data, blobs, tempDir } = app.training;

  app.decorateRequest('workerToken', null);
  app.addHook('onRequest', async (request) => {
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
  const held = async (request: FastifyRequest, jobId: number): Promise<Lease & { modelType: ModelType }> => {
    const lease = await queue.heldByToken(jobId, workerOf(request).id);
    if (!lease) throw notHeld();
    return lease;
  };

  app.post(
    '/claim',
    { schema: { body: workerClaimSchema.optional(), response: { 200: workerClaimResponseSchema } } },
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
      schema: {
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

  /** The recordings of a held job's data set, re-checked against consent now. */
  async function datasetOf(jobId: number, modelType: ModelType) {
    const use = speechUse(modelType);
    if (use === 'asr') {
      const splits = (await queue.result<AsrTrainingSet>(jobId))?.speakers ?? {};
      return (await data.recordings(use)).flatMap((recording) => {
        const split = splits[speakerHash(recording.ownerId)];
        return split ? [{ recording, split }] : [];
      });
    }
    const inventory = await queue.result<VoiceInventory>(jobId);
    if (!inventory) return [];
    const ids = new Set(inventory.recordings.map((recording) => recording.id));
    return (await data.recordings(use, inventory.speakerUserId))
      .filter((recording) => ids.has(recording.id))
      .map((recording) => ({ recording, split: 'train' as const }));
  }

  /** One recording of a held job's data set, if it is in it and still usable (consent now). */
  async function datasetRecording(jobId: number, modelType: ModelType, recordingId: string) {
    const use = speechUse(modelType);
    const recording = await data.usableRecordingById(use, recordingId);
    if (!recording) return null;
    if (use === 'asr') {
      const splits = (await queue.result<AsrTrainingSet>(jobId))?.speakers ?? {};
      return splits[speakerHash(recording.ownerId)] ? recording : null;
    }
    const inventory = await queue.result<VoiceInventory>(jobId);
    return inventory?.recordings.some((entry) => entry.id === recording.id) ? recording : null;
  }

  const lineOf = (jobId: number, recording: DatasetRecording, split: DatasetLine['split']): DatasetLine => ({
    split,
    recordingId: recording.id,
    speaker: speakerHash(recording.ownerId),
    sentence: recording.transcript,
    durationSeconds: recording.durationSeconds,
    mimeType: recording.mimeType,
    sha256: recording.sha256,
    ageGroup: recording.ageGroup,
    gender: recording.gender,
    dialect: recording.dialect,
    audioPath: `jobs/${jobId}/recordings/${recording.id}/audio`,
  });

  app.get('/jobs/:id/dataset', { schema: { params: jobParams } }, async (request, reply) => {
    const lease = await held(request, request.params.id);
    const entries = await datasetOf(lease.jobId, lease.modelType);
    const body = entries.map(({ recording, split }) => JSON.stringify(lineOf(lease.jobId, recording, split)));
    return reply
      .type('application/x-ndjson; charset=utf-8')
      .header('Cache-Control', 'no-store')
      .send(body.length > 0 ? `${body.join('\n')}\n` : '');
  });

  app.get(
    '/jobs/:id/recordings/:recordingId/audio',
    { schema: { params: audioParams } },
    async (request, reply) => {
      const lease = await held(request, request.params.id);
      const recording = await datasetRecording(
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
      // Checked before any parser reads the body: only raw bytes are streamed to the store.
      onRequest: (request, _reply, done) => {
        if (/^application\/octet-stream\s*(;|$)/i.test(request.headers['content-type'] ?? '')) return done();
        done(
          new AppError(
            415,
            'Send the artifact as raw bytes with Content-Type: application/octet-stream.',
            TRAINING_ERROR_CODES.unsupportedArtifact,
          ),
        );
      },
      schema: {
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
      schema: {
        params: jobParams,
        body: workerCompleteSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
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
      schema: {
        params: jobParams,
        body: workerFailSchema,
        response: { 200: z.object({ ok: z.literal(true) }) },
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
    { schema: { params: jobParams, response: { 200: z.object({ ok: z.literal(true) }) } } },
    async (request) => {
      const lease = await held(request, request.params.id);
      if (!(await queue.markStopped(lease))) throw notHeld();
      return { ok: true as const };
    },
  );
}

/** Streams the request body to a temporary file (at most TRAINING_ARTIFACT_MAX_BYTES) and into the blob store. */
async function receiveArtifact(
  request: FastifyRequest,
  tempDir: string,
  blobs: BlobStore,
): Promise<{ sha256: string; size: number }> {
  const tooLarge = () =>
    new AppError(
      413,
      `The artifact is larger than ${TRAINING_ARTIFACT_MAX_BYTES / 1024 ** 3} GiB.`,
      TRAINING_ERROR_CODES.artifactTooLarge,
    );
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > TRAINING_ARTIFACT_MAX_BYTES) throw tooLarge();
  await fsp.mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `artifact-${crypto.randomBytes(8).toString('hex')}.upload`);
  let size = 0;
  try {
    await pipeline(
      request.raw,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(size > TRAINING_ARTIFACT_MAX_BYTES ? tooLarge() : null, chunk);
        },
      }),
      fs.createWriteStream(temp),
    );
    if (size === 0) throw new AppError(400, 'The artifact is empty.', ERROR_CODES.emptyFile);
    return await blobs.put(temp);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
