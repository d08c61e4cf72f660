// Recorder storage on a real IndexedDB implementation: pieces written in order, a full disk stops the writer
// once with words for the contributor, and the final file replaces the pieces in one transaction.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { localDb } from '../../offline/local-db.ts';
import {
  appendChunk,
  createDraft,
  DraftWriter,
  replaceDraftAudio,
  storageFailureMessage,
} from './local-recordings.ts';

const meta = {
  fileName: 'recording.webm',
  title: null,
  transcript: null,
  language: 'lpx' as const,
  promptPairId: null,
  mimeType: 'audio/webm',
};

afterEach(async () => {
  await localDb().recordings.clear();
  await localDb().recordingChunks.clear();
});

const quotaError = () =>
  Object.assign(new Error('The quota has been exceeded.'), { name: 'QuotaExceededError' });

describe('DraftWriter', () => {
  it('writes the pieces in order', async () => {
    const id = await createDraft('u1', meta);
    const failures: string[] = [];
    const writer = new DraftWriter(id, (message) => failures.push(message));
    for (const [index, text] of ['aa', 'bbb', 'c'].entries()) writer.write(index, new Blob([text]));
    expect(await writer.settled()).toBeNull();
    expect(failures).toEqual([]);
    const rows = await localDb().recordingChunks.where('recordingId').equals(id).sortBy('index');
    expect(rows.map((row) => new TextDecoder().decode(row.data))).toEqual(['aa', 'bbb', 'c']);
    expect((await localDb().recordings.get(id))?.sizeBytes).toBe(6);
  });

  it('stops at the first failed write, says the storage is full once, and keeps what was written', async () => {
    const id = await createDraft('u1', meta);
    const failures: string[] = [];
    let calls = 0;
    const writer = new DraftWriter(
      id,
      (message) => failures.push(message),
      async (recordingId, index, data) => {
        calls += 1;
        if (index >= 2) throw quotaError();
        await appendChunk(recordingId, index, data);
      },
    );
    for (let index = 0; index < 5; index += 1) writer.write(index, new Blob(['xx']));
    expect(await writer.settled()).toMatchObject({ name: 'QuotaExceededError' });
    expect(calls).toBe(3);
    expect(failures).toHaveLength(1);
    expect(failures[0]).toMatch(/storage is full/);
    expect(await localDb().recordingChunks.where('recordingId').equals(id).count()).toBe(2);
  });
});

describe('storageFailureMessage', () => {
  it('names a full storage, also when Dexie wraps it, and any other failure in words', () => {
    expect(storageFailureMessage(quotaError())).toMatch(/storage is full/);
    expect(storageFailureMessage({ name: 'AbortError', inner: { name: 'QuotaExceededError' } })).toMatch(
      /storage is full/,
    );
    expect(storageFailureMessage(new Error('disk on fire'))).toMatch(
      /could not be saved on this phone \(disk on fire\)/,
    );
  });
});

describe('replaceDraftAudio', () => {
  it('replaces the pieces with the whole file, its size and duration', async () => {
    const id = await createDraft('u1', meta);
    await appendChunk(id, 0, new TextEncoder().encode('piece one').buffer);
    await appendChunk(id, 1, new TextEncoder().encode('piece two').buffer);
    await replaceDraftAudio(id, new Blob(['the whole file']), 12.5);
    const rows = await localDb().recordingChunks.where('recordingId').equals(id).sortBy('index');
    expect(rows.map((row) => new TextDecoder().decode(row.data))).toEqual(['the whole file']);
    expect(await localDb().recordings.get(id)).toMatchObject({
      chunkCount: 1,
      sizeBytes: 14,
      durationSeconds: 12.5,
    });
  });
});
