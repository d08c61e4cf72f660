// Calls of /api/admin that bring data in: translation pairs, prompt sentences and the lexicon (which is also
// exported here, in the format an admin chooses); answers are parsed with the contract's schemas.
import type { LexiconExportFormat } from '../../../core/api/lexicon.ts';
import { promptImportReportSchema } from '../../../core/api/prompts.ts';
import { importReportSchema } from '../../../core/api/translation.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

/** An import of up to 10,000 rows can take longer than an ordinary call on a small server. */
export const IMPORT_TIMEOUT_MS = 60_000;
/** A dictionary of up to 100,000 entries can take longer than an ordinary call on a small server. */
const LEXICON_TIMEOUT_MS = 120_000;

function fileBody(file: File): FormData {
  const body = new FormData();
  body.append('file', file);
  return body;
}

export const importsApi = {
  /** With `review`, the imported texts become proposals the community reviews instead of approved texts. */
  importPairs: (file: File, review: boolean) =>
    requestJson(importReportSchema, () =>
      api.post('admin/import/pairs', {
        body: fileBody(file),
        timeout: IMPORT_TIMEOUT_MS,
        searchParams: review ? { review: 'true' } : {},
      }),
    ),
  /** With `ignoreReadLimits`, sentences that break Common Voice's reading limits are imported too. */
  importPrompts: (file: File, ignoreReadLimits: boolean) =>
    requestJson(promptImportReportSchema, () =>
      api.post('admin/prompts/import', {
        body: fileBody(file),
        timeout: IMPORT_TIMEOUT_MS,
        searchParams: { readLimits: ignoreReadLimits ? 'ignore' : 'enforce' },
      }),
    ),
  /** With `review`, the entries wait for the community's review instead of counting as approved. */
  importLexicon: (file: File, review: boolean) =>
    requestJson(importReportSchema, () =>
      api.post('admin/import/lexicon', {
        body: fileBody(file),
        timeout: LEXICON_TIMEOUT_MS,
        searchParams: review ? { review: 'true' } : {},
      }),
    ),
  exportLexicon: (format: LexiconExportFormat) =>
    request(() =>
      api.get('admin/export/lexicon', { searchParams: { format }, timeout: LEXICON_TIMEOUT_MS }).blob(),
    ),
};
