// Admin: the proposed translations' list. Filter by state, category and author; choose open proposals with
// their checkboxes and approve or reject them all at once, with a reason kept on each (an admin's word decides:
// an approved text becomes the pair's, and its other open proposals are superseded). Reviewers' rejection
// reasons stay beside each proposal.
import { useEffect, useId, useState, type FormEvent } from 'react';
import { FieldError } from '../../components/field-error.tsx';
import type { User } from '../../../core/api/auth.ts';
import {
  proposalDecisionSchema,
  type AdminProposal,
  type ProposalVerdict,
} from '../../../core/api/review.ts';
import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../../../core/constants.ts';
import { adminReview, PROPOSAL_STATE_MESSAGES } from '../../../core/i18n/messages/admin-review.ts';
import { contributionLabels } from '../../../core/i18n/messages/contribution-labels.ts';
import {
  PROPOSAL_APPROVALS_TO_ACCEPT,
  PROPOSAL_STATES,
  type ProposalState,
} from '../../../core/review/rules.ts';
import { formatNumber, richText, useT, type Translate } from '../../i18n/i18n.tsx';
import { usersApi } from '../admin-users/users-api.ts';
import { reviewQueueApi } from './admin-review-api.ts';
import { useLoaded } from '../../lib/use-loaded.ts';
import { QueueFilter, QueueMessages, QueuePager, StateCell } from './review-queue.tsx';
import { ErrorBox } from '../../components/error-box.tsx';

/** Who proposed a text (the author's account may be gone). */
const authorOf = (t: Translate, proposal: { authorName: string | null }) =>
  proposal.authorName ?? t(adminReview.formerMember);

/** How far a proposal is in its review ("1 of 2 approvals", with rejections when there are any). */
function reviewProgress(t: Translate, { approvals, rejections }: { approvals: number; rejections: number }) {
  const values = { approvals: formatNumber(approvals), needed: formatNumber(PROPOSAL_APPROVALS_TO_ACCEPT) };
  return rejections > 0
    ? t(adminReview.progressRejected, { ...values, rejections })
    : t(adminReview.progress, values);
}

