// SQL for the tokens of external training workers: created by an admin (shown once), stored as SHA-256 hashes
// as session tokens are, revoked by an admin.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { WorkerToken } from '../../../core/api/training.ts';
import { MODEL_TYPES, type ModelType } from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { hashToken } from '../auth/tokens.ts';
import { fromJson, iso } from './run-rows.ts';

/** Worker tokens start with this, so a leaked one is recognisable; the rest is 32 random bytes. */
export const WORKER_TOKEN_PREFIX = 'lpxw_';

interface TokenRow {
  id: number;
  name: string;
  model_types: unknown;
  created_at: string;
  last_seen_at: string | null;
  revoked_at: string | null;
}

const COLUMNS = sql.raw(`id, name, to_jsonb(model_types) as model_types, ${iso('created_at')} as created_at,
  ${iso('last_seen_at')} as last_seen_at, ${iso('revoked_at')} as revoked_at`);

const toToken = (row: TokenRow): WorkerToken => ({
  id: Number(row.id),
  name: row.name,
  modelTypes: fromJson<ModelType[]>(row.model_types) ?? [],
  createdAt: row.created_at,
  lastSeenAt: row.last_seen_at,
  revokedAt: row.revoked_at,
});

export class WorkerTokensRepository {
  constructor(private readonly db: Db) {}

  async create(input: {
    name: string;
    modelTypes?: readonly ModelType[] | undefined;
    createdBy: string | null;
  }): Promise<{ worker: WorkerToken; token: string }> {
    const token = WORKER_TOKEN_PREFIX + crypto.randomBytes(32).toString('base64url');
    const types = [...new Set(input.modelTypes ?? MODEL_TYPES)];
    const [row] = rowsOf<TokenRow>(
      await this.db.execute(sql`insert into training_worker_tokens (token_hash, name, model_types, created_by)
        values (${hashToken(token)}, ${input.name},
          array[${sql.join(
            types.map((type) => sql`${type}`),
            sql`, `,
          )}]::text[], ${input.createdBy})
        returning ${COLUMNS}`),
    );
    if (!row) throw new Error('worker token was not stored');
    return { worker: toToken(row), token };
  }

  async list(): Promise<WorkerToken[]> {
    const rows = rowsOf<TokenRow>(
      await this.db.execute(
        sql`select ${COLUMNS} from training_worker_tokens order by revoked_at is not null, id desc`,
      ),
    );
    return rows.map(toToken);
  }

  /** Revokes a token; false when there is no such token. */
  async revoke(id: number): Promise<boolean> {
    const rows = rowsOf<{ id: number }>(
      await this.db.execute(sql`update training_worker_tokens set revoked_at = coalesce(revoked_at, now())
        where id = ${id} returning id`),
    );
    return rows.length > 0;
  }

  /** The worker of a presented token, if it is known and not revoked; notes when it was last seen. */
  async authenticate(token: string): Promise<WorkerToken | null> {
    const [row] = rowsOf<TokenRow>(
      await this.db.execute(sql`update training_worker_tokens set last_seen_at = now()
        where token_hash = ${hashToken(token)} and revoked_at is null returning ${COLUMNS}`),
    );
    return row ? toToken(row) : null;
  }

  /** Workers (tokens not revoked) allowed to train each model type. */
  async countByType(): Promise<Record<ModelType, number>> {
    const rows = rowsOf<{ model_type: ModelType; workers: number }>(
      await this.db.execute(sql`select t.model_type, count(*)::int as workers
        from training_worker_tokens w, unnest(w.model_types) as t(model_type)
        where w.revoked_at is null group by t.model_type`),
    );
    const counts: Record<ModelType, number> = { asr: 0, tts: 0, mt: 0 };
    for (const row of rows) counts[row.model_type] = Number(row.workers);
    return counts;
  }
}
