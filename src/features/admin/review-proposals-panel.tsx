// Admin: the proposed translations' list. Filter by state, category and author; choose open proposals with
// their checkboxes and approve or reject them all at once, with a reason kept on each (an admin's word decides:
// an approved text becomes the pair's, and its other open proposals are superseded). Reviewers' rejection
// reasons stay beside each proposal.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { User } from '../../../core/api/auth.ts';
import {
  proposalDecisionSchema,
  type AdminProposal,
  type ProposalVerdict,
} from '../../../core/api/review.ts';
import { TRANSLATION_CATEGORIES, type TranslationCategory } from '../../../core/constants.ts';
import {
  PROPOSAL_STATES,
  type ProposalLifecycleState,
  type ProposalState,
} from '../../../core/review/rules.ts';
import { formatCount } from '../data/chart-scale.ts';
import { authorOf, reviewProgress } from '../translation/review-progress.ts';
import { adminApi } from './admin-api.ts';
import { reviewQueueApi } from './review-api.ts';
import { QueueFilter, QueueMessages, QueuePager, StateCell, useQueue } from './review-queue.tsx';

/** Each state in words, with a sign so colour is never the only mark. */
const STATE_LABELS: Record<ProposalLifecycleState, string> = {
  proposed: '◔ Waiting for review',
  approved: '✓ Approved',
  rejected: '✗ Rejected',
  superseded: '↷ Superseded',
  withdrawn: '↶ Withdrawn',
};

export function ReviewProposalsPanel() {
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
  const queue = useQueue(JSON.stringify(filter), async () => {
    const answer = await reviewQueueApi.proposals(filter);
    return { items: answer.proposals, total: answer.total };
  });
  // The author filter names accounts; without the list it is left out (the rest still works).
  useEffect(() => {
    adminApi.users().then(
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
      <h2 id={headingId}>Proposed translations</h2>
      <p className="muted">
        A proposal is approved by two contributors other than its author, or by you. Choose proposals to
        approve or reject them together; your reason is kept with each.
      </p>
      <div className="toolbar">
        <QueueFilter
          label="State"
          value={state}
          anyLabel="all"
          values={PROPOSAL_STATES}
          onChange={(value) => refilter(() => setState(value))}
        />
        <QueueFilter
          label="Category"
          value={category}
          anyLabel="all"
          values={TRANSLATION_CATEGORIES}
          onChange={(value) => refilter(() => setCategory(value))}
        />
        <QueueFilter
          label="Author"
          value={author}
          anyLabel="anyone"
          values={authors.map((user) => user.id)}
          labelOf={(id) => authors.find((user) => user.id === id)?.name ?? id}
          onChange={(value) => refilter(() => setAuthor(value))}
        />
        {queue.data && (
          <span className="muted" role="status" data-testid="proposals-total">
            {formatCount(queue.data.total, 'proposal')}
          </span>
        )}
      </div>
      <QueueMessages queue={queue} notice={notice} noticeTestId="decision-notice" what="proposals" />
      <DecisionForm
        selected={[...selected]}
        onDone={(verdict, count) => {
          setSelected(new Set());
          setNotice(`${formatCount(count, 'proposal')} ${verdict === 'approve' ? 'approved' : 'rejected'}.`);
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
                    <span>All</span>
                  </label>
                </th>
                <th scope="col">English</th>
                <th scope="col">Proposal</th>
                <th scope="col">Approved now</th>
                <th scope="col">Reviews</th>
                <th scope="col">State</th>
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
          label="proposals"
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
  const decidable = proposal.state === 'proposed';
  return (
    <tr data-testid="review-proposal-row" data-proposal-id={proposal.id}>
      <td data-label="Choose">
        <label className="checkbox">
          <input
            type="checkbox"
            checked={chosen}
            disabled={!decidable}
            onChange={(event) => onChoose(event.target.checked)}
          />
          <span className="visually-hidden">
            Choose “{proposal.text}” for “{proposal.english}”
          </span>
        </label>
      </td>
      <td data-label="English">
        <div className="review-cell">
          <span>{proposal.english}</span>
          <span className="muted">{proposal.category}</span>
        </div>
      </td>
      <td data-label="Proposal">
        <div className="review-cell">
          <span lang="lpx">{proposal.text}</span>
          <span className="muted">by {authorOf(proposal)}</span>
          {proposal.others.length > 0 && (
            <span className="muted" data-testid="other-proposals">
              Also proposed:{' '}
              {proposal.others.map((other, index) => (
                <span key={other.id}>
                  {index > 0 && '; '}
                  <span lang="lpx">“{other.text}”</span> by {authorOf(other)}
                </span>
              ))}
            </span>
          )}
        </div>
      </td>
      <td data-label="Approved now">
        {proposal.accepted ? (
          <span lang="lpx">{proposal.accepted}</span>
        ) : (
          <span className="muted">none</span>
        )}
      </td>
      <td data-label="Reviews">
        <div className="review-cell">
          <span>{reviewProgress(proposal)}</span>
          {proposal.rejectionReasons.length > 0 && (
            <ul className="review-reasons" aria-label="Reasons given for rejecting">
              {proposal.rejectionReasons.map((reason, index) => (
                <li key={index}>✗ {reason}</li>
              ))}
            </ul>
          )}
        </div>
      </td>
      <StateCell
        label={STATE_LABELS[proposal.state]}
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
      aria-label="Decide the chosen proposals"
      onSubmit={(event: FormEvent) => event.preventDefault()}
      noValidate
    >
      {formError && (
        <div className="error-box" role="alert">
          {formError}
        </div>
      )}
      <p className="muted" role="status" data-testid="selected-count">
        {formatCount(selected.length, 'proposal')} chosen
      </p>
      {errors.ids && <p className="field-error">{errors.ids}</p>}
      <div className="field">
        <label htmlFor={`${id}-reason`}>Reason for your decision</label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={2}
          value={reason}
          aria-invalid={errors.reason ? true : undefined}
          aria-describedby={errors.reason ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {errors.reason && (
          <p id={`${id}-reason-error`} className="field-error">
            {errors.reason}
          </p>
        )}
      </div>
      <div className="button-row">
        <button
          type="button"
          className="btn btn-primary"
          disabled={busy !== null}
          onClick={() => void decide('approve')}
        >
          {busy === 'approve' ? 'Approving...' : 'Approve chosen'}
        </button>
        <button
          type="button"
          className="btn btn-danger"
          disabled={busy !== null}
          onClick={() => void decide('reject')}
        >
          {busy === 'reject' ? 'Rejecting...' : 'Reject chosen'}
        </button>
      </div>
    </form>
  );
}
