// Whether the database answers, asked at most once per HEALTH_CHECK_FRESH_MS however many health requests come:
// one `select 1` at a time, its answer shared. A health request waits for a check at most HEALTH_CHECK_WAIT_MS,
// then answers from the last check (the first check it waits for); a check still unanswered after
// HEALTH_CHECK_STUCK_MS means unreachable.
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/driver.ts';

export const HEALTH_CHECK_FRESH_MS = 2_000;
export const HEALTH_CHECK_WAIT_MS = 1_000;
export const HEALTH_CHECK_STUCK_MS = 10_000;

export interface DatabaseHealthResult {
  reachable: boolean;
  /** How long the last check took, in ms (one decimal). */
  latencyMs: number;
}

export class DatabaseHealth {
  private last: (DatabaseHealthResult & { at: number }) | null = null;
  private running: { promise: Promise<void>; startedAt: number } | null = null;

  constructor(
    private readonly db: Db,
    private readonly onError: (error: unknown) => void,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  async current(): Promise<DatabaseHealthResult> {
    const fresh = this.last && this.now() - this.last.at < HEALTH_CHECK_FRESH_MS;
    if (fresh && this.last) return this.result(this.last);
    const check = this.running ?? this.start();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([
      check.promise,
      new Promise<void>((resolve) => {
        // With no earlier answer to fall back on, wait for this one (up to the point it counts as stuck).
        timer = setTimeout(resolve, this.last ? HEALTH_CHECK_WAIT_MS : HEALTH_CHECK_STUCK_MS);
      }),
    ]);
    clearTimeout(timer);
    const pendingFor = this.running ? this.now() - this.running.startedAt : 0;
    if (!this.last || pendingFor >= HEALTH_CHECK_STUCK_MS)
      return { reachable: false, latencyMs: round(pendingFor) };
    return this.result(this.last);
  }

  private result({ reachable, latencyMs }: DatabaseHealthResult): DatabaseHealthResult {
    return { reachable, latencyMs };
  }

  private start(): { promise: Promise<void>; startedAt: number } {
    const startedAt = this.now();
    const promise = this.db.execute(sql`select 1`).then(
      () => {
        this.last = { reachable: true, latencyMs: round(this.now() - startedAt), at: this.now() };
      },
      (error: unknown) => {
        this.onError(error);
        this.last = { reachable: false, latencyMs: round(this.now() - startedAt), at: this.now() };
      },
    );
    const running = {
      promise: promise.finally(() => {
        if (this.running === running) this.running = null;
      }),
      startedAt,
    };
    this.running = running;
    return running;
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