export function ReviewProposalsPanel() {
  const t = useT();
  const headingId = useId();
  const [state, setState] = useState<ProposalState | ''>('proposed');
  const [category, setCategory] = useState<TranslationCategory | ''>('');
  const [author, setAuthor] = useState('');
  const [page, setPage] = useState(1);
  const [authors, setAuthors] = useState<User[]>([]);
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState<string | null>(null);
  const filter = {
    state: state || undefined,
    category: category || undefined,
    author: author || undefined,
    page,
  };
  const queue = useLoaded(async () => {
    const answer = await reviewQueueApi.proposals(filter);
    return { items: answer.proposals, total: answer.total };
  }, JSON.stringify(filter));
  // The author filter names accounts; without the list it is left out (the rest still works).
  useEffect(() => {
    usersApi.users().then(
      (answer) => setAuthors(answer.users),
      () => setAuthors([]),
    );
  }, []);

  const open = queue.data?.items.filter((proposal) => proposal.state === 'proposed') ?? [];
  const allChosen = open.length > 0 && open.every((proposal) => selected.has(proposal.id));
  const refilter = (change: () => void) => {
    change();
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: number, on: boolean) =>
    setSelected((now) => {
      const next = new Set(now);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <section className="card" aria-labelledby={headingId} data-testid="review-proposals">
      <h2 id={headingId}>{t(adminReview.proposalsTitle)}</h2>
      <p className="muted">{t(adminReview.proposalsIntro)}</p>
      <div className="toolbar">
        <QueueFilter
          label={t(adminReview.filterState)}
          value={state}
          anyLabel={t(adminReview.anyState)}
          values={PROPOSAL_STATES}
          labelOf={(name) => t(adminReview.proposalStateName, { state: name })}
          onChange={(value) => refilter(() => setState(value))}
        />
        <QueueFilter
          label={t(adminReview.filterCategory)}
          value={category}
          anyLabel={t(adminReview.anyState)}
          values={TRANSLATION_CATEGORIES}
          labelOf={(name) => t(contributionLabels.category, { category: name })}
          onChange={(value) => refilter(() => setCategory(value))}
        />
        <QueueFilter
          label={t(adminReview.filterAuthor)}
          value={author}
          anyLabel={t(adminReview.anyAuthor)}
          values={authors.map((user) => user.id)}
          labelOf={(id) => authors.find((user) => user.id === id)?.name ?? id}
          onChange={(value) => refilter(() => setAuthor(value))}
        />
        {queue.data && (
          <span className="muted" role="status" data-testid="proposals-total">
            {t(adminReview.proposalsTotal, { count: queue.data.total })}
          </span>
        )}
      </div>
      <QueueMessages
        queue={queue}
        notice={notice}
        noticeTestId="decision-notice"
        loadingText={t(adminReview.proposalsLoading)}
        emptyText={t(adminReview.proposalsEmpty)}
      />
      <DecisionForm
        selected={[...selected]}
        onDone={(verdict, count) => {
          setSelected(new Set());
          setNotice(t(adminReview.proposalsDecided, { count, verdict }));
          void queue.reload();
        }}
      />
      {queue.data && queue.data.items.length > 0 && (
        <div className="table-wrap">
          <table className="card-table review-table">
            <thead>
              <tr>
                <th scope="col">
                  <label className="checkbox">
                    <input
                      type="checkbox"
                      checked={allChosen}
                      disabled={open.length === 0}
                      onChange={(event) =>
                        setSelected(new Set(event.target.checked ? open.map((proposal) => proposal.id) : []))
                      }
                    />
                    <span>{t(adminReview.all)}</span>
                  </label>
                </th>
                <th scope="col">{t(adminReview.columnEnglish)}</th>
                <th scope="col">{t(adminReview.columnProposal)}</th>
                <th scope="col">{t(adminReview.columnApprovedNow)}</th>
                <th scope="col">{t(adminReview.columnReviews)}</th>
                <th scope="col">{t(adminReview.stateColumn)}</th>
              </tr>
            </thead>
            <tbody>
              {queue.data.items.map((proposal) => (
                <ProposalRow
                  key={proposal.id}
                  proposal={proposal}
                  chosen={selected.has(proposal.id)}
                  onChoose={(on) => toggle(proposal.id, on)}
                />
              ))}
            </tbody>
          </table>
        </div>
      )}
      {queue.data && (
        <QueuePager
          page={page}
          total={queue.data.total}
          label={t(adminReview.proposalsPages)}
          onPage={(next) => refilter(() => setPage(next))}
        />
      )}
    </section>
  );
}

function ProposalRow({
  proposal,
  chosen,
  onChoose,
}: {
  proposal: AdminProposal;
  chosen: boolean;
  onChoose: (on: boolean) => void;
}) {
  const t = useT();
  const decidable = proposal.state === 'proposed';
  return (
    <tr data-testid="review-proposal-row" data-proposal-id={proposal.id}>
      <td data-label={t(adminReview.columnChoose)}>
        <label className="checkbox">
          <input
            type="checkbox"
            checked={chosen}
            disabled={!decidable}
            onChange={(event) => onChoose(event.target.checked)}
          />
          <span className="visually-hidden">
            {t(adminReview.chooseProposal, { text: proposal.text, english: proposal.english })}
          </span>
        </label>
      </td>
      <td data-label={t(adminReview.columnEnglish)}>
        <div className="review-cell">
          <span lang="en">{proposal.english}</span>
          <span className="muted">{t(contributionLabels.category, { category: proposal.category })}</span>
        </div>
      </td>
      <td data-label={t(adminReview.columnProposal)}>
        <div className="review-cell">
          <span lang="lpx">{proposal.text}</span>
          <span className="muted">{t(adminReview.by, { author: authorOf(t, proposal) })}</span>
          {proposal.others.length > 0 && (
            <span className="muted" data-testid="other-proposals">
              {t(adminReview.alsoProposed)}{' '}
              {proposal.others.map((other, index) => (
                <span key={other.id}>
                  {index > 0 && '; '}
                  {richText(
                    t,
                    adminReview.otherBy,
                    { text: <span lang="lpx">“{other.text}”</span> },
                    { author: authorOf(t, other) },
                  )}
                </span>
              ))}
            </span>
          )}
        </div>
      </td>
      <td data-label={t(adminReview.columnApprovedNow)}>
        {proposal.accepted ? (
          <span lang="lpx">{proposal.accepted}</span>
        ) : (
          <span className="muted">{t(adminReview.none)}</span>
        )}
      </td>
      <td data-label={t(adminReview.columnReviews)}>
        <div className="review-cell">
          <span>{reviewProgress(t, proposal)}</span>
          {proposal.rejectionReasons.length > 0 && (
            <ul className="review-reasons" aria-label={t(adminReview.rejectionReasons)}>
              {proposal.rejectionReasons.map((reason, index) => (
                <li key={index}>
                  ✗ <span translate="no">{reason}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
      </td>
      <StateCell
        label={t(PROPOSAL_STATE_MESSAGES[proposal.state])}
        reason={proposal.decisionReason}
        testId="proposal-state"
      />
    </tr>
  );
}

/** Approve or reject the chosen proposals, with one reason (required) kept on each. */
function DecisionForm({
  selected,
  onDone,
}: {
  selected: number[];
  onDone: (verdict: ProposalVerdict, count: number) => void;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<{ ids?: string; reason?: string }>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState<ProposalVerdict | null>(null);

  async function decide(verdict: ProposalVerdict) {
    const parsed = proposalDecisionSchema.safeParse({ ids: selected, verdict, reason });
    if (!parsed.success) {
      const messageOf = (field: string) =>
        parsed.error.issues.find((issue) => issue.path[0] === field)?.message;
      setErrors({ ids: messageOf('ids'), reason: messageOf('reason') });
      return;
    }
    setErrors({});
    setFormError(null);
    setBusy(verdict);
    try {
      const answer = await reviewQueueApi.decide(parsed.data.ids, verdict, parsed.data.reason);
      setReason('');
      onDone(verdict, answer.proposals.length);
    } catch (caught) {
      // The reason and the choice stay, to send again.
      setFormError((caught as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <form
      className="form review-decision"
      aria-label={t(adminReview.decideChosen)}
      onSubmit={(event: FormEvent) => event.preventDefault()}
      noValidate
    >
      <ErrorBox error={formError} />
      <p className="muted" role="status" data-testid="selected-count">
        {t(adminReview.chosenCount, { count: selected.length })}
      </p>
      {errors.ids && <FieldError text={errors.ids} />}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t(adminReview.decisionReason)}</label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={2}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason && <FieldError id={`${id}-reason-error`} text={errors.reason} />}
      </div>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void decide('approve')}
        >
          {busy === 'approve' ? t(adminReview.approving) : t(adminReview.approveChosen)}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy !== null}
          onClick={() => void decide('reject')}
        >
          {busy === 'reject' ? t(adminReview.rejecting) : t(adminReview.rejectChosen)}
        </button>
      </div>
    </form>
  );
}
