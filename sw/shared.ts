// Names the page and the service worker agree on.

/** Tag of the Background Sync registration that replays the outbox. */
export const BACKGROUND_SYNC_TAG = 'lopit-outbox';

export const SW_MESSAGES = {
  /** Page → worker: the user accepted the update; activate the waiting version. */
  skipWaiting: 'SKIP_WAITING',
  /** Worker → page: the connection is back (Background Sync); replay the outbox now. */
  syncNow: 'lopit:sync-now',
} as const;

export const RUNTIME_CACHES = {
  lexicon: 'lopit-lexicon',
  publicData: 'lopit-public-data',
} as const;
