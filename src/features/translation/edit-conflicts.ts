// The choice a contributor makes when someone else changed a pair while their edit waited: the server's 409
// EDIT_CONFLICT carries the pair as it now is (core/api/translation.ts, editConflictDetailsSchema). Each choice
// is one IndexedDB transaction: the cached pair becomes theirs, and the waiting edit is rebased onto their
// version (keep mine, or save a new text over theirs) or dropped (take theirs).
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  editConflictDetailsSchema,
  type SaveTranslation,
  type TranslationPair,
} from '../../../core/api/translation.ts';
import type { LocalDb, OutboxEntry } from '../../offline/local-db.ts';
import { newEntryId } from '../../offline/outbox.ts';

/** The server's version of the pair when the edit was refused as a conflict; undefined otherwise. */
export function conflictOf(edit: OutboxEntry | undefined): TranslationPair | undefined {
  if (edit?.state !== 'attention' || edit.problem?.code !== ERROR_CODES.editConflict) return undefined;
  const parsed = editConflictDetailsSchema.safeParse(edit.problem.details);
  return parsed.success ? parsed.data.current : undefined;
}

/** Sends `translation` over their version, knowingly: the edit, under a new key, is based on theirs. */
export async function saveOver(db: LocalDb, edit: OutboxEntry, theirs: TranslationPair, translation: string) {
  await db.transaction('rw', db.outbox, db.pairs, async () => {
    await db.pairs.put({ ...theirs, cachedAt: Date.now() });
    const body: SaveTranslation = { id: theirs.id, translation, baseVersion: theirs.version };
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

/** Keeps the contributor's own text: it is sent again over their version. */
export function keepMine(db: LocalDb, edit: OutboxEntry, theirs: TranslationPair) {
  return saveOver(db, edit, theirs, (edit.body as SaveTranslation).translation);
}

/** Takes their text: the waiting edit is dropped and the pair shows their version. */
export async function takeTheirs(db: LocalDb, edit: OutboxEntry, theirs: TranslationPair) {
  await db.transaction('rw', db.outbox, db.pairs, async () => {
    await db.pairs.put({ ...theirs, cachedAt: Date.now() });
    if (edit.seq !== undefined) await db.outbox.delete(edit.seq);
  });
}
