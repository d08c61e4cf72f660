// SQL for recordings; each row names its audio blob by SHA-256 (several rows may share one blob).
import { and, asc, count, desc, eq, isNull, not, sql } from 'drizzle-orm';
import {
  recordingLanguageSchema,
  recordingQualitySchema,
  type Recording,
  type RecordingPrompt,
  type RecordingQuality,
} from '../../../core/api/recordings.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { promptReports, recordings, translationPairs, users } from '../../db/schema.ts';
import { teachingRanks } from '../mt/teaching-order.ts';
import { defineRepository } from '../../lib/repositories.ts';

export type RecordingRow = typeof recordings.$inferSelect;
export type NewRecordingRow = typeof recordings.$inferInsert;

const NOT_MEASURED: RecordingQuality = {
  tooShort: false,
  tooLong: false,
  silent: false,
  quiet: false,
  clipped: false,
  peakDb: null,
  rmsDb: null,
  clippedRatio: null,
  levelsMeasured: false,
};

export function toRecording(row: RecordingRow, ownerName: string): Recording {
  const quality = recordingQualitySchema.safeParse(row.quality);
  const language = recordingLanguageSchema.safeParse(row.language);
  return {
    id: row.id,
    fileName: row.fileName,
    title: row.title,
    duration: row.durationSeconds,
    createdAt: row.createdAt.toISOString(),
    recordedAt: row.recordedAt?.toISOString() ?? null,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    transcript: row.transcript,
    language: language.success ? language.data : null,
    promptPairId: row.promptPairId,
    promptSentenceId: row.promptSentenceId,
    codec: row.codec,
    sampleRate: row.sampleRate,
    channels: row.channels,
    quality: quality.success ? quality.data : NOT_MEASURED,
    inspection: row.inspection,
    inspectionError: row.inspectionError,
    ownerId: row.ownerId,
    ownerName,
    speakerId: row.speakerId,
    sourcePairId: row.sourcePairId,
    kind: row.kind,
    pictureId: row.pictureId,
    segment:
      row.parentId !== null && row.segmentIndex !== null && row.startMs !== null && row.endMs !== null
        ? { parentId: row.parentId, index: row.segmentIndex, startMs: row.startMs, endMs: row.endMs }
        : null,
    story: null,
    repeatsId: row.repeatsId,
  };
}

export class RecordingsRepository {
  /** `db` may be a transaction (an idempotent upload stores its recording on one). */
  constructor(private readonly db: DbOrTx) {}

  async findById(id: string): Promise<{ row: RecordingRow; ownerName: string } | undefined> {
    const [found] = await this.db
      .select({ row: recordings, ownerName: users.name })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.ownerId))
      .where(eq(recordings.id, id));
    return found;
  }

  /** Newest first; `ownerId` null lists everyone's. */
  async list(
    ownerId: string | null,
    page: number,
    limit: number,
  ): Promise<{ rows: { row: RecordingRow; ownerName: string }[]; total: number }> {
    // A story's segments are listed with it (as its counts), not one by one.
    const where = and(ownerId ? eq(recordings.ownerId, ownerId) : undefined, isNull(recordings.parentId));
    const rows = await this.db
      .select({ row: recordings, ownerName: users.name })
      .from(recordings)
      .innerJoin(users, eq(users.id, recordings.ownerId))
      .where(where)
      .orderBy(desc(recordings.createdAt), desc(recordings.id))
      .limit(limit)
      .offset((page - 1) * limit);
    const [total] = await this.db.select({ total: count() }).from(recordings).where(where);
    return { rows, total: total?.total ?? 0 };
  }

  /** Inserts unless a recording with this id exists; returns the new row, or undefined when it existed. */
  async insert(values: NewRecordingRow): Promise<RecordingRow | undefined> {
    const [row] = await this.db.insert(recordings).values(values).onConflictDoNothing().returning();
    return row;
  }

  async delete(id: string): Promise<RecordingRow | undefined> {
    const [row] = await this.db.delete(recordings).where(eq(recordings.id, id)).returning();
    return row;
  }

  async countBySha256(sha256: string): Promise<number> {
    const [row] = await this.db
      .select({ total: count() })
      .from(recordings)
      .where(eq(recordings.sha256, sha256));
    return row?.total ?? 0;
  }

  async pairExists(pairId: number): Promise<boolean> {
    const [row] = await this.db
      .select({ id: translationPairs.id })
      .from(translationPairs)
      .where(eq(translationPairs.id, pairId));
    return Boolean(row);
  }

  /**
   * A prompt pack for `userId`: sentences with the fewest recordings first, those this contributor has already
   * recorded last; equal ones in an order of the contributor's own (so two contributors in one village do not
   * read the same sentences in the same order). Retired sentences and those this contributor reported (while
   * the report is open) are left out.
   */
  async promptPack(userId: string, limit: number): Promise<RecordingPrompt[]> {
    const recorded = sql<number>`count(${recordings.id})::int`;
    const mine = sql<boolean>`count(${recordings.id}) filter (where ${recordings.ownerId} = ${userId}) > 0`;
    const shuffle = sql<string>`md5(${translationPairs.id}::text || ${userId})`;
    const reported = sql`exists (select 1 from ${promptReports} r
      where r.pair_id = ${translationPairs.id} and r.reporter_id = ${userId} and r.resolved_at is null)`;
    const rows = await this.db
      .select({
        id: translationPairs.id,
        english: translationPairs.english,
        lopit: translationPairs.lopit,
        category: translationPairs.category,
        recordings: recorded,
        mine,
        shuffle,
      })
      .from(translationPairs)
      .leftJoin(recordings, eq(recordings.promptPairId, translationPairs.id))
      .where(and(isNull(translationPairs.retiredAt), not(reported)))
      .groupBy(translationPairs.id)
      .orderBy(sql`${mine}`, asc(recorded), asc(shuffle));
    // Within each group (not yet recorded by this person, fewest recordings), untranslated sentences in the order
    // of what they would teach the translation model (server/features/mt/teaching-order.ts), then the others in
    // this person's own shuffled order.
    const ranks = await teachingRanks(this.db);
    const rank = (id: number) => ranks.get(id)?.rank ?? Number.MAX_SAFE_INTEGER;
    return rows
      .map((row, index) => ({ row, index }))
      .sort(
        (a, b) =>
          Number(a.row.mine) - Number(b.row.mine) ||
          a.row.recordings - b.row.recordings ||
          rank(a.row.id) - rank(b.row.id) ||
          a.index - b.index,
      )
      .slice(0, limit)
      .map(({ row }) => ({
        id: row.id,
        english: row.english,
        lopit: row.lopit,
        category: row.category,
        recordings: row.recordings,
        mine: row.mine,
      }));
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    recordings: RecordingsRepository;
  }
}

export const recordingsRepository = defineRepository('recordings', (db) => new RecordingsRepository(db));
