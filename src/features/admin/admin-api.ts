// Calls of /api/admin, answers parsed with the contract's schemas.
import {
  resetLinkResponseSchema,
  userResponseSchema,
  usersResponseSchema,
  type Role,
} from '../../../core/api/auth.ts';
import { importReportSchema } from '../../../core/api/translation.ts';
import { api, requestJson } from '../../lib/api-client.ts';

/** An import of up to 10,000 rows can take longer than an ordinary call on a small server. */
const IMPORT_TIMEOUT_MS = 60_000;

export const adminApi = {
  users: () => requestJson(usersResponseSchema, () => api.get('admin/users')),
  setRole: (id: string, role: Role) =>
    requestJson(userResponseSchema, () => api.patch(`admin/users/${id}/role`, { json: { role } })),
  resetLink: (id: string) =>
    requestJson(resetLinkResponseSchema, () => api.post(`admin/users/${id}/reset-link`)),
  /** With `review`, the imported texts become proposals the community reviews instead of approved texts. */
  importPairs: (file: File, review: boolean) => {
    const body = new FormData();
    body.append('file', file);
    return requestJson(importReportSchema, () =>
      api.post('admin/import/pairs', {
        body,
        timeout: IMPORT_TIMEOUT_MS,
        searchParams: review ? { review: 'true' } : {},
      }),
    );
  },
};
