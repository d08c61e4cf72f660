// Admin: the one form both imports use: choose a file, check its size here, send it, show the server's report.
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { ImportReport } from '../../../core/api/translation.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import { adminImport } from '../../../core/i18n/messages/admin.ts';
import { FormField } from '../../components/form-field.tsx';
import { useT } from '../../i18n/i18n.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { ImportReportView } from './import-report.tsx';
import { ErrorBox } from '../../components/error-box.tsx';

export const IMPORT_MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

export interface ImportFileFormProps {
  /** Label of the file field, e.g. "CSV or TSV file". */
  fileLabel: string;
  accept: string;
  /** What the field says when no file was chosen. */
  missingFileMessage: string;
  submitLabel: string;
  upload: (file: File) => Promise<ImportReport>;
  reportTestId: string;
  rowsNote: string;
  /** Choices sent with the file, shown above the submit button. */
  options?: ReactNode;
}

export function ImportFileForm(props: ImportFileFormProps) {
  const t = useT();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError(props.missingFileMessage);
    if (file.size > IMPORT_MAX_BYTES) {
      return setFileError(t(adminImport.tooLarge, { mb: IMPORT_MAX_MB }));
    }
    setBusy(true);
    setFormError(null);
    setReport(null);
    try {
      setReport(await props.upload(file));
    } catch (caught) {
      // The server's refusals of the file itself (empty, no header, not UTF-8, too large) belong to the field.
      if (caught instanceof ApiError && (caught.status === 400 || caught.status === 413)) {
        setFileError(caught.message);
      } else {
        setFormError((caught as Error).message);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <ErrorBox error={formError} />
        <FormField
          label={props.fileLabel}
          type="file"
          accept={props.accept}
          error={fileError}
          disabled={busy}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(undefined);
            setFormError(null);
          }}
        />
        {props.options}
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? t(adminImport.importing) : props.submitLabel}
          </button>
        </div>
        {busy && (
          <p role="status" className="muted">
            {t(adminImport.importing)}
          </p>
        )}
      </form>
      {report && <ImportReportView report={report} testId={props.reportTestId} rowsNote={props.rowsNote} />}
    </>
  );
}

/** A column name a file must have: bold, and never translated. */
export const ColumnName = ({ name }: { name: string }) => (
  <strong translate="no" lang="en">
    {name}
  </strong>
);

/** The import option that sends what a file brings to community review instead of approving it. */
export function SendToReviewOption({
  what,
  checked,
  onChange,
}: {
  what: 'translations' | 'entries';
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const t = useT();
  const id = useId();
  return (
    <label className="checkbox" htmlFor={id}>
      <input id={id} type="checkbox" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span>
        {t(what === 'entries' ? adminImport.reviewEntries : adminImport.reviewTranslations, {
          count: PROPOSAL_APPROVALS_TO_ACCEPT,
        })}
      </span>
    </label>
  );
}
