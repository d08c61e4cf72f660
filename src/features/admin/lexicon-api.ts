// Calls of /api/admin for the lexicon: import a file, export in a format.
import type { LexiconExportFormat } from '../../../core/api/lexicon.ts';
import { importReportSchema } from '../../../core/api/translation.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

/** A dictionary of up to 100,000 entries can take longer than an ordinary call on a small server. */
const LEXICON_TIMEOUT_MS = 120_000;

export const lexiconApi = {
  /** With `review`, the entries wait for the community's review instead of counting as approved. */
  importFile: (file: File, review: boolean) => {
    const body = new FormData();
    body.append('file', file);
    return requestJson(importReportSchema, () =>
      api.post('admin/import/lexicon', {
        body,
        timeout: LEXICON_TIMEOUT_MS,
        searchParams: review ? { review: 'true' } : {},
      }),
    );
  },
  exportFile: (format: LexiconExportFormat) =>
    request(() =>
      api.get('admin/export/lexicon', { searchParams: { format }, timeout: LEXICON_TIMEOUT_MS }).blob(),
    ),
};
