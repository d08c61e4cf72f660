// The review pack on a real IndexedDB implementation (fake-indexeddb): refills bounded by count and bytes that
// leave out what is held, queued or skipped; reviews that queue an outbox entry and take the item out of the
// pack in one step; changed votes that keep their place; held clips the server says are gone leaving the phone;
// and what a confirmation or refusal does.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  REVIEW_PACK_BYTES,
  REVIEW_PACK_CLIPS,
  type ReviewClip,
  type ReviewLexiconEntry,
  type ReviewProposal,
} from '../../core/api/review.ts';
import { LocalDb } from './local-db.ts';
import { entriesOf, entryPath, markAttempt, nextSendable, park } from './outbox.ts';
import { confirmEntry } from './outbox-effects.ts';
import { JSON_SENDERS } from './outbox-kinds.ts';
import { mutation } from '../../core/api/mutations.ts';
import {
  clipAudio,
  clipPackSize,
  forgetSkips,
  packedClips,
  packedProposals,
  packedWords,
  queueClipReport,
  queueClipVote,
  queueProposalReview,
  queueWordReview,
  refillClipPack,
  refillProposalPack,
  refillWordPack,
  REVIEW_AUDIO_CHUNK_BYTES,
  REVIEW_KINDS,
  skipItem,
  unsentReviews,
  type ReviewPackSource,
} from './review-pack.ts';

let db: LocalDb;
let counter = 0;

beforeEach(async () => {
  db = new LocalDb(`review-pack-test-${++counter}`);
  await db.open();
});
afterEach(async () => {
  db.close();
  await db.delete();
});

const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

const clip = (n: number, sizeBytes = 1000): ReviewClip => ({
  id: uuid(n),
  text: `zorbel ${n}`,
  language: 'lpx',
  duration: 2,
  mimeType: 'audio/webm',
  sizeBytes,
  flags: [],
  upVotes: 0,
  downVotes: 0,
});

const proposal = (id: number, pairId = id): ReviewProposal => ({
  id,
  pairId,
  text: `mipple ${id}`,
  english: `Sentence ${pairId}.`,
  category: 'greetings',
  accepted: '',
  others: [],
  authorName: 'Author',
  mine: false,
  approvals: 0,
  rejections: 0,
  createdAt: '2026-11-21T00:00:00.000Z',
});

/**
 * A server with these clips and proposals; records what it was asked. `gone`: clips whose audio it no longer
 * gives; `withdrawn`: clips it no longer offers at all (their speaker withdrew), which it says of held ones.
 */
function fakeServer(clips: ReviewClip[], proposals: ReviewProposal[] = [], words: ReviewLexiconEntry[] = []) {
  const asked: Parameters<ReviewPackSource['clips']>[0][] = [];
  const gone = new Set<string>();
  const withdrawn = new Set<string>();
  const source: ReviewPackSource = {
    clips: (query) => {
      asked.push(query);
      const offered: ReviewClip[] = [];
      let bytes = 0;
      for (const candidate of clips) {
        const left = [...query.exclude, ...query.held].includes(candidate.id) || withdrawn.has(candidate.id);
        if (left) continue;
        if (offered.length >= query.limit || bytes + candidate.sizeBytes > query.maxBytes) break;
        offered.push(candidate);
        bytes += candidate.sizeBytes;
      }
      return Promise.resolve({ clips: offered, gone: query.held.filter((id) => withdrawn.has(id)) });
    },
    audio: (id) => {
      if (gone.has(id)) return Promise.resolve(null);
      const found = clips.find((candidate) => candidate.id === id)!;
      return Promise.resolve(new Uint8Array(found.sizeBytes).fill(7).buffer);
    },
    proposals: ({ limit }) => Promise.resolve(proposals.slice(0, limit)),
    words: ({ limit }) => Promise.resolve(words.slice(0, limit)),
  };
  return { source, asked, gone, withdrawn };
}

