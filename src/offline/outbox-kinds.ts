// How each kind of outbox entry travels to the server. Small kinds are one JSON POST with the entry's UUID as
// Idempotency-Key; a recording is a resumable upload (recording-uploader.ts, XHR on the page, fetch in the
// service worker). An environment that lacks a kind's sender leaves those entries for one that has it. Every
// sender answers with the same outcomes, so the sync engine treats every kind alike.
import type { ApiErrorBody } from '../../core/api/errors.ts';
import { retryAfterMs } from './backoff.ts';
import type { OutboxEntry, OutboxKind, OutboxProblem } from './local-db.ts';

export const SYNC_REQUEST_TIMEOUT_MS = 20_000;

export interface SyncSession {
  userId: string;
  token: string;
}

export type SendOutcome =
  | { kind: 'confirmed'; body: unknown }
  | { kind: 'retry'; message: string; retryAfter: number | null }
  | { kind: 'signed-out'; message: string }
  | { kind: 'refused'; problem: OutboxProblem };

export interface SendContext {
  apiBase: string;
  session: SyncSession;
  fetch: typeof fetch;
  now: () => number;
}

export type OutboxSender = (entry: OutboxEntry, context: SendContext) => Promise<SendOutcome>;
export type OutboxSenders = Partial<Record<OutboxKind, OutboxSender>>;

/**
 * Kinds of a lower phase go first: edits and consent (seconds each) never wait behind an upload that may take
 * minutes on 2G, and consent reaches the server before the recordings made under it. Within a subject, order
 * is kept whatever the phase.
 */
export const KIND_PHASE: Record<OutboxKind, number> = {
  'consent.submit': 0,
  'consent.withdraw': 0,
  'translation.save': 0,
  // Reviews are as small as an edit; a vote never waits behind someone's upload.
  'clip.vote': 0,
  'clip.report': 0,
  'proposal.review': 0,
  'lexicon.review': 0,
  'prompt.report': 0,
  'ui.propose': 0,
  'ui.review': 0,
  'recording.upload': 1,
};

/** What an answer that is not a success means: retry later, sign in again, or the contributor decides. */
export function outcomeOfFailure(
  status: number,
  body: unknown,
  retryAfterHeader: string | null,
  now: number,
): SendOutcome {
  const error = (body ?? {}) as Partial<ApiErrorBody>;
  const message = typeof error.message === 'string' ? error.message : `The server answered ${status}.`;
  if (status === 401) return { kind: 'signed-out', message };
  const retryable =
    status >= 500 ||
    [408, 425, 429].includes(status) ||
    // The same key still being processed (an earlier attempt whose answer was lost): ask again later.
    error.code === 'IDEMPOTENCY_KEY_IN_FLIGHT';
  if (retryable) return { kind: 'retry', message, retryAfter: retryAfterMs(retryAfterHeader, now) };
  return { kind: 'refused', problem: { status, code: error.code, message, details: error.details } };
}

/** One JSON POST to the entry's path with its UUID as Idempotency-Key. */
export const sendJson: OutboxSender = async (entry, { apiBase, session, fetch, now }) => {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/${entry.path}`, {
      method: 'POST',
      headers: {
        Authorization: `Bearer ${session.token}`,
        'Content-Type': 'application/json',
        'Idempotency-Key': entry.id,
      },
      body: JSON.stringify(entry.body ?? {}),
      cache: 'no-store',
      signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS),
    });
  } catch {
    return { kind: 'retry', message: 'The server cannot be reached.', retryAfter: null };
  }
  const body = await readJson(response);
  if (response.ok) return { kind: 'confirmed', body };
  return outcomeOfFailure(response.status, body, response.headers.get('Retry-After'), now());
};

/** The senders every environment has (page and service worker). */
export const JSON_SENDERS: OutboxSenders = {
  'translation.save': sendJson,
  'consent.submit': sendJson,
  'consent.withdraw': sendJson,
  'clip.vote': sendJson,
  'clip.report': sendJson,
  'proposal.review': sendJson,
  'lexicon.review': sendJson,
  'prompt.report': sendJson,
  'ui.propose': sendJson,
  'ui.review': sendJson,
};

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
