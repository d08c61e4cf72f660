// What the Listen and Review screens do with an item: the review goes into the outbox (which starts sending it)
// and the item leaves the pack (src/offline/review-pack.ts); the pack refills if it runs low.
import type { ClipReport, ClipVote, ProposalReview } from '../../../core/api/review.ts';
import { CLIP_REPORT_REASON_LABELS } from '../../../core/api/review.ts';
import { localDb, type PackedClip, type PackedProposal, type PackedWord } from '../../offline/local-db.ts';
import {
  forgetSkips,
  queueClipReport,
  queueClipVote,
  queueProposalReview,
  queueWordReview,
  skipItem,
} from '../../offline/review-pack.ts';
import { refillPack } from './use-review-pack.ts';

/** The outbox sends the review (enqueue starts it); the pack refills if it runs low. */
function afterReview(userId: string, kind: 'clips' | 'proposals') {
  void refillPack(kind, userId);
}

export async function voteOnClip(userId: string, clip: PackedClip, vote: ClipVote) {
  await queueClipVote(localDb(), userId, clip, vote);
  afterReview(userId, 'clips');
}

export async function reportClip(userId: string, clip: PackedClip, report: ClipReport) {
  await queueClipReport(localDb(), userId, clip, report, CLIP_REPORT_REASON_LABELS[report.reason]);
  afterReview(userId, 'clips');
}

export async function reviewProposal(userId: string, proposal: PackedProposal, review: ProposalReview) {
  await queueProposalReview(localDb(), userId, proposal, review);
  afterReview(userId, 'proposals');
}

export async function reviewWord(userId: string, word: PackedWord, review: ProposalReview) {
  await queueWordReview(localDb(), userId, word, review);
  afterReview(userId, 'proposals');
}

type SkipKind = 'clip' | 'proposal' | 'word';

export async function skip(userId: string, kind: SkipKind, itemId: string) {
  await skipItem(localDb(), userId, kind, itemId);
  void refillPack(kind === 'clip' ? 'clips' : 'proposals', userId);
}

/** Brings skipped items back: forgets the skips and asks the server again. */
export async function bringBackSkipped(userId: string, kinds: readonly SkipKind[]) {
  for (const kind of kinds) await forgetSkips(localDb(), userId, kind);
  await refillPack(kinds.includes('clip') ? 'clips' : 'proposals', userId, { force: true });
}
