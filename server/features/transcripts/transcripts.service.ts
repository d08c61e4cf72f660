// The rules of Transcribe as answers: nobody transcribes or reviews their own clip (403 OWN_CONTRIBUTION), a clip
// with an approved transcript takes no other (409), and a clip or transcript gone from the queue answers 410. The
// repository decides inside its transaction; this turns its outcome into the answer or the error.
import type { ProposalReview } from '../../../core/api/review.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { User } from '../../../core/api/auth.ts';
import { AppError, itemGone } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { ownContribution, reviewReason } from '../review/review.service.ts';

export const TRANSCRIBE_CLIP_NOT_FOUND = 'This clip is no longer waiting for a transcript.';
export const TRANSCRIPT_NOT_FOUND = 'This transcript is no longer open for review.';

const actorOf = (user: User) => ({ id: user.id, role: user.role });

/** A transcript proposed for someone else's clip (or the proposer's own earlier one replaced). */
export async function saveTranscript(
  { transcripts }: TransactionRepositories,
  clipId: string,
  text: string,
  user: User,
) {
  const result = await transcripts.save(clipId, text, actorOf(user));
  if (result.kind === 'missing') throw itemGone(TRANSCRIBE_CLIP_NOT_FOUND);
  if (result.kind === 'own')
    throw new AppError(403, 'You cannot transcribe your own clip.', ERROR_CODES.ownContribution);
  if (result.kind === 'transcribed')
    throw new AppError(409, 'This clip already has an approved transcript.', ERROR_CODES.conflict);
  return { transcript: result.transcript };
}

/** A review of someone else's transcript. */
export async function reviewTranscript(
  { transcripts }: TransactionRepositories,
  transcriptId: number,
  user: User,
  review: ProposalReview,
) {
  const result = await transcripts.review(transcriptId, actorOf(user), review.verdict, reviewReason(review));
  if (result.kind === 'missing') throw itemGone(TRANSCRIPT_NOT_FOUND);
  if (result.kind === 'own') throw ownContribution('transcript');
  return { transcript: result.transcript };
}
