// The rules of the sentence collection as answers: a sentence already written is a conflict (409), nobody reviews
// their own (403 OWN_CONTRIBUTION), an unknown sentence answers 404 ITEM_GONE. The repository decides; this turns
// its outcome into the answer or the error.
import type { User } from '../../../core/api/auth.ts';
import type { ProposalReview } from '../../../core/api/review.ts';
import { conflict, itemGone } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { ownContribution, reviewReason } from '../review/review.service.ts';

export const SENTENCE_NOT_FOUND = 'This sentence is no longer open for review.';
export const SENTENCE_TAKEN = 'This sentence has been written already.';

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
