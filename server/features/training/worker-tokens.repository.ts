// SQL for the tokens of external training workers: created by an admin (shown once), stored as SHA-256 hashes
// as session tokens are, revoked by an admin.
import crypto from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import type { WorkerToken } from '../../../core/api/training.ts';
import { MODEL_TYPES, type ModelType } from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { trainingWorkerTokens as tokens } from '../../db/schema.ts';
import { hashToken } from '../auth/tokens.ts';

/** Worker tokens start with this, so a leaked one is recognisable; the rest is 32 random bytes. */
export const WORKER_TOKEN_PREFIX = 'lpxw_';

/** What a worker token shows (never its hash). */
const COLUMNS = {
  id: tokens.id,
  name: tokens.name,
  modelTypes: tokens.modelTypes,
  createdAt: tokens.createdAt,
  lastSeenAt: tokens.lastSeenAt,
  revokedAt: tokens.revokedAt,
};

const toToken = (row: {
  [K in keyof typeof COLUMNS]: (typeof tokens.$inferSelect)[K];
}): WorkerToken => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt?.toISOString() ?? null,
  revokedAt: row.revokedAt?.toISOString() ?? null,
});

export class WorkerTokensRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    name: string;
    modelTypes?: readonly ModelType[] | undefined;
    createdBy: string | null;
  }): Promise<{ worker: WorkerToken; token: string }> {
    const token = WORKER_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
    const [row] = await this.db
      .insert(tokens)
      .values({
        tokenHash: hashToken(token),
        name: input.name,
        modelTypes: [...new Set(input.modelTypes ?? MODEL_TYPES)],
        createdBy: input.createdBy,
      })
      .returning(COLUMNS);
    if (!row) throw new Error('worker token was not stored');
    return { worker: toToken(row), token };
  }

  async list(): Promise<WorkerToken[]> {
    const rows = await this.db
      .select(COLUMNS)
      .from(tokens)
      .orderBy(isNotNull(tokens.revokedAt), desc(tokens.id));
    return rows.map(toToken);
  }

  /** Revokes a token; false when there is no such token. */
  async revoke(id: number): Promise<boolean> {
    const rows = await this.db
      .update(tokens)
      .set({ revokedAt: sql`coalesce(${tokens.revokedAt}, now())` })
      .where(eq(tokens.id, id))
      .returning({ id: tokens.id });
    return rows.length > 0;
  }

  /** The worker of a presented token, if it is known and not revoked; notes when it was last seen. */
  async authenticate(token: string): Promise<WorkerToken | null> {
    const [row] = await this.db
      .update(tokens)
      .set({ lastSeenAt: sql`now()` })
      .where(and(eq(tokens.tokenHash, hashToken(token)), isNull(tokens.revokedAt)))
      .returning(COLUMNS);
    return row ? toToken(row) : null;
  }

  /** Workers (tokens not revoked) allowed to train each model type. */
  async countByType(): Promise<Record<ModelType, number>> {
    const rows = await this.db
      .select({ modelTypes: tokens.modelTypes })
      .from(tokens)
      .where(isNull(tokens.revokedAt));
    const counts: Record<ModelType, number> = { asr: 0, tts: 0, mt: 0 };
    for (const row of rows) for (const type of row.modelTypes) counts[type] += 1;
    return counts;
  }
}
