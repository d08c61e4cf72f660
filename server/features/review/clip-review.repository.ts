// SQL for the review of clips (migration 0010): votes, reports, admins' decisions and the review pack. Each
// change locks the recording's row, recounts from the votes and reports themselves, and stores the state that
// core/review/rules.ts gives, in one transaction: concurrent votes never lose a count or count one twice.
import { and, asc, count, desc, eq, gt, inArray, isNull, lt, notInArray, or, sql } from 'drizzle-orm';
import type {
  AdminClip,
  ClipFlag,
  ClipReport,
  ClipReview,
  ClipSettle,
  ClipVote,
  ReviewClip,
} from '../../../core/api/review.ts';
import { CLIP_FLAGS } from '../../../core/api/review.ts';
import { recordingLanguageSchema, recordingQualitySchema } from '../../../core/api/recordings.ts';
import { CLIP_REPORTERS_TO_HOLD, clipReviewState, type ClipReviewState } from '../../../core/review/rules.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { reviewsGiven, type ReviewsTable } from './review-tally.ts';
import { clipReports, clipVotes, recordings, users } from '../../db/schema.ts';
import { clipConsents, clipKindCondition, transcribedCondition } from '../consent/consent-sql.ts';
import { defineRepository } from '../../lib/repositories.ts';

type RecordingRow = typeof recordings.$inferSelect;

const CLIP_VOTES_TABLE: ReviewsTable = {
  table: clipVotes,
  item: clipVotes.recordingId,
  reviewer: clipVotes.voterId,
  verdict: clipVotes.vote,
  createdAt: clipVotes.createdAt,
};

export type ClipChange = { kind: 'changed'; review: ClipReview } | { kind: 'own' } | { kind: 'missing' };

/** What a clip should say: its transcript (a prompted clip's is the prompt it was read from). */
const clipText = sql<string>`btrim(coalesce(${recordings.transcript}, ''))`;
/**
 * Who speaks (the field speaker, else the owner) still consents to recording: a withdrawn clip is out of review
 * as of everything else.
 */
const speakerConsents = clipConsents('recordings');

/**
 * What a review pack offers `reviewerId`: pending, transcribed clips of other speakers who consent, that this
 * person has neither voted on nor reported.
 */
function openToReviewer(reviewerId: string) {
  const voted = sql`exists (select 1 from ${clipVotes} v
    where v.recording_id = ${recordings.id} and v.voter_id = ${reviewerId})`;
  const reported = sql`exists (select 1 from ${clipReports} r
    where r.recording_id = ${recordings.id} and r.reporter_id = ${reviewerId} and r.resolved_at is null)`;
  return and(
    eq(recordings.reviewState, 'pending'),
    clipKindCondition('recordings'),
    sql`${recordings.ownerId} <> ${reviewerId}`,
    transcribedCondition('recordings'),
    speakerConsents,
    sql`not ${voted}`,
    sql`not ${reported}`,
  );
}

function flagsOf(quality: unknown): ClipFlag[] {
  const parsed = recordingQualitySchema.safeParse(quality);
  if (!parsed.success) return [];
  return CLIP_FLAGS.filter((flag) => parsed.data[flag]);
}

function toReviewClip(row: Pick<RecordingRow, keyof RecordingRow>, text: string): ReviewClip {
  const language = recordingLanguageSchema.safeParse(row.language);
  return {
    id: row.id,
    text,
    language: language.success ? language.data : null,
    duration: row.durationSeconds,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    flags: flagsOf(row.quality),
    upVotes: row.upVotes,
    downVotes: row.downVotes,
  };
}

