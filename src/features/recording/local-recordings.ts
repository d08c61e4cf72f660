// Recordings on this device: written to IndexedDB while they are being made (a crash loses nothing), kept
// as ArrayBuffer chunks, and deleted only after the server has confirmed it holds them.
import { recording as m } from '../../../core/i18n/messages/recording.ts';
import { t } from '../../i18n/i18n.tsx';
import { localDb, type LocalRecording } from '../../offline/local-db.ts';
import { queueRecording } from '../../offline/outbox.ts';
import { deleteRecording, recordingBlob, recordingChunks } from '../../offline/recording-store.ts';

/** Chunk size for imported files (recordings are stored as the recorder delivers them, about 1 s each). */
export const IMPORT_CHUNK_BYTES = 1024 * 1024;

export type RecordingMeta = Pick<
  LocalRecording,
  'fileName' | 'title' | 'transcript' | 'language' | 'promptPairId' | 'mimeType'
> &
  /**
   * Who speaks (a field speaker), for a spoken translation the sentence it translates (issue 16), and what else
   * it answers or reads (issue 32).
   */
  Partial<
    Pick<
      LocalRecording,
      'speakerId' | 'sourcePairId' | 'kind' | 'repeatsId' | 'pictureId' | 'promptSentenceId'
    >
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

/** What to tell the contributor when the phone would not store audio (its storage is full, most often). */
export function storageFailureMessage(error: unknown): string {
  const name = (error as { name?: string } | null)?.name;
  const inner = (error as { inner?: { name?: string } } | null)?.inner?.name;
  if (name === 'QuotaExceededError' || inner === 'QuotaExceededError') return t(m.storageFull);
  return t(m.storageFailed, {
    reason: (error as Error | null)?.message ?? t(m.unknownError),
  });
}

/**
 * Writes a recording's audio to IndexedDB second by second as the recorder delivers it, in order. The first
 * write that fails (storage full) stops the writer and reports why once; later pieces are not attempted.
 */
export class DraftWriter {
  private chain: Promise<void> = Promise.resolve();
  private failure: unknown = null;

  constructor(
    private readonly draftId: string,
    private readonly onFailure: (message: string) => void,
    private readonly append: typeof appendChunk = appendChunk,
  ) {}

  write(position: number, data: Blob): void {
    this.chain = this.chain.then(async () => {
      if (this.failure) return;
      try {
        await this.append(this.draftId, position, await data.arrayBuffer());
      } catch (error) {
        this.failure = error;
        this.onFailure(storageFailureMessage(error));
      }
    });
  }

  /** Resolves when every write so far is done: null, or the error that stopped the writer. */
  async settled(): Promise<unknown> {
    await this.chain;
    return this.failure;
  }
}

/**
 * Replaces the per-second pieces of a draft with the recorder's final file and its duration, in one
 * transaction: a crash leaves either the pieces or the whole file, never a mixture or nothing.
 */
export async function replaceDraftAudio(
  recordingId: string,
  whole: Blob,
  durationSeconds: number,
): Promise<void> {
  const pieces: ArrayBuffer[] = [];
  for (let offset = 0; offset < whole.size; offset += IMPORT_CHUNK_BYTES)
    pieces.push(await whole.slice(offset, offset + IMPORT_CHUNK_BYTES).arrayBuffer());
  const db = localDb();
  await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
    await db.recordingChunks.where('recordingId').equals(recordingId).delete();
    await db.recordingChunks.bulkAdd(pieces.map((data, index) => ({ recordingId, index, data })));
    await db.recordings.update(recordingId, {
      chunkCount: pieces.length,
      sizeBytes: whole.size,
      durationSeconds,
    });
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
  // A phone's recorder app writes the file as it records: its last change is about when it was recorded.
  if (file.lastModified > 0) await localDb().recordings.update(id, { recordedAt: file.lastModified });
  await saveDraft(id, { durationSeconds });
  return id;
}

/** Removes a recording and its audio from this device. */
export function deleteLocal(recordingId: string): Promise<void> {
  return deleteRecording(localDb(), recordingId);
}
