// Admission control: at most `maxInFlight` database-bound requests run at once; the rest wait in order, at most
// `maxQueue` of them and each at most `maxWaitMs`. Beyond that a request is turned away at once (the caller
// answers 503 with Retry-After), so under a reconnect burst every phone hears back within seconds instead of
// queueing for half a minute behind the embedded database.

export interface AdmissionLimits {
  maxInFlight: number;
  maxQueue: number;
  maxWaitMs: number;
}

/** Admitted: call `release` exactly once when the request is over (extra calls do nothing). */
export type Admission =
  { admitted: true; release: () => void } | { admitted: false; retryAfterSeconds: number };

interface Waiter {
  grant: () => void;
  timer: NodeJS.Timeout;
}

/**
 * Defaults per database. PGlite is one WebAssembly connection on the server's main thread: every query of every
 * admitted request runs there one after another, so few run at once and the queue is short enough to drain
 * within the wait (about 30 requests a second on a loaded 2-core machine). PostgreSQL works on its own cores with
 * a pool of connections: many more run at once and wait longer in line. ADMISSION_* settings override them.
 */
export const ADMISSION_DEFAULTS: Record<'pglite' | 'postgres', AdmissionLimits> = {
  pglite: { maxInFlight: 8, maxQueue: 100, maxWaitMs: 5_000 },
  postgres: { maxInFlight: 40, maxQueue: 400, maxWaitMs: 5_000 },
};

/** Retry-After is never below 1 s nor above this: a phone told to wait longer would rather be told again. */
export const ADMISSION_RETRY_AFTER_MAX_SECONDS = 30;
/** Weight of the newest request in the running average of how long an admitted request holds its place. */
const SERVICE_TIME_SMOOTHING = 0.1;

export class AdmissionGate {
  private running = 0;
  private readonly waiting: Waiter[] = [];
  /** Running average of how long an admitted request holds its place, in ms. */
  private serviceMs = 50;
  /** Requests given a place, and turned away (503s), since the gate was made. */
  admitted = 0;
  rejected = 0;

  constructor(readonly limits: AdmissionLimits) {
    for (const [name, value] of Object.entries(limits)) {
      if (!Number.isInteger(value) || value < (name === 'maxQueue' ? 0 : 1))
        throw new Error(`Admission limit ${name} must be a whole number (got ${value})`);
    }
  }

  get inFlight(): number {
    return this.running;
  }

  get queued(): number {
    return this.waiting.length;
  }

  /** Waits for a place; answers at once when the queue is full, and after maxWaitMs at the latest. */
  enter(): Promise<Admission> {
    if (this.running < this.limits.maxInFlight && this.waiting.length === 0)
      return Promise.resolve(this.admit());
    if (this.waiting.length >= this.limits.maxQueue) return Promise.resolve(this.turnAway());
    return new Promise((resolve) => {
      const waiter: Waiter = {
        grant: () => {
          clearTimeout(waiter.timer);
          resolve(this.admit());
        },
        timer: setTimeout(() => {
          const at = this.waiting.indexOf(waiter);
          if (at >= 0) this.waiting.splice(at, 1);
          resolve(this.turnAway());
        }, this.limits.maxWaitMs),
      };
      this.waiting.push(waiter);
    });
  }

  /**
   * How long a turned-away client should wait: about the time the work ahead of it takes to drain, from the
   * average time a request holds its place; clients add their own jitter on top.
   */
  retryAfterSeconds(): number {
    const ahead = this.running + this.waiting.length;
    const drainMs = (ahead * this.serviceMs) / this.limits.maxInFlight;
    return Math.min(ADMISSION_RETRY_AFTER_MAX_SECONDS, Math.max(1, Math.ceil(drainMs / 1000)));
  }

  private admit(): Admission {
    this.running += 1;
    this.admitted += 1;
    const started = performance.now();
    let released = false;
    return {
      admitted: true,
      release: () => {
        if (released) return;
        released = true;
        const heldMs = performance.now() - started;
        this.serviceMs += (heldMs - this.serviceMs) * SERVICE_TIME_SMOOTHING;
        this.running -= 1;
        this.waiting.shift()?.grant();
      },
    };
  }

  private turnAway(): Admission {
    this.rejected += 1;
    return { admitted: false, retryAfterSeconds: this.retryAfterSeconds() };
  }
}
