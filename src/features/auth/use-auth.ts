// React hook over the auth store.
import { useSyncExternalStore } from 'react';
import { authStore, type AuthState } from '../../lib/auth-store.ts';

export function useAuth(): AuthState {
  const getState = () => authStore.getState();
  return useSyncExternalStore((listener) => authStore.subscribe(listener), getState, getState);
}
