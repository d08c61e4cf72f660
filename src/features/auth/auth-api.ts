// Calls of /api/auth, typed by the shared schemas.
import type { AuthResponse, LoginRequest, SignupRequest, User } from '../../../core/api/auth.ts';
import { api, request } from '../../lib/api-client.ts';
import { authStore } from '../../lib/auth-store.ts';

export const authApi = {
  login: (body: LoginRequest) => request(() => api.post('auth/login', { json: body }).json<AuthResponse>()),
  signup: (body: SignupRequest) =>
    request(() => api.post('auth/signup', { json: body }).json<AuthResponse>()),
  me: () => request(() => api.get('auth/me').json<{ user: User }>()),
  updateProfile: (name: string) =>
    request(() => api.patch('auth/me', { json: { name } }).json<{ user: User }>()),
  changePassword: (currentPassword: string, newPassword: string) =>
    request(() =>
      api.post('auth/change-password', { json: { currentPassword, newPassword } }).json<{ ok: true }>(),
    ),
  resetPassword: (token: string, newPassword: string) =>
    request(() => api.post('auth/reset-password', { json: { token, newPassword } }).json<{ ok: true }>()),
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
