// Recordings on this device: written to IndexedDB while they are being made (a crash loses nothing), kept
// as ArrayBuffer chunks, and deleted only after the server has confirmed it holds them.
import { localDb, type LocalRecording } from '../../offline/local-db.ts';
import { queueRecording } from '../../offline/outbox.ts';
import { deleteRecording, recordingBlob, recordingChunks } from '../../offline/recording-store.ts';

/** Chunk size for imported files (recordings are stored as the recorder delivers them, about 1 s each). */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;

export type RecordingMeta = Pick<
  LocalRecording,
  'fileName' | 'title' | 'transcript' | 'language' | 'promptPairId' | 'mimeType'
>;

export async function createDraft(userId: string, meta: RecordingMeta): Promise<string> {
  const id = crypto.randomUUID();
  await localDb().recordings.add({
    ...meta,
    id,
    userId,
    createdAt: Date.now(),
    state: 'draft',
    durationSeconds: 0,
    sizeBytes: 0,
    sha256: null,
    chunkCount: 0,
    uploadedBytes: 0,
    uploadUrl: null,
  });
  return id;
}

/** Stores one piece of audio as it arrives from the recorder. */
export async function appendChunk(recordingId: string, index: number, data: ArrayBuffer): Promise<void> {
  const db = localDb();
  await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    await db.recordingChunks.put({ recordingId, index, data });
    const recording = await db.recordings.get(recordingId);
    if (recording) {
      await db.recordings.update(recordingId, {
        chunkCount: Math.max(recording.chunkCount, index + 1),
        sizeBytes: recording.sizeBytes + data.byteLength,
      });
    }
  });
}

export function chunksOf(recordingId: string): Promise<ArrayBuffer[]> {
  return recordingChunks(localDb(), recordingId);
}

export function audioBlob(recording: LocalRecording): Promise<Blob> {
  return recordingBlob(localDb(), recording);
}

export async function sha256Hex(chunks: readonly ArrayBuffer[]): Promise<string> {
  const total = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  const whole = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    whole.set(new Uint8Array(chunk), offset);
    offset += chunk.byteLength;
  }
  const digest = await crypto.subtle.digest('SHA-256', whole);
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The contributor saved the recording: with its checksum, it joins the outbox (waiting for upload). */
export async function saveDraft(
  recordingId: string,
  changes: Partial<
    Pick<LocalRecording, 'title' | 'transcript' | 'language' | 'durationSeconds' | 'fileName'>
  >,
): Promise<void> {
  const chunks = await chunksOf(recordingId);
  const sha256 = await sha256Hex(chunks);
  const sizeBytes = chunks.reduce((sum, chunk) => sum + chunk.byteLength, 0);
  await queueRecording(localDb(), recordingId, { ...changes, sha256, sizeBytes, chunkCount: chunks.length });
}

/** Brings an existing audio file into the local store, as a recording waiting for upload. */
export async function importFile(
  userId: string,
  file: File,
  durationSeconds: number,
  extra: Pick<LocalRecording, 'title' | 'transcript' | 'language'>,
): Promise<string> {
  const id = await createDraft(userId, {
    fileName: file.name,
    title: extra.title,
    transcript: extra.transcript,
    language: extra.language,
    promptPairId: null,
    mimeType: file.type || 'application/octet-stream',
  });
  for (let index = 0, offset = 0; offset < file.size; index += 1, offset += IMPORT_CHUNK_BYTES) {
    await appendChunk(id, index, await file.slice(offset, offset + IMPORT_CHUNK_BYTES).arrayBuffer());
  }
  await saveDraft(id, { durationSeconds });
  return id;
}

/** Removes a recording and its audio from this device. */
export function deleteLocal(recordingId: string): Promise<void> {
  return deleteRecording(localDb(), recordingId);
}

export function localRecordingsOf(userId: string): Promise<LocalRecording[]> {
  return localDb().recordings.where('userId').equals(userId).sortBy('createdAt');
}
