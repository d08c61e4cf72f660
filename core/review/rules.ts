// The community review rule, once: when a clip counts as validated or invalidated, and when a proposed
// translation counts as approved or rejected. Server (SQL and services), phone and tests all use these.

/**
 * Clips, after Mozilla Common Voice: a clip is decided once at least CLIP_VOTES_TO_DECIDE people other than
 * its speaker have voted; then more up than down validates it, more down than up invalidates it, and a tie is
 * invalid once CLIP_TIE_INVALID_AFTER_VOTES or more votes are in (a clip people keep disagreeing about is not
 * one a model should learn from). Until then it stays pending.
 */
export const CLIP_VOTES_TO_DECIDE = 2;
export const CLIP_TIE_INVALID_AFTER_VOTES = 3;

/** Proposals (translations, transcripts, interface messages): approvals or rejections by people other than the author. */
export const PROPOSAL_APPROVALS_TO_ACCEPT = 2;
export const PROPOSAL_REJECTIONS_TO_REJECT = 2;

export const CLIP_REVIEW_STATES = ['pending', 'validated', 'invalidated', 'reported'] as const;
export type ClipReviewState = (typeof CLIP_REVIEW_STATES)[number];

export const PROPOSAL_STATES = ['proposed', 'approved', 'rejected'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
/**
 * A proposal's whole life: the review states, and two ends that are not a verdict: `superseded` (its author
 * proposed a new text, or another proposal for the pair was approved) and `withdrawn` (its author cleared it).
 */
export const PROPOSAL_LIFECYCLE_STATES = [...PROPOSAL_STATES, 'superseded', 'withdrawn'] as const;
export type ProposalLifecycleState = (typeof PROPOSAL_LIFECYCLE_STATES)[number];

export interface VoteCounts {
  up: number;
  down: number;
}

/** The state the votes alone give a clip (a report or an admin's decision overrides it). */
export function clipStateFromVotes({ up, down }: VoteCounts): Exclude<ClipReviewState, 'reported'> {
  const votes = up + down;
  if (votes < CLIP_VOTES_TO_DECIDE) return 'pending';
  if (up > down) return 'validated';
  if (down > up) return 'invalidated';
  return votes >= CLIP_TIE_INVALID_AFTER_VOTES ? 'invalidated' : 'pending';
}

/**
 * Distinct people whose open reports take a clip out of the community's review queue, to wait for an admin.
 * Fewer reports leave it in everyone else's queue (a reporter stops seeing it at once) and in the admins' list
 * of reported clips: one contributor alone cannot stall the review of every clip they report.
 */
export const CLIP_REPORTERS_TO_HOLD = 3;

export interface ClipReviewFacts extends VoteCounts {
  /** Reports no admin has dealt with yet, one per reporter. */
  openReports: number;
  /** An admin's decision, if any. */
  settled: 'validated' | 'invalidated' | null;
}

/**
 * A clip's state: CLIP_REPORTERS_TO_HOLD open reports send it to the admins (whatever the votes say); else an
 * admin's decision stands; else the votes decide.
 */
export function clipReviewState({ openReports, settled, ...votes }: ClipReviewFacts): ClipReviewState {
  if (openReports >= CLIP_REPORTERS_TO_HOLD) return 'reported';
  return settled ?? clipStateFromVotes(votes);
}

export interface ProposalCounts {
  approvals: number;
  rejections: number;
}

/** The state reviews alone give a proposal (an admin's decision overrides it). Approval is checked first. */
export function proposalStateFromReviews({ approvals, rejections }: ProposalCounts): ProposalState {
  if (approvals >= PROPOSAL_APPROVALS_TO_ACCEPT) return 'approved';
  if (rejections >= PROPOSAL_REJECTIONS_TO_REJECT) return 'rejected';
  return 'proposed';
}
