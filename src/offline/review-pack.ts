// The review pack on the phone (issue 15): clips to listen to with their audio, proposed translations and
// lexicon entries sent to review, so the Listen and Review screens work for days without a signal. A review goes into the outbox and
// takes its item out of the pack in one transaction; the pack refills when the phone is online and holds few
// items, leaving out what it holds, what waits in the outbox and what the reviewer skipped. Every contact
// re-checks the clips held: those the server says are gone (a speaker withdrew, a clip was decided or deleted)
// leave the phone with their audio.
import {
  REVIEW_PACK_BYTES,
  REVIEW_PACK_CLIPS,
  REVIEW_PACK_CLIPS_MAX,
  REVIEW_PROPOSALS_PACK,
  type ClipReport,
  type ClipVote,
  type ProposalReview,
  type ReviewClip,
  type ReviewLexiconEntry,
  type ReviewPack,
  type ReviewProposal,
} from '../../core/api/review.ts';
import type { EntityTable } from 'dexie';
import type {
  LocalDb,
  OutboxEntry,
  OutboxEntryOf,
  OutboxKind,
  PackedClip,
  PackedProposal,
  PackedWord,
  ReviewSkip,
} from './local-db.ts';
import { enqueue, entriesOf } from './outbox.ts';
import { subjects } from '../../core/api/mutations.ts';

/** Below this many items the pack asks the server for more (when online). */
export const REVIEW_PACK_REFILL_BELOW = 10;
/** Audio is stored in pieces of this size: IndexedDB writes stay small on old phones. */
export const REVIEW_AUDIO_CHUNK_BYTES = 256 * 1024;
/** Skipped items remembered per kind; with the clips held, they fit the server's `exclude` list. */
export const REVIEW_SKIPS_KEPT = REVIEW_PACK_CLIPS_MAX - REVIEW_PACK_CLIPS;

export const REVIEW_KINDS = [
  'clip.vote',
  'clip.report',
  'proposal.review',
  'lexicon.review',
] as const satisfies OutboxKind[];
export type ReviewKind = (typeof REVIEW_KINDS)[number];
export const isReviewKind = (kind: OutboxKind): kind is ReviewKind =>
  (REVIEW_KINDS as readonly OutboxKind[]).includes(kind);

/** The clip's or proposal's id of a review entry ('clip:<id>' → '<id>'). */
export const reviewedItemId = (entry: Pick<OutboxEntry, 'subject'>) =>
  entry.subject.slice(entry.subject.indexOf(':') + 1);

const skipKey = (userId: string, kind: ReviewSkip['kind'], itemId: string) => `${userId} ${kind}:${itemId}`;

// --- Reading the pack ---------------------------------------------------------------------------------------

/** The clips of `userId`'s pack, in the order to listen to them. */
export function packedClips(db: LocalDb, userId: string): Promise<PackedClip[]> {
  return db.reviewClips.where('[userId+rank]').between([userId, -Infinity], [userId, Infinity]).toArray();
}

/** The proposals of `userId`'s pack, in the order to review them. */
export function packedProposals(db: LocalDb, userId: string): Promise<PackedProposal[]> {
  return db.reviewProposals.where('[userId+rank]').between([userId, -Infinity], [userId, Infinity]).toArray();
}

/** The lexicon entries of `userId`'s pack, in the order to review them. */
export function packedWords(db: LocalDb, userId: string): Promise<PackedWord[]> {
  return db.reviewWords.where('[userId+rank]').between([userId, -Infinity], [userId, Infinity]).toArray();
}

/** The audio of a packed clip, as the phone holds it (null when it is no longer in the pack). */
export async function clipAudio(
  db: LocalDb,
  clip: Pick<PackedClip, 'id' | 'mimeType'>,
): Promise<Blob | null> {
  const chunks = await db.reviewClipChunks.where('clipId').equals(clip.id).sortBy('index');
  if (chunks.length === 0) return null;
  return new Blob(
    chunks.map((chunk) => chunk.data),
    { type: clip.mimeType },
  );
}

/** Clips and audio bytes the pack holds for `userId`. */
export async function clipPackSize(db: LocalDb, userId: string): Promise<{ clips: number; bytes: number }> {
  const clips = await packedClips(db, userId);
  return { clips: clips.length, bytes: clips.reduce((sum, clip) => sum + clip.sizeBytes, 0) };
}

/** What `userId` skipped, newest first. */
function skipped(db: LocalDb, userId: string, kind: ReviewSkip['kind']): Promise<ReviewSkip[]> {
  return db.reviewSkips
    .where('[userId+kind+at]')
    .between([userId, kind, -Infinity], [userId, kind, Infinity])
    .reverse()
    .toArray();
}

