// SQL for the review of lexicon entries an admin imported for review (migration 0011): the same rule as
// translation proposals (core/review/rules.ts), the importing admin counting as the entry's author.
import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import { PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import type {
  AdminLexiconEntry,
  LexiconReviewStatus,
  ProposalVerdict,
  ReviewLexiconEntry,
} from '../../../core/api/review.ts';
import { proposalStateFromReviews, type ProposalState } from '../../../core/review/rules.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { countVerdicts, rejectionReasons, reviewsGiven, type ReviewsTable } from './review-tally.ts';
import { lexiconEntries, lexiconReviews } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';

type EntryRow = typeof lexiconEntries.$inferSelect;

const LEXICON_REVIEWS: ReviewsTable = {
  table: lexiconReviews,
  item: lexiconReviews.entryId,
  reviewer: lexiconReviews.reviewerId,
  verdict: lexiconReviews.verdict,
  reason: lexiconReviews.reason,
  createdAt: lexiconReviews.createdAt,
};

export type LexiconReviewResult =
  { kind: 'reviewed'; entry: LexiconReviewStatus } | { kind: 'own' } | { kind: 'missing' };

const toReviewEntry = (row: EntryRow): ReviewLexiconEntry => ({
  id: row.id,
  lopit: row.lopit,
  english: row.english,
  partOfSpeech: row.partOfSpeech,
  approvals: row.approvals,
  rejections: row.rejections,
});

const toStatus = (row: EntryRow, myVerdict: ProposalVerdict | null): LexiconReviewStatus => ({
  id: row.id,
  state: row.state,
  approvals: row.approvals,
  rejections: row.rejections,
  myVerdict,
});

export class LexiconReviewRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /** Proposed entries imported by someone else that `reviewerId` has not reviewed, fewest reviews first. */
  async pack(reviewerId: string, limit: number): Promise<ReviewLexiconEntry[]> {
    const rows = await this.db
      .select()
      .from(lexiconEntries)
      .where(
        and(
          eq(lexiconEntries.state, 'proposed'),
          sql`${lexiconEntries.importedBy} is distinct from ${reviewerId}`,
          sql`not exists (select 1 from ${lexiconReviews} r
            where r.entry_id = ${lexiconEntries.id} and r.reviewer_id = ${reviewerId})`,
        ),
      )
      .orderBy(
        sql`${lexiconEntries.approvals} + ${lexiconEntries.rejections}`,
        sql`md5(${lexiconEntries.id}::text || ${reviewerId})`,
      )
      .limit(limit);
    return rows.map(toReviewEntry);
  }

  /**
   * A review by someone other than the importing admin; a second one by the same person replaces the first.
   * An entry no longer proposed changes nothing and answers where it stands (a review queued offline).
   */
  async review(
    entryId: number,
    reviewerId: string,
    verdict: ProposalVerdict,
    reason: string | null,
  ): Promise<LexiconReviewResult> {
    return this.db.transaction(async (tx) => {
      const [entry] = await tx
        .select()
        .from(lexiconEntries)
        .where(eq(lexiconEntries.id, entryId))
        .for('update');
      if (!entry) return { kind: 'missing' as const };
      if (entry.importedBy === reviewerId) return { kind: 'own' as const };
      if (entry.state !== 'proposed') {
        const [mine] = await tx
          .select({ verdict: lexiconReviews.verdict })
          .from(lexiconReviews)
          .where(and(eq(lexiconReviews.entryId, entryId), eq(lexiconReviews.reviewerId, reviewerId)));
        return { kind: 'reviewed' as const, entry: toStatus(entry, mine?.verdict ?? null) };
      }
      await tx
        .insert(lexiconReviews)
        .values({ entryId, reviewerId, verdict, reason })
        .onConflictDoUpdate({
          target: [lexiconReviews.entryId, lexiconReviews.reviewerId],
          set: { verdict, reason, updatedAt: new Date() },
        });
      const [approvals, rejections] = await countVerdicts(tx, LEXICON_REVIEWS, entryId, PROPOSAL_VERDICTS);
      const counts = { approvals, rejections };
      const [updated] = await tx
        .update(lexiconEntries)
        .set({ ...counts, state: proposalStateFromReviews(counts) })
        .where(eq(lexiconEntries.id, entryId))
        .returning();
      return { kind: 'reviewed' as const, entry: toStatus(updated!, verdict) };
    });
  }

  /** An admin approves or rejects proposed entries with a reason kept on each; others are left as they are. */
  async decide(ids: number[], adminId: string, verdict: ProposalVerdict, reason: string) {
    return this.db.transaction(async (tx) => {
      const state: ProposalState = verdict === 'approve' ? 'approved' : 'rejected';
      const decided = await tx
        .update(lexiconEntries)
        .set({ state, decidedBy: adminId, decisionReason: reason })
        .where(and(inArray(lexiconEntries.id, ids), eq(lexiconEntries.state, 'proposed')))
        .returning();
      const rest = await tx
        .select()
        .from(lexiconEntries)
        .where(inArray(lexiconEntries.id, ids))
        .orderBy(asc(lexiconEntries.id));
      const byId = new Map(decided.map((row) => [row.id, row]));
      return rest.map((row) => toStatus(byId.get(row.id) ?? row, null));
    });
  }

  /** The admins' list of entries: newest first, by state, with the reasons of rejections. */
  async adminList(
    state: ProposalState | undefined,
    page: number,
    limit: number,
  ): Promise<{ entries: AdminLexiconEntry[]; total: number }> {
    const where = state ? eq(lexiconEntries.state, state) : undefined;
    const rows = await this.db
      .select()
      .from(lexiconEntries)
      .where(where)
      .orderBy(desc(lexiconEntries.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ total: count() }).from(lexiconEntries).where(where);
    const reasons = await rejectionReasons(
      this.db,
      LEXICON_REVIEWS,
      rows.map((row) => row.id),
    );
    return {
      entries: rows.map((row) => ({
        ...toReviewEntry(row),
        state: row.state,
        decisionReason: row.decisionReason,
        rejectionReasons: reasons.get(row.id) ?? [],
      })),
      total: total?.total ?? 0,
    };
  }

  /** Reviews `reviewerId` gave: since a moment (their day) and in all. */
  reviewCounts(reviewerId: string, since: Date): Promise<{ today: number; total: number }> {
    return reviewsGiven(this.db, LEXICON_REVIEWS, reviewerId, since);
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    lexiconReview: LexiconReviewRepository;
  }
}

export const lexiconReviewRepository = defineRepository(
  'lexiconReview',
  (db) => new LexiconReviewRepository(db),
);
