// Admin: import lexicon entries from a CSV, TSV or JSON file and show the report; export the lexicon.
import { useId, useState } from 'react';
import { LEXICON_EXPORT_FORMATS, type LexiconExportFormat } from '../../../core/api/lexicon.ts';
import { LEXICON_IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { saveBlob } from '../../lib/download.ts';
import { IMPORT_MAX_MB, ImportFileForm, SendToReviewOption } from './import-file-form.tsx';
import { lexiconApi } from './lexicon-api.ts';

export function ImportLexiconPanel() {
  const headingId = useId();
  const [review, setReview] = useState(false);
  const [exporting, setExporting] = useState<LexiconExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

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
        entries. At most {IMPORT_MAX_MB} MB and {LEXICON_IMPORT_MAX_ROWS.toLocaleString('en')} entries. An
        entry whose Lopit and English texts are already there (ignoring accents and case) counts as a
        duplicate and is not added again. Entries from a curated source count as approved by you and the
        translation engine uses them at once, unless you send them to community review.
      </p>
      <ImportFileForm
        fileLabel="CSV, TSV or JSON file"
        accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json"
        missingFileMessage="Choose a CSV, TSV or JSON file to import."
        submitLabel="Import lexicon"
        upload={(file) => lexiconApi.importFile(file, review)}
        reportTestId="lexicon-import-report"
        rowsNote="Row numbers count from the first row after the header (or the first JSON entry)."
        options={<SendToReviewOption what="entries" checked={review} onChange={setReview} />}
      />
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