export async function countSkipped(db: LocalDb, userId: string, kind: ReviewSkip['kind']): Promise<number> {
  return (await skipped(db, userId, kind)).length;
}

/** Ids of the items of this kind with a review waiting in the outbox (the server does not know them yet). */
async function queuedItemIds(
  db: LocalDb,
  userId: string,
  prefix: 'clip:' | 'proposal:' | 'word:',
): Promise<string[]> {
  return (await entriesOf(db, userId))
    .filter((entry) => isReviewKind(entry.kind) && entry.subject.startsWith(prefix))
    .map(reviewedItemId);
}

// --- Reviewing ----------------------------------------------------------------------------------------------

async function removeClips(db: LocalDb, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  await db.reviewClipChunks.where('clipId').anyOf(ids).delete();
  await db.reviewClips.bulkDelete(ids);
}

/** Takes a clip and its audio out of the pack. */
export function removePackedClip(db: LocalDb, clipId: string): Promise<void> {
  return db.transaction('rw', db.reviewClips, db.reviewClipChunks, () => removeClips(db, [clipId]));
}

/**
 * Queues a review and takes its item out of the pack, in one transaction (a crash keeps both or neither). A second
 * review of the same item before the first was sent replaces it (the kinds coalesce).
 */
function queueReview<K extends ReviewKind>(
  db: LocalDb,
  removeItem: () => Promise<unknown>,
  queue: () => Promise<OutboxEntryOf<K>>,
): Promise<OutboxEntryOf<K>> {
  return db.transaction(
    'rw',
    [db.outbox, db.reviewClips, db.reviewClipChunks, db.reviewProposals, db.reviewWords],
    async () => {
      const entry = await queue();
      await removeItem();
      return entry;
    },
  );
}

/** Votes on a clip: the vote waits in the outbox, the clip leaves the pack at once. */
export function queueClipVote(
  db: LocalDb,
  userId: string,
  clip: Pick<ReviewClip, 'id' | 'text'>,
  vote: ClipVote,
  now = Date.now(),
) {
  return queueReview(
    db,
    () => removeClips(db, [clip.id]),
    () =>
      enqueue(
        db,
        userId,
        'clip.vote',
        { params: { id: clip.id }, body: { vote } },
        { text: clip.text },
        { now },
      ),
  );
}

/** Reports a clip to the admins; it leaves the pack like a vote. */
export function queueClipReport(
  db: LocalDb,
  userId: string,
  clip: Pick<ReviewClip, 'id' | 'text'>,
  report: ClipReport,
  reasonLabel: string,
  now = Date.now(),
) {
  return queueReview(
    db,
    () => removeClips(db, [clip.id]),
    () =>
      enqueue(
        db,
        userId,
        'clip.report',
        { params: { id: clip.id }, body: report },
        { text: clip.text, reason: reasonLabel },
        { now },
      ),
  );
}

/** Approves or rejects a proposed translation; it leaves the pack at once. */
export function queueProposalReview(
  db: LocalDb,
  userId: string,
  proposal: Pick<ReviewProposal, 'id' | 'text' | 'english'>,
  review: ProposalReview,
  now = Date.now(),
) {
  return queueReview(
    db,
    () => db.reviewProposals.delete(proposal.id),
    () =>
      enqueue(
        db,
        userId,
        'proposal.review',
        { params: { id: proposal.id }, body: review },
        { text: proposal.text, english: proposal.english },
        { now },
      ),
  );
}

/** Approves or rejects a word (a lexicon entry sent to review); it leaves the pack at once. */
export function queueWordReview(
  db: LocalDb,
  userId: string,
  word: Pick<ReviewLexiconEntry, 'id' | 'lopit' | 'english'>,
  review: ProposalReview,
  now = Date.now(),
) {
  return queueReview(
    db,
    () => db.reviewWords.delete(word.id),
    () =>
      enqueue(
        db,
        userId,
        'lexicon.review',
        { params: { id: word.id }, body: review },
        { word: word.lopit, english: word.english },
        { now },
      ),
  );
}

/** Skips an item: it leaves the pack, and the next packs leave it out (the oldest skips are forgotten). */
export async function skipItem(
  db: LocalDb,
  userId: string,
  kind: ReviewSkip['kind'],
  itemId: string,
  now = Date.now(),
): Promise<void> {
  await db.transaction(
    'rw',
    [db.reviewSkips, db.reviewClips, db.reviewClipChunks, db.reviewProposals, db.reviewWords],
    async () => {
      await db.reviewSkips.put({ key: skipKey(userId, kind, itemId), userId, kind, itemId, at: now });
      if (kind === 'clip') await removeClips(db, [itemId]);
      else if (kind === 'word') await db.reviewWords.delete(Number(itemId));
      else await db.reviewProposals.delete(Number(itemId));
      const forgotten = (await skipped(db, userId, kind)).slice(REVIEW_SKIPS_KEPT);
      await db.reviewSkips.bulkDelete(forgotten.map((skip) => skip.key));
    },
  );
}

