// The answers on a card that asks for a verdict on someone's text (a transcript on /transcribe, a written sentence
// on /sentences): approve, reject with a reason (asked next, required), or skip. Buttons say their answer in words
// and a sign, never by colour alone; each is reachable by keyboard and large enough for a thumb. The screen gives
// the words (its own catalogue) and what each answer does.
import { useId, useState, type FormEvent } from 'react';
import { proposalReviewSchema, REVIEW_REASON_MAX, type ProposalReview } from '../../../core/api/review.ts';
import { FieldError } from '../../components/field-error.tsx';

export interface ReviewVerdictLabels {
  approve: string;
  reject: string;
  skip: string;
  rejectReason: string;
  sayWhy: string;
  sendRejection: string;
  cancel: string;
}

export function ReviewVerdict(props: {
  labels: ReviewVerdictLabels;
  onReview: (review: ProposalReview) => void | Promise<void>;
  onSkip: () => void | Promise<void>;
}) {
  const { labels } = props;
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const id = useId();

  function send(review: ProposalReview) {
    if (busy) return;
    setBusy(true);
    void props.onReview(review);
  }

  function reject(event: FormEvent) {
    event.preventDefault();
    const parsed = proposalReviewSchema.safeParse({ verdict: 'reject', reason });
    if (!parsed.success) {
      setError(labels.sayWhy);
      return;
    }
    send(parsed.data);
  }

  if (rejecting) {
    return (
      <form className="form review-reject" onSubmit={reject} noValidate>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{labels.rejectReason}</label>
          <textarea
            id={`${id}-reason`}
            rows={3}
            maxLength={REVIEW_REASON_MAX}
            value={reason}
            autoFocus
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-reason-error` : undefined}
            onChange={(event) => {
              setReason(event.target.value);
              setError(null);
            }}
          />
          {error && <FieldError id={`${id}-reason-error`} text={error} />}
        </div>
        <div className="review-answers">
          <button type="submit" className="btn btn-danger review-answer" disabled={busy}>
            {labels.sendRejection}
          </button>
          <button type="button" className="btn review-answer" onClick={() => setRejecting(false)}>
            {labels.cancel}
          </button>
        </div>
      </form>
    );
  }
  return (
    <div className="review-answers">
      <button
        type="button"
        className="btn review-answer review-yes"
        disabled={busy}
        onClick={() => send({ verdict: 'approve' })}
      >
        <span aria-hidden="true">✓</span> {labels.approve}
      </button>
      <button
        type="button"
        className="btn review-answer review-no"
        disabled={busy}
        onClick={() => setRejecting(true)}
      >
        <span aria-hidden="true">✗</span> {labels.reject}
      </button>
      <button type="button" className="btn review-answer" disabled={busy} onClick={() => void props.onSkip()}>
        <span aria-hidden="true">→</span> {labels.skip}
      </button>
    </div>
  );
}
