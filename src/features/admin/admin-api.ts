// Calls of /api/admin.
import type { Role, User } from '../../../core/api/auth.ts';
import { api, request } from '../../lib/api-client.ts';

export const adminApi = {
  users: () => request(() => api.get('admin/users').json<{ users: User[] }>()),
  setRole: (id: string, role: Role) =>
    request(() => api.patch(`admin/users/${id}/role`, { json: { role } }).json<{ user: User }>()),
  resetLink: (id: string) =>
    request(() => api.post(`admin/users/${id}/reset-link`).json<{ token: string; expiresAt: string }>()),
};
