// SQL for the sentence collection (issue 32, migration 0020): Lopit sentences contributors write to be read
// aloud, and their review by the rule of translations and transcripts (core/review/rules.ts: two approvals or
// two rejections by people other than the author, or an admin's word). Approved sentences of authors who consent
// are offered to read (RecordingsRepository.promptPack) and exported (ExportsRepository.sentences).
import { and, asc, count, desc, eq, inArray, isNotNull, isNull, not, sql, type SQL } from 'drizzle-orm';
import { PROPOSAL_VERDICTS, type ProposalVerdict } from '../../../core/api/review.ts';
import type { WrittenPrompt } from '../../../core/api/recordings.ts';
import type { PromptReport, PromptReportReason } from '../../../core/api/prompts.ts';
import type {
  AdminWrittenSentence,
  ReviewSentence,
  SentenceReportResponse,
  SentenceStatus,
} from '../../../core/api/sentences.ts';
import { proposalStateFromReviews, type ProposalState } from '../../../core/review/rules.ts';
import type { DbOrTx } from '../../db/driver.ts';
import {
  lopitSentenceReports,
  lopitSentenceReviews,
  lopitSentences,
  recordings,
  users,
} from '../../db/schema.ts';
import { consents } from '../consent/consent-sql.ts';
import type { Actor } from '../review/proposals.repository.ts';
import { countVerdicts, type ReviewsTable } from '../review/review-tally.ts';
import { defineRepository } from '../../lib/repositories.ts';

type SentenceRow = typeof lopitSentences.$inferSelect;

const SENTENCE_REVIEWS: ReviewsTable = {
  table: lopitSentenceReviews,
  item: lopitSentenceReviews.sentenceId,
  reviewer: lopitSentenceReviews.reviewerId,
  verdict: lopitSentenceReviews.verdict,
  reason: lopitSentenceReviews.reason,
  createdAt: lopitSentenceReviews.createdAt,
};

/**
 * Condition on a lopit_sentences row `alias` in `state`, whose author consents now to their texts being used
 * (the consent of translations: a written sentence is a text contribution), or has no account any more.
 */
export function consentedSentenceCondition(alias: string, state: ProposalState): SQL {
  const s = sql.raw(alias);
  return sql`${s}.state = ${state}
    and (${s}.author_id is null or ${consents(`${alias}.author_id`, 'translation')})`;
}

export type SentenceProposeResult = { kind: 'saved'; sentence: SentenceStatus } | { kind: 'taken' };
export type SentenceReviewResult =
  { kind: 'reviewed'; sentence: SentenceStatus } | { kind: 'own' } | { kind: 'missing' };

function toStatus(row: SentenceRow, myVerdict: ProposalVerdict | null): SentenceStatus {
  return {
    id: row.id,
    text: row.text,
    source: row.source,
    state: row.state,
    approvals: row.approvals,
    rejections: row.rejections,
    myVerdict,
    createdAt: row.createdAt.toISOString(),
  };
}

// Written out in full: Drizzle leaves the table's name off a column in a single-table select list.
const openReports = sql<number>`(select count(*)::int from ${lopitSentenceReports} r
  where r.sentence_id = lopit_sentences.id and r.resolved_at is null)`;
const recordingCount = sql<number>`(select count(*)::int from ${recordings} c
  where c.prompt_sentence_id = lopit_sentences.id)`;

