// /api/audio: field recordings of signed-in contributors. Uploads (tus at /tus, multipart at /upload) need
// recording consent; listing, playing, deleting and transcribing need the owner or an admin.
import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  multipartUploadMetadataSchema,
  promptPackQuerySchema,
  promptPackSchema,
  recordingListSchema,
  recordingResponseSchema,
  recordingsQuerySchema,
  transcribeRequestSchema,
} from '../../../core/api/recordings.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { Config } from '../../config.ts';
import type { BlobRange } from '../../lib/blob-store.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { receiveFormFile } from '../../lib/multipart-file.ts';
import { parseJsonField } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { storedAudioExtension } from './audio-types.ts';
import { multipartFields, RecordingService } from './recordings.service.ts';
import { audioJobs } from './audio-jobs.ts';
import tusUploads, { fileTooLargeMessage } from './tus-uploads.ts';
import { MULTIPART_UPLOAD, RECORDING_AUDIO } from './recordings-contract.ts';
import { emptyAnswer } from '../../lib/route-contract.ts';

const idParams = z.object({ id: z.string().max(100) });

export default async function recordingsRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new RecordingService(app.repositories, config, app.blobs, app.sharedLocks);
  app.guardRoutes('user');
  // Uploads are inspected after they are answered (by this process unless INSPECTION_WORKER=off), and Tell
  // recordings cut into segments once their inspection passed; those a stop left waiting at the next start.
  const jobs = audioJobs({
    db: app.database.db,
    repositories: app.repositories,
    inTransaction: (tx) => app.transactionRepositories(tx),
    service,
    config,
    log: app.log,
    kind: 'inline',
  });
  app.addHook('onReady', () => jobs.start());
  // preClose: what runs finishes while the database is still open.
  app.addHook('preClose', () => jobs.stop());

  await app.register(tusUploads, { config, service });

  // Multipart parsing only in this scope (the simple upload path of the spec).
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: config.AUDIO_MAX_BYTES, files: 1, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    });
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/upload',
      {
        schema: {
          summary: 'Upload a recording in one request (multipart)',
          response: { 200: recordingResponseSchema, 201: recordingResponseSchema },
        },
        config: MULTIPART_UPLOAD,
        // Consent is checked before the body is read (after the scope's authentication).
        // (A field speaker named in the body is checked when the recording is stored.)
        onRequest: (request) => service.requireRecordingConsent(currentUser(request)),
      },
      async (request, reply) => {
        const user = currentUser(request);
        const upload = await receiveUpload(request, service, config);
        try {
          const fields = multipartFields(upload.metadata, upload.file.fileName);
          await service.checkReferences(fields, user);
          const { recording } = await service.store(upload.file.path, fields, user, {
            knownSha256: upload.file.sha256,
            expectedSha256: upload.metadata.sha256,
            within: (effect) =>
              idempotent(
                request,
                reply,
                async (repositories) => {
                  const result = await effect(repositories);
                  void reply.status(result.created ? 201 : 200);
                  return result;
                },
                { fingerprint: { sha256: upload.file.sha256, metadata: upload.rawMetadata } },
              ),
          });
          return { recording };
        } finally {
          await fsp.rm(upload.file.path, { force: true });
        }
      },
    );
  });

  app.get(
    '/recordings',
    {
      schema: {
        summary: "The signed-in contributor's recordings (admins: anyone's)",
        querystring: recordingsQuerySchema,
        response: { 200: recordingListSchema },
      },
      config: { errors: [{ status: 403, code: ERROR_CODES.forbidden }] },
    },
    (request) => service.list(currentUser(request), request.query),
  );

  app.get(
    '/prompts',
    {
      schema: {
        summary: 'Sentences to read aloud',
        querystring: promptPackQuerySchema,
        response: { 200: promptPackSchema },
      },
    },
    async (request) => {
      const { id } = currentUser(request);
      return {
        prompts: await app.repositories.recordings.promptPack(id, request.query.limit),
        sentences: await app.repositories.sentences.toRead(id, request.query.limit),
      };
    },
  );

  app.get(
    '/recordings/:id',
    { schema: { summary: 'One recording', params: idParams, response: { 200: recordingResponseSchema } } },
    async (request) => ({ recording: await service.requireVisible(request.params.id, currentUser(request)) }),
  );

  app.get(
    '/recordings/:id/audio',
    {
      schema: { summary: 'Play or download the audio of a recording', params: idParams },
      config: RECORDING_AUDIO,
    },
    async (request, reply) => {
      const row = await service.requireAudibleRow(request.params.id, currentUser(request));
      const etag = `"${row.sha256}"`;
      // A person's voice must not outlive their consent in a browser's cache: every play asks again, and this
      // route re-checks who may hear it (an unchanged clip costs a 304 by its content hash, a withdrawn one a 404).
      void reply
        .header('Accept-Ranges', 'bytes')
        .header('Cache-Control', 'private, no-cache')
        .header('ETag', etag)
        .header('Content-Disposition', contentDisposition(row.fileName, row.mimeType));
      if (request.headers['if-none-match']?.split(/\s*,\s*/).includes(etag)) return reply.status(304).send();

      const range = parseRange(request.headers.range, row.sizeBytes);
      const opened = await service.openAudio(row, range, request.log);
      const { stream, size } = opened;
      void reply.type(row.mimeType);
      if (range && range !== 'unsatisfiable') {
        return reply
          .status(206)
          .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
          .header('Content-Length', String(range.end - range.start + 1))
          .send(stream);
      }
      return reply.header('Content-Length', String(size)).send(stream);
    },
  );

  app.delete(
    '/recordings/:id',
    {
      schema: { summary: 'Delete a recording', params: idParams },
      config: { answers: [emptyAnswer(204, 'The recording is deleted.')] },
    },
    async (request, reply) => {
      await service.delete(request.params.id, currentUser(request));
      return reply.status(204).send();
    },
  );

  app.post(
    '/transcribe',
    {
      schema: {
        summary: 'Transcribe a recording (not available until a recogniser is trained)',
        body: transcribeRequestSchema,
      },
      config: {
        errors: [
          { status: 404, code: ERROR_CODES.notFound },
          { status: 501, code: ERROR_CODES.notTrained },
        ],
      },
    },
    (request) => service.transcribe(request.body.audioId, currentUser(request)),
  );
}

