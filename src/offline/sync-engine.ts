// The sync engine: replays the outbox to the server, in order, exactly once per entry.
//
// - Runs when asked (start, `online`, back to the tab, a new entry, the service worker's Background Sync)
//   and on a backoff timer after failures (backoff.ts).
// - Whether the server is reachable is learnt from real requests, never from navigator.onLine; only the
//   browser's "no network at all" is believed (browserOffline): then nothing is tried, and the phase is
//   `offline` from the first frame, so a screen's offline notice never appears late under a finger.
// - One replay at a time across tabs and the service worker (Web Locks).
// - Every contribution is an outbox entry; its kind's sender (outbox-kinds.ts) carries it: a JSON POST with
//   the entry's UUID as Idempotency-Key, or a resumable upload for a recording. An entry leaves the outbox
//   only after the server has confirmed it, or, for a vote or review, said that its item is gone for good
//   (ITEM_GONE: dropped with a notice, outbox-effects.ts). Network errors, timeouts, 429 and 5xx are retried
//   (after the server's Retry-After plus jitter when it sends one, else with backoff); any other refusal is kept
//   for the contributor to resolve, with the server's reason; 401 pauses everything until the user signs in again.
//
// Pure TypeScript over fetch and Dexie, so the page and the service worker run the same code (the service
// worker without the recording sender: it leaves recordings to the page).
import {
  BACKOFF_CAP_MS,
  backoffDelay,
  retryAfterDelay,
  retryAfterMs,
  UNREACHABLE_PROBE_CAP_MS,
} from './backoff.ts';
import type { LocalDb, OutboxEntry } from './local-db.ts';
import { countWaiting, entriesOf, firstSendable, markAttempt, park, sendableInOrder } from './outbox.ts';
import { confirmEntry, dropGone } from './outbox-effects.ts';
import {
  JSON_SENDERS,
  SYNC_REQUEST_TIMEOUT_MS,
  type OutboxSenders,
  type SendOutcome,
  type SyncSession,
} from './outbox-kinds.ts';

export { SYNC_REQUEST_TIMEOUT_MS, type SyncSession } from './outbox-kinds.ts';
export const SYNC_LOCK_NAME = 'lopit-outbox-replay';

/**
 * How many entries could still go once the network lets them, after a replay ended with `status`: none when
 * nobody is signed in or the session ended (they wait for a sign-in), and never those that wait for the
 * contributor (refused, or behind a refused entry of their subject). Background Sync fails its event while
 * this is above zero, so the browser tries again later.
 */
export async function waitingOnNetwork(
  db: LocalDb,
  session: SyncSession | null,
  status: Pick<SyncStatus, 'phase'>,
): Promise<number> {
  if (!session || status.phase === 'signed-out') return 0;
  const mayGo = sendableInOrder();
  return (await entriesOf(db, session.userId)).filter(mayGo).length;
}

export interface SyncEnvironment {
  db: LocalDb;
  /** Base address of the API, e.g. '/api' or 'http://127.0.0.1:3000/api'. */
  apiBase: string;
  session(): SyncSession | null | Promise<SyncSession | null>;
  fetch?: typeof fetch;
  /** Whether the browser knows it has no network at all (navigator.onLine === false; reliable in that direction). */
  browserOffline?: () => boolean;
  locks?: LockManager | undefined;
  now?: () => number;
  random?: () => number;
  setTimer?: (run: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
  /** How each kind travels; kinds without a sender here wait for an environment that has one. */
  senders?: OutboxSenders;
  /** Called after every entry the server confirmed (e.g. to record the time of the last sync). */
  onConfirmed?: (entry: OutboxEntry) => void | Promise<void>;
}

export type SyncPhase =
  /** Nothing known yet. */
  | 'unknown'
  /** The last request reached the server. */
  | 'online'
  /** The last request did not reach the server (or the server failed); a retry is scheduled. */
  | 'offline'
  | 'syncing'
  /** The server no longer accepts the session: sign in again to send what is waiting. */
  | 'signed-out';

export interface SyncStatus {
  phase: SyncPhase;
  /** Entries sent in the current replay, and how many were waiting when it started. */
  progress: { done: number; total: number } | null;
  lastSuccessAt: number | null;
  nextAttemptAt: number | null;
  consecutiveFailures: number;
  lastError: string | null;
}

export class SyncEngine {
  private status: SyncStatus = {
    phase: 'unknown',
    progress: null,
    lastSuccessAt: null,
    nextAttemptAt: null,
    consecutiveFailures: 0,
    lastError: null,
  };
  private readonly listeners = new Set<(status: SyncStatus) => void>();
  private running: Promise<void> | null = null;
  private again = false;
  private timer: unknown = null;
  private stopped = false;
  /** How many `offline` events this engine has seen: a replay that saw one arrive does not end "online". */
  private offlineNotes = 0;