describe('clip pack', () => {
  it('fills up to the pack size with audio kept in chunks, and plays from the phone copy', async () => {
    const clips = Array.from({ length: REVIEW_PACK_CLIPS + 5 }, (_, n) => clip(n + 1));
    clips[0] = clip(1, REVIEW_AUDIO_CHUNK_BYTES * 2 + 10);
    const { source } = fakeServer(clips);
    const size = await refillClipPack(db, 'u1', source);
    expect(size.clips).toBe(REVIEW_PACK_CLIPS);
    const packed = await packedClips(db, 'u1');
    expect(packed.map((c) => c.id)).toEqual(clips.slice(0, REVIEW_PACK_CLIPS).map((c) => c.id));
    expect(packed[0]!.chunkCount).toBe(3);
    const audio = await clipAudio(db, packed[0]!);
    expect(audio!.size).toBe(REVIEW_AUDIO_CHUNK_BYTES * 2 + 10);
    expect(audio!.type).toBe('audio/webm');
  });

  it('never holds more audio than REVIEW_PACK_BYTES', async () => {
    const big = Math.floor(REVIEW_PACK_BYTES / 3) + 1;
    const clips = [clip(1, big), clip(2, big), clip(3, big), clip(4, 10)];
    const { source, asked } = fakeServer(clips);
    await refillClipPack(db, 'u1', source);
    expect(asked[0]!.maxBytes).toBe(REVIEW_PACK_BYTES);
    expect(await clipPackSize(db, 'u1')).toEqual({ clips: 2, bytes: 2 * big });
    // Even a server that ignores maxBytes cannot overfill the phone: the third big clip is left out.
    await refillClipPack(db, 'u2', { ...source, clips: () => Promise.resolve({ clips, gone: [] }) });
    expect(await clipPackSize(db, 'u2')).toEqual({ clips: 3, bytes: 2 * big + 10 });
  });

  it('refills leaving out clips held, voted on but unsent, and skipped', async () => {
    const clips = Array.from({ length: 40 }, (_, n) => clip(n + 1));
    const { source, asked } = fakeServer(clips);
    await refillClipPack(db, 'u1', source);
    const [first, second, third] = await packedClips(db, 'u1');
    await queueClipVote(db, 'u1', first!, 'up');
    await skipItem(db, 'u1', 'clip', second!.id);
    await refillClipPack(db, 'u1', source);
    const { exclude, held } = asked[1]!;
    expect(exclude).toContain(first!.id);
    expect(exclude).toContain(second!.id);
    expect(held).toContain(third!.id);
    expect(held).toHaveLength(REVIEW_PACK_CLIPS - 2);
    expect(asked[1]!.limit).toBe(2);
    const ids = (await packedClips(db, 'u1')).map((c) => c.id);
    expect(ids).not.toContain(first!.id);
    expect(ids).not.toContain(second!.id);
    // Newly arrived clips come after those already held.
    expect(ids.slice(0, 3)).toEqual([third!.id, clips[3]!.id, clips[4]!.id]);
  });

  it('skips a clip whose audio the server no longer gives (consent withdrawn)', async () => {
    const { source, gone } = fakeServer([clip(1), clip(2)]);
    gone.add(uuid(1));
    await refillClipPack(db, 'u1', source);
    expect((await packedClips(db, 'u1')).map((c) => c.id)).toEqual([uuid(2)]);
  });

  it('drops held clips the server says are gone, with their audio, at the next contact, a full pack too', async () => {
    const clips = Array.from({ length: REVIEW_PACK_CLIPS + 5 }, (_, n) => clip(n + 1));
    const { source, asked, withdrawn } = fakeServer(clips);
    await refillClipPack(db, 'u1', source);
    expect((await clipPackSize(db, 'u1')).clips).toBe(REVIEW_PACK_CLIPS);
    // The speakers of the first two withdraw while the phone is in the village.
    withdrawn.add(uuid(1)).add(uuid(2));
    // A full pack asks for nothing new, and is still checked.
    await refillClipPack(db, 'u1', source, { topUp: false });
    expect(asked[1]).toMatchObject({ limit: 0 });
    expect(asked[1]!.held).toEqual(clips.slice(0, REVIEW_PACK_CLIPS).map((c) => c.id));
    const ids = (await packedClips(db, 'u1')).map((c) => c.id);
    expect(ids).toEqual(clips.slice(2, REVIEW_PACK_CLIPS).map((c) => c.id));
    for (const id of [uuid(1), uuid(2)]) {
      expect(await db.reviewClipChunks.where('clipId').equals(id).count()).toBe(0);
      expect(await clipAudio(db, { id, mimeType: 'audio/webm' })).toBeNull();
    }
    // The server cannot take out a clip the phone does not hold for this person.
    await refillClipPack(db, 'u1', {
      ...source,
      clips: () => Promise.resolve({ clips: [], gone: [uuid(40)] }),
    });
    expect(await packedClips(db, 'u1')).toHaveLength(REVIEW_PACK_CLIPS - 2);
  });

  it('asks nothing of the server when it holds nothing and wants nothing', async () => {
    const { source, asked } = fakeServer([clip(1)]);
    expect(await refillClipPack(db, 'u1', source, { topUp: false })).toEqual({ clips: 0, bytes: 0 });
    expect(asked).toEqual([]);
  });

  it("keeps one person's pack: another person's leaves with its audio", async () => {
    await refillClipPack(db, 'u1', fakeServer([clip(1)]).source);
    await refillClipPack(db, 'u2', fakeServer([clip(2)]).source);
    expect(await packedClips(db, 'u1')).toEqual([]);
    expect(await db.reviewClipChunks.where('clipId').equals(uuid(1)).count()).toBe(0);
    expect((await packedClips(db, 'u2')).map((c) => c.id)).toEqual([uuid(2)]);
  });

  it('forgets skips on request, so skipped clips can come back', async () => {
    const { source } = fakeServer([clip(1)]);
    await refillClipPack(db, 'u1', source);
    await skipItem(db, 'u1', 'clip', uuid(1));
    expect((await refillClipPack(db, 'u1', source)).clips).toBe(0);
    await forgetSkips(db, 'u1', 'clip');
    expect((await refillClipPack(db, 'u1', source)).clips).toBe(1);
  });
});

