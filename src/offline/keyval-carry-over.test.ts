// Schema 9 carries what idb-keyval kept in its own database into the app's (fake-indexeddb): a phone updated
// from schema 8 keeps its session, last sync, kept results and Translate-the-app copies; the chat worker's model
// stays where the worker reads it; the old keys are forgotten only after the carry-over.
import 'fake-indexeddb/auto';
import Dexie from 'dexie';
import { clear, createStore, entries, get, set } from 'idb-keyval';
import { afterEach, describe, expect, it } from 'vitest';
import { CARRIED_KEYVAL_KEY } from './keyval-carry-over.ts';
import { LocalDb } from './local-db.ts';

const legacy = createStore('keyval-store', 'keyval');
let counter = 0;
const opened: Dexie[] = [];

/** The app's database as schema 8 made it (local-db.ts before this change), with one waiting outbox entry. */
async function schema8(name: string) {
  const db = new Dexie(name);
  db.version(8).stores({
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
  });
  await db.table('outbox').add({ id: 'e1', userId: 'u1', subject: 'pair:1', kind: 'translation.save' });
  db.close();
}

const session = { token: 'tok', userId: 'u1' };
const language = { code: 'lpx', name: 'Lopit', approved: 3, total: 10, listed: false };
const messages = [{ id: 'home.title', message: 'Home', note: 'n', approved: null, proposals: [] }];

/** What the old code wrote with idb-keyval's default store, under its own names. */
async function oldValues() {
  await set('lopit.session', session);
  await set('lopit.sync.lastSuccessAt', 1_700_000_000_000);
  await set('lopit.storage.persistAsked', true);
  await set('lopit.ui-languages', [language]);
  await set('lopit.ui-messages.u1.lpx', { language, messages, savedAt: 42 });
  await set('lopit.mt-model', { etag: '"m"', bytes: new Uint8Array([1, 2, 3]), savedAt: 7 });
  await set('lopit.mt-model.meta', { etag: '"m"', savedAt: 7, size: 3 });
}

async function openLocal(name: string) {
  const db = new LocalDb(name);
  opened.push(db);
  await db.open();
  return db;
}

afterEach(async () => {
  for (const db of opened.splice(0)) {
    db.close();
    await db.delete();
  }
  if ((await indexedDB.databases()).some((database) => database.name === 'keyval-store')) await clear(legacy);
});

describe('schema 9 carries the idb-keyval store over', () => {
  // First: idb-keyval keeps its connection open once used, so the old database exists for the tests after it.
  it('makes no old database on a phone that never had one', async () => {
    const db = await openLocal(`carry-${++counter}`);
    expect(await db.keptValues.count()).toBe(0);
    const names = (await indexedDB.databases()).map((database) => database.name);
    expect(names).not.toContain('keyval-store');
  });

  it('moves the values of a phone updated from schema 8 and leaves its outbox alone', async () => {
    const name = `carry-${++counter}`;
    await schema8(name);
    await oldValues();
    const db = await openLocal(name);
    // Opened at schema 9 or a later one (10 adds the picture pack): the carry-over ran either way.
    expect(db.verno).toBeGreaterThanOrEqual(9);
    expect((await db.keptValues.get('lopit.session'))?.value).toEqual(session);
    expect((await db.keptValues.get('lopit.sync.lastSuccessAt'))?.value).toBe(1_700_000_000_000);
    expect((await db.keptValues.get('lopit.storage.persistAsked'))?.value).toBe(true);
    expect((await db.keptValues.get('lopit.ui-languages'))?.value).toEqual([language]);
    expect(await db.uiMessageCopies.get(['u1', 'lpx'])).toEqual({
      userId: 'u1',
      code: 'lpx',
      language,
      messages,
      savedAt: 42,
    });
    expect(await db.outbox.toArray()).toMatchObject([{ id: 'e1', subject: 'pair:1' }]);
  });

  it('forgets the carried keys in the old database, but keeps the chat worker’s model there', async () => {
    const name = `carry-${++counter}`;
    await schema8(name);
    await oldValues();
    const db = await openLocal(name);
    expect(await db.keptValues.get(CARRIED_KEYVAL_KEY)).toBeUndefined();
    const left = (await entries(legacy)).map(([key]) => key).sort();
    expect(left).toEqual(['lopit.mt-model', 'lopit.mt-model.meta']);
    expect(await get('lopit.mt-model.meta', legacy)).toEqual({ etag: '"m"', savedAt: 7, size: 3 });
  });

  it('carries the values over on a phone whose app database is made only now', async () => {
    await oldValues();
    const db = await openLocal(`carry-${++counter}`);
    expect((await db.keptValues.get('lopit.session'))?.value).toEqual(session);
    expect((await db.uiMessageCopies.get(['u1', 'lpx']))?.savedAt).toBe(42);
  });
});
