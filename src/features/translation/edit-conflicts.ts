// The choice a contributor makes when their own proposal for a pair changed (from another device of theirs)
// while an edit on this one waited: the server's 409 EDIT_CONFLICT carries the pair as it now is, with that
// newer proposal (core/api/translation.ts, editConflictDetailsSchema). Between different people there is no
// conflict: their proposals wait side by side for review. Each choice is one IndexedDB transaction: the cached
// pair becomes the server's, and the waiting edit is rebased onto its version (keep this one, or save a new
// text over the other) or dropped (take the other).
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  editConflictDetailsSchema,
  type ReviewedPair,
  type SaveTranslation,
} from '../../../core/api/translation.ts';
import type { LocalDb, OutboxEntryOf } from '../../offline/local-db.ts';

type Edit = OutboxEntryOf<'translation.save'>;
import { newEntryId } from '../../offline/outbox.ts';
import { ownProposal } from './local-pairs.ts';

/** The server's version of the pair when the edit was refused as a conflict; undefined otherwise. */
export function conflictOf(edit: Edit | undefined): ReviewedPair | undefined {
  if (edit?.state !== 'attention' || edit.problem?.code !== ERROR_CODES.editConflict) return undefined;
  const parsed = editConflictDetailsSchema.safeParse(edit.problem.details);
  return parsed.success ? parsed.data.current : undefined;
}

/** The text the other device sent: the person's own proposal as the server holds it ('' if none is open). */
export function otherDeviceText(current: ReviewedPair): string {
  return ownProposal(current)?.text ?? '';
}

/** Caches the server's pair as the edit's author sees it. */
const cache = (db: LocalDb, edit: Edit, current: ReviewedPair) =>
  db.pairs.put({ ...current, cachedAt: Date.now(), viewerId: edit.userId });

/** Sends `translation` over the other device's proposal, knowingly: the edit, under a new key, is based on it. */
export async function saveOver(db: LocalDb, edit: Edit, current: ReviewedPair, translation: string) {
  await db.transaction('rw', db.outbox, db.pairs, async () => {
    await cache(db, edit, current);
    const body: SaveTranslation = { id: current.id, translation, baseVersion: current.version };
    await db.outbox.put({
      ...edit,
      id: newEntryId(),
      body,
      state: 'pending',
      problem: undefined,
      sentAt: undefined,
      attempts: 0,
    });
  });
}

/** Keeps this device's text: it is sent again over the other device's proposal. */
export function keepThisDevice(db: LocalDb, edit: Edit, current: ReviewedPair) {
  return saveOver(db, edit, current, edit.body.translation);
}

/** Takes the other device's text: the waiting edit is dropped and the pair shows the proposal the server holds. */
export async function takeOtherDevice(db: LocalDb, edit: Edit, current: ReviewedPair) {
  await db.transaction('rw', db.outbox, db.pairs, async () => {
    await cache(db, edit, current);
    if (edit.seq !== undefined) await db.outbox.delete(edit.seq);
  });
}
