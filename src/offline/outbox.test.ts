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
    // Whichever user sorts first: u2 does not see u1's entries either.
    expect((await entriesOf(db, 'u2')).map((entry) => (entry.body as { id: number }).id)).toEqual([2]);
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

  it('folds only into an unsent entry of the same subject and kind, never into a refused one', async () => {
    const consent = (kind: 'consent.submit' | 'consent.withdraw') => ({
      userId: 'u1',
      kind,
      subject: 'consent',
      path: kind === 'consent.submit' ? 'consent/submit' : 'consent/withdraw',
      body: kind === 'consent.submit' ? { consent_type: 'full' } : {},
      label: 'consent',
    });
    await enqueue(db, save(1, 'a'), { coalesce: true });
    await enqueue(db, save(2, 'b'), { coalesce: true });
    await enqueue(db, consent('consent.submit'), { coalesce: true });
    await enqueue(db, consent('consent.withdraw'), { coalesce: true });
    // Refused before any attempt, as an upload moved over from a database before schema 2 can be.
    await park(db, (await entriesOf(db, 'u1'))[0]!, { status: 409, message: 'conflict' });
    await enqueue(db, save(1, 'c'), { coalesce: true });
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
    await enqueue(db, save(1, 'a'));
    await enqueue(db, save(1, 'b'));
    await enqueue(db, save(2, 'c'));
    let entries = await entriesOf(db, 'u1');
    const heldBack = () => entries.map((entry) => isHeldBack(entries, entry));
    // An earlier entry that still waits to be sent holds nothing back.
    expect(heldBack()).toEqual([false, false, false]);
    expect(nextSendable(entries)?.seq).toBe(entries[0]!.seq);
    await park(db, entries[0]!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    entries = await entriesOf(db, 'u1');
    expect(heldBack()).toEqual([false, true, false]);
    expect((nextSendable(entries)?.body as { id: number }).id).toBe(2);
    await discardEntry(db, entries[0]!.seq!);
    entries = await entriesOf(db, 'u1');
    expect((nextSendable(entries)?.body as { translation: string }).translation).toBe('b');
  });

  it('a refused entry holds back nothing made before it', async () => {
    await enqueue(db, save(1, 'a'));
    await enqueue(db, save(1, 'b'));
    let entries = await entriesOf(db, 'u1');
    await park(db, entries[1]!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    entries = await entriesOf(db, 'u1');
    expect(entries.map((entry) => isHeldBack(entries, entry))).toEqual([false, false]);
    expect(nextSendable(entries)?.seq).toBe(entries[0]!.seq);
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
    expect(entries[0]).toMatchObject({ state: 'pending', attempts: 0, sentAt: undefined, label: 'pair 1' });
    expect(nextSendable(entries)?.seq).toBe(first!.seq);
    await replaceEntry(db, first!.seq!, { id: 1, translation: 'theirs', baseVersion: 5 }, 'pair 1, theirs');
    expect((await entriesOf(db, 'u1'))[0]!.label).toBe('pair 1, theirs');
  });

  it('replacing an entry given up meanwhile (in another tab) adds nothing', async () => {
    await enqueue(db, save(1, 'a'));
    const [entry] = await entriesOf(db, 'u1');
    await discardEntry(db, entry!.seq!);
    await replaceEntry(db, entry!.seq!, { id: 1, translation: 'mine', baseVersion: 5 });
    expect(await db.outbox.count()).toBe(0);
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
