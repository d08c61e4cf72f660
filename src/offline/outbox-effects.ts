// What a confirmed outbox entry changes on this device: the server's answer replaces the cached copy, later
// unsent edits of the same translation are rebased onto the version the server now holds, and a recording the
// server holds leaves the device (its audio with it, its sentence marked as recorded in the prompt pack), and a review the server holds keeps its clip or proposal
// out of the review pack; a reported sentence stays out of the prompt pack. A review whose item the server says
// is gone leaves the outbox the same way, with a notice for the contributor.
import { mutation, parseMutationResponse } from '../../core/api/mutations.ts';
import type { LocalDb, OutboxEntry, OutboxProblem } from './local-db.ts';
import { park } from './outbox.ts';
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
      db.promptSentences,
      db.speakers,
      db.speakerEvidence,
    ],
    async () => {
      await db.outbox.delete(entry.seq);
      switch (entry.kind) {
        case 'recording.upload': {
          const { recordingId } = entry.body;
          const recording = await db.recordings.get(recordingId);
          // Its sentence is now recorded by this person, as the next prompt pack will say (Speak's count).
          if (recording?.promptPairId != null)
            await db.prompts.update(recording.promptPairId, { mine: true });
          if (recording?.promptSentenceId != null)
            await db.promptSentences.update(recording.promptSentenceId, { mine: true });
          await db.recordingChunks.where('recordingId').equals(recordingId).delete();
          await db.recordings.delete(recordingId);
          break;
        }
        case 'translation.save': {
          // The answer is the pair as the editor's author sees it (their own proposal marked `mine`).
          const pair = parseMutationResponse(entry.kind, response)?.pair;
          // An answer this version cannot read: the next read of the pairs brings the server's copy.
          if (!pair) break;
          const cached = await db.pairs.get(pair.id);
          // A newer copy may already be cached (read from the server after this save).
          if (!cached || cached.version <= pair.version)
            await db.pairs.put({ ...pair, cachedAt: now, viewerId: entry.userId });
          await rebaseLaterEdits(db, entry, pair.version);
          break;
        }
        case 'consent.submit':
        case 'consent.withdraw': {
          const status = parseMutationResponse(entry.kind, response);
          if (status) await db.consents.put({ userId: entry.userId, status, cachedAt: now });
          break;
        }
        case 'clip.vote':
        case 'clip.report':
        case 'proposal.review':
        case 'lexicon.review':
        case 'prompt.report':
        case 'sentence.report':
          await forgetReviewedItem(db, entry);
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

/**
 * The server says the entry's item is gone for good (ITEM_GONE): a kind whose declaration names a goneNotice
 * leaves the outbox, its item leaves the packs and a notice waits for the contributor, in one transaction; any
 * other kind waits for the contributor like a refusal (nothing they made is ever dropped unseen). A recording
 * is dropped so only when it is a repetition (Repeat) of the clip that is gone: it repeats a clip nobody may hear
 * any more, so it leaves the phone with its audio; any other recording waits for the contributor.
 */
export async function dropGone(db: LocalDb, entry: OutboxEntry, problem: OutboxProblem, now = Date.now()) {
  const notice = mutation(entry.kind).goneNotice;
  if (!notice) return park(db, entry, problem);
  await db.transaction(
    'rw',
    [
      db.outbox,
      db.goneNotices,
      db.reviewClips,
      db.reviewClipChunks,
      db.reviewProposals,
      db.reviewWords,
      db.prompts,
      db.promptSentences,
      db.recordings,
      db.recordingChunks,
    ],
    async () => {
      if (entry.kind === 'recording.upload') {
        const { recordingId } = entry.body;
        if (!(await db.recordings.get(recordingId))?.repeatsId) return park(db, entry, problem);
        await db.recordingChunks.where('recordingId').equals(recordingId).delete();
        await db.recordings.delete(recordingId);
      }
      await db.outbox.delete(entry.seq);
      await forgetReviewedItem(db, entry);
      await db.goneNotices.put({ id: entry.id, userId: entry.userId, kind: notice, at: now });
    },
  );
}

/**
 * A reviewed item leaves the phone's packs. It left when the review was made; a refill that raced with it must
 * not bring it back (a reported sentence likewise stays out of the prompt pack).
 */
async function forgetReviewedItem(db: LocalDb, entry: OutboxEntry) {
  switch (entry.kind) {
    case 'clip.vote':
    case 'clip.report':
      return removePackedClip(db, reviewedItemId(entry));
    case 'proposal.review':
      return db.reviewProposals.delete(Number(reviewedItemId(entry)));
    case 'lexicon.review':
      return db.reviewWords.delete(Number(reviewedItemId(entry)));
    case 'prompt.report':
      return db.prompts.delete(Number(reviewedItemId(entry)));
    case 'sentence.report':
      return db.promptSentences.delete(Number(reviewedItemId(entry)));
    default:
      return undefined;
  }
}

/** Later edits of the same pair by the same person were made on top of this one: base them on its result. */
async function rebaseLaterEdits(db: LocalDb, confirmed: OutboxEntry, version: number) {
  const later = await db.outbox.where('subject').equals(confirmed.subject).toArray();
  for (const entry of later) {
    if (entry.userId !== confirmed.userId || entry.sentAt !== undefined || entry.kind !== 'translation.save')
      continue;
    await db.outbox.put({ ...entry, body: { ...entry.body, baseVersion: version } });
  }
}
