// Delivers the recordings waiting on this device, one at a time, oldest first, with the tus resumable
// upload protocol: 1 MB chunks, and an interrupted upload continues from the last byte the server
// acknowledged (the upload's address is kept with the recording, so this survives reloads and restarts).
// A recording is asked for by its UUID first, so one the server already has is never sent twice; its
// audio leaves this device only after the server confirmed it (with the checksum it verified).
import { DetailedError, Upload } from 'tus-js-client';
import type { LocalRecording, LocalDb } from './local-db.ts';
import { deleteRecording, recordingBlob } from './recording-store.ts';
import type { SyncSession } from './sync-engine.ts';

export const UPLOAD_CHUNK_BYTES = 1024 * 1024;

export type UploadRound = 'done' | 'retry' | 'signed-out';

/** Does the server already hold this recording? null when it cannot be reached. */
async function serverHas(
  apiBase: string,
  session: SyncSession,
  id: string,
): Promise<boolean | 'signed-out' | null> {
  try {
    const response = await fetch(`${apiBase}/audio/recordings/${id}`, {
      headers: { Authorization: `Bearer ${session.token}` },
      cache: 'no-store',
    });
    if (response.status === 401) return 'signed-out';
    if (response.ok) return true;
    if (response.status === 404) return false;
    return null;
  } catch {
    return null;
  }
}

function uploadOne(
  db: LocalDb,
  apiBase: string,
  session: SyncSession,
  recording: LocalRecording,
  file: Blob,
): Promise<UploadRound> {
  return new Promise((resolve) => {
    const metadata: Record<string, string> = {
      recordingId: recording.id,
      fileName: recording.fileName,
      mimeType: recording.mimeType,
      durationSeconds: String(recording.durationSeconds),
      sha256: recording.sha256 ?? '',
    };
    if (recording.title) metadata.title = recording.title;
    if (recording.transcript) metadata.transcript = recording.transcript;
    if (recording.language) metadata.language = recording.language;
    if (recording.promptPairId !== null) metadata.promptPairId = String(recording.promptPairId);

    const upload = new Upload(file, {
      endpoint: `${apiBase}/audio/tus`,
      uploadUrl: recording.uploadUrl,
      chunkSize: UPLOAD_CHUNK_BYTES,
      metadata,
      headers: { Authorization: `Bearer ${session.token}` },
      // Retries within this round; after that the sync engine's backoff takes over.
      retryDelays: [0, 1_000, 3_000],
      storeFingerprintForResuming: false,
      removeFingerprintOnSuccess: true,
      onUploadUrlAvailable: () => {
        void db.recordings.update(recording.id, { uploadUrl: upload.url, state: 'uploading' });
      },
      onProgress: (bytesSent) => {
        void db.recordings.update(recording.id, { uploadedBytes: bytesSent, state: 'uploading' });
      },
      onSuccess: () => {
        void deleteRecording(db, recording.id).then(() => resolve('done'));
      },
      onError: (error) => {
        const status = error instanceof DetailedError ? (error.originalResponse?.getStatus() ?? 0) : 0;
        if (status === 401) return resolve('signed-out');
        if (status === 404 || status === 410) {
          // The partial upload expired on the server: start again from the beginning next round.
          void db.recordings
            .update(recording.id, { uploadUrl: null, uploadedBytes: 0 })
            .then(() => resolve('retry'));
          return;
        }
        if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
          let message = `The server refused this recording (${status}).`;
          try {
            const body = JSON.parse((error as DetailedError).originalResponse?.getBody() ?? '') as {
              message?: string;
              code?: string;
            };
            if (body.message) message = body.message;
            void db.recordings.update(recording.id, {
              state: 'attention',
              problem: { status, code: body.code, message },
            });
          } catch {
            void db.recordings.update(recording.id, { state: 'attention', problem: { status, message } });
          }
          return resolve('done');
        }
        resolve('retry');
      },
    });
    upload.start();
  });
}

/** Uploads every waiting recording of the session's user; stops at the first network failure. */
export async function uploadWaitingRecordings(
  db: LocalDb,
  apiBase: string,
  session: SyncSession,
): Promise<UploadRound> {
  const waiting = (await db.recordings.where('userId').equals(session.userId).sortBy('createdAt')).filter(
    (recording) => recording.state === 'waiting' || recording.state === 'uploading',
  );
  for (const recording of waiting) {
    const known = await serverHas(apiBase, session, recording.id);
    if (known === 'signed-out') return 'signed-out';
    if (known === null) return 'retry';
    if (known) {
      await deleteRecording(db, recording.id);
      continue;
    }
    const round = await uploadOne(db, apiBase, session, recording, await recordingBlob(db, recording));
    if (round !== 'done') return round;
  }
  return 'done';
}
