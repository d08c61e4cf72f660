// Outbox ordering, coalescing and rebasing, on a real IndexedDB implementation (fake-indexeddb).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, type OutboxEntry } from './local-db.ts';
import {
  countWaiting,
  discardEntry,
  enqueue,
  entriesOf,
  entryParams,
  entryPath,
  isHeldBack,
  markAttempt,
  nextSendable,
  onQueued,
  park,
  replaceEntry,
} from './outbox.ts';
import { confirmEntry } from './outbox-effects.ts';

let db: LocalDb;
let counter = 0;

beforeEach(async () => {
  db = new LocalDb(`outbox-test-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

/** An edit of pair `id` by `userId`, each its own entry unless asked to fold (`coalesce`). */
const save = (id: number, translation: string, baseVersion = 1, { coalesce = false, userId = 'u1' } = {}) =>
  enqueue(
    db,
    userId,
    'translation.save',
    { params: {}, body: { id, translation, baseVersion } },
    { english: `pair ${id}` },
    { coalesce },
  );
const bodyId = (entry: OutboxEntry | undefined) =>
  entry?.kind === 'translation.save' ? entry.body.id : null;
const textOf = (entry: OutboxEntry | undefined) =>
  entry?.kind === 'translation.save' ? entry.body.translation : null;

const pairResponse = (id: number, lopit: string, version: number) => ({
  pair: {
    id,
    english: 'Hello',
    lopit,
    category: 'greetings',
    status: 'approved',
    version,
    updatedAt: '2026-11-21T00:00:00.000Z',
    proposals: [],
  },
});

describe('outbox', () => {
  it('keeps entries in the order they were made, per user', async () => {
    await save(1, 'a');
    await save(2, 'b', 1, { userId: 'u2' });
    await save(3, 'c');
    const mine = await entriesOf(db, 'u1');
    expect(mine.map(bodyId)).toEqual([1, 3]);
    expect(new Set(mine.map((entry) => entry.id)).size).toBe(2);
    expect(mine[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
    // Whichever user sorts first: u2 does not see u1's entries either.
    expect((await entriesOf(db, 'u2')).map(bodyId)).toEqual([2]);
  });

  it('folds a second edit of the same field into the unsent entry, but never into one already sent', async () => {
    // An edit folds by its kind's declaration (translation.save coalesces).
    const edit = (text: string) =>
      enqueue(
        db,
        'u1',
        'translation.save',
        { params: {}, body: { id: 1, translation: text } },
        { english: 'x' },
      );
    const first = await edit('a');
    const folded = await edit('ab');
    expect(folded.id).toBe(first.id);
    expect(await db.outbox.count()).toBe(1);
    await markAttempt(db, (await entriesOf(db, 'u1'))[0]!);
    const after = await edit('abc');
    expect(after.id).not.toBe(first.id);
    const entries = await entriesOf(db, 'u1');
    expect(entries.map(textOf)).toEqual(['ab', 'abc']);
  });

  it('folds only into an unsent entry of the same subject and kind, never into a refused one', async () => {
    const fold = { coalesce: true };
    await save(1, 'a', 1, fold);
    await save(2, 'b', 1, fold);
    const consentOptions = { coalesce: true };
    await enqueue(
      db,
      'u1',
      'consent.submit',
      { params: {}, body: { consent_type: 'full' } },
      { choice: 'Full' },
      consentOptions,
    );
    await enqueue(db, 'u1', 'consent.withdraw', { params: {}, body: {} }, undefined, consentOptions);
    // Refused before any attempt, as an upload moved over from a database before schema 2 can be.
    await park(db, (await entriesOf(db, 'u1'))[0]!, { status: 409, message: 'conflict' });
    await save(1, 'c', 1, fold);
    const entries = await entriesOf(db, 'u1');
    expect(entries.map((entry) => [entry.subject, entry.kind, entry.state])).toEqual([
      ['pair:1', 'translation.save', 'attention'],
      ['pair:2', 'translation.save', 'pending'],
      ['consent', 'consent.submit', 'pending'],
      ['consent', 'consent.withdraw', 'pending'],
      ['pair:1', 'translation.save', 'pending'],
    ]);
    expect(entries[0]!.body).toMatchObject({ translation: 'a' });
    expect(entries[4]!.body).toMatchObject({ translation: 'c' });
  });

  it('a refused entry holds back later entries of its subject only', async () => {
    await save(1, 'a');
    await save(1, 'b');
    await save(2, 'c');
    let entries = await entriesOf(db, 'u1');
    const heldBack = () => entries.map((entry) => isHeldBack(entries, entry));
    // An earlier entry that still waits to be sent holds nothing back.
    expect(heldBack()).toEqual([false, false, false]);
    expect(nextSendable(entries)?.seq).toBe(entries[0]!.seq);
    await park(db, entries[0]!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    entries = await entriesOf(db, 'u1');
    expect(heldBack()).toEqual([false, true, false]);
    expect(bodyId(nextSendable(entries))).toBe(2);
    await discardEntry(db, entries[0]!.seq!);
    entries = await entriesOf(db, 'u1');
    expect(textOf(nextSendable(entries))).toBe('b');
  });

  it('counts what waits to be sent, not what waits for the contributor', async () => {
    await save(1, 'a');
    await save(2, 'b');
    expect(await countWaiting(db, 'u1')).toBe(2);
    expect(await countWaiting(db, 'someone else')).toBe(0);
    await park(db, (await entriesOf(db, 'u1'))[0]!, {
      status: 409,
      code: 'EDIT_CONFLICT',
      message: 'conflict',
    });
    expect(await countWaiting(db, 'u1')).toBe(1);
  });

  it('a refused entry holds back nothing made before it', async () => {
    await save(1, 'a');
    await save(1, 'b');
    let entries = await entriesOf(db, 'u1');
    await park(db, entries[1]!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    entries = await entriesOf(db, 'u1');
    expect(entries.map((entry) => isHeldBack(entries, entry))).toEqual([false, false]);
    expect(nextSendable(entries)?.seq).toBe(entries[0]!.seq);
  });

  it('replacing a refused entry keeps its place and gives it a new key', async () => {
    const first = await save(1, 'a');
    await save(2, 'b');
    await markAttempt(db, first);
    await park(db, first, { status: 409, message: 'conflict' });
    await replaceEntry(db, first, { id: 1, translation: 'mine', baseVersion: 5 });
    const entries = await entriesOf(db, 'u1');
    expect(entries[0]!.seq).toBe(first.seq);
    expect(entries[0]!.id).not.toBe(first.id);
    expect(entries[0]).toMatchObject({
      state: 'pending',
      attempts: 0,
      sentAt: undefined,
      label: { values: { english: 'pair 1' } },
    });
    expect(nextSendable(entries)?.seq).toBe(first.seq);
    await replaceEntry(db, first, { id: 1, translation: 'theirs', baseVersion: 5 }, 'pair 1, theirs');
    expect((await entriesOf(db, 'u1'))[0]!.label).toBe('pair 1, theirs');
  });

  it('replacing an entry given up meanwhile (in another tab) adds nothing', async () => {
    const entry = await save(1, 'a');
    await discardEntry(db, entry.seq!);
    await replaceEntry(db, entry, { id: 1, translation: 'mine', baseVersion: 5 });
    expect(await db.outbox.count()).toBe(0);
  });

  it('confirming an entry updates the cache and rebases later unsent edits of the same pair', async () => {
    await save(1, 'a', 1);
    await save(1, 'b', 1);
    await save(2, 'x', 1);
    const [first] = await entriesOf(db, 'u1');
    await confirmEntry(db, first!, pairResponse(1, 'a', 2));
    const entries: OutboxEntry[] = await entriesOf(db, 'u1');
    expect(entries).toHaveLength(2);
    expect(entries[0]!.body).toEqual({ id: 1, translation: 'b', baseVersion: 2 });
    expect(entries[1]!.body).toEqual({ id: 2, translation: 'x', baseVersion: 1 });
    expect(await db.pairs.get(1)).toMatchObject({ lopit: 'a', version: 2 });
  });

  it('does not overwrite a newer cached copy with an older answer', async () => {
    await db.pairs.put({
      ...pairResponse(1, 'newer', 4).pair,
      category: 'greetings',
      status: 'approved',
      cachedAt: 1,
    });
    await save(1, 'a', 2);
    const [entry] = await entriesOf(db, 'u1');
    await confirmEntry(db, entry!, pairResponse(1, 'a', 3));
    expect(await db.pairs.get(1)).toMatchObject({ lopit: 'newer', version: 4 });
  });
});

describe('the one way into the outbox', () => {
  afterEach(() => onQueued(null));

  it('every kind, from any screen, is announced once stored, after the transaction that holds it commits', async () => {
    const told: string[] = [];
    onQueued((entry) => told.push(entry.kind));
    await save(1, 'a');
    expect(told).toEqual(['translation.save']);
    // Inside a screen's own transaction (a review takes its item out of the pack in the same one): told on commit.
    let insideTransaction: string[] = [];
    await db.transaction('rw', [db.outbox, db.reviewClips], async () => {
      await enqueue(
        db,
        'u1',
        'clip.vote',
        { params: { id: crypto.randomUUID() }, body: { vote: 'up' } },
        { text: 'zorbel' },
      );
      insideTransaction = [...told];
    });
    expect(insideTransaction).toEqual(['translation.save']);
    await expect.poll(() => told).toEqual(['translation.save', 'clip.vote']);
    // A transaction that fails stores nothing and announces nothing.
    await expect(
      db.transaction('rw', db.outbox, async () => {
        await enqueue(db, 'u1', 'consent.withdraw', { params: {}, body: {} }, undefined);
        throw new Error('the screen failed');
      }),
    ).rejects.toThrow('the screen failed');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toEqual(['translation.save', 'clip.vote']);
    expect((await entriesOf(db, 'u1')).map((entry) => entry.kind)).toEqual(['translation.save', 'clip.vote']);
  });

  it('refuses bad arguments by the kind’s schemas and stores nothing', async () => {
    await expect(
      enqueue(db, 'u1', 'clip.vote', { params: { id: 'no-uuid' }, body: { vote: 'up' } }, { text: 'x' }),
    ).rejects.toThrow();
    expect(await db.outbox.count()).toBe(0);
  });

  it('reads the params of entries older versions stored with their path only', async () => {
    const clipId = crypto.randomUUID();
    await db.outbox.add({
      id: crypto.randomUUID(),
      userId: 'u1',
      kind: 'clip.vote',
      subject: `clip:${clipId}`,
      path: `review/clips/${clipId}/vote`,
      body: { vote: 'up' },
      label: 'Vote on a clip',
      createdAt: 1,
      attempts: 0,
      state: 'pending',
    });
    const [old] = await entriesOf(db, 'u1');
    expect(entryParams(old!)).toEqual({ id: clipId });
    expect(entryPath(old!)).toBe(`review/clips/${clipId}/vote`);
  });

  it('reads what it can of a damaged row that kept neither params nor path', () => {
    const damaged = { id: 'x', userId: 'u1', subject: 's', label: 'l', createdAt: 1, attempts: 0 } as const;
    const consent = {
      ...damaged,
      kind: 'consent.submit',
      body: { consent_type: 'full' },
      state: 'pending',
    } as const;
    // A route without parameters needs none: it is sent where its kind goes.
    expect(entryParams(consent)).toEqual({});
    expect(entryPath(consent)).toBe('consent/submit');
    // A route with parameters cannot be filled: the row goes to the route's pattern, which the server refuses, so
    // it waits for the contributor instead of being sent anywhere else.
    const vote = { ...damaged, kind: 'clip.vote', body: { vote: 'up' }, state: 'pending' } as const;
    expect(entryParams(vote)).toBeNull();
    expect(entryPath(vote)).toBe('review/clips/:id/vote');
  });
});
