// "Report" on the Listen screen: why this clip should go to the admins (one of the fixed reasons, and a note
// if the listener wants), in the app's dialog. ReasonDialog is the same form for any fixed list of reasons
// (Speak and Translate report sentences with it).
import { useId, useState, type FormEvent } from 'react';
import type { z } from 'zod';
import {
  CLIP_REPORT_REASONS,
  clipReportSchema,
  REVIEW_REASON_MAX,
  type ClipReport,
} from '../../../core/api/review.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { clipReportReasons, listen, reviewShared as m } from '../../../core/i18n/messages/review.ts';
import { Modal } from '../../components/modal.tsx';
import { useT } from '../../i18n/i18n.tsx';

export function ReportDialog({
  open,
  onClose,
  onReport,
}: {
  open: boolean;
  onClose: () => void;
  onReport: (report: ClipReport) => void;
}) {
  const t = useT();
  return (
    <ReasonDialog
      open={open}
      onClose={onClose}
      onReport={onReport}
      title={t(listen.reportTitle)}
      intro={t(listen.reportIntro)}
      reasons={CLIP_REPORT_REASONS}
      labels={clipReportReasons}
      schema={clipReportSchema}
    />
  );
}

export interface ReasonDialogProps<R extends string, T extends { reason: R; note?: string | undefined }> {
  open: boolean;
  onClose: () => void;
  onReport: (report: T) => void;
  /** The title and introduction, in the interface's language. */
  title: string;
  intro: string;
  reasons: readonly R[];
  /** Each reason's words (core/i18n/messages). */
  labels: Record<R, MessageDescriptor>;
  /** The report's schema (core/api): a reason of `reasons` and an optional note. */
  schema: z.ZodType<T>;
}

export function ReasonDialog<R extends string, T extends { reason: R; note?: string | undefined }>({
  open,
  onClose,
  onReport,
  title,
  intro,
  reasons,
  labels,
  schema,
}: ReasonDialogProps<R, T>) {
  const t = useT();
  const [reason, setReason] = useState<R | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = schema.safeParse({
      reason: reason ?? undefined,
      note: note.trim() || undefined,
    });
    if (!reason || !parsed.success) {
      // With a reason chosen, only the note can be wrong: too long.
      setError(t(reason ? m.noteTooLong : m.chooseReason, { max: REVIEW_REASON_MAX }));
      return;
    }
    onReport(parsed.data);
    onClose();
  }

  return (
    <Modal open={open} title={title} onClose={onClose} closeLabel={t(m.cancel)}>
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">{intro}</p>
        <fieldset
          className="report-reasons"
          aria-invalid={error && !reason ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <legend>{t(m.why)}</legend>
          {reasons.map((value) => (
            <label key={value} className="checkbox">
              <input
                type="radio"
                name={`${id}-reason`}
                checked={reason === value}
                onChange={() => {
                  setReason(value);
                  setError(null);
                }}
              />
              <span>{t(labels[value])}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>{t(m.note)}</label>
          <textarea
            id={`${id}-note`}
            rows={2}
            maxLength={REVIEW_REASON_MAX}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        {error && (
          <p className="field-error" id={`${id}-error`} role="alert">
            {error}
          </p>
        )}
        <div className="button-row">
          <button type="submit" className="btn btn-danger">
            {t(m.sendReport)}
          </button>
        </div>
      </form>
    </Modal>
  );
}
