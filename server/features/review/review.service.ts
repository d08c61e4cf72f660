// The rules of the community's review as answers: nobody reviews their own contribution (403 OWN_CONTRIBUTION),
// an item gone from review answers 410, and a review carries a reason only when it rejects. The repositories
// decide what a vote or review does inside their transaction; this turns their outcome into the answer or the
// error the API gives, for the review routes, the admins' settling of clips, transcripts and interface texts.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { ClipReport, ClipVote, ProposalReview } from '../../../core/api/review.ts';
import { AppError, itemGone } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import type { ClipChange } from './clip-review.repository.ts';

export const CLIP_NOT_FOUND = 'This clip is no longer available for review.';
export const PROPOSAL_NOT_FOUND = 'This proposed translation does not exist.';
export const LEXICON_ENTRY_NOT_FOUND = 'This lexicon entry does not exist.';
export const ownContribution = (what: string) =>
  new AppError(403, `You cannot review your own ${what}.`, ERROR_CODES.ownContribution);

/** The answer of a clip change, or the error it calls for. */
export function clipChangeAnswer(change: ClipChange) {
  if (change.kind === 'missing') throw itemGone(CLIP_NOT_FOUND);
  if (change.kind === 'own') throw ownContribution('clip');
  return { review: change.review };
}

/** The start of the reviewer's day as the phone says it, else the last 24 hours. */
export const dayStart = (since: string | undefined) =>
  since ? new Date(since) : new Date(Date.now() - 86_400_000);

/** The reason a review gives: a rejection's, none for an approval. */
export const reviewReason = (review: ProposalReview) => (review.verdict === 'reject' ? review.reason : null);

/** A listener's vote on a clip. */
export async function voteOnClip(
  { clipReview }: TransactionRepositories,
  clipId: string,
  userId: string,
  vote: ClipVote,
) {
  return clipChangeAnswer(await clipReview.vote(clipId, userId, vote));
}

/** A listener's report of a clip. */
export async function reportClip(
  { clipReview }: TransactionRepositories,
  clipId: string,
  userId: string,
  report: ClipReport,
) {
  return clipChangeAnswer(await clipReview.report(clipId, userId, report));
}

/** A review of someone else's proposed translation. */
export async function reviewProposal(
  { proposals }: TransactionRepositories,
  proposalId: number,
  reviewerId: string,
  review: ProposalReview,
) {
  const result = await proposals.review(proposalId, reviewerId, review.verdict, reviewReason(review));
  if (result.kind === 'missing') throw itemGone(PROPOSAL_NOT_FOUND);
  if (result.kind === 'own') throw ownContribution('translation');
  return { proposal: result.proposal };
}

/** A review of a lexicon entry someone else imported. */
export async function reviewLexiconEntry(
  { lexiconReview }: TransactionRepositories,
  entryId: number,
  reviewerId: string,
  review: ProposalReview,
) {
  const result = await lexiconReview.review(entryId, reviewerId, review.verdict, reviewReason(review));
  if (result.kind === 'missing') throw itemGone(LEXICON_ENTRY_NOT_FOUND);
  if (result.kind === 'own') throw ownContribution('import');
  return { entry: result.entry };
}
