// Admin: import translation pairs from a CSV or TSV file, then show what was accepted, duplicated or refused,
// and whether the imported texts were approved by the admin or sent to community review.
import { useId, useState } from 'react';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { adminApi } from './admin-api.ts';
import { IMPORT_MAX_MB, ImportFileForm, SendToReviewOption } from './import-file-form.tsx';

export function ImportPairsPanel() {
  const headingId = useId();
  const [review, setReview] = useState(false);
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Import translation pairs</h2>
      <p className="muted">
        A CSV or TSV file in UTF-8 whose first row names the columns <strong>english</strong>,{' '}
        <strong>lopit</strong> (may be empty) and <strong>category</strong> (greetings, family, numbers, food
        or time). At most {IMPORT_MAX_MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en')} rows. Pairs already
        there are counted as duplicates and left unchanged. Lopit texts from a curated source count as
        approved by you, unless you send them to community review.
      </p>
      <ImportFileForm
        fileLabel="CSV or TSV file"
        accept=".csv,.tsv,text/csv,text/tab-separated-values"
        missingFileMessage="Choose a CSV or TSV file to import."
        submitLabel="Import pairs"
        upload={(file) => adminApi.importPairs(file, review)}
        reportTestId="import-report"
        rowsNote="Row numbers count from the first row after the header."
        options={<SendToReviewOption what="translations" checked={review} onChange={setReview} />}
      />
    </section>
  );
}
