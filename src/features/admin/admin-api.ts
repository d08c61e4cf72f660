// Calls of /api/admin.
import type { Role, User } from '../../../core/api/auth.ts';
import type { ImportReport } from '../../../core/api/translation.ts';
import { api, request } from '../../lib/api-client.ts';

/** An import of up to 10,000 rows can take longer than an ordinary call on a small server. */
const IMPORT_TIMEOUT_MS = 60_000;

export const adminApi = {
  users: () => request(() => api.get('admin/users').json<{ users: User[] }>()),
  setRole: (id: string, role: Role) =>
    request(() => api.patch(`admin/users/${id}/role`, { json: { role } }).json<{ user: User }>()),
  resetLink: (id: string) =>
    request(() => api.post(`admin/users/${id}/reset-link`).json<{ token: string; expiresAt: string }>()),
  importPairs: (file: File) => {
    const body = new FormData();
    body.append('file', file);
    return request(() =>
      api.post('admin/import/pairs', { body, timeout: IMPORT_TIMEOUT_MS }).json<ImportReport>(),
    );
  },
};
