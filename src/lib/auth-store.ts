// Who is signed in: user and token, persisted (localStorage, or sessionStorage without "Remember me"). Web
// storage, not IndexedDB: the first render and the API client need the session synchronously, and sessionStorage
// is what makes an unremembered session end with the tab. The service worker gets its copy through
// settings-store.ts (sync.ts writes it there).
import type { User } from '../../core/api/auth.ts';

const TOKEN_KEY = 'lopit.auth.token';
const USER_KEY = 'lopit.auth.user';
/** Chat conversation of this tab (spec section 3); cleared on sign-out. */
export const CHAT_HISTORY_KEY = 'lopit.chat.history';

export interface AuthState {
  user: User | null;
  token: string | null;
}

type Listener = () => void;

function readState(): AuthState {
  for (const storage of [localStorage, sessionStorage]) {
    const token = storage.getItem(TOKEN_KEY);
    const userText = storage.getItem(USER_KEY);
    if (token && userText) {
      try {
        return { token, user: JSON.parse(userText) as User };
      } catch {
        storage.removeItem(USER_KEY);
      }
    }
  }
  return { token: null, user: null };
}

function createAuthStore() {
  let state: AuthState = typeof localStorage === 'undefined' ? { token: null, user: null } : readState();
  const listeners = new Set<Listener>();
  const emit = () => listeners.forEach((listener) => listener());

  return {
    getState: () => state,
    getToken: () => state.token,
    subscribe(listener: Listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    signIn(token: string, user: User, remember = true) {
      const storage = remember ? localStorage : sessionStorage;
      (remember ? sessionStorage : localStorage).removeItem(TOKEN_KEY);
      storage.setItem(TOKEN_KEY, token);
      storage.setItem(USER_KEY, JSON.stringify(user));
      state = { token, user };
      emit();
    },
    updateUser(user: User) {
      if (!state.token) return;
      const storage = localStorage.getItem(TOKEN_KEY) ? localStorage : sessionStorage;
      storage.setItem(USER_KEY, JSON.stringify(user));
      state = { ...state, user };
      emit();
    },
    /** Clears user, token and the chat conversation of this browser. */
    clear() {
      for (const storage of [localStorage, sessionStorage]) {
        storage.removeItem(TOKEN_KEY);
        storage.removeItem(USER_KEY);
      }
      sessionStorage.removeItem(CHAT_HISTORY_KEY);
      state = { token: null, user: null };
      emit();
    },
  };
}

export const authStore = createAuthStore();

// Another tab signed in or out: follow it.
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key === TOKEN_KEY || event.key === USER_KEY || event.key === null) {
      const next = readState();
      const current = authStore.getState();
      if (next.token !== current.token) {
        if (next.token && next.user) authStore.signIn(next.token, next.user);
        else authStore.clear();
      }
    }
  });
}
