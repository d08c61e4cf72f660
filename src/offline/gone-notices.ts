// Notices of votes, reviews, transcripts and repetitions the outbox dropped because the server said their item is
// gone (ITEM_GONE, outbox-effects.ts dropGone): counted per kind for the contributor, kept until they dismiss them.
import type { GoneNoticeKind, LocalDb } from './local-db.ts';

export type GoneCounts = Partial<Record<GoneNoticeKind, number>>;

/** How many of `userId`'s items of each kind were dropped as gone and not yet acknowledged. */
export async function goneCounts(db: LocalDb, userId: string): Promise<GoneCounts> {
  const counts: GoneCounts = {};
  await db.goneNotices
    .where('userId')
    .equals(userId)
    .each((notice) => {
      counts[notice.kind] = (counts[notice.kind] ?? 0) + 1;
    });
  return counts;
}

/** The contributor has read the notices: they leave the phone. */
export async function dismissGoneNotices(db: LocalDb, userId: string): Promise<void> {
  await db.goneNotices.where('userId').equals(userId).delete();
}