export class SentencesRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /** A new sentence by `actor`; an admin's is approved at once. A text written before (by anyone) is taken. */
  async propose(text: string, source: string | null, actor: Actor): Promise<SentenceProposeResult> {
    const now = new Date();
    const admin = actor.role === 'admin';
    const [row] = await this.db
      .insert(lopitSentences)
      .values({
        text,
        source,
        authorId: actor.id,
        ...(admin ? { state: 'approved' as const, decidedBy: actor.id, decidedAt: now } : {}),
      })
      .onConflictDoNothing({ target: lopitSentences.text })
      .returning();
    return row ? { kind: 'saved', sentence: toStatus(row, null) } : { kind: 'taken' };
  }

  /** The sentences `authorId` wrote, newest first. */
  async mine(authorId: string, limit: number): Promise<SentenceStatus[]> {
    const rows = await this.db
      .select()
      .from(lopitSentences)
      .where(eq(lopitSentences.authorId, authorId))
      .orderBy(desc(lopitSentences.id))
      .limit(limit);
    return rows.map((row) => toStatus(row, null));
  }

  /**
   * A review by someone other than the author (a second one by the same person replaces the first). An admin's
   * review decides at once; otherwise the reviews decide by core/review/rules.ts. A review of a sentence already
   * decided changes nothing and answers where it stands (a review queued offline never blocks the outbox).
   */
  async review(
    sentenceId: number,
    reviewer: Actor,
    verdict: ProposalVerdict,
    reason: string | null,
  ): Promise<SentenceReviewResult> {
    return this.db.transaction(async (tx) => {
      const [sentence] = await tx
        .select()
        .from(lopitSentences)
        .where(eq(lopitSentences.id, sentenceId))
        .for('update');
      if (!sentence) return { kind: 'missing' as const };
      if (sentence.authorId === reviewer.id) return { kind: 'own' as const };
      if (sentence.state !== 'proposed') {
        const mine = await new SentencesRepository(tx).verdictOf(sentenceId, reviewer.id);
        return { kind: 'reviewed' as const, sentence: toStatus(sentence, mine) };
      }
      const now = new Date();
      await tx
        .insert(lopitSentenceReviews)
        .values({ sentenceId, reviewerId: reviewer.id, verdict, reason })
        .onConflictDoUpdate({
          target: [lopitSentenceReviews.sentenceId, lopitSentenceReviews.reviewerId],
          set: { verdict, reason, updatedAt: now },
        });
      const [approvals, rejections] = await countVerdicts(
        tx,
        SENTENCE_REVIEWS,
        sentenceId,
        PROPOSAL_VERDICTS,
      );
      const state: ProposalState =
        reviewer.role === 'admin'
          ? verdict === 'approve'
            ? 'approved'
            : 'rejected'
          : proposalStateFromReviews({ approvals, rejections });
      const decided =
        state === 'proposed'
          ? {}
          : { decidedAt: now, decidedBy: reviewer.role === 'admin' ? reviewer.id : null };
      const [updated] = await tx
        .update(lopitSentences)
        .set({ approvals, rejections, state, ...decided, updatedAt: now })
        .where(eq(lopitSentences.id, sentenceId))
        .returning();
      return { kind: 'reviewed' as const, sentence: toStatus(updated!, verdict) };
    });
  }

  private async verdictOf(sentenceId: number, reviewerId: string): Promise<ProposalVerdict | null> {
    const [row] = await this.db
      .select({ verdict: lopitSentenceReviews.verdict })
      .from(lopitSentenceReviews)
      .where(
        and(eq(lopitSentenceReviews.sentenceId, sentenceId), eq(lopitSentenceReviews.reviewerId, reviewerId)),
      );
    return row?.verdict ?? null;
  }

  /**
   * Approved sentences of consenting authors to read aloud, for the prompt pack, as the pairs' sentences are
   * ordered (RecordingsRepository.promptPack): those the reader has not recorded first (`mine`: they or a speaker
   * they record read it), fewest clips first, then in an order of the reader's own (two readers in one village
   * do not start on the same sentence).
   */
  async toRead(readerId: string, limit: number): Promise<WrittenPrompt[]> {
    // Those the reader reported stay out of their pack, and retired ones out of everyone's.
    const reported = sql`exists (select 1 from ${lopitSentenceReports} sr
      where sr.sentence_id = ${lopitSentences.id} and sr.reporter_id = ${readerId})`;
    const clips = sql<number>`count(${recordings.id})::int`;
    const mine = sql<boolean>`count(${recordings.id}) filter (where ${recordings.ownerId} = ${readerId}) > 0`;
    return this.db
      .select({
        id: lopitSentences.id,
        lopit: lopitSentences.text,
        source: lopitSentences.source,
        recordings: clips,
        mine,
      })
      .from(lopitSentences)
      .leftJoin(recordings, eq(recordings.promptSentenceId, lopitSentences.id))
      .where(
        and(
          consentedSentenceCondition('lopit_sentences', 'approved'),
          isNull(lopitSentences.retiredAt),
          not(reported),
        ),
      )
      .groupBy(lopitSentences.id)
      .orderBy(mine, clips, sql`md5(${lopitSentences.id}::text || ${readerId})`)
      .limit(limit);
  }

  /**
   * Files `reporterId`'s report of a sentence offered to read; a second one by the same person changes nothing
   * (`created: false`). Null when there is no such approved sentence.
   */
  async report(
    sentenceId: number,
    reporterId: string,
    { reason, note }: PromptReport,
  ): Promise<SentenceReportResponse | null> {
    if ((await this.approvedText(sentenceId)) === null) return null;
    const inserted = await this.db
      .insert(lopitSentenceReports)
      .values({ sentenceId, reporterId, reason, note: note || null })
      .onConflictDoNothing()
      .returning({ id: lopitSentenceReports.id });
    const [row] = await this.db
      .select({ total: count() })
      .from(lopitSentenceReports)
      .where(eq(lopitSentenceReports.sentenceId, sentenceId));
    return { sentenceId, reports: row?.total ?? 0, created: inserted.length > 0 };
  }

  /** The text of an approved sentence (one offered to read, or read before its author withdrew); null otherwise. */
  async approvedText(sentenceId: number): Promise<string | null> {
    const [row] = await this.db
      .select({ text: lopitSentences.text })
      .from(lopitSentences)
      .where(and(eq(lopitSentences.id, sentenceId), eq(lopitSentences.state, 'approved')));
    return row?.text ?? null;
  }

  /**
   * Sentences to check: proposed ones by other people that `reviewerId` has not reviewed; fewest reviews
   * first, then in an order of the reviewer's own (two people in one village do not get the same one first).
   */
  async pack(reviewerId: string, limit: number): Promise<ReviewSentence[]> {
    const reviewed = sql`exists (select 1 from ${lopitSentenceReviews} sr
      where sr.sentence_id = ${lopitSentences.id} and sr.reviewer_id = ${reviewerId})`;
    const rows = await this.db
      .select({ sentence: lopitSentences, authorName: users.name })
      .from(lopitSentences)
      .leftJoin(users, eq(users.id, lopitSentences.authorId))
      .where(
        and(
          eq(lopitSentences.state, 'proposed'),
          sql`${lopitSentences.authorId} is distinct from ${reviewerId}`,
          sql`not ${reviewed}`,
        ),
      )
      .orderBy(
        sql`${lopitSentences.approvals} + ${lopitSentences.rejections}`,
        sql`md5(${lopitSentences.id}::text || ${reviewerId})`,
      )
      .limit(limit);
    return rows.map(({ sentence, authorName }) => ({
      ...toStatus(sentence, null),
      authorName: authorName?.trim() || null,
    }));
  }

  /** Written sentences for the admins, most reported first with `reported`, else in id order; with their counts. */
  async adminList(
    { reported }: { reported: boolean },
    page: number,
    limit: number,
  ): Promise<{ sentences: AdminWrittenSentence[]; total: number }> {
    const where = reported ? sql`${openReports} > 0` : undefined;
    const rows = await this.db
      .select({ sentence: lopitSentences, authorName: users.name, recordings: recordingCount, openReports })
      .from(lopitSentences)
      .leftJoin(users, eq(users.id, lopitSentences.authorId))
      .where(where)
      .orderBy(...(reported ? [desc(openReports)] : []), asc(lopitSentences.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ total: count() }).from(lopitSentences).where(where);
    const reasons = await this.openReasons(rows.map(({ sentence }) => sentence.id));
    return { sentences: rows.map((row) => toAdminSentence(row, reasons)), total: total?.total ?? 0 };
  }

  /** One written sentence as the admins' list shows it (null when there is none). */
  async adminSentence(sentenceId: number): Promise<AdminWrittenSentence | null> {
    const [row] = await this.db
      .select({ sentence: lopitSentences, authorName: users.name, recordings: recordingCount, openReports })
      .from(lopitSentences)
      .leftJoin(users, eq(users.id, lopitSentences.authorId))
      .where(eq(lopitSentences.id, sentenceId));
    return row ? toAdminSentence(row, await this.openReasons([sentenceId])) : null;
  }

  /** Retires a sentence with the admin's reason; its open reports are settled by that decision. */
  async retire(sentenceId: number, adminId: string, reason: string): Promise<AdminWrittenSentence | null> {
    const now = new Date();
    const retired = await this.db
      .update(lopitSentences)
      .set({ retiredAt: now, retiredBy: adminId, retiredReason: reason })
      .where(and(eq(lopitSentences.id, sentenceId), isNull(lopitSentences.retiredAt)))
      .returning({ id: lopitSentences.id });
    if (retired.length > 0)
      await this.db
        .update(lopitSentenceReports)
        .set({ resolvedAt: now, resolvedBy: adminId })
        .where(and(eq(lopitSentenceReports.sentenceId, sentenceId), isNull(lopitSentenceReports.resolvedAt)));
    return this.adminSentence(sentenceId);
  }

  /** Brings a retired sentence back to the readers' packs (its settled reports stay settled). */
  async restore(sentenceId: number): Promise<AdminWrittenSentence | null> {
    await this.db
      .update(lopitSentences)
      .set({ retiredAt: null, retiredBy: null, retiredReason: null })
      .where(and(eq(lopitSentences.id, sentenceId), isNotNull(lopitSentences.retiredAt)));
    return this.adminSentence(sentenceId);
  }

  private async openReasons(
    sentenceIds: number[],
  ): Promise<Map<number, Partial<Record<PromptReportReason, number>>>> {
    const bySentence = new Map<number, Partial<Record<PromptReportReason, number>>>();
    if (sentenceIds.length === 0) return bySentence;
    const rows = await this.db
      .select({
        sentenceId: lopitSentenceReports.sentenceId,
        reason: lopitSentenceReports.reason,
        total: count(),
      })
      .from(lopitSentenceReports)
      .where(
        and(inArray(lopitSentenceReports.sentenceId, sentenceIds), isNull(lopitSentenceReports.resolvedAt)),
      )
      .groupBy(lopitSentenceReports.sentenceId, lopitSentenceReports.reason);
    for (const row of rows)
      bySentence.set(row.sentenceId, { ...bySentence.get(row.sentenceId), [row.reason]: row.total });
    return bySentence;
  }
}

function toAdminSentence(
  row: { sentence: SentenceRow; authorName: string | null; recordings: number; openReports: number },
  reasons: Map<number, Partial<Record<PromptReportReason, number>>>,
): AdminWrittenSentence {
  const { sentence } = row;
  return {
    id: sentence.id,
    text: sentence.text,
    source: sentence.source,
    state: sentence.state,
    authorName: row.authorName?.trim() || null,
    recordings: row.recordings,
    openReports: row.openReports,
    reasons: reasons.get(sentence.id) ?? {},
    retiredAt: sentence.retiredAt?.toISOString() ?? null,
    retiredReason: sentence.retiredReason,
  };
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    sentences: SentencesRepository;
  }
}

export const sentencesRepository = defineRepository('sentences', (db) => new SentencesRepository(db));
