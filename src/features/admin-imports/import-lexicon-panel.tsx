// Admin: import lexicon entries from a CSV, TSV or JSON file and show the report; export the lexicon.
import { useId, useState } from 'react';
import { LEXICON_EXPORT_FORMATS, type LexiconExportFormat } from '../../../core/api/lexicon.ts';
import { LEXICON_IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { adminImport } from '../../../core/i18n/messages/admin.ts';
import { formatNumber, richText, useT } from '../../i18n/i18n.tsx';
import { saveBlob } from '../../lib/download.ts';
import { ColumnName, IMPORT_MAX_MB, ImportFileForm, SendToReviewOption } from './import-file-form.tsx';
import { importsApi } from './imports-api.ts';
import { ErrorBox } from '../../components/error-box.tsx';

export function ImportLexiconPanel() {
  const t = useT();
  const headingId = useId();
  const [review, setReview] = useState(false);
  const [exporting, setExporting] = useState<LexiconExportFormat | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);

  async function onExport(format: LexiconExportFormat) {
    setExporting(format);
    setExportError(null);
    try {
      saveBlob(await importsApi.exportLexicon(format), `lexicon.${format}`);
    } catch (caught) {
      setExportError((caught as Error).message);
    } finally {
      setExporting(null);
    }
  }

  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(adminImport.lexiconTitle)}</h2>
      <p className="muted">
        {richText(
          t,
          adminImport.lexiconIntro,
          {
            lopit: <ColumnName name="lopit" />,
            english: <ColumnName name="english" />,
            partOfSpeech: <ColumnName name="part_of_speech" />,
          },
          { mb: IMPORT_MAX_MB, rows: formatNumber(LEXICON_IMPORT_MAX_ROWS) },
        )}
      </p>
      <ImportFileForm
        fileLabel={t(adminImport.lexiconFile)}
        accept=".csv,.tsv,.txt,.json,text/csv,text/tab-separated-values,application/json"
        missingFileMessage={t(adminImport.chooseLexicon)}
        submitLabel={t(adminImport.importLexicon)}
        upload={(file) => importsApi.importLexicon(file, review)}
        reportTestId="lexicon-import-report"
        rowsNote={t(adminImport.lexiconRows)}
        options={<SendToReviewOption what="entries" checked={review} onChange={setReview} />}
      />
      <h3>{t(adminImport.exportTitle)}</h3>
      <p className="muted">{t(adminImport.exportIntro)}</p>
      <ErrorBox error={exportError} />
      <div className="button-row">
        {LEXICON_EXPORT_FORMATS.map((format) => (
          <button
            key={format}
            type="button"
            className="btn"
            disabled={exporting !== null}
            onClick={() => void onExport(format)}
          >
            {exporting === format
              ? t(adminImport.exporting)
              : t(adminImport.exportAs, { format: format.toUpperCase() })}
          </button>
        ))}
      </div>
    </section>
  );
}
