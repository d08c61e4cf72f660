// SQL of Tell recordings (issue 32): the cutting of a story (story_cuts: waiting, its plan written once, cut or
// failed) and its segments (recordings with the story as parent, one per index).
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/driver.ts';
import { recordings, storyCuts } from '../../db/schema.ts';
import { defineRepository } from '../../lib/repositories.ts';
import type { SegmentSpan } from './segment-plan.ts';

export type StoryCutRow = typeof storyCuts.$inferSelect;

/** A story's cutting as its owner sees it: planned segments, those stored, those with an approved transcript. */
export interface StorySegmentCounts {
  state: StoryCutRow['state'];
  planned: number | null;
  segments: number;
  transcribed: number;
}

export class StoriesRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Marks a story as waiting to be cut (in the transaction that stores it); a second call changes nothing. */
  async addCut(recordingId: string): Promise<void> {
    await this.db.insert(storyCuts).values({ recordingId }).onConflictDoNothing();
  }

  async findCut(recordingId: string): Promise<StoryCutRow | undefined> {
    const [row] = await this.db.select().from(storyCuts).where(eq(storyCuts.recordingId, recordingId));
    return row;
  }

  /** Stories still to cut, oldest first (at start-up: those a stop or a crash interrupted). */
  async waiting(): Promise<string[]> {
    const rows = await this.db
      .select({ id: storyCuts.recordingId })
      .from(storyCuts)
      .where(eq(storyCuts.state, 'waiting'))
      .orderBy(asc(storyCuts.createdAt));
    return rows.map((row) => row.id);
  }

  /** Writes the plan unless one is written already; answers the plan that holds. */
  async setPlan(recordingId: string, plan: SegmentSpan[]): Promise<SegmentSpan[]> {
    await this.db
      .update(storyCuts)
      .set({ plan, updatedAt: new Date() })
      .where(and(eq(storyCuts.recordingId, recordingId), isNull(storyCuts.plan)));
    const row = await this.findCut(recordingId);
    return row?.plan ?? plan;
  }

  /** The indexes of the segments of this story already stored. */
  async segmentIndexes(parentId: string): Promise<Set<number>> {
    const rows = await this.db
      .select({ index: recordings.segmentIndex })
      .from(recordings)
      .where(eq(recordings.parentId, parentId));
    return new Set(rows.map((row) => row.index ?? -1));
  }

  async finish(recordingId: string): Promise<void> {
    await this.db
      .update(storyCuts)
      .set({ state: 'cut', error: null, updatedAt: new Date() })
      .where(eq(storyCuts.recordingId, recordingId));
  }

  /** Counts a failed run; the story's cutting fails for good after `maxAttempts`. */
  async fail(recordingId: string, error: string, maxAttempts: number): Promise<void> {
    await this.db
      .update(storyCuts)
      .set({
        attempts: sql`${storyCuts.attempts} + 1`,
        error: error.slice(0, 1000),
        state: sql`case when ${storyCuts.attempts} + 1 >= ${maxAttempts} then 'failed' else 'waiting' end`,
        updatedAt: new Date(),
      })
      .where(eq(storyCuts.recordingId, recordingId));
  }

  /** Per story among `ids`: its cutting and its segments, those stored and those with a transcript. */
  async counts(ids: string[]): Promise<Map<string, StorySegmentCounts>> {
    if (ids.length === 0) return new Map();
    const rows = await this.db
      .select({
        id: storyCuts.recordingId,
        state: storyCuts.state,
        planned: sql<number | null>`jsonb_array_length(${storyCuts.plan})`,
        segments: sql<number>`(select count(*)::int from ${recordings} s where s.parent_id = ${storyCuts.recordingId})`,
        transcribed: sql<number>`(select count(*)::int from ${recordings} s
          where s.parent_id = ${storyCuts.recordingId} and btrim(coalesce(s.transcript, '')) <> '')`,
      })
      .from(storyCuts)
      .where(inArray(storyCuts.recordingId, ids));
    return new Map(
      rows.map((row) => [
        row.id,
        {
          state: row.state,
          planned: row.planned === null ? null : Number(row.planned),
          segments: Number(row.segments),
          transcribed: Number(row.transcribed),
        },
      ]),
    );
  }

  /** The audio of the segments of a story (their blobs may go when it is deleted). */
  async segmentBlobs(parentId: string): Promise<string[]> {
    const rows = await this.db
      .select({ sha256: recordings.sha256 })
      .from(recordings)
      .where(eq(recordings.parentId, parentId));
    return rows.map((row) => row.sha256);
  }
}

declare module '../../lib/repositories.ts' {
  interface TransactionRepositories {
    stories: StoriesRepository;
  }
}

export const storiesRepository = defineRepository('stories', (db) => new StoriesRepository(db));
