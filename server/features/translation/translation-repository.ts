// SQL for translation pairs and their revision history.
import { asc, eq, sql } from 'drizzle-orm';
import type { TranslationPair } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { translationPairs, translationRevisions } from '../../db/schema.ts';

type PairRow = typeof translationPairs.$inferSelect;

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
  constructor(private readonly db: Db) {}

  async list(category?: TranslationCategory): Promise<TranslationPair[]> {
    const rows = await this.db
      .select()
      .from(translationPairs)
      .where(category ? eq(translationPairs.category, category) : undefined)
      .orderBy(asc(translationPairs.category), asc(translationPairs.id));
    return rows.map(toPair);
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

  /** Inserts prompts that are not there yet (same category and English text); returns how many were new. */
  async insertPrompts(
    prompts: { english: string; category: TranslationCategory; lopit?: string }[],
  ): Promise<number> {
    if (prompts.length === 0) return 0;
    const rows = await this.db
      .insert(translationPairs)
      .values(
        prompts.map((prompt) => ({
          ...prompt,
          lopit: prompt.lopit ?? '',
          status: prompt.lopit ? ('approved' as const) : ('empty' as const),
        })),
      )
      .onConflictDoNothing()
      .returning({ id: translationPairs.id });
    return rows.length;
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