export class ClipReviewRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /**
   * A review pack for `reviewerId`: clips open to them (openToReviewer), fewest votes first (then an order of
   * the reviewer's own, so two reviewers in one village do not hear the same clips in the same order), until
   * `limit` clips or `maxBytes` of audio.
   */
  async pack(
    reviewerId: string,
    { limit, maxBytes, exclude = [] }: { limit: number; maxBytes: number; exclude?: string[] },
  ): Promise<ReviewClip[]> {
    if (limit === 0) return [];
    const rows = await this.db
      .select({ row: recordings, text: clipText })
      .from(recordings)
      .where(
        and(openToReviewer(reviewerId), exclude.length > 0 ? notInArray(recordings.id, exclude) : undefined),
      )
      .orderBy(
        sql`${recordings.upVotes} + ${recordings.downVotes}`,
        sql`md5(${recordings.id}::text || ${reviewerId})`,
      )
      // Room to skip clips larger than what is left of maxBytes.
      .limit(limit * 2);
    const pack: ReviewClip[] = [];
    let bytes = 0;
    for (const { row, text } of rows) {
      if (pack.length === limit) break;
      if (bytes + row.sizeBytes > maxBytes) continue;
      bytes += row.sizeBytes;
      pack.push(toReviewClip(row, text));
    }
    return pack;
  }

  /** Of `ids` (the clips a phone's pack holds), those no longer open to `reviewerId`, in the order given. */
  async gone(reviewerId: string, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const open = await this.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(and(openToReviewer(reviewerId), inArray(recordings.id, [...ids])));
    const stillOpen = new Set(open.map((row) => row.id));
    return ids.filter((id) => !stillOpen.has(id));
  }

  /** A vote by someone other than the speaker; a second vote by the same person replaces the first. */
  vote(recordingId: string, voterId: string, vote: ClipVote): Promise<ClipChange> {
    return this.change(recordingId, voterId, async (tx) => {
      await tx
        .insert(clipVotes)
        .values({ recordingId, voterId, vote })
        .onConflictDoUpdate({
          target: [clipVotes.recordingId, clipVotes.voterId],
          set: { vote, updatedAt: new Date() },
        });
    });
  }

  /**
   * A report takes the clip out of the reporter's pack and into the admins' list of reported clips; the reports
   * of CLIP_REPORTERS_TO_HOLD people take it out of everyone's. A second report by the same person replaces the
   * first.
   */
  report(recordingId: string, reporterId: string, { reason, note }: ClipReport): Promise<ClipChange> {
    return this.change(recordingId, reporterId, async (tx) => {
      const open = and(
        eq(clipReports.recordingId, recordingId),
        eq(clipReports.reporterId, reporterId),
        isNull(clipReports.resolvedAt),
      );
      const [existing] = await tx.select({ id: clipReports.id }).from(clipReports).where(open);
      if (existing) {
        await tx
          .update(clipReports)
          .set({ reason, note: note || null })
          .where(eq(clipReports.id, existing.id));
      } else {
        await tx.insert(clipReports).values({ recordingId, reporterId, reason, note: note || null });
      }
    });
  }

  /** An admin decides a clip either way, with a reason that is kept; open reports are resolved by it. */
  async settle(recordingId: string, adminId: string, { state, reason }: ClipSettle): Promise<ClipChange> {
    return this.change(
      recordingId,
      adminId,
      async (tx) => {
        const now = new Date();
        await tx
          .update(clipReports)
          .set({ resolvedAt: now, resolvedBy: adminId })
          .where(and(eq(clipReports.recordingId, recordingId), isNull(clipReports.resolvedAt)));
        await tx
          .update(recordings)
          .set({ settledState: state, settledBy: adminId, settledReason: reason, settledAt: now })
          .where(eq(recordings.id, recordingId));
      },
      { ownAllowed: true },
    );
  }

  /**
   * Locks the clip, applies `effect`, recounts votes and open reports, and stores the state they give. A clip
   * that is gone, or whose speaker withdrew consent, is missing to everyone but an admin settling it.
   */
  private change(
    recordingId: string,
    actorId: string,
    effect: (tx: DbOrTx) => Promise<void>,
    { ownAllowed = false } = {},
  ): Promise<ClipChange> {
    return this.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ ownerId: recordings.ownerId, consenting: sql<boolean>`${speakerConsents}` })
        .from(recordings)
        .where(eq(recordings.id, recordingId))
        .for('update');
      if (!row || (!row.consenting && !ownAllowed)) return { kind: 'missing' as const };
      if (row.ownerId === actorId && !ownAllowed) return { kind: 'own' as const };
      await effect(tx);
      const review = await new ClipReviewRepository(tx).recount(recordingId, actorId);
      return { kind: 'changed' as const, review };
    });
  }

  private async recount(recordingId: string, viewerId: string | null): Promise<ClipReview> {
    const [votes] = await this.db
      .select({
        up: sql<number>`count(*) filter (where ${clipVotes.vote} = 'up')::int`,
        down: sql<number>`count(*) filter (where ${clipVotes.vote} = 'down')::int`,
        mine: sql<ClipVote | null>`max(${clipVotes.vote}) filter (where ${clipVotes.voterId} = ${viewerId})`,
      })
      .from(clipVotes)
      .where(eq(clipVotes.recordingId, recordingId));
    const [reports] = await this.db
      .select({ open: count() })
      .from(clipReports)
      .where(and(eq(clipReports.recordingId, recordingId), isNull(clipReports.resolvedAt)));
    const [clip] = await this.db
      .select({ settled: recordings.settledState })
      .from(recordings)
      .where(eq(recordings.id, recordingId));
    const up = votes?.up ?? 0;
    const down = votes?.down ?? 0;
    const openReports = reports?.open ?? 0;
    const state: ClipReviewState = clipReviewState({ up, down, openReports, settled: clip?.settled ?? null });
    await this.db
      .update(recordings)
      .set({ upVotes: up, downVotes: down, openReports, reviewState: state })
      .where(eq(recordings.id, recordingId));
    return { id: recordingId, state, upVotes: up, downVotes: down, openReports, myVote: votes?.mine ?? null };
  }

  /**
   * The admins' queue: newest first, by state and quality flag, with the open reports of each clip. `reported`
   * lists every clip with an open report, the most reported first, held (state `reported`) or still in the
   * community's queue.
   */
  async adminList(
    filter: { state?: ClipReviewState; flag?: ClipFlag },
    page: number,
    limit: number,
  ): Promise<{ clips: AdminClip[]; total: number }> {
    const reported = filter.state === 'reported';
    const where = and(
      clipKindCondition('recordings'),
      reported
        ? gt(recordings.openReports, 0)
        : filter.state
          ? eq(recordings.reviewState, filter.state)
          : undefined,
      filter.flag ? sql`(${recordings.quality} ->> ${filter.flag}) = 'true'` : undefined,
    );
    const rows = await this.db
      .select({ row: recordings, text: clipText, ownerName: users.name })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.ownerId))
      .where(where)
      .orderBy(
        ...(reported ? [desc(recordings.openReports)] : []),
        desc(recordings.createdAt),
        desc(recordings.id),
      )
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ total: count() }).from(recordings).where(where);
    const ids = rows.map(({ row }) => row.id);
    const reports =
      ids.length === 0
        ? []
        : await this.db
            .select()
            .from(clipReports)
            .where(and(inArray(clipReports.recordingId, ids), isNull(clipReports.resolvedAt)))
            .orderBy(asc(clipReports.id));
    return {
      clips: rows.map(({ row, text, ownerName }) => ({
        ...toReviewClip(row, text),
        state: row.reviewState,
        ownerName,
        createdAt: row.createdAt.toISOString(),
        reports: reports
          .filter((report) => report.recordingId === row.id)
          .map((report) => ({
            reason: report.reason,
            note: report.note,
            createdAt: report.createdAt.toISOString(),
          })),
        settledReason: row.settledReason,
      })),
      total: total?.total ?? 0,
    };
  }

  /**
   * Recounts the clips whose stored state the rule would not give for their open reports (stored before
   * CLIP_REPORTERS_TO_HOLD was introduced or changed): at start-up, so the rule stays in core/review/rules.ts
   * rather than copied into a migration. Returns how many it recounted.
   */
  async recountReportHolds(): Promise<number> {
    const stale = await this.db
      .select({ id: recordings.id })
      .from(recordings)
      .where(
        or(
          and(eq(recordings.reviewState, 'reported'), lt(recordings.openReports, CLIP_REPORTERS_TO_HOLD)),
          and(
            sql`${recordings.reviewState} <> 'reported'`,
            gt(recordings.openReports, CLIP_REPORTERS_TO_HOLD - 1),
          ),
        ),
      );
    for (const { id } of stale) {
      await this.db.transaction(async (tx) => {
        await tx.select({ id: recordings.id }).from(recordings).where(eq(recordings.id, id)).for('update');
        await new ClipReviewRepository(tx).recount(id, null);
      });
    }
    return stale.length;
  }

  /** Votes `voterId` gave: since a moment (their day) and in all. */
  voteCounts(voterId: string, since: Date): Promise<{ today: number; total: number }> {
    return reviewsGiven(this.db, CLIP_VOTES_TABLE, voterId, since);
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    clipReview: ClipReviewRepository;
  }
}

export const clipReviewRepository = defineRepository(
  'clipReview',
  (db) => new ClipReviewRepository(db),
  async (repository, { log }) => {
    const recounted = await repository.recountReportHolds();
    if (recounted > 0) log({ recounted }, 'clips recounted under the current report rule');
  },
);
