// Admin: import translation pairs from a CSV or TSV file, then show what was accepted, duplicated or refused.
import { useId, useState, type FormEvent } from 'react';
import type { ImportReport } from '../../../core/api/translation.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { FormField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { adminApi } from './admin-api.ts';
import { ImportReportView } from './import-report.tsx';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

export function ImportPairsPanel() {
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Choose a CSV or TSV file to import.');
    if (file.size > IMPORT_MAX_BYTES) {
      return setFileError(`The file is larger than ${MAX_MB} MB. Split it into smaller files.`);
    }
    setBusy(true);
    setFormError(null);
    setReport(null);
    try {
      setReport(await adminApi.importPairs(file));
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
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Import translation pairs</h2>
      <p className="muted">
        A CSV or TSV file in UTF-8 whose first row names the columns <strong>english</strong>,{' '}
        <strong>lopit</strong> (may be empty) and <strong>category</strong> (greetings, family, numbers, food
        or time). At most {MAX_MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en')} rows. Pairs already there are
        counted as duplicates and left unchanged; pairs with Lopit text are imported as approved.
      </p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {formError && (
          <div className="error-box" role="alert">
            {formError}
          </div>
        )}
        <FormField
          label="CSV or TSV file"
          type="file"
          accept=".csv,.tsv,text/csv,text/tab-separated-values"
          error={fileError}
          disabled={busy}
          onChange={(e) => {
            setFile(e.target.files?.[0] ?? null);
            setFileError(undefined);
            setFormError(null);
          }}
        />
        <div className="button-row">
          <button type="submit" className="btn btn-primary" disabled={busy}>
            {busy ? 'Importing...' : 'Import pairs'}
          </button>
        </div>
        {busy && (
          <p role="status" className="muted">
            Importing...
          </p>
        )}
      </form>
      {report && (
        <ImportReportView
          report={report}
          testId="import-report"
          rowsNote="Row numbers count from the first row after the header."
        />
      )}
    </section>
  );
}
