// The page's sync engine: one per tab, started once, fed by the browser's events.
import { useSyncExternalStore } from 'react';
import { authStore } from '../../lib/auth-store.ts';
import { absoluteApiBase, BACKGROUND_SYNC_TAG, SW_MESSAGES } from '../../offline/sw-protocol.ts';
import { localDb } from '../../offline/local-db.ts';
import { onQueued } from '../../offline/outbox.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { JSON_SENDERS } from '../../offline/outbox-kinds.ts';
import { SyncEngine, type SyncStatus } from '../../offline/sync-engine.ts';

/** The API's absolute address, as the service worker computes it too. */
const apiBase = () => absoluteApiBase(window.location.href);

let engine: SyncEngine | null = null;

export function syncEngine(): SyncEngine {
  engine ??= new SyncEngine({
    db: localDb(),
    apiBase: apiBase(),
    session: () => {
      const { token, user } = authStore.getState();
      return token && user ? { token, userId: user.id } : null;
    },
    locks: typeof navigator !== 'undefined' ? navigator.locks : undefined,
    browserOffline: () => typeof navigator !== 'undefined' && navigator.onLine === false,
    onConfirmed: () => settingsStore.setLastSyncAt(Date.now()),
    // Recordings travel by resumable upload (the service worker sends them too); the uploader loads on first use.
    senders: {
      ...JSON_SENDERS,
      'recording.upload': async (entry, context) =>
        (await import('../../offline/recording-uploader.ts')).sendRecording(entry, context),
    },
  });
  return engine;
}

let started = false;

/** Starts syncing: now, when the connection or the tab comes back, and when the service worker asks. */
export function startSync(): void {
  if (started) return;
  started = true;
  const sync = syncEngine();
  const run = () => void sync.trigger();
  window.addEventListener('online', run);
  window.addEventListener('offline', () => sync.noteOffline());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') run();
  });
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === SW_MESSAGES.syncNow) run();
  });
  // The service worker (Background Sync) replays with this session when no page is open.
  const mirrorSession = () => {
    const { token, user } = authStore.getState();
    void settingsStore.setSession(token && user ? { token, userId: user.id } : null);
    run();
  };
  authStore.subscribe(mirrorSession);
  mirrorSession();
  // Every change that joins the outbox (whatever its kind and screen: outbox.ts enqueue) is sent at once when
  // possible, and Background Sync sends it with the app closed once the connection returns.
  onQueued(() => {
    run();
    void registerBackgroundSync();
    void requestPersistentStorage();
  });
}

/**
 * Asks the browser to fire the service worker's sync event once the connection is back (Chromium), even with the
 * app closed; the service worker then sends what waits (sw/sw.ts).
 */
async function registerBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration();
    const manager: unknown = registration && 'sync' in registration ? registration.sync : undefined;
    await (manager as { register(tag: string): Promise<void> } | undefined)?.register(BACKGROUND_SYNC_TAG);
  } catch {
    // Background Sync is a bonus (Chromium only); the page's own triggers cover the rest.
  }
}

/** After the first contribution, asks the browser not to evict this site's storage under pressure. */
export async function requestPersistentStorage(): Promise<boolean> {
  if (!navigator.storage?.persist) return false;
  if (await navigator.storage.persisted()) return true;
  if (await settingsStore.persistAsked()) return false;
  await settingsStore.setPersistAsked();
  return navigator.storage.persist();
}

export function useSyncStatus(): SyncStatus {
  const sync = syncEngine();
  return useSyncExternalStore(
    (listener) => sync.subscribe(listener),
    () => sync.getStatus(),
  );
}
