// SQL for translation pairs and their revision history.
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { TranslationPair, TranslationRevision } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { rowsOf } from '../../db/migrate.ts';
import { translationPairs, translationRevisions, users } from '../../db/schema.ts';
import { grantCovers, latestConsents } from '../consent/consent-sql.ts';

type PairRow = typeof translationPairs.$inferSelect;

/** Rows per INSERT statement: keeps an import of 10,000 pairs well below PostgreSQL's parameter limit. */
const INSERT_CHUNK = 1000;

export function toPair(row: PairRow): TranslationPair {
  return {
    id: row.id,
    english: row.english,
    lopit: row.lopit,
    category: row.category,
    status: row.status,
    version: row.version,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type SaveResult =
  | { kind: 'saved'; pair: TranslationPair }
  | { kind: 'conflict'; current: TranslationPair }
  | { kind: 'missing' };

export class TranslationRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  async list(category?: TranslationCategory): Promise<TranslationPair[]> {
    const rows = await this.db
      .select()
      .from(translationPairs)
      .where(category ? eq(translationPairs.category, category) : undefined)
      .orderBy(asc(translationPairs.category), asc(translationPairs.id));
    return rows.map(toPair);
  }

  /**
   * Pairs for exports and training sets: a Lopit text whose last author does not now have translation
   * consent (never given, or withdrawn) is left out, as the consent form promises. Seeded and imported
   * texts (no author) stay.
   */
  async listForExport(category?: TranslationCategory): Promise<TranslationPair[]> {
    const rows = await this.db
      .select()
      .from(translationPairs)
      .where(category ? eq(translationPairs.category, category) : undefined)
      .orderBy(asc(translationPairs.category), asc(translationPairs.id));
    const consenting = new Set(
      rowsOf<{ user_id: string }>(
        await this.db.execute(
          sql`select user_id from ${latestConsents} latest where ${grantCovers('latest', 'translation')}`,
        ),
      ).map((row) => row.user_id),
    );
    return rows.map((row) =>
      row.updatedBy && !consenting.has(row.updatedBy)
        ? { ...toPair(row), lopit: '', status: 'empty' as const }
        : toPair(row),
    );
  }

  /**
   * Saves a Lopit text. With baseVersion, refuses (conflict) when someone else changed the pair since.
   * Every change is kept as a revision (who, when, before, after).
   */
  async save(id: number, text: string, userId: string, baseVersion?: number): Promise<SaveResult> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx.select().from(translationPairs).where(eq(translationPairs.id, id)).for('update');
      if (!row) return { kind: 'missing' as const };
      if (row.lopit === text) return { kind: 'saved' as const, pair: toPair(row) };
      if (baseVersion !== undefined && baseVersion !== row.version)
        return { kind: 'conflict' as const, current: toPair(row) };
      const [updated] = await tx
        .update(translationPairs)
        .set({
          lopit: text,
          status: text ? 'approved' : 'empty',
          version: row.version + 1,
          updatedBy: userId,
          updatedAt: new Date(),
        })
        .where(eq(translationPairs.id, id))
        .returning();
      await tx
        .insert(translationRevisions)
        .values({ pairId: id, userId, beforeText: row.lopit, afterText: text, version: row.version + 1 });
      return { kind: 'saved' as const, pair: toPair(updated ?? row) };
    });
  }

  /**
   * Inserts prompts that are not there yet (same category and English text), all or none; returns how many
   * were new. A prompt with its Lopit text counts as approved.
   */
  async insertPrompts(
    prompts: { english: string; category: TranslationCategory; lopit?: string }[],
  ): Promise<number> {
    if (prompts.length === 0) return 0;
    return this.db.transaction(async (tx) => {
      let inserted = 0;
      for (let start = 0; start < prompts.length; start += INSERT_CHUNK) {
        const rows = await tx
          .insert(translationPairs)
          .values(
            prompts.slice(start, start + INSERT_CHUNK).map((prompt) => ({
              ...prompt,
              lopit: prompt.lopit ?? '',
              status: prompt.lopit ? ('approved' as const) : ('empty' as const),
            })),
          )
          .onConflictDoNothing()
          .returning({ id: translationPairs.id });
        inserted += rows.length;
      }
      return inserted;
    });
  }

  async exists(id: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: translationPairs.id })
      .from(translationPairs)
      .where(eq(translationPairs.id, id));
    return row !== undefined;
  }

  /** Every change of a pair, newest first, with the editor's name (null once the account is gone). */
  async revisions(pairId: number): Promise<TranslationRevision[]> {
    const rows = await this.db
      .select({ revision: translationRevisions, userName: users.name })
      .from(translationRevisions)
      .leftJoin(users, eq(users.id, translationRevisions.userId))
      .where(eq(translationRevisions.pairId, pairId))
      .orderBy(desc(translationRevisions.id));
    return rows.map(({ revision, userName }) => ({
      id: revision.id,
      version: revision.version,
      before: revision.beforeText,
      after: revision.afterText,
      userId: revision.userId,
      userName: userName?.trim() || null,
      createdAt: revision.createdAt.toISOString(),
    }));
  }

  async count(): Promise<{ total: number; translated: number }> {
    const [row] = await this.db
      .select({
        total: sql<number>`count(*)::int`,
        translated: sql<number>`count(*) filter (where ${translationPairs.status} = 'approved')::int`,
      })
      .from(translationPairs);
    return { total: row?.total ?? 0, translated: row?.translated ?? 0 };
  }
}