  constructor(private readonly env: SyncEnvironment) {
    if (env.browserOffline?.()) this.status = { ...this.status, phase: 'offline' };
  }

  getStatus(): SyncStatus {
    return this.status;
  }

  subscribe(listener: (status: SyncStatus) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Marks the device as offline at once (the browser's `offline` event is reliable in that direction). */
  noteOffline(): void {
    this.offlineNotes += 1;
    this.update({ phase: 'offline' });
  }

  /**
   * Replays now (or right after the replay in progress). Resolves when this tab's replay is over; when
   * another tab holds the lock, after that tab's replay.
   */
  trigger(): Promise<void> {
    if (this.stopped) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.cancelTimer();
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.withLock(() => this.replay());
        } while (this.again && !this.stopped);
      } finally {
        this.running = null;
      }
    })();
    return this.running;
  }

  /** Resolves when no replay of this engine is running. */
  async whenIdle(): Promise<void> {
    while (this.running) await this.running;
  }

  /** Stops timers; a replay in progress finishes its current request. */
  stop(): void {
    this.stopped = true;
    this.cancelTimer();
  }

  private async withLock(run: () => Promise<void>): Promise<void> {
    const locks = this.env.locks;
    // Without Web Locks (old browsers) a tab replays alone; the server's idempotency keeps it exactly-once.
    if (!locks) return run();
    await locks.request(SYNC_LOCK_NAME, { mode: 'exclusive' }, run);
  }

  private async replay(): Promise<void> {
    if (this.env.browserOffline?.()) return this.noteOffline();
    const offlineNotes = this.offlineNotes;
    const { db } = this.env;
    const session = await this.env.session();
    if (!session) return this.probe(offlineNotes);
    const canSend = (entry: OutboxEntry) => this.senders[entry.kind] !== undefined;
    let next = await firstSendable(db, session.userId, canSend);
    // Nothing to send: still learn whether the server is reachable, for the indicator.
    if (!next) return this.probe(offlineNotes);
    // After a failure, a tiny probe first: while the signal is gone nothing is re-sent or counted as an attempt.
    if (this.status.consecutiveFailures > 0 && !(await this.reachable())) return;
    let total = await countWaiting(db, session.userId);
    let done = 0;
    this.update({ phase: 'syncing', progress: { done, total } });
    while (next && !this.stopped) {
      const attempt = await markAttempt(db, next, this.now());
      const outcome = await this.send(attempt, session);
      if (outcome.kind === 'retry') return this.failed(outcome.message, outcome.retryAfter);
      if (outcome.kind === 'signed-out') {
        this.update({ phase: 'signed-out', progress: null, lastError: outcome.message });
        return;
      }
      if (outcome.kind === 'refused') await park(db, attempt, outcome.problem);
      else if (outcome.kind === 'gone') await dropGone(db, attempt, outcome.problem, this.now());
      else {
        await confirmEntry(db, attempt, outcome.body, this.now());
        await this.env.onConfirmed?.(attempt);
        this.update({ lastSuccessAt: this.now() });
      }
      done += 1;
      next = await firstSendable(db, session.userId, canSend);
      // Entries added meanwhile (another edit while syncing) join the count.
      if (next && done >= total) total = done + (await countWaiting(db, session.userId));
      this.update({ progress: { done, total } });
    }
    this.succeeded(offlineNotes);
  }

  private get senders(): OutboxSenders {
    return this.env.senders ?? JSON_SENDERS;
  }

  private async probe(offlineNotes: number): Promise<void> {
    if (await this.reachable()) this.succeeded(offlineNotes);
  }

  /** Asks the server's health; when it does not answer well, records the failure and schedules the next try. */
  private async reachable(): Promise<boolean> {
    try {
      const response = await this.fetch(`${this.env.apiBase}/health`, {
        cache: 'no-store',
        signal: AbortSignal.timeout(SYNC_REQUEST_TIMEOUT_MS),
      });
      if (response.ok) return true;
      this.failed(
        `The server answered ${response.status}.`,
        retryAfterMs(response.headers.get('Retry-After'), this.now()),
      );
    } catch {
      this.failed('The server cannot be reached.', null, { unreachable: true });
    }
    return false;
  }

  private async send(entry: OutboxEntry, session: SyncSession): Promise<SendOutcome> {
    const sender = this.senders[entry.kind];
    if (!sender) return { kind: 'retry', message: 'This item is sent by the app page.', retryAfter: null };
    try {
      return await sender(entry, {
        apiBase: this.env.apiBase,
        db: this.env.db,
        session,
        fetch: (input, init) =>
          this.fetch(
            typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
            init ?? {},
          ),
        now: () => this.now(),
      });
    } catch (error) {
      // A failure on this device (storage, a lost audio chunk) is not the server's refusal: try again later.
      return {
        kind: 'retry',
        message: error instanceof Error ? error.message : String(error),
        retryAfter: null,
      };
    }
  }

  /**
   * The server answered every request of a replay that began when `offlineNotes` offline events had been seen.
   * An `offline` event during the replay wins over the answers that were already on their way: the device is
   * offline now, and the next `online` event replays again.
   */
  private succeeded(offlineNotes: number): void {
    if (offlineNotes !== this.offlineNotes) {
      this.update({ progress: null });
      return;
    }
    this.update({
      phase: 'online',
      progress: null,
      consecutiveFailures: 0,
      nextAttemptAt: null,
      lastError: null,
    });
  }

  private failed(message: string, retryAfter: number | null, { unreachable = false } = {}): void {
    const failures = this.status.consecutiveFailures + 1;
    const cap = unreachable ? UNREACHABLE_PROBE_CAP_MS : BACKOFF_CAP_MS;
    const random = this.env.random ?? Math.random;
    // A busy server (503, 429) says when to come back: then, plus jitter, however many rounds failed before.
    const delay =
      retryAfter !== null ? retryAfterDelay(retryAfter, random) : backoffDelay(failures, random, cap);
    this.update({
      phase: 'offline',
      progress: null,
      consecutiveFailures: failures,
      lastError: message,
      nextAttemptAt: this.now() + delay,
    });
    this.schedule(delay);
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.cancelTimer();
    const setTimer = this.env.setTimer ?? ((run: () => void, delay: number) => setTimeout(run, delay));
    this.timer = setTimer(() => {
      this.timer = null;
      void this.trigger();
    }, ms);
  }

  private cancelTimer(): void {
    if (this.timer === null) return;
    const clearTimer = this.env.clearTimer ?? ((handle: unknown) => clearTimeout(handle as number));
    clearTimer(this.timer);
    this.timer = null;
  }

  private fetch(input: string, init: RequestInit): Promise<Response> {
    return (this.env.fetch ?? fetch)(input, init);
  }

  private now(): number {
    return (this.env.now ?? Date.now)();
  }

  private update(patch: Partial<SyncStatus>): void {
    this.status = { ...this.status, ...patch };
    for (const listener of this.listeners) listener(this.status);
  }
}
