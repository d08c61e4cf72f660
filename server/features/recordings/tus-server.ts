// The @tus/server instance behind /api/audio/tus: the store, the upload id rule, and the hooks that check a
// creation, store a finished upload and answer errors as { message, code }.
import { Server, type Locker } from '@tus/server';
import type { FastifyBaseLogger } from 'fastify';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { RECORDING_ID_HEADER, TUS_ENDPOINT } from '../../../core/api/recordings.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import type { RecordingService } from './recordings.service.ts';
import { hookError, TusHookError } from './tus-answers.ts';
import {
  isUploadOf,
  parseMetadata,
  storedMetadata,
  UPLOAD_ID,
  uploadIdFor,
  type RecordingUploadStore,
  type UploadFinisher,
} from './tus-upload-store.ts';

export interface TusServerOptions {
  config: Pick<Config, 'AUDIO_MAX_BYTES'>;
  store: RecordingUploadStore;
  finisher: UploadFinisher;
  service: RecordingService;
  /** The signed-in user of a request handed to the tus server (a TusHookError 401 if there is none). */
  userOf: (request: Request) => User;
  log: FastifyBaseLogger;
  /** Who holds an upload: tus's in-process MemoryLocker unless given. */
  locker?: Locker;
}

export function createTusServer({
  config,
  store,
  finisher,
  service,
  userOf,
  log,
  locker,
}: TusServerOptions): Server {
  return new Server({
    ...(locker ? { locker } : {}),
    path: TUS_ENDPOINT,
    datastore: store,
    relativeLocation: true,
    respectForwardedHeaders: false,
    maxSize: config.AUDIO_MAX_BYTES,
    // Same origin only: no Access-Control-Allow-Origin.
    allowedOrigins: () => false,
    exposedHeaders: [RECORDING_ID_HEADER],
    getFileIdFromRequest: (_request, lastPath) =>
      lastPath && UPLOAD_ID.test(lastPath) ? lastPath : undefined,
    namingFunction: (request, metadata) => {
      try {
        return uploadIdFor(userOf(request).id, parseMetadata(metadata ?? undefined).recordingId);
      } catch (error) {
        throw error instanceof AppError ? hookError(error) : error;
      }
    },
    onIncomingRequest: (request, uploadId) => {
      if (request.method !== 'POST' && !isUploadOf(uploadId, userOf(request).id)) {
        return Promise.reject(
          hookError(new AppError(404, 'This upload was not found.', ERROR_CODES.notFound)),
        );
      }
      return Promise.resolve();
    },
    onUploadCreate: async (request, upload) => {
      try {
        const user = userOf(request);
        if (upload.sizeIsDeferred) {
          throw new AppError(400, 'Send Upload-Length: the size of the whole file.', ERROR_CODES.validation);
        }
        if (upload.size === 0)
          throw new AppError(
            400,
            'The file is empty. Record again and upload the new recording.',
            ERROR_CODES.emptyFile,
          );
        const meta = parseMetadata(upload.metadata);
        await service.checkReferences(
          {
            promptPairId: meta.promptPairId ?? null,
            promptSentenceId: meta.promptSentenceId ?? null,
            sourcePairId: meta.sourcePairId ?? null,
            repeatsId: meta.repeatsId ?? null,
            kind: meta.kind ?? 'clip',
            pictureId: meta.pictureId ?? null,
          },
          user,
        );
        return { metadata: storedMetadata(meta, user.id) };
      } catch (error) {
        throw error instanceof AppError ? hookError(error) : error;
      }
    },
    onUploadFinish: async (request, upload) => {
      try {
        const { created, recording } = await finisher.finish(upload, userOf(request));
        return {
          // A POST that carried the whole file must answer 201 so its Location header is sent.
          status_code: created || request.method === 'POST' ? 201 : 200,
          headers: { 'Content-Type': 'application/json; charset=utf-8', [RECORDING_ID_HEADER]: recording.id },
          body: JSON.stringify({ recording }),
        };
      } catch (error) {
        throw error instanceof AppError ? hookError(error) : error;
      }
    },
    onResponseError: (_request, error) => {
      if (error instanceof TusHookError || !(error instanceof Error) || 'status_code' in error)
        return undefined;
      log.error({ err: error }, 'tus upload failed');
      return {
        status_code: 500,
        body: JSON.stringify({ message: 'Something went wrong on the server.', code: ERROR_CODES.internal }),
      };
    },
  });
}
