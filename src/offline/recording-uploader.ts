// The sender of the outbox's 'recording.upload' entries: the tus resumable upload protocol, pieces sized to the
// link (upload-chunks.ts), and an interrupted upload continues from the last byte the server acknowledged (the
// upload's address is kept with the recording, so this survives reloads and restarts). A recording is asked for by its UUID first, so
// one the server already has is never sent twice; its audio leaves this device only when the outbox confirms
// the entry (outbox-effects.ts), after the server verified its checksum.
import { DetailedError, Upload } from 'tus-js-client';
import { FetchHttpStack } from './fetch-http-stack.ts';
import { notePieceSent, pieceSendingMs, uploadChunkBytes, type PieceProgress } from './upload-chunks.ts';
import { ERROR_CODES } from '../../core/api/errors.ts';
import type { TusUploadMetadata } from '../../core/api/recordings.ts';
import type { LocalDb, LocalRecording } from './local-db.ts';
import { localDb } from './local-db.ts';
import type { OutboxSender, SendOutcome, SyncSession } from './outbox-kinds.ts';
import { outcomeOfFailure } from './outbox-kinds.ts';
import { retryAfterMs } from './backoff.ts';
import { recordingBlob } from './recording-store.ts';

/**
 * Does the server already hold this recording? 'signed-out' when the session ended; a retry outcome when the
 * server cannot be reached or is busy (with its Retry-After).
 */
export async function serverHas(
  apiBase: string,
  session: SyncSession,
  id: string,
  fetchImpl: typeof fetch,
  now: () => number,
): Promise<boolean | 'signed-out' | Extract<SendOutcome, { kind: 'retry' }>> {
  try {
    const response = await fetchImpl(`${apiBase}/audio/recordings/${id}`, {
      headers: { Authorization: `Bearer ${session.token}` },
      cache: 'no-store',
    });
    if (response.status === 401) return 'signed-out';
    if (response.ok) return true;
    if (response.status === 404) return false;
    return {
      kind: 'retry',
      message: `The server answered ${response.status}.`,
      retryAfter: retryAfterMs(response.headers.get('Retry-After'), now()),
    };
  } catch {
    return { kind: 'retry', message: 'The server cannot be reached.', retryAfter: null };
  }
}

/** A busy server's answer: 503 or 429 that says how long to wait. */
export function isBusyAnswer(status: number, retryAfterHeader: string | null): boolean {
  return (status === 503 || status === 429) && retryAfterHeader !== null && retryAfterHeader !== '';
}

/**
 * Whether tus-js-client retries a failed request within this round (its retryDelays). Not when the server said
 * how long to wait (a busy server's 503, a 429, with Retry-After): the sync engine then waits that long plus
 * jitter, where tus-js-client would come back within a second. Otherwise tus-js-client's own rule: anything but a
 * 4xx, and 409 and 423, unless the browser knows it is offline.
 */
export function retryWithinRound(status: number, retryAfterHeader: string | null): boolean {
  if (isBusyAnswer(status, retryAfterHeader)) return false;
  const online = typeof navigator === 'undefined' || navigator.onLine !== false;
  return (status < 400 || status >= 500 || status === 409 || status === 423) && online;
}

const inServiceWorker = () =>
  typeof (globalThis as { ServiceWorkerGlobalScope?: unknown }).ServiceWorkerGlobalScope !== 'undefined';

