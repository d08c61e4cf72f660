// Resumable uploads (tus 1.0: creation, creation-with-upload, HEAD, PATCH, termination) at /api/audio/tus, on
// @tus/server with partial uploads in DATA_DIR/uploads/tus (files 0600), or with an object store (BLOB_STORE) in
// its tus-uploads area with a lock shared through PostgreSQL, so an upload begun on one server goes on from any
// other (tus-partial-stores.ts, tus-locker.ts); removed 30 days after creation if never finished. Each account may hold at most UPLOAD_QUOTA_OPEN_UPLOADS unfinished uploads declaring at most
// UPLOAD_QUOTA_BYTES in all, counted in the database for every server; a creation past either answers 429
// UPLOAD_QUOTA, which the phone retries later.
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
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { UPLOAD_QUOTA_BYTES, UPLOAD_QUOTA_OPEN_UPLOADS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { storageArea, usesObjectStore } from '../../lib/blob-store.ts';
import { LOCK_NAMESPACES } from '../../lib/shared-locks.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import { leaveAdmission } from '../../plugins/admission.ts';
import { currentUser } from '../../plugins/auth.ts';
import { tusContract, TUS_METHODS } from './recordings-contract.ts';
import type { RecordingService } from './recordings.service.ts';
import { TusHookError } from './tus-answers.ts';
import {
  answerKnownCreation,
  creationMetadataUuid,
  creationUploadId,
  forward,
  headOfComplete,
  type TusContext,
} from './tus-requests.ts';
import { SharedTusLocker } from './tus-locker.ts';
import { FilePartialStore, ObjectPartialStore, type PartialStore } from './tus-partial-stores.ts';
import { createTusServer } from './tus-server.ts';
import { isUploadOf, RecordingUploadStore, removeStaleUploads, UploadFinisher } from './tus-upload-store.ts';

/** The field speaker a partial upload of this user was created for (null: the account holder speaks). */
async function uploadSpeakerId(
  store: RecordingUploadStore,
  uploadId: string | undefined,
  user: User,
): Promise<string | null> {
  if (!uploadId || !isUploadOf(uploadId, user.id)) return null;
  try {
    return (await store.getUpload(uploadId)).metadata?.speakerId || null;
  } catch {
    return null; // no such upload: the tus server answers it
  }
}

export { fileTooLargeMessage } from './tus-answers.ts';

const CLEAN_UP_EVERY_MS = 24 * 60 * 60 * 1000;

export interface TusUploadsOptions {
  config: Config;
  service: RecordingService;
}

export default async function tusUploads(app: FastifyInstance, { config, service }: TusUploadsOptions) {
  // Partial recordings wait in DATA_DIR/uploads/tus (private to the server's user, like the blob store), or with
  // an object store in its tus-uploads area, where every server finds them.
  let partials: PartialStore;
  if (usesObjectStore(config)) {
    partials = new ObjectPartialStore(storageArea(config, 'tus-uploads'), uploadTempDir(config));
  } else {
    const folder = new FilePartialStore(path.join(config.DATA_DIR, 'uploads', 'tus'));
    await folder.prepare();
    partials = folder;
  }
  // No expiration period in the store: @tus/server would read a POST-finished upload again after it was stored
  // and removed. Stale partial uploads are removed here instead (start-up, then daily).
  // The quota never refuses one upload of the largest size the server takes.
  const store = new RecordingUploadStore(partials, app.database.db, {
    uploads: UPLOAD_QUOTA_OPEN_UPLOADS,
    bytes: Math.max(UPLOAD_QUOTA_BYTES, config.AUDIO_MAX_BYTES),
  });
  await store.load();
  // Who holds an upload, and who stores a finished one: shared through PostgreSQL when it is configured.
  const locks = app.sharedLocks;
  const finisher = new UploadFinisher(store, service, locks);
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
  const tus = createTusServer({
    config,
    store,
    finisher,
    service,
    userOf,
    log: app.log,
    // With the object store, an upload begun on one server goes on from another: the lock is the database's.
    ...(usesObjectStore(config) ? { locker: new SharedTusLocker(locks) } : {}),
  });
  const context: TusContext = { config, store, finisher, service, tus, requestUsers };

  const cleanUp = async () => {
    try {
      const removed = await removeStaleUploads(partials, (id) => finisher.remove(id));
      if (removed > 0) app.log.info({ removed }, 'stale partial uploads removed');
    } catch (error) {
      app.log.warn({ err: error }, 'removing stale partial uploads failed');
    }
  };
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    await cleanUp();
    timer = setInterval(() => void cleanUp(), CLEAN_UP_EVERY_MS);
    timer.unref();
  });
  app.addHook('onClose', () => {
    clearInterval(timer);
    return Promise.resolve();
  });

  /** Creations of one upload run one at a time (tus's own lock covers writing, not the decision to create). */
  const creations = {
    run: <T>(id: string, fn: () => Promise<T>) => locks.run(LOCK_NAMESPACES.tusCreation, id, fn),
  };

  /**
   * The consent of who speaks: the field speaker the upload names (issue 16), else the account's. A
   * preValidation hook, so it is answered before the input rules, as every route answers who may call it first.
   */
  async function requireConsent(request: FastifyRequest) {
    const user = currentUser(request);
    const uploadId = (request.params as { id?: string }).id;
    if (request.method === 'POST' && !uploadId)
      await service.requireRecordingConsent(user, creationMetadataUuid(request, 'speakerId'));
    else if (request.method === 'POST' || request.method === 'PATCH')
      await service.requireRecordingConsent(user, await uploadSpeakerId(store, uploadId, user));
  }

  async function handle(request: FastifyRequest, reply: FastifyReply) {
    const user = currentUser(request);
    const uploadId = (request.params as { id?: string }).id;
    // From here a PATCH or POST streams its body and, on the last piece, waits for the audio decoder (its own
    // limit): neither is database work, so the request gives back its admission place.
    if (request.method === 'PATCH' || request.method === 'POST') leaveAdmission(request);
    if (request.method === 'HEAD' && uploadId && (await headOfComplete(context, uploadId, user, reply)))
      return reply;
    const creating = request.method === 'POST' && !uploadId ? creationUploadId(request, user) : null;
    if (creating) {
      return creations.run(creating, async () => {
        if (await answerKnownCreation(context, creating, user, request, reply)) return reply;
        return forward(context, request, reply, user);
      });
    }
    return forward(context, request, reply, user);
  }

  // The tus server reads PATCH and POST bodies itself: no parser may consume them.
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (_request, _payload, done) => done(null));
  // One route per method and address, so each is described as what it does (recordings-contract.ts).
  const params = z.object({ id: z.string().max(200) });
  for (const method of TUS_METHODS) {
    for (const atUpload of [false, true]) {
      const { summary, config } = tusContract(method, atUpload);
      app.route({
        method,
        url: atUpload ? '/tus/:id' : '/tus',
        schema: atUpload ? { summary, params } : { summary },
        config,
        preValidation: requireConsent,
        handler: handle,
      });
    }
  }
}
