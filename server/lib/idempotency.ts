// Idempotency-Key: a POST replayed by the offline outbox applies once and answers what the first one did.
//
// A route wraps its effect: `return idempotent(request, reply, async (db) => { ...effect on db...; return body; })`.
// Without the header, `run` gets the plain database and nothing else happens. With it, one transaction
// first claims the key (INSERT ... ON CONFLICT DO NOTHING RETURNING), then runs the effect on that
// transaction and stores the answer in the key row before committing. The key row and the effect commit
// together or not at all, so exactly-once holds even if the process dies mid-request. A concurrent request
// with the same key blocks on the uncommitted key row and then reads the stored answer. Errors roll the
// transaction back with the key, so a retry executes again; only 2xx answers are stored.
import crypto from 'node:crypto';
import { and, eq, lt } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { ERROR_CODES, type ErrorAnswer } from '../../core/api/errors.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../core/constants.ts';
import type { Db } from '../db/driver.ts';
import { idempotencyKeys } from '../db/schema.ts';
import { AppError } from '../errors.ts';
import { currentUser } from './current-user.ts';
import type { TransactionRepositories } from './repositories.ts';
import type { RouteContractConfig } from './route-contract.ts';

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENT_REPLAYED_HEADER = 'Idempotent-Replayed';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9_-]{8,128}$/;
/** The contract of a route that wraps its effect in `idempotent`: the header it reads and what it refuses. */
export const IDEMPOTENT_CONTRACT = {
  requestHeaders: [
    {
      name: 'Idempotency-Key',
      description:
        'A key of 8-128 letters, digits, - or _ chosen by the client: a replay with the same key and body answers the first result and applies nothing twice.',
      schema: { type: 'string', pattern: IDEMPOTENCY_KEY_PATTERN.source },
    },
  ],
  errors: [
    { status: 400, code: ERROR_CODES.invalidIdempotencyKey },
    { status: 409, code: ERROR_CODES.idempotencyKeyInFlight },
    { status: 422, code: ERROR_CODES.idempotencyKeyReused },
  ],
} as const satisfies RouteContractConfig;

/** Combines a route's own error answers with those of `idempotent`. */
export function idempotentContract(...errors: ErrorAnswer[]): RouteContractConfig {
  return { ...IDEMPOTENT_CONTRACT, errors: [...IDEMPOTENT_CONTRACT.errors, ...errors] };
}

/** Old keys are purged at start-up and then at most once a day, after a new key was stored. */
const PURGE_INTERVAL_MS = 24 * 60 * 60 * 1000;

export interface IdempotentOptions {
  /**
   * What identifies the request besides its method and route. Defaults to the validated params, query
   * and body; a multipart route passes what it read instead (say the file's SHA-256 and its fields).
   */
  fingerprint?: unknown;
}

/** Thrown inside the transaction to roll it back when the route answered without success. */
class NotStored extends Error {
  constructor(readonly body: unknown) {
    super('answer without success: not stored');
  }
}

/**
 * Runs `run` at most once per signed-in user and Idempotency-Key. `run` must do all its database work on
 * the `db` it is given (on PGlite another connection would wait for this transaction forever).
 */
export async function idempotent<T>(
  request: FastifyRequest,
  reply: FastifyReply,
  run: (repositories: TransactionRepositories) => Promise<T>,
  options: IdempotentOptions = {},
): Promise<T> {
  const db = request.server.database.db;
  const key = request.headers[IDEMPOTENCY_KEY_HEADER];
  if (key === undefined) return run(request.server.repositories);
  if (typeof key !== 'string' || !IDEMPOTENCY_KEY_PATTERN.test(key)) {
    throw new AppError(
      400,
      'The Idempotency-Key header must be 8 to 128 letters, digits, hyphens or underscores.',
      ERROR_CODES.invalidIdempotencyKey,
    );
  }
  const userId = currentUser(request).id;
  const requestHash = hashRequest(request, options);
  const thisKey = and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key));

  let outcome: { replayed: false; body: T } | { replayed: true; status: number; body: T };
  try {
    outcome = await db.transaction(async (tx) => {
      const [claimed] = await tx
        .insert(idempotencyKeys)
        .values({ userId, key, requestHash })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (!claimed) {
        // Read committed: this statement sees the row the earlier request committed.
        const [stored] = await tx.select().from(idempotencyKeys).where(thisKey);
        if (stored && stored.requestHash !== requestHash) {
          throw new AppError(
            422,
            'This Idempotency-Key was already used for a different request. Send a new key for a new change.',
            ERROR_CODES.idempotencyKeyReused,
          );
        }
        if (!stored || stored.responseStatus === null) {
          throw new AppError(
            409,
            'A request with this Idempotency-Key is still being processed. Try again shortly.',
            ERROR_CODES.idempotencyKeyInFlight,
          );
        }
        return { replayed: true as const, status: stored.responseStatus, body: stored.responseBody as T };
      }
      const body = await run(request.server.transactionRepositories(tx));
      const status = reply.statusCode;
      if (status < 200 || status >= 300) throw new NotStored(body);
      await tx
        .update(idempotencyKeys)
        .set({ responseStatus: status, responseBody: body ?? null })
        .where(thisKey);
      return { replayed: false as const, body };
    });
  } catch (error) {
    if (error instanceof NotStored) return error.body as T;
    throw error;
  }

  if (outcome.replayed) {
    void reply.status(outcome.status).header(IDEMPOTENT_REPLAYED_HEADER, 'true');
  } else {
    purgeIfDue(request, db);
  }
  return outcome.body;
}

/** SHA-256 of the method, the route pattern and the canonical JSON of what identifies the request. */
function hashRequest(request: FastifyRequest, options: IdempotentOptions): string {
  const identity =
    'fingerprint' in options
      ? options.fingerprint
      : { params: request.params ?? null, query: request.query ?? null, body: request.body ?? null };
  return crypto
    .createHash('sha256')
    .update(`${request.method}\n${request.routeOptions.url ?? request.url}\n${canonicalJson(identity)}`)
    .digest('hex');
}

/** JSON with object keys sorted at every level, so `{a,b}` and `{b,a}` are the same request. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, item: unknown) =>
      item && typeof item === 'object' && !Array.isArray(item)
        ? Object.fromEntries(
            Object.entries(item as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
          )
        : item,
    ) ?? 'null'
  );
}

const lastPurge = new WeakMap<Db, number>();

/** Deletes keys older than 30 days; returns how many. */
export async function purgeIdempotencyKeys(db: Db, now = Date.now()): Promise<number> {
  lastPurge.set(db, now);
  const removed = await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now - IDEMPOTENCY_KEY_TTL_MS)))
    .returning({ key: idempotencyKeys.key });
  return removed.length;
}

function purgeIfDue(request: FastifyRequest, db: Db): void {
  const now = Date.now();
  if (now - (lastPurge.get(db) ?? 0) < PURGE_INTERVAL_MS) return;
  purgeIdempotencyKeys(db, now).then(
    (purged) => {
      if (purged > 0) request.log.info({ purged }, 'old idempotency keys purged');
    },
    (error: unknown) => request.log.warn({ err: error }, 'purging old idempotency keys failed'),
  );
}
