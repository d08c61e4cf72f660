// SQL for prompt sentences (migration 0012): reports by contributors, and the admins' list with what was made of
// each sentence, retirement and restoring. A retired sentence stays with its recordings and translations; it
// only leaves the prompt pack (RecordingsRepository.promptPack) and the translate queue.
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, sql } from 'drizzle-orm';
import {
  promptReadProblems,
  type AdminPrompt,
  type PromptReport,
  type PromptReportReason,
  type PromptReportResponse,
} from '../../../core/api/prompts.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { promptReports, recordings, translationPairs } from '../../db/schema.ts';
import type { RankedSentence } from '../../../core/mt/selection.ts';
import { teachingRanks } from '../mt/teaching-order.ts';
import { defineRepository } from '../../lib/repositories.ts';

// Written out in full: Drizzle leaves the table's name off a column in a single-table select list.
const openReports = sql<number>`(select count(*)::int from ${promptReports} r
  where r.pair_id = translation_pairs.id and r.resolved_at is null)`;
const recordingCount = sql<number>`(select count(*)::int from ${recordings} c
  where c.prompt_pair_id = translation_pairs.id)`;

export class PromptsRepository {
  constructor(private readonly db: DbOrTx) {}

  /**
   * Files `reporterId`'s report of a sentence; while their earlier report is open, a second one changes nothing
   * (`created: false`). Null when the sentence does not exist.
   */
  async report(
    pairId: number,
    reporterId: string,
    { reason, note }: PromptReport,
  ): Promise<PromptReportResponse | null> {
    const [pair] = await this.db
      .select({ id: translationPairs.id })
      .from(translationPairs)
      .where(eq(translationPairs.id, pairId));
    if (!pair) return null;
    const inserted = await this.db
      .insert(promptReports)
      .values({ pairId, reporterId, reason, note: note || null })
      .onConflictDoNothing()
      .returning({ id: promptReports.id });
    const [open] = await this.db
      .select({ total: count() })
      .from(promptReports)
      .where(and(eq(promptReports.pairId, pairId), isNull(promptReports.resolvedAt)));
    return { promptId: pairId, openReports: open?.total ?? 0, created: inserted.length > 0 };
  }

  /** Sentences for the admins, most reported first with `reported`, else in id order; with their counts. */
  async adminList(
    { reported }: { reported: boolean },
    page: number,
    limit: number,
  ): Promise<{ prompts: AdminPrompt[]; total: number }> {
    const where = reported ? sql`${openReports} > 0` : undefined;
    const rows = await this.db
      .select({ pair: translationPairs, recordings: recordingCount, openReports })
      .from(translationPairs)
      .where(where)
      .orderBy(...(reported ? [desc(openReports)] : []), asc(translationPairs.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ total: count() }).from(translationPairs).where(where);
    const reasons = await this.openReasons(rows.map(({ pair }) => pair.id));
    const ranks = await teachingRanks(this.db);
    return {
      prompts: rows.map(({ pair, recordings, openReports }) => ({
        ...toAdminPrompt(pair, recordings, openReports, reasons.get(pair.id) ?? {}),
        teaching: teachingOf(ranks, pair.id),
      })),
      total: total?.total ?? 0,
    };
  }

  /** One sentence as the admins' list shows it (null when it does not exist). */
  async adminPrompt(pairId: number): Promise<AdminPrompt | null> {
    const [row] = await this.db
      .select({ pair: translationPairs, recordings: recordingCount, openReports })
      .from(translationPairs)
      .where(eq(translationPairs.id, pairId));
    if (!row) return null;
    const reasons = await this.openReasons([pairId]);
    return {
      ...toAdminPrompt(row.pair, row.recordings, row.openReports, reasons.get(pairId) ?? {}),
      teaching: teachingOf(await teachingRanks(this.db), pairId),
    };
  }

  /** Retires a sentence with the admin's reason; its open reports are resolved by that decision. */
  async retire(pairId: number, adminId: string, reason: string): Promise<AdminPrompt | null> {
    const now = new Date();
    const retired = await this.db
      .update(translationPairs)
      .set({ retiredAt: now, retiredBy: adminId, retiredReason: reason })
      .where(and(eq(translationPairs.id, pairId), isNull(translationPairs.retiredAt)))
      .returning({ id: translationPairs.id });
    if (retired.length > 0)
      await this.db
        .update(promptReports)
        .set({ resolvedAt: now, resolvedBy: adminId })
        .where(and(eq(promptReports.pairId, pairId), isNull(promptReports.resolvedAt)));
    return this.adminPrompt(pairId);
  }

  /** Brings a retired sentence back into the packs (its resolved reports stay resolved). */
  async restore(pairId: number): Promise<AdminPrompt | null> {
    await this.db
      .update(translationPairs)
      .set({ retiredAt: null, retiredBy: null, retiredReason: null })
      .where(and(eq(translationPairs.id, pairId), isNotNull(translationPairs.retiredAt)));
    return this.adminPrompt(pairId);
  }

  private async openReasons(
    pairIds: number[],
  ): Promise<Map<number, Partial<Record<PromptReportReason, number>>>> {
    const byPair = new Map<number, Partial<Record<PromptReportReason, number>>>();
    if (pairIds.length === 0) return byPair;
    const rows = await this.db
      .select({ pairId: promptReports.pairId, reason: promptReports.reason, total: count() })
      .from(promptReports)
      .where(and(inArray(promptReports.pairId, pairIds), isNull(promptReports.resolvedAt)))
      .groupBy(promptReports.pairId, promptReports.reason);
    for (const row of rows) byPair.set(row.pairId, { ...byPair.get(row.pairId), [row.reason]: row.total });
    return byPair;
  }
}

/** A sentence's place in the teaching order, as the admins' list shows it. */
function teachingOf(ranks: Map<number, RankedSentence>, pairId: number): AdminPrompt['teaching'] {
  const r = ranks.get(pairId);
  return r
    ? {
        rank: r.rank,
        of: ranks.size,
        score: r.score,
        newWords: r.newWords,
        newWordCount: r.newWordCount,
        newSequences: r.newNgrams - r.newWordCount,
        recurrence: r.recurrence,
        reason: r.reason,
      }
    : null;
}

function toAdminPrompt(
  pair: typeof translationPairs.$inferSelect,
  recordings: number,
  openReports: number,
  reasons: Partial<Record<PromptReportReason, number>>,
): AdminPrompt {
  return {
    id: pair.id,
    english: pair.english,
    category: pair.category,
    recordings,
    translated: pair.status === 'approved',
    openReports,
    reasons,
    readProblems: promptReadProblems(pair.english),
    retiredAt: pair.retiredAt?.toISOString() ?? null,
    retiredReason: pair.retiredReason,
  };
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    prompts: PromptsRepository;
  }
}

export const promptsRepository = defineRepository('prompts', (db) => new PromptsRepository(db));
