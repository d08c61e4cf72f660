// SQL for transcripts (issue 16, migration 0013): Lopit clips waiting for one, contributors' transcripts as
// proposals, and their review by the rule of translations (core/review/rules.ts: two approvals by other people,
// or an admin's word). An approved transcript becomes recordings.transcript, which the ASR export and training
// read once the clip is also validated; for a spoken translation (recordings.source_pair_id) it also becomes a
// proposal of that English sentence's Lopit text, reviewed like any other (ProposalsRepository).
import { and, asc, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import { PROPOSAL_VERDICTS, type ProposalVerdict } from '../../../core/api/review.ts';
import type {
  ReviewTranscript,
  TranscribeClip,
  TranscriptStatus,
  TranslationOutcome,
} from '../../../core/api/transcripts.ts';
import { proposalStateFromReviews, type ClipReviewState } from '../../../core/review/rules.ts';
import type { DbOrTx } from '../../db/driver.ts';
import {
  picturePrompts,
  recordings,
  transcriptProposals,
  transcriptReviews,
  translationPairs,
  translationProposals,
  users,
} from '../../db/schema.ts';
import {
  clipConsents,
  clipKindCondition,
  inspectedAudibleCondition,
  lopitClipCondition,
  transcribedCondition,
} from '../consent/consent-sql.ts';
import { lockPairChanges, type Actor } from '../review/proposals.repository.ts';
import { countVerdicts, reviewsGiven, type ReviewsTable } from '../review/review-tally.ts';
import { defineRepository } from '../../lib/repositories.ts';

type TranscriptRow = typeof transcriptProposals.$inferSelect;

const TRANSCRIPT_REVIEWS: ReviewsTable = {
  table: transcriptReviews,
  item: transcriptReviews.proposalId,
  reviewer: transcriptReviews.reviewerId,
  verdict: transcriptReviews.verdict,
  reason: transcriptReviews.reason,
  createdAt: transcriptReviews.createdAt,
};

/**
 * The review states in which other contributors may hear a clip, as the audio route allows them
 * (RecordingService.findAudibleRow): a clip still waiting for votes, or validated. Invalidated and reported
 * clips are not worth a transcript.
 */
const TRANSCRIBABLE_STATES: readonly ClipReviewState[] = ['pending', 'validated'];

/**
 * Condition on the recordings table: a Lopit clip (or one of no stated language) without a transcript, that
 * others may hear, whose speaker (a field speaker, else its owner) consents to recording, and that the server's
 * inspection did not find silent or too short (no dataset would hold its transcript: usableSpeechCondition).
 */
const transcribable: SQL = sql`${lopitClipCondition('recordings')}
  and not (${transcribedCondition('recordings')})
  and ${recordings.reviewState} in (${sql.join(
    TRANSCRIBABLE_STATES.map((state) => sql`${state}`),
    sql`, `,
  )})
  and ${clipKindCondition('recordings')}
  and ${inspectedAudibleCondition('recordings')}
  and ${clipConsents('recordings')}`;

export type TranscriptSaveResult =
  | { kind: 'saved'; transcript: TranscriptStatus | null }
  | { kind: 'own' }
  | { kind: 'transcribed' }
  | { kind: 'missing' };

export type TranscriptReviewResult =
  { kind: 'reviewed'; transcript: TranscriptStatus } | { kind: 'own' } | { kind: 'missing' };

function toStatus(
  row: TranscriptRow,
  myVerdict: ProposalVerdict | null,
  translation: TranslationOutcome | null = null,
): TranscriptStatus {
  return {
    id: row.id,
    recordingId: row.recordingId,
    text: row.text,
    state: row.state,
    approvals: row.approvals,
    rejections: row.rejections,
    myVerdict,
    translation,
  };
}

export class TranscriptsRepository {
  /** `db` may be a transaction (an idempotent request runs its effect on one). */
  constructor(private readonly db: DbOrTx) {}

  /**
   * Clips `userId` may transcribe: not their own, not one they have proposed a transcript for (whatever became
   * of it); spoken translations first, then clips with the fewest transcripts waiting, in an order of the
   * contributor's own (two people in one village do not get the same clip first).
   */
  async queue(userId: string, limit: number): Promise<TranscribeClip[]> {
    const proposed = sql`exists (select 1 from ${transcriptProposals} tp
      where tp.recording_id = ${recordings.id} and tp.author_id = ${userId})`;
    const waiting = sql`(select count(*) from ${transcriptProposals} tp
      where tp.recording_id = ${recordings.id} and tp.state = 'proposed')`;
    const rows = await this.db
      .select({
        clip: recordings,
        english: translationPairs.english,
        pictureDescription: picturePrompts.description,
      })
      .from(recordings)
      .leftJoin(translationPairs, eq(translationPairs.id, recordings.sourcePairId))
      .leftJoin(picturePrompts, eq(picturePrompts.id, recordings.pictureId))
      .where(and(transcribable, ne(recordings.ownerId, userId), sql`not ${proposed}`))
      .orderBy(
        sql`${recordings.sourcePairId} is null`,
        asc(waiting),
        sql`md5(${recordings.id}::text || ${userId})`,
      )
      .limit(limit);
    // Their repetitions that others may hear (Repeat, issue 32), offered beside each clip as help.
    const ids = rows.map(({ clip }) => clip.id);
    const repetitions =
      ids.length === 0
        ? []
        : await this.db
            .select({ id: recordings.id, repeatsId: recordings.repeatsId })
            .from(recordings)
            .where(
              and(
                inArray(recordings.repeatsId, ids),
                inArray(recordings.reviewState, [...TRANSCRIBABLE_STATES]),
                clipConsents('recordings'),
              ),
            )
            .orderBy(asc(recordings.createdAt), asc(recordings.id));
    return rows.map(({ clip, english, pictureDescription }) => ({
      id: clip.id,
      duration: clip.durationSeconds,
      mimeType: clip.mimeType,
      sizeBytes: clip.sizeBytes,
      english: english ?? null,
      sourcePairId: clip.sourcePairId,
      title: clip.title,
      repetitions: repetitions.filter(({ repeatsId }) => repeatsId === clip.id).map(({ id }) => id),
      picture:
        clip.pictureId !== null && pictureDescription !== null
          ? { id: clip.pictureId, description: pictureDescription }
          : null,
    }));
  }

  /** The clip under `recordingId` locked for this transaction, with whether it still waits for a transcript. */
  private async lockClip(recordingId: string) {
    const [clip] = await this.db
      .select({
        id: recordings.id,
        ownerId: recordings.ownerId,
        sourcePairId: recordings.sourcePairId,
        transcript: recordings.transcript,
        open: sql<boolean>`(${transcribable})`,
      })
      .from(recordings)
      .where(eq(recordings.id, recordingId))
      .for('update');
    return clip;
  }

  /**
   * A contributor's transcript of a clip: it replaces their open one ('' withdraws it); an admin's is approved
   * at once. Refused for their own clip, a clip that already has a transcript, and a clip others may not hear
   * (not Lopit, invalidated or reported, or its speaker's consent withdrawn: answered as missing).
   */
  async save(recordingId: string, text: string, actor: Actor): Promise<TranscriptSaveResult> {
    return this.db.transaction(async (tx) => {
      const repository = new TranscriptsRepository(tx);
      await lockPairChanges(tx);
      const clip = await repository.lockClip(recordingId);
      if (!clip) return { kind: 'missing' as const };
      if (clip.ownerId === actor.id) return { kind: 'own' as const };
      if ((clip.transcript ?? '').trim() !== '') return { kind: 'transcribed' as const };
      if (!clip.open) return { kind: 'missing' as const };
      const [own] = await tx
        .select()
        .from(transcriptProposals)
        .where(
          and(
            eq(transcriptProposals.recordingId, recordingId),
            eq(transcriptProposals.authorId, actor.id),
            eq(transcriptProposals.state, 'proposed'),
          ),
        )
        .for('update');
      if (own && own.text === text) return { kind: 'saved' as const, transcript: toStatus(own, null) };
      const now = new Date();
      if (own) {
        await tx
          .update(transcriptProposals)
          .set({ state: text === '' ? 'withdrawn' : 'superseded', updatedAt: now })
          .where(eq(transcriptProposals.id, own.id));
      }
      if (text === '') return { kind: 'saved' as const, transcript: null };
      if (actor.role === 'admin') {
        const [approved] = await tx
          .insert(transcriptProposals)
          .values({
            recordingId,
            authorId: actor.id,
            text,
            state: 'approved',
            decidedBy: actor.id,
            decidedAt: now,
          })
          .returning();
        const translation = await repository.apply(approved!, clip.sourcePairId);
        return { kind: 'saved' as const, transcript: toStatus(approved!, null, translation) };
      }
      const [proposed] = await tx
        .insert(transcriptProposals)
        .values({ recordingId, authorId: actor.id, text })
        .returning();
      return { kind: 'saved' as const, transcript: toStatus(proposed!, null) };
    });
  }

  /**
   * Makes an approved transcript the clip's; the clip's other open transcripts are superseded. For a spoken
   * translation, the transcript's author proposes it as the sentence's Lopit text, unless they already have a
   * proposal open for it (theirs stays; the answer says so). Runs inside the caller's transaction, after
   * lockPairChanges.
   */
  private async apply(
    transcript: TranscriptRow,
    sourcePairId: number | null,
  ): Promise<TranslationOutcome | null> {
    const now = new Date();
    await this.db
      .update(recordings)
      .set({ transcript: transcript.text })
      .where(eq(recordings.id, transcript.recordingId));
    await this.db
      .update(transcriptProposals)
      .set({ state: 'superseded', updatedAt: now })
      .where(
        and(
          eq(transcriptProposals.recordingId, transcript.recordingId),
          eq(transcriptProposals.state, 'proposed'),
          ne(transcriptProposals.id, transcript.id),
        ),
      );
    // An author whose account is gone cannot propose (nor consent to) a translation.
    if (sourcePairId === null || transcript.authorId === null) return null;
    const [pair] = await this.db
      .select()
      .from(translationPairs)
      .where(eq(translationPairs.id, sourcePairId))
      .for('update');
    if (!pair) return null;
    const [open] = await this.db
      .select({ id: translationProposals.id })
      .from(translationProposals)
      .where(
        and(
          eq(translationProposals.pairId, pair.id),
          eq(translationProposals.authorId, transcript.authorId),
          eq(translationProposals.state, 'proposed'),
        ),
      );
    if (open) return { kind: 'already-open', pairId: pair.id, proposalId: open.id };
    // As a contributor's save does (ProposalsRepository.save): a new version of the pair, which the trigger of
    // migration 0009 gives a new change number, so phones holding it see the proposal.
    const version = pair.version + 1;
    const [proposal] = await this.db
      .insert(translationProposals)
      .values({
        pairId: pair.id,
        authorId: transcript.authorId,
        text: transcript.text,
        pairVersion: version,
        source: 'transcript',
      })
      .returning({ id: translationProposals.id });
    await this.db
      .update(translationPairs)
      .set({ version, updatedAt: now })
      .where(eq(translationPairs.id, pair.id));
    return { kind: 'proposed', pairId: pair.id, proposalId: proposal!.id };
  }

  /**
   * A review by someone other than the author (a second one by the same person replaces the first). An admin's
   * review decides at once, with the reason of a rejection kept as the decision's. A review of a transcript no
   * longer open changes nothing and answers where it stands (a vote queued offline never blocks the outbox); a
   * transcript whose clip others may no longer hear (consent withdrawn, clip reported) is missing.
   */
  async review(
    transcriptId: number,
    reviewer: Actor,
    verdict: ProposalVerdict,
    reason: string | null,
  ): Promise<TranscriptReviewResult> {
    return this.db.transaction(async (tx) => {
      const repository = new TranscriptsRepository(tx);
      await lockPairChanges(tx);
      const [found] = await tx
        .select({ recordingId: transcriptProposals.recordingId })
        .from(transcriptProposals)
        .where(eq(transcriptProposals.id, transcriptId));
      if (!found) return { kind: 'missing' as const };
      // The clip first, then the transcript: the order save takes its locks in.
      const clip = await repository.lockClip(found.recordingId);
      const [transcript] = await tx
        .select()
        .from(transcriptProposals)
        .where(eq(transcriptProposals.id, transcriptId))
        .for('update');
      if (!clip || !transcript) return { kind: 'missing' as const };
      if (transcript.authorId === reviewer.id) return { kind: 'own' as const };
      if (transcript.state !== 'proposed') {
        const mine = await repository.verdictOf(transcript.id, reviewer.id);
        return { kind: 'reviewed' as const, transcript: toStatus(transcript, mine) };
      }
      if (!clip.open) return { kind: 'missing' as const };
      const now = new Date();
      await tx
        .insert(transcriptReviews)
        .values({ proposalId: transcriptId, reviewerId: reviewer.id, verdict, reason })
        .onConflictDoUpdate({
          target: [transcriptReviews.proposalId, transcriptReviews.reviewerId],
          set: { verdict, reason, updatedAt: now },
        });
      const [approvals, rejections] = await countVerdicts(
        tx,
        TRANSCRIPT_REVIEWS,
        transcriptId,
        PROPOSAL_VERDICTS,
      );
      const tally = { approvals, rejections };
      const decision =
        reviewer.role === 'admin'
          ? {
              state: verdict === 'approve' ? ('approved' as const) : ('rejected' as const),
              decidedBy: reviewer.id,
              decisionReason: reason,
              decidedAt: now,
            }
          : (() => {
              const state = proposalStateFromReviews(tally);
              return state === 'proposed' ? { state } : { state, decidedAt: now };
            })();
      const [updated] = await tx
        .update(transcriptProposals)
        .set({ ...tally, ...decision, updatedAt: now })
        .where(eq(transcriptProposals.id, transcriptId))
        .returning();
      const translation =
        updated!.state === 'approved' ? await repository.apply(updated!, clip.sourcePairId) : null;
      return { kind: 'reviewed' as const, transcript: toStatus(updated!, verdict, translation) };
    });
  }

  private async verdictOf(transcriptId: number, reviewerId: string): Promise<ProposalVerdict | null> {
    const [row] = await this.db
      .select({ verdict: transcriptReviews.verdict })
      .from(transcriptReviews)
      .where(
        and(eq(transcriptReviews.proposalId, transcriptId), eq(transcriptReviews.reviewerId, reviewerId)),
      );
    return row?.verdict ?? null;
  }

  /**
   * Transcripts to check: open ones by other people that `reviewerId` has not reviewed, of clips still waiting
   * for a transcript that others may hear; fewest reviews first, each with the other transcripts of its clip.
   */
  async pack(reviewerId: string, limit: number): Promise<ReviewTranscript[]> {
    const reviewed = sql`exists (select 1 from ${transcriptReviews} tr
      where tr.proposal_id = ${transcriptProposals.id} and tr.reviewer_id = ${reviewerId})`;
    const rows = await this.db
      .select({
        transcript: transcriptProposals,
        authorName: users.name,
        clip: {
          duration: recordings.durationSeconds,
          mimeType: recordings.mimeType,
        },
        english: translationPairs.english,
      })
      .from(transcriptProposals)
      .innerJoin(recordings, eq(recordings.id, transcriptProposals.recordingId))
      .leftJoin(translationPairs, eq(translationPairs.id, recordings.sourcePairId))
      .leftJoin(users, eq(users.id, transcriptProposals.authorId))
      .where(
        and(
          eq(transcriptProposals.state, 'proposed'),
          sql`${transcriptProposals.authorId} is distinct from ${reviewerId}`,
          sql`not ${reviewed}`,
          transcribable,
        ),
      )
      .orderBy(
        sql`${transcriptProposals.approvals} + ${transcriptProposals.rejections}`,
        sql`md5(${transcriptProposals.id}::text || ${reviewerId})`,
      )
      .limit(limit);
    const others = await this.openOf(rows.map((row) => row.transcript.recordingId));
    return rows.map(({ transcript, authorName, clip, english }) => ({
      id: transcript.id,
      recordingId: transcript.recordingId,
      text: transcript.text,
      authorName: authorName?.trim() || null,
      approvals: transcript.approvals,
      rejections: transcript.rejections,
      english: english ?? null,
      duration: clip.duration,
      mimeType: clip.mimeType,
      others: (others.get(transcript.recordingId) ?? [])
        .filter((other) => other.id !== transcript.id)
        .map((other) => ({ id: other.id, text: other.text, mine: other.authorId === reviewerId })),
    }));
  }

  private async openOf(recordingIds: string[]): Promise<Map<string, TranscriptRow[]>> {
    const byClip = new Map<string, TranscriptRow[]>();
    if (recordingIds.length === 0) return byClip;
    const rows = await this.db
      .select()
      .from(transcriptProposals)
      .where(
        and(
          inArray(transcriptProposals.recordingId, [...new Set(recordingIds)]),
          eq(transcriptProposals.state, 'proposed'),
        ),
      )
      .orderBy(asc(transcriptProposals.id));
    for (const row of rows) byClip.set(row.recordingId, [...(byClip.get(row.recordingId) ?? []), row]);
    return byClip;
  }

  /** Clips `userId` wrote a transcript for and reviews they gave: since a moment (their day) and in all. */
  async stats(userId: string, since: Date) {
    const [written] = await this.db
      .select({
        total: sql<number>`count(distinct ${transcriptProposals.recordingId})::int`,
        today: sql<number>`count(distinct ${transcriptProposals.recordingId})
          filter (where ${transcriptProposals.createdAt} >= ${since.toISOString()})::int`,
      })
      .from(transcriptProposals)
      .where(and(eq(transcriptProposals.authorId, userId), ne(transcriptProposals.state, 'withdrawn')));
    return {
      transcripts: { today: written?.today ?? 0, total: written?.total ?? 0 },
      reviews: await reviewsGiven(this.db, TRANSCRIPT_REVIEWS, userId, since),
    };
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    transcripts: TranscriptsRepository;
  }
}

export const transcriptsRepository = defineRepository('transcripts', (db) => new TranscriptsRepository(db));
