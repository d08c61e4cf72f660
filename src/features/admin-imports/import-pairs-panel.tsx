// Admin: import translation pairs from a CSV or TSV file, then show what was accepted, duplicated or refused,
// and whether the imported texts were approved by the admin or sent to community review.
import { useId, useState } from 'react';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { adminImport } from '../../../core/i18n/messages/admin.ts';
import { formatNumber, richText, useT } from '../../i18n/i18n.tsx';
import { importsApi } from './imports-api.ts';
import { ColumnName, IMPORT_MAX_MB, ImportFileForm, SendToReviewOption } from './import-file-form.tsx';

export function ImportPairsPanel() {
  const t = useT();
  const headingId = useId();
  const [review, setReview] = useState(false);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>{t(adminImport.pairsTitle)}</h2>
      <p className="muted">
        {richText(
          t,
          adminImport.pairsIntro,
          {
            english: <ColumnName name="english" />,
            lopit: <ColumnName name="lopit" />,
            category: <ColumnName name="category" />,
          },
          { mb: IMPORT_MAX_MB, rows: formatNumber(IMPORT_MAX_ROWS) },
        )}
      </p>
      <ImportFileForm
        fileLabel={t(adminImport.pairsFile)}
        accept=".csv,.tsv,text/csv,text/tab-separated-values"
        missingFileMessage={t(adminImport.chooseCsv)}
        submitLabel={t(adminImport.importPairs)}
        upload={(file) => importsApi.importPairs(file, review)}
        reportTestId="import-report"
        rowsNote={t(adminImport.rowsFromHeader)}
        options={<SendToReviewOption what="translations" checked={review} onChange={setReview} />}
      />
    </section>
  );
}
