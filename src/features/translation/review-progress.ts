// How far a proposed translation is in its review, in words (the rule's numbers are core/review/rules.ts).
import type { ProposalSummary } from '../../../core/api/translation.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { formatCount } from '../data/chart-scale.ts';

/** "1 of 2 approvals", with rejections when there are any ("0 of 2 approvals, 1 rejection"). */
export function reviewProgress({ approvals, rejections }: Pick<ProposalSummary, 'approvals' | 'rejections'>) {
  const approved = `${approvals} of ${PROPOSAL_APPROVALS_TO_ACCEPT} approvals`;
  return rejections > 0 ? `${approved}, ${formatCount(rejections, 'rejection')}` : approved;
}

/** Who proposed a text, for someone who is not its author. */
export const authorOf = (proposal: Pick<ProposalSummary, 'authorName'>) =>
  proposal.authorName ?? 'a former member';
