// How far a proposed translation is in its review, in words (the rule's numbers are core/review/rules.ts).
import type { ProposalSummary } from '../../../core/api/translation.ts';
import { translation } from '../../../core/i18n/messages/translation.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { formatNumber, t as translateNow, type Translate } from '../../i18n/i18n.tsx';

/** "1 of 2 approvals", with rejections when there are any ("0 of 2 approvals, 1 rejection"). */
export function reviewProgress(
  { approvals, rejections }: Pick<ProposalSummary, 'approvals' | 'rejections'>,
  t: Translate = translateNow,
) {
  const values = { approvals: formatNumber(approvals), required: formatNumber(PROPOSAL_APPROVALS_TO_ACCEPT) };
  return rejections > 0
    ? t(translation.approvalsRejections, { ...values, rejections })
    : t(translation.approvals, values);
}

/** Who proposed a text, for someone who is not its author. */
export const authorOf = (proposal: Pick<ProposalSummary, 'authorName'>, t: Translate = translateNow) =>
  proposal.authorName ?? t(translation.formerMember);
