// Small values kept in IndexedDB with idb-keyval, readable by both the page and the service worker
// (which has no localStorage): the session the outbox replays with, the time of the last sync, flags.
import { del, get, set } from 'idb-keyval';
import type { SyncSession } from './sync-engine.ts';

const SESSION_KEY = 'lopit.session';
const LAST_SYNC_KEY = 'lopit.sync.lastSuccessAt';
const PERSIST_ASKED_KEY = 'lopit.storage.persistAsked';

export const settingsStore = {
  session: () => get<SyncSession>(SESSION_KEY).then((value) => value ?? null),
  setSession: (session: SyncSession | null) => (session ? set(SESSION_KEY, session) : del(SESSION_KEY)),
  lastSyncAt: () => get<number>(LAST_SYNC_KEY).then((value) => value ?? null),
  setLastSyncAt: (time: number) => set(LAST_SYNC_KEY, time),
  persistAsked: () => get<boolean>(PERSIST_ASKED_KEY).then(Boolean),
  setPersistAsked: () => set(PERSIST_ASKED_KEY, true),
};
