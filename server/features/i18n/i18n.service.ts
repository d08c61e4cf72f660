// The rules of translating the interface: a proposal names a language and a message of the app and keeps the
// English's placeholders and plural forms (422 TRANSLATION_PROBLEMS with what is wrong), an admin's is approved at
// once (as an admin's save of a translation pair), nobody reviews their own proposal, English is the source and
// no language is added twice.
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { ProposeMessage } from '../../../core/api/i18n.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import { SOURCE_BY_ID } from '../../../core/i18n/catalogue.ts';
import { PSEUDO_LOCALE, translationProblems } from '../../../core/i18n/icu.ts';
import { SOURCE_LOCALE } from '../../../core/i18n/languages.ts';
import { AppError, conflict, itemGone, notFound } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { ownContribution, reviewReason } from '../review/review.service.ts';

export const LANGUAGE_NOT_FOUND = 'This language is not in the app.';
export const MESSAGE_NOT_FOUND = 'This message is not in the app.';
export const UI_PROPOSAL_NOT_FOUND = 'This proposed translation does not exist.';

/** The interface language with this code, or 404. */
export async function languageOf({ interfaceMessages }: TransactionRepositories, code: string) {
  const language = await interfaceMessages.language(code);
  if (!language) throw notFound(LANGUAGE_NOT_FOUND);
  return language;
}

/** A contributor proposes a translation of one message of the app; an admin's is approved at once. */
export async function proposeMessage(
  repositories: TransactionRepositories,
  user: User,
  { language, messageId, text }: ProposeMessage,
) {
  await languageOf(repositories, language);
  const source = SOURCE_BY_ID.get(messageId);
  if (!source) throw notFound(MESSAGE_NOT_FOUND);
  const problems = translationProblems(source.message, text);
  if (problems.length > 0)
    throw new AppError(
      422,
      'The translation must keep the placeholders and plural forms of the English.',
      ERROR_CODES.translationProblems,
      { problems },
    );
  const proposal = await repositories.interfaceMessages.propose(
    language,
    messageId,
    source.message,
    text,
    user.id,
    user.role === 'admin',
  );
  return { messageId, proposal };
}

/** A review of someone else's proposal (an admin's settles it, repository.review). */
export async function reviewMessageProposal(
  { interfaceMessages }: TransactionRepositories,
  proposalId: number,
  user: User,
  review: ProposalReview,
) {
  const result = await interfaceMessages.review(proposalId, user.id, review.verdict, reviewReason(review));
  if (result.kind === 'missing') throw itemGone(UI_PROPOSAL_NOT_FOUND);
  if (result.kind === 'own') throw ownContribution('translation');
  return { messageId: result.messageId, proposal: result.proposal };
}

/** An admin adds an interface language; English (the source) and a code already in the app are refused. */
export async function addLanguage(
  { interfaceMessages }: TransactionRepositories,
  code: string,
  name: string,
  adminId: string,
) {
  if (code === SOURCE_LOCALE || code === PSEUDO_LOCALE)
    throw conflict('English is the source language of the app.');
  if (!(await interfaceMessages.addLanguage(code, name, adminId)))
    throw conflict('A language with this code is already in the app.');
  return { language: (await interfaceMessages.language(code))! };
}