/** Forgets the skips of this kind: the skipped items may come back with the next pack. */
export async function forgetSkips(db: LocalDb, userId: string, kind: ReviewSkip['kind']): Promise<void> {
  await db.reviewSkips.bulkDelete((await skipped(db, userId, kind)).map((skip) => skip.key));
}

/**
 * Reviews of this user still in the outbox (not refused), per screen: made today (since `since`) and in all.
 * Words count with translations (the server counts both as texts reviewed).
 */
export function unsentReviews(entries: readonly OutboxEntry[], since: number) {
  const counts = { clips: { today: 0, total: 0 }, proposals: { today: 0, total: 0 } };
  for (const entry of entries) {
    if (entry.state !== 'pending' || !isReviewKind(entry.kind)) continue;
    const texts = entry.kind === 'proposal.review' || entry.kind === 'lexicon.review';
    const count = texts ? counts.proposals : counts.clips;
    count.total += 1;
    if (entry.createdAt >= since) count.today += 1;
  }
  return counts;
}

// --- Refilling ----------------------------------------------------------------------------------------------

/** Where a refill reads from (the page's API client; a fake in tests). */
export interface ReviewPackSource {
  /** New clips (up to `limit`, 0 for none), and which of the `held` ones are gone. */
  clips(query: { limit: number; maxBytes: number; exclude: string[]; held: string[] }): Promise<ReviewPack>;
  /** The clip's audio; null when the server no longer gives it (consent withdrawn, clip deleted). */
  audio(clipId: string): Promise<ArrayBuffer | null>;
  proposals(query: { limit: number }): Promise<ReviewProposal[]>;
  words(query: { limit: number }): Promise<ReviewLexiconEntry[]>;
}

/** Another person's pack leaves the phone when this one's is filled: one pack at a time. */
async function dropOtherPacks(db: LocalDb, userId: string): Promise<void> {
  await db.transaction(
    'rw',
    [db.reviewClips, db.reviewClipChunks, db.reviewProposals, db.reviewWords],
    async () => {
      const clips = await db.reviewClips.filter((clip) => clip.userId !== userId).primaryKeys();
      await removeClips(db, clips);
      await db.reviewProposals.filter((proposal) => proposal.userId !== userId).delete();
      await db.reviewWords.filter((word) => word.userId !== userId).delete();
    },
  );
}

/** Whether the pack holds few enough clips to ask for more. */
export async function clipPackNeedsRefill(db: LocalDb, userId: string): Promise<boolean> {
  return (await packedClips(db, userId)).length < REVIEW_PACK_REFILL_BELOW;
}

/**
 * Checks `userId`'s clip pack with the server and fills it up to REVIEW_PACK_CLIPS clips and REVIEW_PACK_BYTES
 * of audio: held clips the server says are gone leave the phone; new ones are the server's choice (fewest votes
 * first, never the caller's own), leaving out what the phone holds, what waits in the outbox and what was
 * skipped. `topUp: false` only checks what is held. Each clip is stored with its audio in one transaction, so
 * what has arrived stays when the connection drops halfway (the error is thrown after). Returns what the pack
 * now holds.
 */
export async function refillClipPack(
  db: LocalDb,
  userId: string,
  source: ReviewPackSource,
  { topUp = true, onProgress }: { topUp?: boolean; onProgress?: (done: number, total: number) => void } = {},
): Promise<{ clips: number; bytes: number }> {
  await dropOtherPacks(db, userId);
  const held = await packedClips(db, userId);
  const heldBytes = held.reduce((sum, clip) => sum + clip.sizeBytes, 0);
  const room = heldBytes < REVIEW_PACK_BYTES ? Math.max(0, REVIEW_PACK_CLIPS - held.length) : 0;
  const limit = topUp ? room : 0;
  if (held.length === 0 && limit === 0) return clipPackSize(db, userId);
  const heldIds = held.map((clip) => clip.id).slice(0, REVIEW_PACK_CLIPS_MAX);
  const exclude = [
    ...new Set([
      ...(await queuedItemIds(db, userId, 'clip:')),
      ...(await skipped(db, userId, 'clip')).map((skip) => skip.itemId),
    ]),
  ].slice(0, REVIEW_PACK_CLIPS_MAX);
  const { clips: offered, gone } = await source.clips({
    limit,
    maxBytes: Math.max(1, REVIEW_PACK_BYTES - heldBytes),
    exclude,
    held: heldIds,
  });
  const goneIds = gone.filter((id) => heldIds.includes(id));
  await db.transaction('rw', db.reviewClips, db.reviewClipChunks, () => removeClips(db, goneIds));
  let rank = (held.at(-1)?.rank ?? -1) + 1;
  let done = 0;
  onProgress?.(done, offered.length);
  for (const clip of offered) {
    const audio = await source.audio(clip.id);
    if (audio) await storeClip(db, userId, clip, audio, rank++);
    onProgress?.(++done, offered.length);
  }
  return clipPackSize(db, userId);
}

