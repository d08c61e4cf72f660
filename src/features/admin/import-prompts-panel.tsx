// Admin: import prompt sentences (English sentences to read aloud and to translate) from a CSV or TSV file. By
// default a sentence that breaks Common Voice's reading limits is refused, as Common Voice refuses it; the admin
// may import such sentences anyway, and the report then lists them with their problems. New sentences reach
// the phones with their next prompt pack; the list of sentences with their counts is under Review.
import { useId, useState } from 'react';
import {
  PROMPT_MAX_WORDS,
  PROMPT_READ_PROBLEM_LABELS,
  promptImportReportSchema,
  type PromptImportReport,
} from '../../../core/api/prompts.ts';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { IMPORT_MAX_MB, ImportFileForm } from './import-file-form.tsx';

/** An import of up to 10,000 rows can take longer than an ordinary call on a small server. */
const IMPORT_TIMEOUT_MS = 60_000;

function importPrompts(file: File, ignoreReadLimits: boolean) {
  const body = new FormData();
  body.append('file', file);
  return requestJson(promptImportReportSchema, () =>
    api.post('admin/prompts/import', {
      body,
      timeout: IMPORT_TIMEOUT_MS,
      searchParams: { readLimits: ignoreReadLimits ? 'ignore' : 'enforce' },
    }),
  );
}

export function ImportPromptsPanel() {
  const headingId = useId();
  const optionId = useId();
  const [ignore, setIgnore] = useState(false);
  const [report, setReport] = useState<PromptImportReport | null>(null);
  const imported = report?.readLimits === 'ignore' ? report.hardToRead : [];
  return (
    <section className="card" aria-labelledby={headingId} data-testid="import-prompts">
      <h2 id={headingId}>Import prompt sentences</h2>
      <p className="muted">
        English sentences for contributors to read aloud and to translate: a CSV or TSV file in UTF-8 whose
        first row names the columns <strong>english</strong> and <strong>category</strong> (greetings, family,
        numbers, food or time). At most {IMPORT_MAX_MB} MB and {IMPORT_MAX_ROWS.toLocaleString('en')} rows. As
        in Common Voice, a sentence to read aloud has 1 to {PROMPT_MAX_WORDS} words, no digits (write numbers
        as words) and no abbreviations; others are refused unless you import them anyway.
      </p>
      <ImportFileForm
        fileLabel="CSV or TSV file of sentences"
        accept=".csv,.tsv,text/csv,text/tab-separated-values"
        missingFileMessage="Choose a CSV or TSV file to import."
        submitLabel="Import sentences"
        upload={async (file) => {
          setReport(null);
          const answer = await importPrompts(file, ignore);
          setReport(answer);
          return answer;
        }}
        reportTestId="import-prompts-report"
        rowsNote="Row numbers count from the first row after the header."
        options={
          <label className="checkbox" htmlFor={optionId}>
            <input
              id={optionId}
              type="checkbox"
              checked={ignore}
              onChange={(event) => setIgnore(event.target.checked)}
            />
            <span>
              Import sentences that are hard to read aloud anyway (long ones, digits, abbreviations)
            </span>
          </label>
        }
      />
      {imported.length > 0 && (
        <div data-testid="import-prompts-hard">
          <h3>Imported although hard to read aloud</h3>
          <ul>
            {imported.map((item) => (
              <li key={item.row} style={{ overflowWrap: 'anywhere' }}>
                <strong>Row {item.row}:</strong> “{item.english}”:{' '}
                {item.problems.map((problem) => PROMPT_READ_PROBLEM_LABELS[problem]).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
