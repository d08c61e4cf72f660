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

/** The API's absolute base address (no trailing slash), from VITE_API_URL relative to `location`. */
export function absoluteApiBase(location: string): string {
  return new URL((import.meta.env.VITE_API_URL as string | undefined) ?? '/api', location).href.replace(
    /\/$/,
    '',
  );
}
