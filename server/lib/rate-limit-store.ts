// A store for @fastify/rate-limit over PostgreSQL (table rate_limit_counters, migration 0022), used when
// DATABASE_URL is set: every server process on the database counts in the same row, so N servers behind a proxy
// enforce one limit. Fixed windows as the default in-memory store keeps them, timed by the database's clock.
// Each route's limit counts apart (as the in-memory store's per-route children do); the limiters made with
// createRateLimit count by their keys, which differ (sign-in-limits.ts). Keys are kept hashed. The counters
// have connections of their own, so a limit is answered while the app's pool is busy with other work.
import crypto from 'node:crypto';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import postgres from 'postgres';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Expired counters are removed after about this many increments of a process. */
const SWEEP_EVERY = 1_000;

interface RouteInfo {
  method?: string | string[];
  url?: string;
}

/**
 * The store class @fastify/rate-limit makes (`store` option), counting in the database at `databaseUrl`, and how
 * to close its connections.
 */
export function postgresRateLimitStore(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 2, onnotice: () => undefined });
  let increments = 0;
  const hashed = (scope: string, key: string) =>
    crypto.createHash('sha256').update(`${scope}\n${key}`).digest('hex');

  const sweep = async () => {
    await sql`delete from rate_limit_counters where window_ends < now() - interval '10 minutes'`;
  };

  class PostgresRateLimitStore implements FastifyRateLimitStore {
    readonly scope: string;

    /** The plugin makes the first with its options; each route's and limiter's is a child with its scope. */
    constructor(options?: { scope?: string }) {
      this.scope = options?.scope ?? 'limiter';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      const ms = Math.max(1, Math.trunc(timeWindow));
      if (++increments % SWEEP_EVERY === 0) void sweep().catch(() => undefined);
      sql<{ hits: number; ttl: number }[]>`
        insert into rate_limit_counters as c (key, hits, window_ends)
        values (${hashed(this.scope, key)}, 1, now() + ${ms} * interval '1 millisecond')
        on conflict (key) do update set
          hits = case when c.window_ends <= now() then 1 else c.hits + 1 end,
          window_ends = case when c.window_ends <= now() then excluded.window_ends else c.window_ends end
        returning hits, ceil(extract(epoch from (window_ends - now())) * 1000)::float8 as ttl`.then(
        ([row]) => {
          callback(null, { current: Number(row?.hits ?? 1), ttl: Math.max(0, Number(row?.ttl ?? ms)) });
        },
        callback,
      );
    }

    read(key: string, callback: Callback): void {
      sql<{ hits: number; ttl: number }[]>`
        select hits, ceil(extract(epoch from (window_ends - now())) * 1000)::float8 as ttl
        from rate_limit_counters where key = ${hashed(this.scope, key)} and window_ends > now()`.then(
        ([row]) => {
          callback(null, row ? { current: Number(row.hits), ttl: Number(row.ttl) } : { current: 0, ttl: 0 });
        },
        callback,
      );
    }

    /** The plugin passes its merged options, with the route in `routeInfo` (empty for createRateLimit). */
    child(options: object): PostgresRateLimitStore {
      const route = (options as { routeInfo?: RouteInfo }).routeInfo;
      const scope = route?.url ? `${[route.method ?? ''].flat().join(',')} ${route.url}` : 'limiter';
      return new PostgresRateLimitStore({ scope });
    }
  }
  return { Store: PostgresRateLimitStore, close: () => sql.end({ timeout: 5 }) };
}
