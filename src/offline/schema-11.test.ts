// Schema 11 (issue 32) on a real IndexedDB implementation (fake-indexeddb): a phone updated from schema 10 keeps
// everything it held (outbox, recordings with their audio, the prompt pack, kept values); Speak's sentences put
// aside, kept as pair ids, become keys of pairs in the same order (Translate's stay ids); and the pack's written
// sentences get their own table.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { afterEach, describe, expect, it } from 'vitest';
import { LocalDb } from './local-db.ts';

let counter = 0;
const opened: Dexie[] = [];

afterEach(async () => {
  const databases = opened.splice(0);
  for (const db of databases) db.close();
  for (const name of new Set(databases.map((db) => db.name))) await Dexie.delete(name);
});

/** The app's database as schema 10 made it (local-db.ts before this change), with what a phone in use holds. */
async function schema10(name: string) {
  const db = new Dexie(name);
  db.version(10).stores({
    outbox: '++seq, &id, userId, subject, [userId+seq]',
    pairs: 'id, category',
    consents: 'userId',
    lexicon: 'id, lopit, english',
    recordings: 'id, userId, state, createdAt',
    recordingChunks: '[recordingId+index], recordingId',
    syncCursors: 'name',
    prompts: 'id, rank',
    reviewClips: 'id, [userId+rank]',
    reviewClipChunks: '[clipId+index], clipId',
    reviewProposals: 'id, [userId+rank], pairId',
    reviewWords: 'id, [userId+rank]',
    reviewSkips: 'key, [userId+kind+at]',
    reportedPrompts: 'key, userId',
    speakers: 'id, userId',
    speakerEvidence: 'key, speakerId',
    transcribePack: 'key, [userId+kind]',
    goneNotices: 'id, userId',
    keptValues: 'key',
    uiMessageCopies: '[userId+code]',
    pictures: 'id, rank',
  });
  opened.push(db);
  await db.open();
  await db.table('outbox').add({
    id: 'e1',
    userId: 'u1',
    subject: 'recording:r1',
    kind: 'recording.upload',
    params: {},
    body: { recordingId: 'r1' },
    createdAt: 1,
    attempts: 0,
    state: 'pending',
  });
  await db
    .table('recordings')
    .add({ id: 'r1', userId: 'u1', state: 'waiting', createdAt: 1, promptPairId: 7 });
  await db
    .table('recordingChunks')
    .add({ recordingId: 'r1', index: 0, data: new Uint8Array([1, 2, 3]).buffer });
  await db.table('prompts').add({ id: 7, rank: 0, english: 'Zorbel.', lopit: 'Quandy.', recordings: 2 });
  await db.table('reportedPrompts').add({ key: 'u1 9', userId: 'u1', pairId: 9, at: 5 });
  await db.table('keptValues').bulkAdd([
    { key: 'lopit.session', value: { userId: 'u1', token: 't' } },
    { key: 'lopit.put-aside.speak.u1', value: [12, 7, 30] },
    { key: 'lopit.put-aside.speak.u2', value: [4] },
    { key: 'lopit.put-aside.translate.u1', value: [3, 5] },
  ]);
  db.close();
}

async function openLocal(name: string) {
  const db = new LocalDb(name);
  opened.push(db);
  await db.open();
  return db;
}

describe('schema 11', () => {
  it('keeps what a schema-10 phone held and names Speak’s sentences put aside by key', async () => {
    const name = `schema-11-${++counter}`;
    await schema10(name);
    const db = await openLocal(name);
    expect(db.verno).toBe(11);
    expect(await db.outbox.toArray()).toMatchObject([
      { id: 'e1', body: { recordingId: 'r1' }, state: 'pending' },
    ]);
    expect(await db.recordings.get('r1')).toMatchObject({ state: 'waiting', promptPairId: 7 });
    expect((await db.recordingChunks.toArray()).map((chunk) => new Uint8Array(chunk.data))).toEqual([
      new Uint8Array([1, 2, 3]),
    ]);
    expect(await db.prompts.toArray()).toMatchObject([{ id: 7, lopit: 'Quandy.' }]);
    expect(await db.reportedPrompts.toArray()).toEqual([{ key: 'u1 9', userId: 'u1', pairId: 9, at: 5 }]);
    expect((await db.keptValues.get('lopit.session'))?.value).toEqual({ userId: 'u1', token: 't' });
    // Speak's lists, every account's, in the order put aside; Translate's untouched.
    expect((await db.keptValues.get('lopit.put-aside.speak.u1'))?.value).toEqual([
      'pair:12',
      'pair:7',
      'pair:30',
    ]);
    expect((await db.keptValues.get('lopit.put-aside.speak.u2'))?.value).toEqual(['pair:4']);
    expect((await db.keptValues.get('lopit.put-aside.translate.u1'))?.value).toEqual([3, 5]);
    // The written sentences of the pack have a table of their own, empty until the next pack.
    expect(await db.promptSentences.count()).toBe(0);
    await db.promptSentences.put({
      id: 1,
      lopit: 'Zorbel fen.',
      source: null,
      recordings: 0,
      mine: false,
      rank: 0,
    });
    expect(await db.promptSentences.orderBy('rank').toArray()).toMatchObject([{ id: 1 }]);
  });

  it('opens a new phone’s database at schema 11 with nothing to carry', async () => {
    const db = await openLocal(`schema-11-${++counter}`);
    expect(db.verno).toBe(11);
    expect(await db.keptValues.count()).toBe(0);
  });
});
