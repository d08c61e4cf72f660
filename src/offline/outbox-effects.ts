// What a confirmed outbox entry changes on this device: the server's answer replaces the cached copy, later
// unsent edits of the same translation are rebased onto the version the server now holds, and a recording the
// server holds leaves the device (its audio with it), and a review the server holds keeps its clip or proposal
// out of the review pack; a reported sentence stays out of the prompt pack.
import type { ConsentStatus } from '../../core/api/consent.ts';
import type { ReviewedPair, SaveTranslation } from '../../core/api/translation.ts';
import type { LocalDb, OutboxEntry } from './local-db.ts';
import { removePackedClip, reviewedItemId } from './review-pack.ts';
import { confirmSpeakerEntry } from './speakers.ts';

/** Removes a confirmed entry and applies the server's answer to the caches, in one transaction. */
export async function confirmEntry(db: LocalDb, entry: OutboxEntry, response: unknown, now = Date.now()) {
  await db.transaction(
    'rw',
    [
      db.outbox,
      db.pairs,
      db.consents,
      db.recordings,
      db.recordingChunks,
      db.reviewClips,
      db.reviewClipChunks,
      db.reviewProposals,
      db.reviewWords,
      db.prompts,
      db.speakers,
      db.speakerEvidence,
    ],
    async () => {
      await db.outbox.delete(entry.seq);
      switch (entry.kind) {
        case 'recording.upload': {
          const { recordingId } = entry.body as { recordingId: string };
          await db.recordingChunks.where('recordingId').equals(recordingId).delete();
          await db.recordings.delete(recordingId);
          break;
        }
        case 'translation.save': {
          // The answer is the pair as the editor's author sees it (their own proposal marked `mine`).
          const { pair } = response as { pair: ReviewedPair };
          const cached = await db.pairs.get(pair.id);
          // A newer copy may already be cached (read from the server after this save).
          if (!cached || cached.version <= pair.version)
            await db.pairs.put({ ...pair, cachedAt: now, viewerId: entry.userId });
          await rebaseLaterEdits(db, entry, pair.version);
          break;
        }
        case 'consent.submit':
        case 'consent.withdraw':
          await db.consents.put({ userId: entry.userId, status: response as ConsentStatus, cachedAt: now });
          break;
        // The pack lost the item when the review was made; a refill that raced with it must not bring it back.
        case 'clip.vote':
        case 'clip.report':
          await removePackedClip(db, reviewedItemId(entry));
          break;
        case 'proposal.review':
          await db.reviewProposals.delete(Number(reviewedItemId(entry)));
          break;
        case 'lexicon.review':
          await db.reviewWords.delete(Number(reviewedItemId(entry)));
          break;
        // The sentence left the pack when it was reported; a pack downloaded meanwhile may have brought it back.
        case 'prompt.report':
          await db.prompts.delete(Number(reviewedItemId(entry)));
          break;
        case 'speaker.create':
        case 'speaker.consent':
        case 'speaker.evidence':
        case 'speaker.withdraw':
          await confirmSpeakerEntry(db, entry, response);
          break;
        // The interface's translations keep no copy here: Translate the app reads its list again.
        case 'ui.propose':
        case 'ui.review':
          break;
      }
    },
  );
}

/** Later edits of the same pair by the same person were made on top of this one: base them on its result. */
async function rebaseLaterEdits(db: LocalDb, confirmed: OutboxEntry, version: number) {
  const later = await db.outbox
    .where('subject')
    .equals(confirmed.subject)
    .filter(
      (entry) =>
        entry.userId === confirmed.userId && entry.sentAt === undefined && entry.kind === 'translation.save',
    )
    .toArray();
  for (const entry of later) {
    await db.outbox.update(entry.seq, {
      body: { ...(entry.body as SaveTranslation), baseVersion: version },
    });
  }
}
