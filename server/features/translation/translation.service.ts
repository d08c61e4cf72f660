// The rules of saving a translation and reading its history: a translation counts only with translation consent
// (refused, never kept unused), an edit made on a text changed since answers EDIT_CONFLICT with the current text,
// and a revision's account id shows only to admins and to its editor.
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { EditConflictDetails, SaveTranslation } from '../../../core/api/translation.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';

export const TRANSLATION_CONSENT_REQUIRED =
  'Translation consent is needed before your translations can be saved. Give it on the consent page.';

/** Saves a translation: a proposal until the community approves it; an admin's is approved at once. */
export async function saveTranslation(
  repositories: TransactionRepositories,
  user: User,
  { id, translation, baseVersion }: SaveTranslation,
) {
  if (!(await repositories.consent.status(user.id)).translation)
    throw new AppError(403, TRANSLATION_CONSENT_REQUIRED, ERROR_CODES.consentRequired);
  const result = await repositories.proposals.save(id, translation, user, baseVersion);
  if (result.kind === 'missing') throw notFound('This translation pair no longer exists.');
  if (result.kind === 'conflict') {
    const details: EditConflictDetails = { current: result.current };
    throw conflict(
      'You changed this translation on another device while this edit was waiting. Choose which text to keep.',
      ERROR_CODES.editConflict,
      details,
    );
  }
  return { pair: result.pair };
}

/** A pair's revisions as `viewer` may see them: names to every contributor, account ids to admins and the editor. */
export async function revisionsFor(repositories: Repositories, pairId: number, viewer: User) {
  if (!(await repositories.translation.exists(pairId)))
    throw notFound('This translation pair does not exist.');
  const revisions = (await repositories.translation.revisions(pairId)).map((revision) => ({
    ...revision,
    userId: viewer.role === 'admin' || revision.userId === viewer.id ? revision.userId : null,
  }));
  return { revisions };
}