describe('review outbox kinds', () => {
  it('are JSON POSTs of the first phase, sendable by page and service worker alike', () => {
    for (const kind of REVIEW_KINDS) {
      expect(JSON_SENDERS[kind]).toBeDefined();
      expect(mutation(kind).phase).toBe(0);
    }
  });

  it('a vote queues one entry and takes the clip and its audio out of the pack at once', async () => {
    await refillClipPack(db, 'u1', fakeServer([clip(1), clip(2)]).source);
    await queueClipVote(db, 'u1', clip(1), 'up');
    const [entry] = await entriesOf(db, 'u1');
    expect(entry).toMatchObject({
      kind: 'clip.vote',
      subject: `clip:${uuid(1)}`,
      params: { id: uuid(1) },
      body: { vote: 'up' },
      label: { id: 'outbox.clipVote', values: { vote: 'up', text: 'zorbel 1' } },
    });
    expect(entryPath(entry!)).toBe(`review/clips/${uuid(1)}/vote`);
    expect((await packedClips(db, 'u1')).map((c) => c.id)).toEqual([uuid(2)]);
    expect(await db.reviewClipChunks.where('clipId').equals(uuid(1)).count()).toBe(0);
  });

  it('a changed vote before sending replaces the first; after sending it follows it in order', async () => {
    await queueClipVote(db, 'u1', clip(1), 'up');
    await queueClipVote(db, 'u1', clip(1), 'down');
    let entries = await entriesOf(db, 'u1');
    expect(entries).toHaveLength(1);
    expect(entries[0]!.body).toEqual({ vote: 'down' });
    await markAttempt(db, entries[0]!);
    await queueClipVote(db, 'u1', clip(1), 'up');
    entries = await entriesOf(db, 'u1');
    expect(entries.map((e) => e.body)).toEqual([{ vote: 'down' }, { vote: 'up' }]);
    // The second waits for the first (same subject), even when another vote is queued meanwhile.
    expect(nextSendable(entries)?.id).toBe(entries[0]!.id);
  });

  it('a report and a proposal review carry their bodies and leave the pack', async () => {
    await refillProposalPack(db, 'u1', fakeServer([], [proposal(5), proposal(6)]).source);
    await queueClipReport(db, 'u1', clip(3), { reason: 'noise' }, 'Too much noise');
    await queueProposalReview(db, 'u1', proposal(5), { verdict: 'reject', reason: 'wrong word' });
    const entries = await entriesOf(db, 'u1');
    expect(entries.map((entry) => ({ kind: entry.kind, path: entryPath(entry), body: entry.body }))).toEqual([
      { kind: 'clip.report', path: `review/clips/${uuid(3)}/report`, body: { reason: 'noise' } },
      {
        kind: 'proposal.review',
        path: 'review/proposals/5/review',
        body: { verdict: 'reject', reason: 'wrong word' },
      },
    ]);
    expect(entries[1]!.label).toEqual({
      id: 'outbox.proposalReview',
      values: { verdict: 'reject', text: 'mipple 5', english: 'Sentence 5.' },
    });
    expect((await packedProposals(db, 'u1')).map((p) => p.id)).toEqual([6]);
  });

  it('a refused vote stays for the contributor and is not counted as sent or waiting', async () => {
    const entry = await queueClipVote(db, 'u1', clip(1), 'up', 1000);
    await queueProposalReview(db, 'u1', proposal(2), { verdict: 'approve' }, 5000);
    expect(unsentReviews(await entriesOf(db, 'u1'), 2000)).toEqual({
      clips: { today: 0, total: 1 },
      proposals: { today: 1, total: 1 },
    });
    await park(db, entry, { status: 403, code: 'OWN_CONTRIBUTION', message: 'Your own clip' });
    const [parked] = await entriesOf(db, 'u1');
    expect(parked!.state).toBe('attention');
    expect(unsentReviews(await entriesOf(db, 'u1'), 0).clips.total).toBe(0);
  });

  it('a confirmed vote leaves the outbox, and a refill that raced with it cannot bring the clip back', async () => {
    const { source } = fakeServer([clip(1)]);
    const entry = await queueClipVote(db, 'u1', clip(1), 'up');
    // The server's answer to a pack asked for before the vote: the clip is offered again.
    await refillClipPack(db, 'u1', {
      ...source,
      clips: () => Promise.resolve({ clips: [clip(1)], gone: [] }),
    });
    expect(await packedClips(db, 'u1')).toEqual([]);
    await confirmEntry(db, entry, { review: { id: uuid(1), state: 'pending' } });
    expect(await entriesOf(db, 'u1')).toEqual([]);
  });
});

