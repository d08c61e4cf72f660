// Calls of /api/translation used by the editor; answers are parsed with their core/api schemas.
import { pairsResponseSchema, revisionsResponseSchema } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

export const translationApi = {
  pairs: (category?: TranslationCategory) =>
    requestJson(pairsResponseSchema, () =>
      api.get('translation/pairs', { searchParams: category ? { category } : {} }),
    ),
  revisions: (id: number) =>
    requestJson(revisionsResponseSchema, () => api.get(`translation/pairs/${id}/revisions`)),
  exportCsv: () => request(() => api.get('translation/export', { searchParams: { format: 'csv' } }).blob()),
};
