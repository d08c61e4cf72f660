// The answers on a card that asks for a verdict on someone's text (a translation or a word on /review, a transcript
// on /transcribe, a written sentence on /sentences): approve, reject with a reason (asked next, required), or skip,
// by single keys too where the screen says so (`keys`). Buttons say their answer in words
// and a sign, never by colour alone; each is reachable by keyboard and large enough for a thumb. The screen gives
// the words (its own catalogue) and what each answer does.
import { useId, useRef, useState, type FormEvent } from 'react';
import { proposalReviewSchema, REVIEW_REASON_MAX, type ProposalReview } from '../../../core/api/review.ts';
import { FieldError } from '../../components/field-error.tsx';
import { useReviewShortcuts } from './use-review-shortcuts.ts';

export interface ReviewVerdictLabels {
  approve: string;
  reject: string;
  skip: string;
  rejectReason: string;
  sayWhy: string;
  /** When a reason is longer than REVIEW_REASON_MAX (else sayWhy). */
  tooLong?: string;
  sendRejection: string;
  cancel: string;
  /** The single-key answers A, R and S, said on screen; without it the card has none. */
  keys?: string;
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
  const reasonField = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const shortcuts = labels.keys !== undefined;

  function once(run: () => void | Promise<void>) {
    if (busy) return;
    setBusy(true);
    void run();
  }
  const approve = () => once(() => props.onReview({ verdict: 'approve' }));
  const skip = () => once(props.onSkip);

  function reject(event: FormEvent) {
    event.preventDefault();
    const parsed = proposalReviewSchema.safeParse({ verdict: 'reject', reason });
    if (!parsed.success) {
      setError(reason.trim() ? (labels.tooLong ?? labels.sayWhy) : labels.sayWhy);
      reasonField.current?.focus();
      return;
    }
    once(() => props.onReview(parsed.data));
  }

  useReviewShortcuts(shortcuts && !rejecting, {
    a: approve,
    r: () => setRejecting(true),
    s: skip,
  });

  if (rejecting) {
    return (
      <form className="form review-reject" onSubmit={reject} noValidate>
        <div className="field">
          <label htmlFor={`${id}-reason`}>{labels.rejectReason}</label>
          <textarea
            ref={reasonField}
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
    <>
      <div className="review-answers">
        <button
          type="button"
          className="btn review-answer review-yes"
          disabled={busy}
          aria-keyshortcuts={shortcuts ? 'a' : undefined}
          onClick={approve}
        >
          <span aria-hidden="true">✓</span> {labels.approve}
        </button>
        <button
          type="button"
          className="btn review-answer review-no"
          disabled={busy}
          aria-keyshortcuts={shortcuts ? 'r' : undefined}
          onClick={() => setRejecting(true)}
        >
          <span aria-hidden="true">✗</span> {labels.reject}
        </button>
        <button
          type="button"
          className="btn review-answer"
          disabled={busy}
          aria-keyshortcuts={shortcuts ? 's' : undefined}
          onClick={skip}
        >
          <span aria-hidden="true">→</span> {labels.skip}
        </button>
      </div>
      {shortcuts && <p className="muted review-keys">{labels.keys}</p>}
    </>
  );
}
