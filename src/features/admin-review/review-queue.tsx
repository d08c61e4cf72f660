// Parts the review queues share: the messages above a queue (its page loads with useLoaded, keyed by its filters),
// the pager, the state cell and the form of an admin's decision with its reason.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { ErrorBox } from '../../components/error-box.tsx';
import { FieldError } from '../../components/field-error.tsx';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';
import { formatNumber, useT } from '../../i18n/i18n.tsx';
import type { Loaded } from '../../lib/use-loaded.ts';
import { REVIEW_QUEUE_PAGE } from './admin-review-api.ts';
import './review-queues.css';

export interface QueuePage<Item> {
  items: Item[];
  total: number;
}

export function QueuePager({
  page,
  total,
  label,
  onPage,
}: {
  page: number;
  total: number;
  /** The pager's name ("Pages of clips"). */
  label: string;
  onPage: (page: number) => void;
}) {
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / REVIEW_QUEUE_PAGE));
  if (pages === 1) return null;
  return (
    <nav className="button-row queue-pager" aria-label={label}>
      <button type="button" className="btn" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {t(adminReview.previousPage)}
      </button>
      <span className="muted">
        {t(adminReview.pageOf, { page: formatNumber(page), pages: formatNumber(pages) })}
      </span>
      <button type="button" className="btn" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {t(adminReview.nextPage)}
      </button>
    </nav>
  );
}

/** One filter of a queue: a labelled choice among `values`, or none (`''`, shown as `anyLabel`). */
export function QueueFilter<Value extends string>({
  label,
  value,
  anyLabel,
  values,
  labelOf = (name) => name,
  onChange,
}: {
  label: string;
  value: Value | '';
  anyLabel: string;
  values: readonly Value[];
  labelOf?: (value: Value) => string;
  onChange: (value: Value | '') => void;
}) {
  return (
    <label>
      {label}{' '}
      <select
        className="input"
        value={value}
        onChange={(event) => onChange(event.target.value as Value | '')}
      >
        <option value="">{anyLabel}</option>
        {values.map((name) => (
          <option key={name} value={name}>
            {labelOf(name)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** What a queue says above its rows: a failure, the last decision, that it is loading, or that it is empty. */
export function QueueMessages({
  queue,
  notice,
  noticeTestId,
  loadingText,
  emptyText,
}: {
  queue: Pick<Loaded<QueuePage<unknown>>, 'data' | 'error' | 'loading'>;
  notice: string | null;
  noticeTestId?: string;
  /** "Loading clips..." */
  loadingText: string;
  /** "No clips here." */
  emptyText: string;
}) {
  return (
    <>
      <ErrorBox error={queue.error} />
      {notice && (
        <div className="success-box" role="status" data-testid={noticeTestId}>
          {notice}
        </div>
      )}
      {queue.loading && !queue.data && <p>{loadingText}</p>}
      {queue.data?.items.length === 0 && <p>{emptyText}</p>}
    </>
  );
}

/** A row's review state in words, with the reason an admin gave when they decided it. */
export function StateCell({
  label,
  reason,
  testId,
}: {
  label: string;
  reason: string | null;
  testId: string;
}) {
  const t = useT();
  return (
    <td data-label={t(adminReview.stateColumn)}>
      <div className="review-cell">
        <span data-testid={testId}>{label}</span>
        {reason && <span className="muted">{t(adminReview.decided, { reason })}</span>}
      </div>
    </td>
  );
}

/**
 * An admin's decision with a reason that is kept: `check` turns the typed reason into a field error or the value
 * to send; a refusal by the server keeps what was typed, to send again.
 */
export function ReasonForm({
  reasonLabel,
  submitLabel,
  check,
  send,
  onCancel,
  children,
}: {
  reasonLabel: string;
  submitLabel: string;
  check: (reason: string) => { error: string } | { reason: string };
  send: (reason: string) => Promise<void>;
  onCancel: () => void;
  /** Choices shown above the reason (e.g. validated or invalidated). */
  children?: ReactNode;
}) {
  const t = useT();
  const id = useId();
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const checked = check(reason);
    if ('error' in checked) {
      setReasonError(checked.error);
      return;
    }
    setReasonError(null);
    setFormError(null);
    setBusy(true);
    try {
      await send(checked.reason);
    } catch (caught) {
      setFormError((caught as Error).message);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="form review-decision" onSubmit={(event) => void onSubmit(event)} noValidate>
      <ErrorBox error={formError} />
      {children}
      <div className="field">
        <label htmlFor={`${id}-reason`}>{reasonLabel}</label>
        <textarea
          id={`${id}-reason`}
          className="input"
          rows={2}
          value={reason}
          aria-invalid={reasonError ? true : undefined}
          aria-describedby={reasonError ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        {reasonError && <FieldError id={`${id}-reason-error`} text={reasonError} />}
      </div>
      <div className="button-row">
        <button type="submit" className="btn btn-primary" disabled={busy}>
          {busy ? t(adminReview.saving) : submitLabel}
        </button>
        <button type="button" className="btn" onClick={onCancel} disabled={busy}>
          {t(adminReview.cancel)}
        </button>
      </div>
    </form>
  );
}
