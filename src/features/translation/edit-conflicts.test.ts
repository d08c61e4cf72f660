// The conflict choice on a real IndexedDB implementation: reading the server's 409, keeping mine, taking theirs.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TranslationPair } from '../../../core/api/translation.ts';
import { LocalDb, type OutboxEntry } from '../../offline/local-db.ts';
import { enqueue, entriesOf, park } from '../../offline/outbox.ts';
import { conflictOf, keepMine, saveOver, takeTheirs } from './edit-conflicts.ts';

let db: LocalDb;
let counter = 0;
beforeEach(async () => {
  db = new LocalDb(`conflicts-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const theirs: TranslationPair = {
  id: 7,
  english: 'Good morning.',
  lopit: 'zorbel their text',
  category: 'greetings',
  status: 'approved',
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
};

async function refusedEdit(details: unknown = { current: theirs }): Promise<OutboxEntry> {
  const entry = await enqueue(db, {
    userId: 'u1',
    kind: 'translation.save',
    subject: 'pair:7',
    path: 'translation/save',
    body: { id: 7, translation: 'zorbel my text', baseVersion: 2 },
    label: 'Good morning.',
  });
  await park(db, entry, { status: 409, code: 'EDIT_CONFLICT', message: 'changed', details });
  return (await entriesOf(db, 'u1'))[0]!;
}

describe('edit conflicts', () => {
  it('reads the server version from a 409 EDIT_CONFLICT, and nothing from other refusals', async () => {
    const edit = await refusedEdit();
    expect(conflictOf(edit)).toEqual(theirs);
    expect(conflictOf({ ...edit, problem: { ...edit.problem!, code: 'VALIDATION_FAILED' } })).toBeUndefined();
    expect(
      conflictOf({ ...edit, problem: { ...edit.problem!, details: { current: { id: 7 } } } }),
    ).toBeUndefined();
    expect(conflictOf({ ...edit, state: 'pending' })).toBeUndefined();
  });

  it('keep mine: my text goes again, based on their version, under a new key; their pair is cached', async () => {
    const edit = await refusedEdit();
    await keepMine(db, edit, theirs);
    const [again] = await entriesOf(db, 'u1');
    expect(again).toMatchObject({
      seq: edit.seq,
      state: 'pending',
      attempts: 0,
      body: { id: 7, translation: 'zorbel my text', baseVersion: 3 },
    });
    expect(again!.id).not.toBe(edit.id);
    expect(again!.problem).toBeUndefined();
    expect((await db.pairs.get(7))?.lopit).toBe('zorbel their text');
  });

  it('save over: a new text based on their version', async () => {
    const edit = await refusedEdit();
    await saveOver(db, edit, theirs, 'zorbel a third text');
    expect((await entriesOf(db, 'u1'))[0]?.body).toEqual({
      id: 7,
      translation: 'zorbel a third text',
      baseVersion: 3,
    });
  });

  it('take theirs: my edit is dropped and the pair shows their text', async () => {
    const edit = await refusedEdit();
    await takeTheirs(db, edit, theirs);
    expect(await entriesOf(db, 'u1')).toEqual([]);
    expect((await db.pairs.get(7))?.lopit).toBe('zorbel their text');
  });
});
