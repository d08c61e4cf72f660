// Calls of /api/translation used by the editor; answers are parsed with their core/api schemas.
import { pairsResponseSchema, revisionsResponseSchema } from '../../../core/api/translation.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

export const translationApi = {
  /** A page of the pairs changed after `since` (all of them without it). */
  pairs: ({ since, limit }: { since?: string | undefined; limit: number }) =>
    requestJson(pairsResponseSchema, () =>
      api.get('translation/pairs', { searchParams: since ? { since, limit } : { limit } }),
    ),
  revisions: (id: number) =>
    requestJson(revisionsResponseSchema, () => api.get(`translation/pairs/${id}/revisions`)),
  exportCsv: () => request(() => api.get('translation/export', { searchParams: { format: 'csv' } }).blob()),
};
