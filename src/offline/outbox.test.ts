// Outbox ordering, coalescing and rebasing, on a real IndexedDB implementation (fake-indexeddb).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LocalDb, type OutboxEntry } from './local-db.ts';
import {
  discardEntry,
  enqueue,
  entriesOf,
  isHeldBack,
  markAttempt,
  nextSendable,
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

const save = (id: number, translation: string, baseVersion = 1) => ({
  userId: 'u1',
  kind: 'translation.save' as const,
  subject: `pair:${id}`,
  path: 'translation/save',
  body: { id, translation, baseVersion },
  label: `pair ${id}`,
});

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
    await enqueue(db, save(1, 'a'));
    await enqueue(db, { ...save(2, 'b'), userId: 'u2' });
    await enqueue(db, save(3, 'c'));
    const mine = await entriesOf(db, 'u1');
    expect(mine.map((entry) => (entry.body as { id: number }).id)).toEqual([1, 3]);
    expect(new Set(mine.map((entry) => entry.id)).size).toBe(2);
    expect(mine[0]!.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('folds a second edit of the same field into the unsent entry, but never into one already sent', async () => {
    const first = await enqueue(db, save(1, 'a'), { coalesce: true });
    const folded = await enqueue(db, save(1, 'ab'), { coalesce: true });
    expect(folded.id).toBe(first.id);
    expect(await db.outbox.count()).toBe(1);
    await markAttempt(db, (await entriesOf(db, 'u1'))[0]!);
    const after = await enqueue(db, save(1, 'abc'), { coalesce: true });
    expect(after.id).not.toBe(first.id);
    const entries = await entriesOf(db, 'u1');
    expect(entries.map((entry) => (entry.body as { translation: string }).translation)).toEqual([
      'ab',
      'abc',
    ]);
  });

  it('a refused entry holds back later entries of its subject only', async () => {
    await enqueue(db, save(1, 'a'));
    await enqueue(db, save(1, 'b'));
    await enqueue(db, save(2, 'c'));
    let entries = await entriesOf(db, 'u1');
    expect(nextSendable(entries)?.seq).toBe(entries[0]!.seq);
    await park(db, entries[0]!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    entries = await entriesOf(db, 'u1');
    expect(isHeldBack(entries, entries[1]!)).toBe(true);
    expect((nextSendable(entries)?.body as { id: number }).id).toBe(2);
    await discardEntry(db, entries[0]!.seq!);
    entries = await entriesOf(db, 'u1');
    expect((nextSendable(entries)?.body as { translation: string }).translation).toBe('b');
  });

  it('replacing a refused entry keeps its place and gives it a new key', async () => {
    await enqueue(db, save(1, 'a'));
    await enqueue(db, save(2, 'b'));
    const [first] = await entriesOf(db, 'u1');
    await markAttempt(db, first!);
    await park(db, first!, { status: 409, message: 'conflict' });
    await replaceEntry(db, first!.seq!, { id: 1, translation: 'mine', baseVersion: 5 });
    const entries = await entriesOf(db, 'u1');
    expect(entries[0]!.seq).toBe(first!.seq);
    expect(entries[0]!.id).not.toBe(first!.id);
    expect(entries[0]).toMatchObject({ state: 'pending', attempts: 0, sentAt: undefined });
    expect(nextSendable(entries)?.seq).toBe(first!.seq);
  });

  it('confirming an entry updates the cache and rebases later unsent edits of the same pair', async () => {
    await enqueue(db, save(1, 'a', 1));
    await enqueue(db, save(1, 'b', 1));
    await enqueue(db, save(2, 'x', 1));
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
    await enqueue(db, save(1, 'a', 2));
    const [entry] = await entriesOf(db, 'u1');
    await confirmEntry(db, entry!, pairResponse(1, 'a', 3));
    expect(await db.pairs.get(1)).toMatchObject({ lopit: 'newer', version: 4 });
  });
});
