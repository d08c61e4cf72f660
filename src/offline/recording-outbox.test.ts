// Recordings in the one outbox: saved recordings become entries (and databases from before schema 2 are
// moved over), edits and consent go before uploads, environments without the uploader leave recordings alone,
// a confirmation removes the audio (and marks a read sentence as recorded, a pair's or a written one), a refusal
// can be retried, a repetition of a clip that is gone is dropped with a notice, and giving up deletes the
// recording.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, recordingSubject, type LocalRecording } from './local-db.ts';
import { discardEntry, enqueue, entriesOf, nextSendable, queueRecording, retryEntry } from './outbox.ts';
import { JSON_SENDERS, type OutboxSender } from './outbox-kinds.ts';
import { SyncEngine } from './sync-engine.ts';

let db: LocalDb;
let counter = 0;

beforeEach(async () => {
  db = new LocalDb(`recording-outbox-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

function recording(id: string, overrides: Partial<LocalRecording> = {}): LocalRecording {
  return {
    id,
    userId: 'u1',
    createdAt: 1_000,
    state: 'draft',
    fileName: `${id}.webm`,
    title: null,
    transcript: null,
    language: 'lpx',
    promptPairId: null,
    mimeType: 'audio/webm',
    durationSeconds: 42,
    sizeBytes: 3,
    sha256: 'abc',
    chunkCount: 1,
    uploadedBytes: 0,
    uploadUrl: null,
    ...overrides,
  };
}

async function storeRecording(id: string, overrides: Partial<LocalRecording> = {}) {
  await db.recordings.add(recording(id, overrides));
  await db.recordingChunks.add({ recordingId: id, index: 0, data: new Uint8Array([1, 2, 3]).buffer });
}

const consent = () =>
  enqueue(db, 'u1', 'consent.submit', { params: {}, body: { consent_type: 'full' } }, { choice: 'full' });

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function engine(senders = JSON_SENDERS) {
  const sent: string[] = [];
  const sync = new SyncEngine({
    db,
    apiBase: 'http://server/api',
    session: () => ({ userId: 'u1', token: 't1' }),
    fetch: (input) => {
      const url = input instanceof Request ? input.url : input.toString();
      sent.push(url.replace(/^.*\/api\//, ''));
      return Promise.resolve(
        json(200, { recording: true, translation: true, formVersion: 'v', updatedAt: null }),
      );
    },
    senders,
    setTimer: () => null,
    clearTimer: () => undefined,
  });
  return { sync, sent };
}

describe('recordings in the outbox', () => {
  it('a saved recording gets one upload entry, however often it is saved', async () => {
    await storeRecording('r1');
    await queueRecording(db, 'r1', { title: 'Greeting' });
    await queueRecording(db, 'r1');
    const entries = await entriesOf(db, 'u1');
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'recording.upload',
      subject: recordingSubject('r1'),
      body: { recordingId: 'r1' },
      state: 'pending',
      label: { id: 'outbox.recording', values: { title: 'Greeting', length: '0:42' } },
    });
    expect((await db.recordings.get('r1'))?.state).toBe('waiting');
  });

  it('sends edits and consent before uploads, whatever the order they were made in', async () => {
    await storeRecording('r1');
    await queueRecording(db, 'r1');
    await consent();
    const entries = await entriesOf(db, 'u1');
    expect(nextSendable(entries)?.kind).toBe('consent.submit');
    // Where recordings cannot be sent (the service worker), they are passed over and hold nothing back.
    expect(nextSendable(entries, (entry) => entry.kind !== 'recording.upload')?.kind).toBe('consent.submit');
    expect(nextSendable(entries.slice(0, 1), (entry) => entry.kind !== 'recording.upload')).toBeUndefined();
  });

  it('without the uploader, the engine sends the rest and leaves recordings waiting', async () => {
    await storeRecording('r1');
    await queueRecording(db, 'r1');
    await consent();
    const { sync, sent } = engine(JSON_SENDERS);
    await sync.trigger();
    expect(sent).toEqual(['consent/submit']);
    expect((await entriesOf(db, 'u1')).map((entry) => [entry.kind, entry.attempts])).toEqual([
      ['recording.upload', 0],
    ]);
    expect(await db.recordingChunks.count()).toBe(1);
    // A recording left for the page is no failure: the engine is not backing off.
    expect(sync.getStatus()).toMatchObject({ phase: 'online', consecutiveFailures: 0, lastError: null });
  });

  it('a confirmed upload removes the recording and its audio; a refused one waits for the contributor', async () => {
    await storeRecording('r1');
    await storeRecording('r2', { createdAt: 2_000 });
    await queueRecording(db, 'r1');
    await queueRecording(db, 'r2');
    let refuse = true;
    const uploaded: string[] = [];
    const sendRecording: OutboxSender = (entry) => {
      const { recordingId } = entry.body as { recordingId: string };
      if (recordingId === 'r1' && refuse) {
        return Promise.resolve({
          kind: 'refused',
          problem: { status: 403, code: 'CONSENT_REQUIRED', message: 'Give recording consent first.' },
        });
      }
      uploaded.push(recordingId);
      return Promise.resolve({ kind: 'confirmed', body: null });
    };
    const { sync } = engine({ ...JSON_SENDERS, 'recording.upload': sendRecording });
    await sync.trigger();
    expect(uploaded).toEqual(['r2']);
    expect(await db.recordings.get('r2')).toBeUndefined();
    expect(await db.recordingChunks.where('recordingId').equals('r2').count()).toBe(0);
    const [held] = await entriesOf(db, 'u1');
    expect(held).toMatchObject({ state: 'attention', problem: { code: 'CONSENT_REQUIRED' } });
    // Kept on the phone, audio included, until the contributor decides.
    expect(await db.recordingChunks.where('recordingId').equals('r1').count()).toBe(1);

    refuse = false;
    await retryEntry(db, held!.seq!);
    await sync.trigger();
    expect(uploaded).toEqual(['r2', 'r1']);
    expect(await entriesOf(db, 'u1')).toEqual([]);
    expect(await db.recordings.count()).toBe(0);
  });

  it('a confirmed upload of a read sentence marks the sentence recorded in the prompt pack', async () => {
    const sentence = { english: 'Zorbel.', lopit: '', category: 'greetings' as const, recordings: 0 };
    await db.prompts.bulkPut([
      { ...sentence, id: 5, rank: 0, mine: false },
      { ...sentence, id: 6, rank: 1, mine: false },
    ]);
    await storeRecording('r5', { promptPairId: 5 });
    await queueRecording(db, 'r5');
    const sendRecording: OutboxSender = () => Promise.resolve({ kind: 'confirmed', body: null });
    const { sync } = engine({ ...JSON_SENDERS, 'recording.upload': sendRecording });
    await sync.trigger();
    expect(await db.recordings.count()).toBe(0);
    expect((await db.prompts.toArray()).map(({ id, mine }) => [id, mine])).toEqual([
      [5, true],
      [6, false],
    ]);
  });

  it('a confirmed upload of a written sentence read marks that sentence recorded, not the pair of the same id', async () => {
    await db.prompts.put({
      id: 7,
      english: 'Zorbel.',
      lopit: 'Quandy.',
      category: 'greetings',
      recordings: 0,
      rank: 0,
      mine: false,
    });
    await db.promptSentences.bulkPut([
      { id: 7, lopit: 'Zorbel quandy fen.', source: null, recordings: 0, mine: false, rank: 0 },
      { id: 8, lopit: 'Zorbel quandy ta.', source: null, recordings: 0, mine: false, rank: 1 },
    ]);
    await storeRecording('w7', { promptSentenceId: 7, transcript: 'Zorbel quandy fen.' });
    await queueRecording(db, 'w7');
    const sendRecording: OutboxSender = () => Promise.resolve({ kind: 'confirmed', body: null });
    const { sync } = engine({ ...JSON_SENDERS, 'recording.upload': sendRecording });
    await sync.trigger();
    expect(await db.recordings.count()).toBe(0);
    expect((await db.promptSentences.toArray()).map(({ id, mine }) => [id, mine])).toEqual([
      [7, true],
      [8, false],
    ]);
    expect((await db.prompts.get(7))?.mine).toBe(false);
  });

  it('drops a repetition whose clip is gone (ITEM_GONE) with its audio and a notice; any other recording waits', async () => {
    await storeRecording('rep', { repeatsId: '2b1d1c52-0f5e-4a43-9d0b-7f0a3c1e9a55' });
    await storeRecording('own', { createdAt: 2_000 });
    await queueRecording(db, 'rep');
    await queueRecording(db, 'own');
    const gone = {
      status: 404,
      code: 'ITEM_GONE',
      message: 'The clip this recording repeats is no longer available.',
    };
    // A server that said ITEM_GONE to a recording that repeats nothing would be wrong: it is never dropped.
    const sendRecording: OutboxSender = () => Promise.resolve({ kind: 'gone', problem: gone });
    const { sync } = engine({ ...JSON_SENDERS, 'recording.upload': sendRecording });
    await sync.trigger();
    expect(await db.recordings.get('rep')).toBeUndefined();
    expect(await db.recordingChunks.where('recordingId').equals('rep').count()).toBe(0);
    expect(await db.goneNotices.toArray()).toEqual([
      expect.objectContaining({ userId: 'u1', kind: 'repetition' }),
    ]);
    const left = await entriesOf(db, 'u1');
    expect(left.map((entry) => [entry.body, entry.state, entry.problem?.code])).toEqual([
      [{ recordingId: 'own' }, 'attention', 'ITEM_GONE'],
    ]);
    expect(await db.recordings.get('own')).toBeDefined();
    expect(await db.recordingChunks.where('recordingId').equals('own').count()).toBe(1);
  });

  it('giving up a recording deletes it from the phone with its audio', async () => {
    await storeRecording('r1');
    await queueRecording(db, 'r1');
    const [entry] = await entriesOf(db, 'u1');
    await discardEntry(db, entry!.seq!);
    expect(await entriesOf(db, 'u1')).toEqual([]);
    expect(await db.recordings.count()).toBe(0);
    expect(await db.recordingChunks.count()).toBe(0);
  });
});

describe('schema 2', () => {
  it('moves the recordings of a schema-1 database into the outbox, refused ones with their reason', async () => {
    const name = `schema-one-${++counter}`;
    const old = new Dexie(name);
    old.version(1).stores({
      outbox: '++seq, &id, userId, subject, [userId+seq]',
      pairs: 'id, category',
      consents: 'userId',
      lexicon: 'id, lopit, english',
      recordings: 'id, userId, state, createdAt',
      recordingChunks: '[recordingId+index], recordingId',
    });
    await old.open();
    await old.table('recordings').bulkAdd([
      recording('waiting', { state: 'waiting', createdAt: 1 }),
      recording('uploading', { state: 'uploading', createdAt: 2, uploadUrl: '/api/audio/tus/x' }),
      recording('refused', {
        state: 'attention',
        createdAt: 3,
        problem: { status: 415, message: 'Not audio' },
      }),
      recording('draft', { state: 'draft', createdAt: 4 }),
    ]);
    await old.table('outbox').add({
      id: 'edit-1',
      userId: 'u1',
      kind: 'translation.save',
      subject: 'pair:1',
      path: 'translation/save',
      body: {},
      label: 'pair 1',
      createdAt: 0,
      attempts: 0,
      state: 'pending',
    });
    old.close();

    const upgraded = new LocalDb(name);
    await upgraded.open();
    try {
      const entries = await entriesOf(upgraded, 'u1');
      expect(entries.map((entry) => [entry.kind, entry.subject, entry.state])).toEqual([
        ['translation.save', 'pair:1', 'pending'],
        ['recording.upload', 'recording:waiting', 'pending'],
        ['recording.upload', 'recording:uploading', 'pending'],
        ['recording.upload', 'recording:refused', 'attention'],
      ]);
      expect(entries[3]?.problem).toEqual({ status: 415, message: 'Not audio' });
      expect((await upgraded.recordings.get('refused'))?.state).toBe('waiting');
      expect((await upgraded.recordings.get('uploading'))?.uploadUrl).toBe('/api/audio/tus/x');
      expect((await upgraded.recordings.get('draft'))?.state).toBe('draft');
    } finally {
      upgraded.close();
      await upgraded.delete();
    }
  });
});
