// Admin: import lexicon entries from a CSV, TSV or JSON file and show the report; export the lexicon.
import { useId, useState, type FormEvent } from 'react';
import { LEXICON_EXPORT_FORMATS, type LexiconExportFormat } from '../../../core/api/lexicon.ts';
import type { ImportReport } from '../../../core/api/translation.ts';
import { IMPORT_MAX_BYTES, LEXICON_IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { FormField } from '../../components/form-field.tsx';
import { ApiError } from '../../lib/api-client.ts';
import { saveBlob } from '../../lib/download.ts';
import { ImportReportView } from './import-report.tsx';
import { lexiconApi } from './lexicon-api.ts';

const MAX_MB = IMPORT_MAX_BYTES / 1024 / 1024;

export function ImportLexiconPanel() {
  const headingId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [report, setReport] = useState<ImportReport | null>(null);
  const [exporting, setExporting] = useState<LexiconExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) return setFileError('Choose a CSV, TSV or JSON file to import.');
    if (file.size > IMPORT_MAX_BYTES) {
      return setFileError(`The file is larger than ${MAX_MB} MB. Split it into smaller files.`);
    }
    setBusy(true);
    setFormError(null);
    setReport(null);
    try {
      setReport(await lexiconApi.importFile(file));
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

  async function onExport(format: LexiconExportFormat) {
    setExporting(format);
    setExportError(null);
    try {
      saveBlob(await lexiconApi.exportFile(format), `lexicon.${format}`);
    } catch (caught) {
      setExportError((caught as Error).message);
    } finally {
      setExporting(null);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Lexicon</h2>
      <p className="muted">
        Import a CSV or TSV file in UTF-8 whose first row names the columns <strong>lopit</strong>,{' '}
        <strong>english</strong> and optionally <strong>part_of_speech</strong>, or a JSON list of such
        entries. At most {MAX_MB} MB and {LEXICON_IMPORT_MAX_ROWS.toLocaleString('en')} entries. An entry
        whose Lopit and English texts are already there (ignoring accents and case) counts as a duplicate and
        is not added again. The translation engine uses new entries at once.
      </p>
      <form className="form" onSubmit={(event) => void onSubmit(event)} noValidate>
        {formError && (
          <div className="error-box" role="alert">
            {formError}
          </div>
        )}
        <FormField
          label="CSV, TSV or JSON file"
          type="file"
          accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json"
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
            {busy ? 'Importing...' : 'Import lexicon'}
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
          testId="lexicon-import-report"
          rowsNote="Row numbers count from the first row after the header (or the first JSON entry)."
        />
      )}
      <h3>Export</h3>
      <p className="muted">
        The whole lexicon. In CSV and TSV, cells that a spreadsheet would run as a formula start with an
        apostrophe.
      </p>
      {exportError && (
        <div className="error-box" role="alert">
          {exportError}
        </div>
      )}
      <div className="button-row">
        {LEXICON_EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn"
            disabled={exporting !== null}
            onClick={() => void onExport(format)}
          >
            {exporting === format ? 'Exporting...' : `Export ${format.toUpperCase()}`}
          </button>
        ))}
      </div>
    </section>
  );
}
