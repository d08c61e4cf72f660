// Locks that hold across server processes. With PostgreSQL (DATABASE_URL) they are session-level advisory locks
// taken on one connection of this process kept for them (a crashed process's locks go with its connection);
// each key is first taken in this process (PostgreSQL would let one session take its own lock twice). Without
// it (the embedded database: one process) they are in-process locks. A lock is named by a namespace (a
// constant per use) and a key, hashed to the 32 bits PostgreSQL takes: two keys sharing a hash wait for each
// other, which is safe.
//
// A holder may be asked to let go (tus asks the request holding an upload when another request wants it, e.g.
// a phone resuming on another server after its connection broke): `acquire` takes `onReleaseRequested`, and a
// waiter in another process asks through NOTIFY.
import crypto from 'node:crypto';
import postgres from 'postgres';

export const LOCK_NAMESPACES = {
  /** A resumable upload (tus): one request at a time writes or finishes it. */
  tusUpload: 72_101,
  /** Creating a resumable upload: the decision to create or resume. */
  tusCreation: 72_102,
  /** Storing a finished resumable upload as a recording. */
  tusFinish: 72_104,
  /** A blob: putting it until its row is committed, or deciding to delete it. */
  blob: 72_103,
  /** An account's upload quota: checking and counting one creation (a transaction-level lock). */
  uploadQuota: 72_105,
  /** Making one spoken result (TTS): identical requests on any server make the audio once. */
  speech: 72_106,
} as const;

export interface AcquireOptions {
  signal?: AbortSignal;
  /** Called when another waiter asks the holder to let go soon. */
  onReleaseRequested?: () => void;
  /** Give up after this long (an Error); default: wait until `signal` aborts. */
  timeoutMs?: number;
}

export interface SharedLocks {
  /** Waits for the lock; answers its release. */
  acquire(namespace: number, key: string, options?: AcquireOptions): Promise<() => Promise<void>>;
  /** Runs `fn` holding the lock. */
  run<T>(namespace: number, key: string, fn: () => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The lock's 32-bit key: the first four bytes of SHA-256(key), signed as PostgreSQL's int. */
export function lockKey(key: string): number {
  return crypto.createHash('sha256').update(key).digest().readInt32BE(0);
}

export class AbortedError extends Error {
  override name = 'AbortedError';
  constructor(message = 'Gave up waiting for a lock') {
    super(message);
  }
}

interface Holder {
  requestRelease: () => void;
  released: Promise<void>;
}

/** In-process exclusion per (namespace, key), with a way to ask the holder to let go. */
class LocalLocks {
  private readonly holders = new Map<string, Holder>();

  async acquire(id: string, options: AcquireOptions): Promise<() => void> {
    for (;;) {
      const holder = this.holders.get(id);
      if (!holder) break;
      holder.requestRelease();
      await waitFor(holder.released, options.signal);
    }
    let done!: () => void;
    const released = new Promise<void>((resolve) => (done = resolve));
    this.holders.set(id, { requestRelease: () => options.onReleaseRequested?.(), released });
    return () => {
      if (this.holders.get(id)?.released === released) this.holders.delete(id);
      done();
    };
  }

  /** Asks this process's holder of `id`, if any, to let go. */
  requestRelease(id: string): void {
    this.holders.get(id)?.requestRelease();
  }
}

function waitFor(promise: Promise<void>, signal?: AbortSignal): Promise<void> {
  if (!signal) return promise;
  if (signal.aborted) return Promise.reject(new AbortedError());
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(new AbortedError());
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, reject);
  });
}

/** The caller's signal, ending too after `timeoutMs` when given. */
function withTimeout(options: AcquireOptions): { signal?: AbortSignal } {
  if (!options.timeoutMs) return { signal: options.signal };
  const timeout = AbortSignal.timeout(options.timeoutMs);
  return { signal: options.signal ? AbortSignal.any([options.signal, timeout]) : timeout };
}

/** Runs `fn` holding the lock of `locks`. */
async function runHolding<T>(
  locks: SharedLocks,
  namespace: number,
  key: string,
  fn: () => Promise<T>,
): Promise<T> {
  const release = await locks.acquire(namespace, key);
  try {
    return await fn();
  } finally {
    await release();
  }
}

/** The embedded database's single process: in-process locks. */
export class ProcessLocks implements SharedLocks {
  private readonly local = new LocalLocks();

  async acquire(namespace: number, key: string, options: AcquireOptions = {}) {
    const { signal } = withTimeout(options);
    const release = await this.local.acquire(`${namespace}:${key}`, { ...options, signal });
    return () => {
      release();
      return Promise.resolve();
    };
  }

  run<T>(namespace: number, key: string, fn: () => Promise<T>): Promise<T> {
    return runHolding(this, namespace, key, fn);
  }

  close(): Promise<void> {
    return Promise.resolve();
  }
}

const RELEASE_CHANNEL = 'lopit_lock_release';
/** How often a waiter tries again (each try is one quick query). */
const RETRY_MS = 100;

/** Advisory locks of PostgreSQL, shared by every server process on the database. */
export class PostgresLocks implements SharedLocks {
  private readonly local = new LocalLocks();
  /** One connection: the session that holds this process's advisory locks. */
  private readonly session: postgres.Sql;
  private listening: Promise<unknown> | null = null;

  constructor(databaseUrl: string) {
    this.session = postgres(databaseUrl, { max: 1, onnotice: () => undefined, idle_timeout: 0 });
  }

  private listen(): Promise<unknown> {
    this.listening ??= this.session
      .listen(RELEASE_CHANNEL, (id) => this.local.requestRelease(id))
      .catch(() => (this.listening = null));
    return this.listening;
  }

  async acquire(namespace: number, key: string, options: AcquireOptions = {}) {
    await this.listen();
    const id = `${namespace}:${key}`;
    const { signal } = withTimeout(options);
    const releaseLocal = await this.local.acquire(id, { ...options, signal });
    const hash = lockKey(key);
    try {
      for (let asked = false; ; asked = true) {
        const [row] = await this.session<{ taken: boolean }[]>`
          select pg_try_advisory_lock(${namespace}::int, ${hash}::int) as taken`;
        if (row?.taken) break;
        // Held by another process: ask it (once) to let go, then try again shortly.
        if (!asked) await this.session`select pg_notify(${RELEASE_CHANNEL}, ${id})`;
        await sleep(RETRY_MS, signal);
      }
    } catch (error) {
      releaseLocal();
      throw error;
    }
    let released = false;
    return async () => {
      if (released) return;
      released = true;
      try {
        await this.session`select pg_advisory_unlock(${namespace}::int, ${hash}::int)`;
      } finally {
        releaseLocal();
      }
    };
  }

  run<T>(namespace: number, key: string, fn: () => Promise<T>): Promise<T> {
    return runHolding(this, namespace, key, fn);
  }

  async close(): Promise<void> {
    await this.session.end({ timeout: 5 });
  }
}

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError());
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new AbortedError());
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The locks of this installation: PostgreSQL's when DATABASE_URL is set, else this process's. */
export function sharedLocksOf(config: { DATABASE_URL?: string | undefined }): SharedLocks {
  return config.DATABASE_URL ? new PostgresLocks(config.DATABASE_URL) : new ProcessLocks();
}
