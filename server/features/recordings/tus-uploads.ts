// Resumable uploads (tus 1.0: creation, creation-with-upload, HEAD, PATCH, termination) at /api/audio/tus, on
// @tus/server with partial uploads in DATA_DIR/uploads/tus (removed 30 days after creation if never finished).
//
// Fastify authenticates every request (bearer token) and checks recording consent on POST and PATCH, then
// hands a web Request to the tus server and sends its Response back, with every error as JSON
// { message, code }. The upload id is derived from the recording: the client's recordingId (32 hex digits)
// followed by 16 hex digits of SHA-256(user id, recordingId), so only its creator can address an upload, and
// creating the same recording's upload again (same length and checksum) reuses the partial upload instead of
// starting over. The final PATCH (or POST with the whole file) stores the recording and answers
// `{ recording }` (201 stored now, 200 already stored), with its id in the Recording-Id header; a refusal
// answers 4xx `{ message, code }` and deletes the partial upload. HEAD of an upload that is complete answers
// 200 with Upload-Offset = Upload-Length and Recording-Id (storing it first if the final PATCH's answer was lost).
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { FileStore } from '@tus/file-store';
import { Server, type Upload } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { RECORDING_ID_HEADER, TUS_ENDPOINT, tusUploadMetadataSchema } from '../../../core/api/recordings.ts';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { KeyedLock } from '../../lib/keyed-lock.ts';
import { parseInput } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  RECORDING_NOT_FOUND,
  type RecordingFields,
  type RecordingService,
  type StoreResult,
} from './recordings.service.ts';

const UPLOAD_ID = /^[0-9a-f]{48}$/;
/** Partial uploads are kept as long as idempotency keys: an offline phone may resume weeks later. */
const UPLOAD_EXPIRY_MS = IDEMPOTENCY_KEY_TTL_MS;
const TUS_METHODS = ['POST', 'HEAD', 'PATCH', 'DELETE', 'OPTIONS'] as const;

/** An error a tus hook throws: @tus/server answers its status_code and body. */
class TusHookError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

function hookError(error: AppError): TusHookError {
  return new TusHookError(
    error.statusCode,
    JSON.stringify({ message: error.message, code: error.code, details: error.details }),
  );
}

export function uploadIdFor(userId: string, recordingId: string): string {
  const hex = recordingId.replaceAll('-', '').toLowerCase();
  const tag = crypto.createHash('sha256').update(`${userId}:${recordingId.toLowerCase()}`).digest('hex');
  return `${hex}${tag.slice(0, 16)}`;
}

export function recordingIdOf(uploadId: string): string {
  const hex = uploadId.slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Whether the upload id is well formed and was made for this user. */
export function isUploadOf(uploadId: string, userId: string): boolean {
  return UPLOAD_ID.test(uploadId) && uploadIdFor(userId, recordingIdOf(uploadId)) === uploadId;
}

/** Reads validated fields from tus metadata; AppError 400 with the problems when they are not valid. */
function parseMetadata(metadata: Record<string, string | null> | undefined) {
  return parseInput(
    tusUploadMetadataSchema,
    Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, value ?? undefined])),
    (first) => `The upload's metadata is not valid: ${first}.`,
  );
}

type ParsedMetadata = ReturnType<typeof parseMetadata>;

function fieldsOf(meta: ParsedMetadata): RecordingFields {
  return {
    id: meta.recordingId.toLowerCase(),
    fileName: meta.fileName,
    title: meta.title ?? null,
    transcript: meta.transcript ?? null,
    language: meta.language ?? null,
    promptPairId: meta.promptPairId ?? null,
    clientMimeType: meta.mimeType ?? null,
    clientDuration: meta.durationSeconds ?? null,
  };
}

/** The metadata kept with a partial upload: the validated fields as text, and the owner. */
function storedMetadata(meta: ParsedMetadata, ownerId: string): Record<string, string | null> {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : String(value);
  return {
    recordingId: meta.recordingId.toLowerCase(),
    fileName: meta.fileName,
    sha256: meta.sha256,
    mimeType: text(meta.mimeType),
    durationSeconds: text(meta.durationSeconds),
    transcript: text(meta.transcript),
    language: text(meta.language),
    title: text(meta.title),
    promptPairId: text(meta.promptPairId),
    ownerId,
  };
}

