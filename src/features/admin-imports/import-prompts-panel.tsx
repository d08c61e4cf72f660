// Admin: import prompt sentences (English sentences to read aloud and to translate) from a CSV or TSV file. By
// default a sentence that breaks Common Voice's reading limits is refused, as Common Voice refuses it; the admin
// may import such sentences anyway, and the report then lists them with their problems. New sentences reach
// the phones with their next prompt pack; the list of sentences with their counts is under Review.
import { useId, useState } from 'react';
import { PROMPT_MAX_WORDS, type PromptImportReport } from '../../../core/api/prompts.ts';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { adminImport } from '../../../core/i18n/messages/admin.ts';
import { PROMPT_READ_PROBLEM_MESSAGES } from '../../../core/i18n/messages/contribution-labels.ts';
import { formatNumber, richText, useT } from '../../i18n/i18n.tsx';
import { ColumnName, IMPORT_MAX_MB, ImportFileForm } from './import-file-form.tsx';
import { importsApi } from './imports-api.ts';

export function ImportPromptsPanel() {
  const t = useT();
  const headingId = useId();
  const optionId = useId();
  const [ignore, setIgnore] = useState(false);
  const [report, setReport] = useState<PromptImportReport | null>(null);
  const imported = report?.readLimits === 'ignore' ? report.hardToRead : [];
  return (
    <section className="card" aria-labelledby={headingId} data-testid="import-prompts">
      <h2 id={headingId}>{t(adminImport.promptsTitle)}</h2>
      <p className="muted">
        {richText(
          t,
          adminImport.promptsIntro,
          { english: <ColumnName name="english" />, category: <ColumnName name="category" /> },
          { mb: IMPORT_MAX_MB, rows: formatNumber(IMPORT_MAX_ROWS), words: PROMPT_MAX_WORDS },
        )}
      </p>
      <ImportFileForm
        fileLabel={t(adminImport.promptsFile)}
        accept=".csv,.tsv,text/csv,text/tab-separated-values"
        missingFileMessage={t(adminImport.chooseCsv)}
        submitLabel={t(adminImport.importPrompts)}
        upload={async (file) => {
          setReport(null);
          const answer = await importsApi.importPrompts(file, ignore);
          setReport(answer);
          return answer;
        }}
        reportTestId="import-prompts-report"
        rowsNote={t(adminImport.rowsFromHeader)}
        options={
          <label className="checkbox" htmlFor={optionId}>
            <input
              id={optionId}
              type="checkbox"
              checked={ignore}
              onChange={(event) => setIgnore(event.target.checked)}
            />
            <span>{t(adminImport.promptsAnyway)}</span>
          </label>
        }
      />
      {imported.length > 0 && (
        <div data-testid="import-prompts-hard">
          <h3>{t(adminImport.promptsHard)}</h3>
          <ul>
            {imported.map((item) => (
              <li key={item.row} style={{ overflowWrap: 'anywhere' }}>
                <strong>{t(adminImport.row, { row: item.row })}</strong> “
                <span lang="en">{item.english}</span>
                ”: {item.problems.map((problem) => t(PROMPT_READ_PROBLEM_MESSAGES[problem])).join(', ')}
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
