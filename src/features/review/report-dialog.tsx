// "Report" on the Listen screen: why this clip should go to the admins (one of the fixed reasons, and a note
// if the listener wants), in the app's dialog.
import { useId, useState, type FormEvent } from 'react';
import {
  CLIP_REPORT_REASON_LABELS,
  CLIP_REPORT_REASONS,
  clipReportSchema,
  REVIEW_REASON_MAX,
  type ClipReport,
  type ClipReportReason,
} from '../../../core/api/review.ts';
import { Modal } from '../../components/modal.tsx';

export function ReportDialog({
  open,
  onClose,
  onReport,
}: {
  open: boolean;
  onClose: () => void;
  onReport: (report: ClipReport) => void;
}) {
  const [reason, setReason] = useState<ClipReportReason | null>(null);
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const id = useId();

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = clipReportSchema.safeParse({
      reason: reason ?? undefined,
      note: note.trim() || undefined,
    });
    if (!reason || !parsed.success) {
      setError(reason ? (parsed.error?.issues[0]?.message ?? 'Check the note') : 'Choose why you report it');
      return;
    }
    onReport(parsed.data);
    onClose();
  }

  return (
    <Modal open={open} title="Report this clip" onClose={onClose} closeLabel="Cancel">
      <form className="form" onSubmit={submit} noValidate>
        <p className="muted">Reported clips go to the admins, who decide whether they stay.</p>
        <fieldset
          className="report-reasons"
          aria-invalid={error && !reason ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        >
          <legend>Why?</legend>
          {CLIP_REPORT_REASONS.map((value) => (
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
              <span>{CLIP_REPORT_REASON_LABELS[value]}</span>
            </label>
          ))}
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-note`}>Note for the admins (optional)</label>
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
            Send report
          </button>
        </div>
      </form>
    </Modal>
  );
}
