// Calls of /api/auth, typed by the shared schemas.
import type { LoginRequest, SignupRequest } from '../../../core/api/auth.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

// The schemas (and zod with them) load when a call is first made: sign-out and the start-up check are part of
// the first page, the forms are not.
const contract = () => import('../../../core/api/auth.ts');
const errors = () => import('../../../core/api/errors.ts');

export const authApi = {
  login: async (body: LoginRequest) =>
    requestJson((await contract()).authResponseSchema, () => api.post('auth/login', { json: body })),
  signup: async (body: SignupRequest) =>
    requestJson((await contract()).authResponseSchema, () => api.post('auth/signup', { json: body })),
  me: async () => requestJson((await contract()).userResponseSchema, () => api.get('auth/me')),
  updateProfile: async (name: string) =>
    requestJson((await contract()).userResponseSchema, () => api.patch('auth/me', { json: { name } })),
  changePassword: async (currentPassword: string, newPassword: string) =>
    requestJson((await errors()).okSchema, () =>
      api.post('auth/change-password', { json: { currentPassword, newPassword } }),
    ),
  resetPassword: async (token: string, newPassword: string) =>
    requestJson((await errors()).okSchema, () =>
      api.post('auth/reset-password', { json: { token, newPassword } }),
    ),
};

/** Signs out: clears local state at once, then revokes the token on the server (best effort, e.g. offline). */
export async function signOut(): Promise<void> {
  const token = authStore.getToken();
  authStore.clear();
  if (!token) return;
  try {
    await api.post('auth/logout', { headers: { Authorization: `Bearer ${token}` } });
  } catch {
    // Offline or server down: the token still expires on its own.
  }
}

/** On start: confirms the stored session is still valid; drops it only when the server says so (not when offline). */
export async function refreshSession(): Promise<void> {
  if (!authStore.getToken()) return;
  try {
    const { user } = await authApi.me();
    authStore.updateUser(user);
  } catch (error) {
    if ((error as { status?: number | null }).status === 401) authStore.clear();
  }
}
