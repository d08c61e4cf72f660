// React hook over the auth store.
import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from './auth-store.ts';

export function useAuth(): AuthState {
  return useSyncExternalStore(authStore.subscribe, authStore.getState, authStore.getState);
}
