// Retry timing of the sync engine: about 1 s after the first failure, doubling up to a 5-minute cap,
// with "equal jitter" (half fixed, half random) so phones coming back online together do not retry in step; when
// the server says how long to wait (Retry-After), that long plus jitter instead.

export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_CAP_MS = 5 * 60_000;
/**
 * While the server cannot be reached at all, a retry is only a tiny health probe (nothing is sent or counted as
 * an attempt until it answers), so probing goes on at most this far apart: a returning signal is noticed
 * within about 30 s instead of after a 5-minute backoff.
 */
export const UNREACHABLE_PROBE_CAP_MS = 30_000;

/** Delay before the next attempt after `failures` consecutive failures (1 for the first), at most `cap`. */
export function backoffDelay(
  failures: number,
  random: () => number = Math.random,
  cap: number = BACKOFF_CAP_MS,
): number {
  const exponent = Math.max(0, failures - 1);
  const ceiling = Math.min(cap, BACKOFF_BASE_MS * 2 ** Math.min(exponent, 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/**
 * A server that says how long to wait (503 busy, 429) is waited for that long plus a random share of it, at least
 * RETRY_AFTER_MIN_JITTER_MS: hundreds of phones told the same Retry-After must not all come back in the same second.
 */
export const RETRY_AFTER_JITTER_FRACTION = 0.5;
export const RETRY_AFTER_MIN_JITTER_MS = 1_000;

/** The delay before retrying after the server asked for `retryAfterMs`: that, plus jitter. */
export function retryAfterDelay(retryAfterMs: number, random: () => number = Math.random): number {
  const spread = Math.max(RETRY_AFTER_MIN_JITTER_MS, retryAfterMs * RETRY_AFTER_JITTER_FRACTION);
  return Math.round(retryAfterMs + random() * spread);
}

/** A Retry-After header (seconds or an HTTP date) as milliseconds from `now`, or null. */
export function retryAfterMs(header: string | null, now: number): number | null {
  if (!header) return null;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1_000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}
