// How each kind of outbox entry travels to the server. Small kinds are one JSON POST with the entry's UUID as
// Idempotency-Key; a recording is a resumable upload (recording-uploader.ts, XHR on the page, fetch in the
// service worker). An environment that lacks a kind's sender leaves those entries for one that has it. Every
// sender answers with the same outcomes, so the sync engine treats every kind alike.
import { ERROR_CODES, type ApiErrorBody } from '../../core/api/errors.ts';
import { CLIENT_ERROR_CODES, CLIENT_ERROR_TEXTS } from '../../core/api/client-errors.ts';
import { retryAfterMs } from './backoff.ts';
import { MUTATION_KINDS, MUTATIONS } from '../../core/api/mutations.ts';
import type { LocalDb, OutboxEntry, OutboxKind, OutboxProblem } from './local-db.ts';
import { entryPath } from './outbox.ts';

export const SYNC_REQUEST_TIMEOUT_MS = 20_000;

export interface SyncSession {
  userId: string;
  token: string;
}

export type SendOutcome =
  | { kind: 'confirmed'; body: unknown }
  | { kind: 'retry'; message: string; retryAfter: number | null }
  | { kind: 'signed-out'; message: string }
  | { kind: 'refused'; problem: OutboxProblem }
  /** What the entry was about is gone for good (ITEM_GONE): nobody can fix it (GONE_NOTICE says what follows). */
  | { kind: 'gone'; problem: OutboxProblem };

export interface SendContext {
  apiBase: string;
  /** The phone's database (kinds that send a kept file read it there). */
  db: LocalDb;
  session: SyncSession;
  fetch: typeof fetch;
  now: () => number;
}

export type OutboxSender = (entry: OutboxEntry, context: SendContext) => Promise<SendOutcome>;
export type OutboxSenders = Partial<Record<OutboxKind, OutboxSender>>;

/**
 * What an answer that is not a success means: retry later, sign in again, drop it as gone, or the
 * contributor decides.
 */
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
  const problem = { status, code: error.code, message, details: error.details };
  if (error.code === ERROR_CODES.itemGone) return { kind: 'gone', problem };
  return { kind: 'refused', problem };
}

/** One JSON POST to the entry's route with its UUID as Idempotency-Key. */
export const sendJson: OutboxSender = async (entry, { apiBase, session, fetch, now }) => {
  let response: Response;
  try {
    response = await fetch(`${apiBase}/${entryPath(entry)}`, {
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

/**
 * One multipart POST of a kept file (a speaker's consent evidence, in IndexedDB until the server has it) with
 * the entry's UUID as Idempotency-Key; `fields` are the form's text fields. Works wherever fetch and IndexedDB do.
 */
export const sendEvidence: OutboxSender = async (entry, { apiBase, db, session, fetch, now }) => {
  if (entry.kind !== 'speaker.consent' && entry.kind !== 'speaker.evidence')
    throw new Error(`${entry.kind} is not sent as a file.`);
  const { evidenceKey, fields } = entry.body;
  const evidence = await db.speakerEvidence.get(evidenceKey);
  if (!evidence)
    return {
      kind: 'refused',
      problem: {
        status: null,
        code: CLIENT_ERROR_CODES.evidenceMissing,
        message: CLIENT_ERROR_TEXTS.evidenceMissing,
      },
    };
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  form.append('evidence', new Blob([evidence.data], { type: evidence.mimeType }), evidence.kind);
  let response: Response;
  try {
    response = await fetch(`${apiBase}/${entryPath(entry)}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${session.token}`, 'Idempotency-Key': entry.id },
      body: form,
      cache: 'no-store',
      // A photo on 2G takes a while: a minute before the attempt counts as lost.
      signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS * 3),
    });
  } catch {
    return { kind: 'retry', message: 'The server cannot be reached.', retryAfter: null };
  }
  const body = await readJson(response);
  if (response.ok) return { kind: 'confirmed', body };
  return outcomeOfFailure(response.status, body, response.headers.get('Retry-After'), now());
};

/**
 * The senders every environment has (page and service worker), by each kind's transport: a recording's tus
 * upload is added by each environment (recording-uploader.ts, loaded on first use on the page).
 */
export const JSON_SENDERS: OutboxSenders = Object.fromEntries(
  MUTATION_KINDS.flatMap((kind) => {
    const { transport } = MUTATIONS[kind];
    if (transport === 'json') return [[kind, sendJson]];
    if (transport === 'multipart') return [[kind, sendEvidence]];
    return [];
  }),
);

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return null;
  }
}
