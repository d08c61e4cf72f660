// What the review repositories count the same way, whatever they review (clips, translations, lexicon entries):
// the verdicts on one item, a reviewer's reviews today and in all, and the reasons given with rejections. Each
// reviews table names the reviewed item, the reviewer, the verdict or vote, the reason and when.
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/driver.ts';

export interface ReviewsTable {
  table: PgTable;
  item: AnyPgColumn;
  reviewer: AnyPgColumn;
  /** The verdict ('approve' | 'reject') or vote ('up' | 'down'). */
  verdict: AnyPgColumn;
  createdAt: AnyPgColumn;
  reason?: AnyPgColumn;
}

/** How many reviews of `item` gave each of `values` (e.g. approve and reject), in that order. */
export async function countVerdicts<V extends string>(
  db: DbOrTx,
  reviews: ReviewsTable,
  item: string | number,
  values: readonly [V, V],
): Promise<[number, number]> {
  const [row] = await db
    .select({
      first: sql<number>`count(*) filter (where ${reviews.verdict} = ${values[0]})::int`,
      second: sql<number>`count(*) filter (where ${reviews.verdict} = ${values[1]})::int`,
    })
    .from(reviews.table)
    .where(eq(reviews.item, item));
  return [row?.first ?? 0, row?.second ?? 0];
}

/** Reviews `reviewerId` gave: since a moment (the start of their day) and in all. */
export async function reviewsGiven(
  db: DbOrTx,
  reviews: ReviewsTable,
  reviewerId: string,
  since: Date,
): Promise<{ today: number; total: number }> {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      today: sql<number>`count(*) filter (where ${reviews.createdAt} >= ${since.toISOString()})::int`,
    })
    .from(reviews.table)
    .where(eq(reviews.reviewer, reviewerId));
  return { today: row?.today ?? 0, total: row?.total ?? 0 };
}

/** The reasons reviewers gave with their rejections of these items, oldest first, by item. */
export async function rejectionReasons(
  db: DbOrTx,
  reviews: ReviewsTable,
  items: number[],
): Promise<Map<number, string[]>> {
  const reasons = new Map<number, string[]>();
  if (items.length === 0 || !reviews.reason) return reasons;
  const rows = await db
    .select({ item: reviews.item, reason: reviews.reason })
    .from(reviews.table)
    .where(and(inArray(reviews.item, items), eq(reviews.verdict, 'reject')))
    .orderBy(asc(reviews.createdAt));
  for (const { item, reason } of rows as { item: number; reason: string | null }[]) {
    if (reason) reasons.set(item, [...(reasons.get(item) ?? []), reason]);
  }
  return reasons;
}
