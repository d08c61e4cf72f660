// How each kind of outbox entry travels to the server. Small kinds are one JSON POST with the entry's UUID as
// Idempotency-Key; a recording is a resumable upload (recording-uploader.ts, XHR on the page, fetch in the
// service worker). An environment that lacks a kind's sender leaves those entries for one that has it. Every
// sender answers with the same outcomes, so the sync engine treats every kind alike.
import { ERROR_CODES, type ApiErrorBody } from '../../core/api/errors.ts';
import { CLIENT_ERROR_CODES, CLIENT_ERROR_TEXTS } from '../../core/api/client-errors.ts';
import { retryAfterMs } from './backoff.ts';
import type { GoneNoticeKind, LocalDb, OutboxEntry, OutboxKind, OutboxProblem } from './local-db.ts';

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
  'transcript.save': 0,
  'transcript.review': 0,
  // A field speaker and their consent reach the server before the clips recorded under it (issue 16).
  'speaker.create': 0,
  'speaker.consent': 0,
  'speaker.withdraw': 0,
  // A second piece of evidence (a photo after the spoken consent) is not needed by any clip: it waits like audio.
  'speaker.evidence': 1,
  'ui.propose': 0,
  'ui.review': 0,
  'recording.upload': 1,
};

/**
 * What an entry of each kind was, told to the contributor when the server drops it as gone; null for kinds
 * never dropped that way (their own work, or consent), which wait for the contributor like any refusal.
 */
export const GONE_NOTICE: Record<OutboxKind, GoneNoticeKind | null> = {
  'clip.vote': 'vote',
  'clip.report': 'report',
  'proposal.review': 'review',
  'lexicon.review': 'review',
  'transcript.review': 'review',
  'ui.review': 'review',
  // A transcript of a clip nobody may hear any more cannot be kept, whatever its writer does.
  'transcript.save': 'transcript',
  'prompt.report': null,
  'translation.save': null,
  'consent.submit': null,
  'consent.withdraw': null,
  'speaker.create': null,
  'speaker.consent': null,
  'speaker.evidence': null,
  'speaker.withdraw': null,
  'ui.propose': null,
  'recording.upload': null,
};

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

/**
 * One multipart POST of a kept file (a speaker's consent evidence, in IndexedDB until the server has it) with
 * the entry's UUID as Idempotency-Key; `fields` are the form's text fields. Works wherever fetch and IndexedDB do.
 */
export const sendEvidence: OutboxSender = async (entry, { apiBase, db, session, fetch, now }) => {
  const { evidenceKey, fields } = entry.body as { evidenceKey: string; fields: Record<string, string> };
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
    response = await fetch(`${apiBase}/${entry.path}`, {
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
  'transcript.save': sendJson,
  'transcript.review': sendJson,
  'speaker.create': sendJson,
  'speaker.withdraw': sendJson,
  'speaker.consent': sendEvidence,
  'speaker.evidence': sendEvidence,
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