/**
 * Stores a clip with its audio, unless it was reviewed or skipped meanwhile or would overfill the pack (the
 * field step's refill may run beside the screen's).
 */
async function storeClip(db: LocalDb, userId: string, clip: ReviewClip, audio: ArrayBuffer, rank: number) {
  await db.transaction('rw', [db.outbox, db.reviewSkips, db.reviewClips, db.reviewClipChunks], async () => {
    const reviewed = await db.outbox.where('subject').equals(subjects.clip(clip.id)).count();
    const skip = await db.reviewSkips.get(skipKey(userId, 'clip', clip.id));
    const { clips, bytes } = await clipPackSize(db, userId);
    const full = clips >= REVIEW_PACK_CLIPS || bytes + audio.byteLength > REVIEW_PACK_BYTES;
    if (reviewed > 0 || skip || full) return;
    const chunkCount = Math.max(1, Math.ceil(audio.byteLength / REVIEW_AUDIO_CHUNK_BYTES));
    await db.reviewClips.put({ ...clip, sizeBytes: audio.byteLength, userId, rank, chunkCount });
    await db.reviewClipChunks.bulkPut(
      Array.from({ length: chunkCount }, (_, index) => ({
        clipId: clip.id,
        index,
        data: audio.slice(index * REVIEW_AUDIO_CHUNK_BYTES, (index + 1) * REVIEW_AUDIO_CHUNK_BYTES),
      })),
    );
  });
}

/** A pack of texts to review (translations, words): where it lives on the phone and how to ask for more. */
interface TextPack<Item extends { id: number }> {
  kind: 'proposal' | 'word';
  table: EntityTable<Item & { userId: string; rank: number }, 'id'>;
  fetch: (limit: number) => Promise<Item[]>;
}

/**
 * Replaces `userId`'s pack of texts with those the server says wait for review, leaving out those reviewed on
 * this phone and not yet sent, and those skipped; texts already held keep their place (the one on screen does
 * not jump), those no longer open leave. Returns how many the pack holds.
 */
async function refillTextPack<Item extends { id: number }>(
  db: LocalDb,
  userId: string,
  { kind, table, fetch }: TextPack<Item>,
): Promise<number> {
  await dropOtherPacks(db, userId);
  const skips = await skipped(db, userId, kind);
  // The routes have no exclude list: ask for enough that skipped ones do not empty the pack.
  const offered = await fetch(Math.min(200, REVIEW_PROPOSALS_PACK + skips.length));
  return db.transaction('rw', [db.outbox, db.reviewSkips, table], async () => {
    const leaveOut = new Set([
      ...(await queuedItemIds(db, userId, `${kind}:`)),
      ...(await skipped(db, userId, kind)).map((skip) => skip.itemId),
    ]);
    const mine = table.where('[userId+rank]').between([userId, -Infinity], [userId, Infinity]);
    const held = new Map((await mine.toArray()).map((item) => [item.id, item.rank]));
    let rank = Math.max(-1, ...held.values()) + 1;
    const pack = offered
      .filter((item) => !leaveOut.has(String(item.id)))
      .map((item) => ({ ...item, userId, rank: held.get(item.id) ?? rank++ }))
      .slice(0, REVIEW_PROPOSALS_PACK);
    await mine.delete();
    await table.bulkPut(pack);
    return pack.length;
  });
}

/** The proposed translations waiting for review (refillTextPack). */
export function refillProposalPack(
  db: LocalDb,
  userId: string,
  source: Pick<ReviewPackSource, 'proposals'>,
): Promise<number> {
  return refillTextPack<ReviewProposal>(db, userId, {
    kind: 'proposal',
    table: db.reviewProposals,
    fetch: (limit) => source.proposals({ limit }),
  });
}

/** The lexicon entries an admin sent to review (refillTextPack). */
export function refillWordPack(
  db: LocalDb,
  userId: string,
  source: Pick<ReviewPackSource, 'words'>,
): Promise<number> {
  return refillTextPack<ReviewLexiconEntry>(db, userId, {
    kind: 'word',
    table: db.reviewWords,
    fetch: (limit) => source.words({ limit }),
  });
}