/**
 * Streams the multipart field `file` to a temporary file while hashing it, and reads the optional `metadata`
 * field (JSON). Refuses what is not valid before anything is stored, and answers every truncated or oversized
 * body (the temporary file is gone by then); the caller removes the file of a successful one.
 */
async function receiveUpload(request: FastifyRequest, service: RecordingService, config: Config) {
  const { file, fields, read } = await receiveFormFile(request, {
    tempDir: service.tempDir,
    suffix: '.upload',
    field: 'file',
    limits: { fileSize: config.AUDIO_MAX_BYTES, fields: 10, fieldSize: 64 * 1024, parts: 12 },
    answers: {
      notMultipart: {
        message: 'Send the recording as multipart/form-data with the file in the field "file".',
        code: ERROR_CODES.unsupportedAudio,
      },
      tooLarge: fileTooLargeMessage(config.AUDIO_MAX_BYTES),
      missing: 'Choose a recording to upload, in the form field named "file".',
      truncated:
        'The upload could not be read: it ended before the whole file arrived. Choose the recording and try again.',
    },
    fields: (form) =>
      parseJsonField(
        form.get('metadata'),
        multipartUploadMetadataSchema,
        'The field "metadata" must be JSON.',
        {},
      ),
  });
  // The metadata as sent identifies the request for Idempotency-Key.
  return { file, metadata: read, rawMetadata: fields.get('metadata') };
}

/**
 * A single byte range of `bytes=a-b`, `bytes=a-` or `bytes=-n`; null to send everything (no header, several
 * ranges, or a header that is not valid, which HTTP says to ignore); 'unsatisfiable' when it starts past the end.
 */
export function parseRange(header: string | undefined, size: number): BlobRange | null | 'unsatisfiable' {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const last = match[2] === '' ? Infinity : Number(match[2]);
  if (last < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end: Math.min(last, size - 1) };
}

/** attachment with an ASCII fallback name and the exact name in RFC 5987 encoding, with the stored type's extension. */
export function contentDisposition(fileName: string, mimeType: string): string {
  const extension = storedAudioExtension(mimeType);
  const base = fileName.replace(/\.[A-Za-z0-9]{1,5}$/, '') || 'recording';
  const name = extension ? `${base}.${extension}` : fileName;
  const ascii = name.replace(/[^\x20-\x7e]|["\\%;]/g, '_');
  const encoded = encodeURIComponent(name).replace(
    /['()*!]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
