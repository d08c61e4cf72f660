// The audio of recordings kept on this device, shared by the recording screens and the uploader.
import { recordingSubject, type LocalDb, type LocalRecording } from './local-db.ts';

/** A recording's audio chunks, in order. */
export async function recordingChunks(db: LocalDb, recordingId: string): Promise<ArrayBuffer[]> {
  const rows = await db.recordingChunks.where('recordingId').equals(recordingId).sortBy('index');
  return rows.map((row) => row.data);
}

/** A recording's audio as one Blob of its own type. */
export async function recordingBlob(db: LocalDb, recording: LocalRecording): Promise<Blob> {
  return new Blob(await recordingChunks(db, recording.id), { type: recording.mimeType });
}

/** Removes a recording, its audio and its upload from this device's outbox, in one transaction. */
export async function deleteRecording(db: LocalDb, recordingId: string): Promise<void> {
  await db.transaction('rw', db.recordings, db.recordingChunks, db.outbox, async () => {
    await db.recordingChunks.where('recordingId').equals(recordingId).delete();
    await db.recordings.delete(recordingId);
    await db.outbox.where('subject').equals(recordingSubject(recordingId)).delete();
  });
}
