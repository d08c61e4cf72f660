// The conflict choice on a real IndexedDB implementation: reading the server's 409 (the person's own proposal
// changed on another device), keeping this device's text, taking the other device's.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ProposalSummary, ReviewedPair } from '../../../core/api/translation.ts';
import { LocalDb } from '../../offline/local-db.ts';
import { enqueue, entriesOf, park } from '../../offline/outbox.ts';
import { conflictOf, keepThisDevice, otherDeviceText, saveOver, takeOtherDevice } from './edit-conflicts.ts';

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

const proposal = (text: string, mine: boolean): ProposalSummary => ({
  id: mine ? 41 : 42,
  text,
  authorName: mine ? 'Me' : 'Someone Else',
  mine,
  approvals: 0,
  rejections: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The pair as the server holds it: the approved text, my newer proposal from another device, and another's. */
const current: ReviewedPair = {
  id: 7,
  english: 'Good morning.',
  lopit: 'zorbel approved',
  category: 'greetings',
  status: 'approved',
  version: 3,
  updatedAt: '2026-11-20T10:00:00.000Z',
  proposals: [proposal('zorbel other device', true), proposal('zorbel someone else', false)],
};

async function refusedEdit(details: unknown = { current }) {
  const entry = await enqueue(
    db,
    'u1',
    'translation.save',
    { params: {}, body: { id: 7, translation: 'zorbel this device', baseVersion: 2 } },
    { english: 'Good morning.' },
  );
  await park(db, entry, { status: 409, code: 'EDIT_CONFLICT', message: 'changed', details });
  const stored = await db.outbox.get(entry.seq);
  if (stored?.kind !== 'translation.save') throw new Error('The edit is not in the outbox.');
  return stored;
}

describe('edit conflicts', () => {
  it('reads the server pair from a 409 EDIT_CONFLICT, and nothing from other refusals', async () => {
    const edit = await refusedEdit();
    expect(conflictOf(edit)).toEqual(current);
    expect(conflictOf({ ...edit, problem: { ...edit.problem!, code: 'VALIDATION_FAILED' } })).toBeUndefined();
    expect(
      conflictOf({ ...edit, problem: { ...edit.problem!, details: { current: { id: 7 } } } }),
    ).toBeUndefined();
    // A pair without its proposals is not the contract's (a server from before the review loop).
    const { proposals: _, ...bare } = current;
    expect(
      conflictOf({ ...edit, problem: { ...edit.problem!, details: { current: bare } } }),
    ).toBeUndefined();
    expect(conflictOf({ ...edit, state: 'pending' })).toBeUndefined();
  });

  it("the other device's text is my own open proposal, not the approved text nor someone else's", () => {
    expect(otherDeviceText(current)).toBe('zorbel other device');
    expect(otherDeviceText({ ...current, proposals: [proposal('zorbel someone else', false)] })).toBe('');
  });

  it('keep this one: my text goes again, based on the server version, under a new key; the pair is cached as mine', async () => {
    const edit = await refusedEdit();
    await keepThisDevice(db, edit, current);
    const [again] = await entriesOf(db, 'u1');
    expect(again).toMatchObject({
      seq: edit.seq,
      state: 'pending',
      attempts: 0,
      body: { id: 7, translation: 'zorbel this device', baseVersion: 3 },
    });
    expect(again!.id).not.toBe(edit.id);
    expect(again!.problem).toBeUndefined();
    expect(await db.pairs.get(7)).toMatchObject({ lopit: 'zorbel approved', viewerId: 'u1' });
  });

  it('save over: a new text based on the server version', async () => {
    const edit = await refusedEdit();
    await saveOver(db, edit, current, 'zorbel a third text');
    expect((await entriesOf(db, 'u1'))[0]?.body).toEqual({
      id: 7,
      translation: 'zorbel a third text',
      baseVersion: 3,
    });
  });

  it("take the other: my edit is dropped and the pair keeps the other device's proposal", async () => {
    const edit = await refusedEdit();
    await takeOtherDevice(db, edit, current);
    expect(await entriesOf(db, 'u1')).toEqual([]);
    const cached = await db.pairs.get(7);
    expect(cached?.proposals.find((one) => one.mine)?.text).toBe('zorbel other device');
  });
});
