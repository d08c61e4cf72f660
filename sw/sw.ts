/// <reference lib="webworker" />
// The service worker (built by vite-plugin-pwa, injectManifest strategy).
// - Precaches the app shell, every route's code (heritage pages carry their content in their chunks),
//   icons and the consent documents, so the installed app opens and reads without signal.
// - Navigations fall back to the cached shell; /api is never answered with the shell.
// - Named runtime caches with expiry for read-only public data (the lexicon, stale-while-revalidate). Never a
//   person's recordings: the server re-checks consent on every play (the review pack keeps its own copy in
//   IndexedDB, and drops it when the server says the clip is gone).
// - Background Sync: when the connection returns, replays the outbox here (same engine and senders as the page,
//   recordings included: src/offline/sync-engine.ts), and fails the event while anything could still go, so the
//   browser fires it again.
// - A new version waits until the user accepts the reload the page offers (SKIP_WAITING message).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { LocalDb } from '../src/offline/local-db.ts';
import { JSON_SENDERS } from '../src/offline/outbox-kinds.ts';
import { sendRecording } from '../src/offline/recording-uploader.ts';
import { settingsStore } from '../src/offline/settings-store.ts';
import { SyncEngine, waitingOnNetwork } from '../src/offline/sync-engine.ts';
import {
  absoluteApiBase,
  BACKGROUND_SYNC_TAG,
  RUNTIME_CACHES,
  SW_MESSAGES,
} from '../src/offline/sw-protocol.ts';

declare const self: ServiceWorkerGlobalScope & {
  __WB_MANIFEST: (string | { url: string; revision: string | null })[];
};

const DAY_SECONDS = 24 * 60 * 60;
const apiBase = absoluteApiBase(self.location.href);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), {
    denylist: [/^\/api\//, /^\/docs\//, /\.[a-z0-9]+$/i],
  }),
);

const sameOrigin = (url: URL) => url.origin === self.location.origin;

registerRoute(
  ({ url, request }) => sameOrigin(url) && request.method === 'GET' && url.pathname === '/api/data/lexicon',
  new StaleWhileRevalidate({
    cacheName: RUNTIME_CACHES.lexicon,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);

// The family data (JSON for /families, GEDCOM for genealogy tools) is public and read-only, and an admin may
// replace it at any time: fresh when online (an unchanged copy costs a 304 by its ETag), the cached copy offline.
const familiesStrategy = new NetworkFirst({
  cacheName: RUNTIME_CACHES.publicData,
  networkTimeoutSeconds: 5,
  plugins: [
    new CacheableResponsePlugin({ statuses: [200] }),
    new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
  ],
});
const FAMILY_DATA_URLS = [`${apiBase}/families`, `${apiBase}/families.ged`];
registerRoute(
  ({ url, request }) => request.method === 'GET' && FAMILY_DATA_URLS.includes(url.href),
  familiesStrategy,
);
// The interface's languages and their catalogues of approved messages (issue 18): fresh when online (an
// unchanged catalogue costs a 304 by its ETag), the cached copy offline, so a chosen language survives a reload
// without a connection even where the page's own copy (localStorage) was cleared.
registerRoute(
  ({ url, request }) =>
    sameOrigin(url) &&
    request.method === 'GET' &&
    (url.pathname === '/api/i18n/languages' || url.pathname.startsWith('/api/i18n/catalogues/')),
  new NetworkFirst({
    cacheName: RUNTIME_CACHES.publicData,
    networkTimeoutSeconds: 5,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 20, maxAgeSeconds: 30 * DAY_SECONDS, purgeOnQuotaError: true }),
    ],
  }),
);
// Installed with the app's code, as when the data was bundled: /families opens offline after one visit to any page.
self.addEventListener('install', (event) => {
  const warm = familiesStrategy.handle({ event, request: new Request(`${apiBase}/families`) });
  event.waitUntil(warm.then(() => undefined).catch(() => undefined));
});

self.addEventListener('message', (event: ExtendableMessageEvent) => {
  const data = event.data as { type?: string } | null;
  if (data?.type === SW_MESSAGES.skipWaiting) void self.skipWaiting();
});

// First install only: take control of the open page so runtime caching starts at once. Updates still wait.
clientsClaim();

interface SyncEvent extends ExtendableEvent {
  tag: string;
}

self.addEventListener('sync', (event) => {
  const syncEvent = event as SyncEvent;
  if (syncEvent.tag === BACKGROUND_SYNC_TAG) syncEvent.waitUntil(replayOutbox());
});

/**
 * Sends what waits, here, whether or not a page is open (an open page is told too, to show its progress; Web Locks
 * let one of them send at a time, and the server applies each entry once). The event's promise says what the
 * browser should do: it resolves when nothing waits on the network any more (the outbox is empty, or what is left
 * waits for the contributor or for a sign-in), and rejects while something could still go, so the browser keeps
 * the registration and fires it again later.
 */
async function replayOutbox(): Promise<void> {
  for (const page of await self.clients.matchAll({ type: 'window' }))
    page.postMessage({ type: SW_MESSAGES.syncNow });
  const db = new LocalDb();
  try {
    const engine = new SyncEngine({
      db,
      apiBase,
      // Recordings too: with the app closed, a clip made in the village goes when the signal returns.
      senders: { ...JSON_SENDERS, 'recording.upload': sendRecording },
      session: () => settingsStore.session(),
      locks: self.navigator.locks,
      onConfirmed: () => settingsStore.setLastSyncAt(Date.now()),
      // No timers here: the browser retries a failed sync event with its own backoff.
      setTimer: () => null,
      clearTimer: () => undefined,
    });
    await engine.trigger();
    const waiting = await waitingOnNetwork(db, await settingsStore.session(), engine.getStatus());
    if (waiting > 0)
      throw new Error(
        `${waiting} item(s) still wait for the server: ${engine.getStatus().lastError ?? 'not sent yet'}`,
      );
  } finally {
    db.close();
  }
}