function uploadOne(
  db: LocalDb,
  apiBase: string,
  session: SyncSession,
  recording: LocalRecording,
  file: Blob,
  now: () => number,
): Promise<SendOutcome> {
  const pieceStarted = new WeakMap<object, number>();
  /** The newest progress of the piece being sent (one request at a time per upload). */
  let progress: PieceProgress | null = null;
  /**
   * Retry-After of a busy answer to the HEAD that resumes an upload. tus-js-client takes any failed HEAD for a
   * lost upload and creates it again at once; a busy server's HEAD instead ends this round, to wait as told.
   */
  let busyRetryAfter: string | null = null;
  return new Promise((resolve) => {
    const metadata: TusUploadMetadata = {
      recordingId: recording.id,
      fileName: recording.fileName,
      mimeType: recording.mimeType,
      durationSeconds: String(recording.durationSeconds),
      sha256: recording.sha256 ?? '',
      // The time it was recorded, by this phone's clock: it may reach the server days later.
      recordedAt: new Date(recording.recordedAt ?? recording.createdAt).toISOString(),
    };
    if (recording.title) metadata.title = recording.title;
    if (recording.transcript) metadata.transcript = recording.transcript;
    if (recording.language) metadata.language = recording.language;
    if (recording.promptPairId !== null) metadata.promptPairId = String(recording.promptPairId);
    if (recording.promptSentenceId) metadata.promptSentenceId = String(recording.promptSentenceId);
    if (recording.speakerId) metadata.speakerId = recording.speakerId;
    if (recording.sourcePairId) metadata.sourcePairId = String(recording.sourcePairId);
    if (recording.kind) metadata.kind = recording.kind;
    if (recording.repeatsId) metadata.repeatsId = recording.repeatsId;
    if (recording.pictureId) metadata.pictureId = recording.pictureId;

    const upload = new Upload(file, {
      endpoint: `${apiBase}/audio/tus`,
      uploadUrl: recording.uploadUrl,
      chunkSize: uploadChunkBytes(),
      metadata,
      headers: { Authorization: `Bearer ${session.token}` },
      // The service worker has no XMLHttpRequest: there the same protocol goes over fetch. Elsewhere tus-js-client's
      // own stack (XHR on the page, Node's http for the sync-storm benchmark).
      ...(inServiceWorker() ? { httpStack: new FetchHttpStack() } : {}),
      // Retries within this round; after that the sync engine's backoff takes over.
      retryDelays: [0, 1_000, 3_000],
      onShouldRetry: (error) => {
        const response = error.originalResponse;
        return (
          busyRetryAfter === null &&
          retryWithinRound(response?.getStatus() ?? 0, response?.getHeader('Retry-After') ?? null)
        );
      },
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      // Each acknowledged piece tells how fast the link sends (pieceSendingMs): the next upload's pieces are sized by it.
      onBeforeRequest: (request) => {
        if (request.getMethod() === 'PATCH') pieceStarted.set(request, now());
      },
      onAfterResponse: (request, response) => {
        const status = response.getStatus();
        const retryAfter = response.getHeader('Retry-After') ?? null;
        if (request.getMethod() === 'HEAD' && isBusyAnswer(status, retryAfter)) {
          busyRetryAfter = retryAfter;
          throw new Error('The server is busy.');
        }
        const startedAt = pieceStarted.get(request);
        // 204 for a piece, 201 for the last one (the stored recording).
        if (startedAt === undefined || status < 200 || status > 299) return;
        const end = Number(response.getHeader('Upload-Offset'));
        const sent = end - Number(request.getHeader('Upload-Offset'));
        if (Number.isFinite(sent)) notePieceSent(sent, pieceSendingMs(startedAt, end, progress, now()));
      },
      onUploadUrlAvailable: () => {
        void db.recordings.update(recording.id, { uploadUrl: upload.url, state: 'uploading' });
      },
      onProgress: (bytesSent) => {
        progress = { bytes: bytesSent, at: now() };
        void db.recordings.update(recording.id, { uploadedBytes: bytesSent, state: 'uploading' });
      },
      onSuccess: () => resolve({ kind: 'confirmed', body: null }),
      onError: (error) => {
        if (busyRetryAfter !== null) {
          resolve({
            kind: 'retry',
            message: 'The server is busy.',
            retryAfter: retryAfterMs(busyRetryAfter, now()),
          });
          return;
        }
        const response = error instanceof DetailedError ? error.originalResponse : null;
        const status = response?.getStatus() ?? 0;
        if (status === 0) {
          resolve({ kind: 'retry', message: 'The server cannot be reached.', retryAfter: null });
          return;
        }
        const method = error instanceof DetailedError ? error.originalRequest?.getMethod() : undefined;
        const outcome = uploadFailure(
          method ?? 'PATCH',
          status,
          response?.getBody() ?? '',
          response?.getHeader('Retry-After') ?? null,
          now(),
        );
        if (outcome === 'restart') {
          // The partial upload expired on the server: start again from the beginning next round.
          void db.recordings
            .update(recording.id, { uploadUrl: null, uploadedBytes: 0 })
            .then(() => resolve({ kind: 'retry', message: 'The upload starts again.', retryAfter: null }));
          return;
        }
        resolve(outcome);
      },
    });
    upload.start();
  });
}

/**
 * What a refused tus request means: 404 or 410 to a request about an upload begun before (its PATCH or HEAD) is a
 * partial upload that expired on the server ('restart': it starts again from the beginning), unless the server
 * says what the recording was about is gone (ITEM_GONE: a repetition of a clip removed or withdrawn, which the
 * outbox drops). A 404 to the creation (POST) names something the recording refers to that the server does not
 * know (a speaker not on the account): starting again would be refused again, so it is answered as for every
 * kind, as is anything else.
 */
export function uploadFailure(
  method: string,
  status: number,
  bodyText: string,
  retryAfter: string | null,
  now: number,
): SendOutcome | 'restart' {
  let body: unknown = null;
  try {
    body = JSON.parse(bodyText);
  } catch {
    // Not JSON: the status decides.
  }
  const gone = (body as { code?: unknown } | null)?.code === ERROR_CODES.itemGone;
  const aboutBegunUpload = method.toUpperCase() !== 'POST';
  if ((status === 404 || status === 410) && !gone && aboutBegunUpload) return 'restart';
  return outcomeOfFailure(status, body, retryAfter, now);
}

/** Sends one recording of the outbox: nothing when the server already has it, else its audio by tus. */
export const sendRecording: OutboxSender = async (entry, { apiBase, session, fetch, now }) => {
  if (entry.kind !== 'recording.upload') throw new Error(`${entry.kind} is not a recording.`);
  const db = localDb();
  const { recordingId } = entry.body;
  const recording = await db.recordings.get(recordingId);
  // Deleted on this device meanwhile: nothing left to send.
  if (!recording) return { kind: 'confirmed', body: null };
  const known = await serverHas(apiBase, session, recording.id, fetch, now);
  if (known === 'signed-out') return { kind: 'signed-out', message: 'Please sign in again.' };
  if (typeof known === 'object') return known;
  if (known) return { kind: 'confirmed', body: null };
  return uploadOne(db, apiBase, session, recording, await recordingBlob(db, recording), now);
};