describe('proposal pack', () => {
  it('keeps held proposals in place, drops those no longer open, leaves out skipped and queued', async () => {
    const first = [proposal(1), proposal(2), proposal(3), proposal(6)];
    await refillProposalPack(db, 'u1', fakeServer([], first).source);
    await skipItem(db, 'u1', 'proposal', '1');
    await queueProposalReview(db, 'u1', proposal(2), { verdict: 'approve' });
    // The server still lists 1 and 2 (the review has not reached it); 6 was decided elsewhere; 4 and 5 are new.
    const second = [proposal(4), proposal(1), proposal(2), proposal(3), proposal(5)];
    const count = await refillProposalPack(db, 'u1', fakeServer([], second).source);
    expect(count).toBe(3);
    // 3 was on screen: it stays first.
    expect((await packedProposals(db, 'u1')).map((p) => p.id)).toEqual([3, 4, 5]);
  });
});

describe('word pack (lexicon entries sent to review)', () => {
  const word = (id: number): ReviewLexiconEntry => ({
    id,
    lopit: `vorp ${id}`,
    english: `thing ${id}`,
    partOfSpeech: null,
    approvals: 0,
    rejections: 0,
  });

  it('fills like the proposals, a review queues and leaves the pack, and the confirmation keeps it out', async () => {
    await refillWordPack(db, 'u1', fakeServer([], [], [word(1), word(2), word(3)]).source);
    await skipItem(db, 'u1', 'word', '3');
    const entry = await queueWordReview(db, 'u1', word(1), { verdict: 'reject', reason: 'Means stone' });
    expect(entry).toMatchObject({
      kind: 'lexicon.review',
      params: { id: 1 },
      body: { verdict: 'reject', reason: 'Means stone' },
      subject: 'word:1',
    });
    expect(entryPath(entry)).toBe('review/lexicon/1/review');
    expect((await packedWords(db, 'u1')).map((w) => w.id)).toEqual([2]);
    // The server still lists all three: the queued and the skipped stay out.
    expect(await refillWordPack(db, 'u1', fakeServer([], [], [word(1), word(2), word(3)]).source)).toBe(1);
    await confirmEntry(db, entry, { entry: { id: 1, state: 'rejected' } });
    expect(await entriesOf(db, 'u1')).toEqual([]);
    expect(unsentReviews([{ ...entry, state: 'pending' }], 0).proposals.total).toBe(1);
    expect(mutation('lexicon.review').phase).toBe(0);
    expect(JSON_SENDERS['lexicon.review']).toBeDefined();
  });
});
