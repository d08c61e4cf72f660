// The rules of the sentence collection as answers: a sentence already written is a conflict (409), nobody reviews
// their own (403 OWN_CONTRIBUTION), an unknown sentence answers 404 ITEM_GONE (a report of one not offered to
// read, 404 NOT_FOUND, as a pair's); an admin retires or restores a written sentence that exists (else 404). The
// repository decides; this turns its outcome into the answer or the error.
import type { User } from '../../../core/api/auth.ts';
import type { PromptReport } from '../../../core/api/prompts.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import { conflict, itemGone, notFound } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { ownContribution, reviewReason } from '../review/review.service.ts';

export const SENTENCE_NOT_FOUND = 'This sentence is no longer open for review.';
export const SENTENCE_TAKEN = 'This sentence has been written already.';
export const SENTENCE_TO_READ_NOT_FOUND = 'This sentence is not one offered to read.';

const actorOf = (user: User) => ({ id: user.id, role: user.role });

/** A new Lopit sentence by `user`. */
export async function proposeSentence(
  { sentences }: TransactionRepositories,
  body: { text: string; source: string | null },
  user: User,
) {
  const result = await sentences.propose(body.text, body.source, actorOf(user));
  if (result.kind === 'taken') throw conflict(SENTENCE_TAKEN);
  return { sentence: result.sentence };
}

/** A review of someone else's sentence. */
export async function reviewSentence(
  { sentences }: TransactionRepositories,
  sentenceId: number,
  user: User,
  review: ProposalReview,
) {
  const result = await sentences.review(sentenceId, actorOf(user), review.verdict, reviewReason(review));
  if (result.kind === 'missing') throw itemGone(SENTENCE_NOT_FOUND);
  if (result.kind === 'own') throw ownContribution('sentence');
  return { sentence: result.sentence };
}

/** A reader reports a written sentence they were offered to read (as prompts.service.ts reports a pair's). */
export async function reportSentence(
  { sentences }: TransactionRepositories,
  sentenceId: number,
  user: User,
  report: PromptReport,
) {
  const result = await sentences.report(sentenceId, user.id, report);
  if (!result) throw notFound(SENTENCE_TO_READ_NOT_FOUND);
  return result;
}

export const WRITTEN_SENTENCE_NOT_FOUND = 'This written sentence does not exist.';

/** An admin retires a written sentence from reading, with a reason that is kept (its open reports are settled). */
export async function retireSentence(
  { sentences }: TransactionRepositories,
  sentenceId: number,
  adminId: string,
  reason: string,
) {
  const sentence = await sentences.retire(sentenceId, adminId, reason);
  if (!sentence) throw notFound(WRITTEN_SENTENCE_NOT_FOUND);
  return { sentence };
}

/** An admin brings a retired written sentence back to the readers' packs. */
export async function restoreSentence({ sentences }: TransactionRepositories, sentenceId: number) {
  const sentence = await sentences.restore(sentenceId);
  if (!sentence) throw notFound(WRITTEN_SENTENCE_NOT_FOUND);
  return { sentence };
}