/**
 * FileStore that reuses a live partial upload when the same recording's upload is created again with the same
 * length, checksum and owner (the tus client then learns the offset with HEAD), instead of truncating it.
 */
class RecordingUploadStore extends FileStore {
  override async create(upload: Upload): Promise<Upload> {
    try {
      const existing = await this.getUpload(upload.id);
      const expired = isStale(existing.creation_date, Date.now());
      const same =
        existing.size === upload.size &&
        existing.metadata?.sha256 === upload.metadata?.sha256 &&
        existing.metadata?.ownerId === upload.metadata?.ownerId;
      if (same && !expired) {
        upload.offset = existing.offset;
        upload.creation_date = existing.creation_date;
        upload.storage = existing.storage;
        return upload;
      }
    } catch {
      // No usable upload under this id: create it.
    }
    return super.create(upload);
  }

  filePath(id: string): string {
    return path.join(this.directory, id);
  }
}

export interface TusUploadsOptions {
  config: Config;
  service: RecordingService;
}

export default async function tusUploads(app: FastifyInstance, { config, service }: TusUploadsOptions) {
  const directory = path.join(config.DATA_DIR, 'uploads', 'tus');
  // Partial recordings: private to the server's user, like the blob store.
  await fsp.mkdir(directory, { recursive: true, mode: 0o700 });
  await fsp.chmod(path.dirname(directory), 0o700);
  await fsp.chmod(directory, 0o700);
  // No expiration period in the store: @tus/server would read a POST-finished upload again after it was stored
  // and removed. Stale partial uploads are removed here instead (start-up, then daily).
  const store = new RecordingUploadStore({ directory });
  /** The signed-in user of each request handed to the tus server. */
  const requestUsers = new WeakMap<Request, User>();
  const userOf = (request: Request): User => {
    const user = requestUsers.get(request);
    if (!user)
      throw new TusHookError(
        401,
        JSON.stringify({ message: 'Please sign in to continue.', code: ERROR_CODES.unauthenticated }),
      );
    return user;
  };
  const finishing = new Map<string, Promise<StoreResult>>();

  /** Stores a complete upload once, however many requests ask at the same time. */
  const finishUpload = (upload: Upload, user: User): Promise<StoreResult> => {
    let running = finishing.get(upload.id);
    if (!running) {
      running = storeUpload(upload, user).finally(() => finishing.delete(upload.id));
      finishing.set(upload.id, running);
    }
    return running;
  };

  const removeUpload = async (id: string) => {
    await fsp.rm(store.filePath(id), { force: true });
    await fsp.rm(`${store.filePath(id)}.json`, { force: true });
  };

  async function storeUpload(upload: Upload, user: User): Promise<StoreResult> {
    if (upload.metadata?.ownerId !== user.id)
      throw new AppError(404, RECORDING_NOT_FOUND, ERROR_CODES.notFound);
    const filePath = store.filePath(upload.id);
    try {
      const meta = parseMetadata(upload.metadata);
      const fields = fieldsOf(meta);
      const result = await service.store(filePath, fields, user, { expectedSha256: meta.sha256 });
      await removeUpload(upload.id);
      return result;
    } catch (error) {
      // A refused upload is deleted: the client sends a corrected file as a new upload. After a server error
      // the upload stays, and a HEAD tries to store it again.
      if (error instanceof AppError && error.statusCode < 500)
        await removeUpload(upload.id).catch(() => undefined);
      throw error;
    }
  }

  const tus = new Server({
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
        await service.checkPrompt(meta.promptPairId ?? null);
        return { metadata: storedMetadata(meta, user.id) };
      } catch (error) {
        throw error instanceof AppError ? hookError(error) : error;
      }
    },
    onUploadFinish: async (request, upload) => {
      try {
        const { created, recording } = await finishUpload(upload, userOf(request));
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
      app.log.error({ err: error }, 'tus upload failed');
      return {
        status_code: 500,
        body: JSON.stringify({ message: 'Something went wrong on the server.', code: ERROR_CODES.internal }),
      };
    },
  });

  const cleanUp = async () => {
    try {
      const removed = await removeStaleUploads(directory, removeUpload);
      if (removed > 0) app.log.info({ removed }, 'stale partial uploads removed');
    } catch (error) {
      app.log.warn({ err: error }, 'removing stale partial uploads failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await cleanUp();
    timer = setInterval(() => void cleanUp(), 24 * 60 * 60 * 1000);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });

  /** HEAD of a complete upload: store it if that has not happened, and answer with the recording's id. */
  async function headOfComplete(uploadId: string, user: User, reply: FastifyReply): Promise<boolean> {
    if (!isUploadOf(uploadId, user.id)) return false;
    let upload: Upload | null = null;
    try {
      upload = await store.getUpload(uploadId);
    } catch {
      upload = null;
    }
    let stored: { id: string; size: number } | null = null;
    if (upload && upload.size !== undefined && upload.size > 0 && upload.offset === upload.size) {
      const { recording } = await finishUpload(upload, user);
      stored = { id: recording.id, size: recording.sizeBytes };
    } else if (!upload) {
      const recording = await service.existing(recordingIdOf(uploadId), user);
      if (recording) stored = { id: recording.id, size: recording.sizeBytes };
    }
    if (!stored) return false;
    await reply
      .status(200)
      .headers({
        'Tus-Resumable': '1.0.0',
        'Upload-Offset': String(stored.size),
        'Upload-Length': String(stored.size),
        'Cache-Control': 'no-store',
        [RECORDING_ID_HEADER]: stored.id,
      })
      .send();
    return true;
  }

  /**
   * A creation that carries the file (creation-with-upload) for a recording this server already has in whole
   * or in part: answered without writing, so parallel or repeated creations never write past the upload's
   * length. Stored or complete: 201 with the recording. Partly received: 201 with the offset reached, from
   * which the client goes on with PATCH. The body sent is discarded. false: let the tus server create it.
   */
  async function answerKnownCreation(
    uploadId: string,
    user: User,
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<boolean> {
    if (request.headers['content-type'] !== 'application/offset+octet-stream') return false;
    const length = Number(request.headers['upload-length']);
    const stored = await service.existing(recordingIdOf(uploadId), user);
    let offset: number;
    let recording = stored;
    if (stored) offset = stored.sizeBytes;
    else {
      const upload = await store.getUpload(uploadId).catch(() => null);
      const sameUpload =
        upload !== null &&
        upload.size === length &&
        upload.metadata?.ownerId === user.id &&
        !isStale(upload.creation_date, Date.now());
      if (!sameUpload || upload.offset === 0) return false;
      offset = upload.offset;
      if (upload.offset === upload.size) ({ recording } = await finishUpload(upload, user));
    }
    request.raw.resume();
    void reply.status(201).headers({
      'Tus-Resumable': '1.0.0',
      Location: `${TUS_ENDPOINT}/${uploadId}`,
      'Upload-Offset': String(offset),
      'Cache-Control': 'no-store',
    });
    if (!recording) {
      await reply.send();
      return true;
    }
    void reply.header(RECORDING_ID_HEADER, recording.id);
    await reply.type('application/json; charset=utf-8').send(JSON.stringify({ recording }));
    return true;
  }

  /** The upload id a creation request names (its metadata's recordingId for this user), or null. */
  function creationUploadId(request: FastifyRequest, user: User): string | null {
    const header = request.headers['upload-metadata'];
    if (typeof header !== 'string' || header.length > 16 * 1024) return null;
    for (const pair of header.split(',')) {
      const [key, value] = pair.trim().split(' ');
      if (key !== 'recordingId' || !value) continue;
      const recordingId = Buffer.from(value, 'base64').toString('utf8');
      return z.uuid().safeParse(recordingId).success ? uploadIdFor(user.id, recordingId) : null;
    }
    return null;
  }

  /** Creations of one upload run one at a time (tus's own lock covers writing, not the decision to create). */
  const creations = new KeyedLock();

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const user = currentUser(request);
    if (request.method === 'POST' || request.method === 'PATCH') await service.requireRecordingConsent(user);
    const uploadId = (request.params as { id?: string }).id;
    if (request.method === 'HEAD' && uploadId && (await headOfComplete(uploadId, user, reply))) return reply;
    const creating = request.method === 'POST' && !uploadId ? creationUploadId(request, user) : null;
    if (creating) {
      return creations.run(creating, async () => {
        if (await answerKnownCreation(creating, user, request, reply)) return reply;
        return forward(request, reply, user);
      });
    }
    return forward(request, reply, user);
  }

  /** Hands the request to the tus server and sends its answer back. */
  async function forward(request: FastifyRequest, reply: FastifyReply, user: User) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
    }
    const hasBody = request.method === 'POST' || request.method === 'PATCH';
    const webRequest = new Request(new URL(request.url, 'http://localhost'), {
      method: request.method,
      headers,
      ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: 'half' } : {}),
    });
    requestUsers.set(webRequest, user);
    const response = await tus.handleWeb(webRequest);

    void reply.status(response.status);
    for (const [name, value] of response.headers) {
      if (name !== 'content-length' && name !== 'content-type') void reply.header(name, value);
    }
    const text = await response.text();
    if (response.status >= 400) {
      return reply
        .type('application/json; charset=utf-8')
        .send(errorBody(response.status, text, config.AUDIO_MAX_BYTES));
    }
    if (text) return reply.type('application/json; charset=utf-8').send(text);
    return reply.send();
  }

  // The tus server reads PATCH and POST bodies itself: no parser may consume them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  const params = z.object({ id: z.string().max(200).optional() });
  app.route({ method: [...TUS_METHODS], url: '/tus', schema: { params }, handler: handle });
  app.route({ method: [...TUS_METHODS], url: '/tus/:id', schema: { params }, handler: handle });
}

