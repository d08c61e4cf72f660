// Calls of /api/translation used by the editor.
import type { TranslationPair, TranslationRevision } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import { api, request } from '../../lib/api-client.ts';

export const translationApi = {
  pairs: (category?: TranslationCategory) =>
    request(() =>
      api
        .get('translation/pairs', { searchParams: category ? { category } : {} })
        .json<{ pairs: TranslationPair[] }>(),
    ),
  revisions: (id: number) =>
    request(() => api.get(`translation/pairs/${id}/revisions`).json<{ revisions: TranslationRevision[] }>()),
  exportCsv: () => request(() => api.get('translation/export', { searchParams: { format: 'csv' } }).blob()),
};