function isStale(creationDate: string | undefined, now: number): boolean {
  return creationDate !== undefined && now > new Date(creationDate).getTime() + UPLOAD_EXPIRY_MS;
}

/** Removes partial uploads created longer ago than UPLOAD_EXPIRY_MS (and data files without their info). */
async function removeStaleUploads(directory: string, remove: (id: string) => Promise<void>): Promise<number> {
  const now = Date.now();
  let removed = 0;
  for (const name of await fsp.readdir(directory)) {
    const id = name.replace(/\.json$/, '');
    if (!UPLOAD_ID.test(id)) continue;
    let stale: boolean;
    try {
      const info = JSON.parse(await fsp.readFile(path.join(directory, `${id}.json`), 'utf8')) as {
        creation_date?: string;
      };
      stale = isStale(info.creation_date, now);
    } catch {
      // No readable info: stale once the data file is as old as an upload may be.
      const stat = await fsp.stat(path.join(directory, name)).catch(() => null);
      stale = stat !== null && now - stat.mtimeMs > UPLOAD_EXPIRY_MS;
    }
    if (stale) {
      await remove(id);
      removed += 1;
    }
  }
  return removed;
}

/** Keeps JSON error bodies (ours); turns the tus server's plain-text errors into { message, code }. */
function errorBody(status: number, text: string, maxBytes: number): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return text;
  } catch {
    // Plain text from @tus/server.
  }
  const known: Record<number, { message: string; code: string }> = {
    404: { message: 'This upload was not found. Start the upload again.', code: ERROR_CODES.notFound },
    409: {
      message:
        'The upload offset does not match what the server has. Ask for the offset (HEAD) and continue from it.',
      code: ERROR_CODES.uploadOffsetConflict,
    },
    410: { message: 'This upload has expired. Start the upload again.', code: ERROR_CODES.uploadGone },
    413: text.startsWith("upload's size exceeded")
      ? {
          message:
            'This request carries more bytes than the upload declared (Upload-Length). Ask for the offset (HEAD) and send only the rest.',
          code: ERROR_CODES.uploadProtocol,
        }
      : { message: fileTooLargeMessage(maxBytes), code: ERROR_CODES.fileTooLarge },
  };
  return JSON.stringify(
    known[status] ?? {
      message: text.trim() || 'The upload request was not valid.',
      code: status >= 500 ? ERROR_CODES.internal : ERROR_CODES.uploadProtocol,
    },
  );
}

export function fileTooLargeMessage(maxBytes: number): string {
  const size =
    maxBytes >= 1024 * 1024
      ? `${Math.round((maxBytes / 1024 / 1024) * 10) / 10} MB`
      : `${Math.round((maxBytes / 1024) * 10) / 10} KB`;
  return `The file is larger than ${size}, the most the server accepts. Record shorter pieces.`;
}
