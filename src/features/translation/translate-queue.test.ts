// The order of Translate (one sentence at a time) and the contributor's counts, from pairs as a phone holds them.
import { describe, expect, it } from 'vitest';
import type { ProposalSummary, ReviewedPair } from '../../../core/api/translation.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import { teachingRequest } from './teaching-order.ts';
import { rankTeaching } from './teaching-order.worker.ts';
import { translateCounts, translateQueue } from './translate-queue.ts';

const proposal = (id: number, mine = false, createdAt = '2026-01-02T10:00:00.000Z'): ProposalSummary => ({
  id,
  text: 'Zorbu',
  authorName: mine ? 'Me' : 'Other',
  mine,
  approvals: 0,
  rejections: 0,
  createdAt,
});

function pair(id: number, changes: Partial<ReviewedPair> = {}): ReviewedPair {
  return {
    id,
    english: `Sentence ${id}`,
    lopit: '',
    category: 'greetings',
    status: 'empty',
    version: 1,
    updatedAt: '2026-01-01T00:00:00.000Z',
    proposals: [],
    ...changes,
  };
}

const edit = (pairId: number, createdAt: number): OutboxEntry => ({
  id: `e${pairId}`,
  userId: 'me',
  kind: 'translation.save',
  subject: `pair:${pairId}`,
  path: 'translation/save',
  body: { id: pairId, translation: 'Vanta', baseVersion: 1 },
  label: '',
  createdAt,
  attempts: 0,
  state: 'pending',
});

const none = new Set<number>();

describe('translateQueue', () => {
  it('puts untranslated sentences first, then those with the fewest proposals, then approved ones', () => {
    const pairs = [
      pair(1, { status: 'approved', lopit: 'Zorbu' }),
      pair(2, { proposals: [proposal(20), proposal(21)] }),
      pair(3, { proposals: [proposal(30)] }),
      pair(4),
      pair(5),
    ];
    const order = translateQueue(pairs, { category: 'all', reported: none, waiting: none });
    expect(order.map((each) => each.id)).toEqual([4, 5, 3, 2, 1]);
  });

  it('asks first for the sentence whose translation teaches the model most, not the first in the list', () => {
    const pairs = [
      pair(1, { english: 'the dog sees the cat', status: 'approved', lopit: 'Zorbu' }),
      pair(2, { english: 'the dog sees the cat again' }),
      pair(3, { english: 'the quib eats' }),
      pair(4, { english: 'a quib eats the flarn' }),
      pair(5, { english: 'the flarn' }),
    ];
    const ranks = new Map(rankTeaching(teachingRequest(pairs)));
    const order = translateQueue(pairs, { category: 'all', reported: none, waiting: none }, ranks);
    expect(order.map((each) => each.id)).toEqual([4, 2, 3, 5, 1]);
    // Before the worker has answered, the same sentences are shown, in list order within each group.
    const unranked = translateQueue(pairs, { category: 'all', reported: none, waiting: none });
    expect(unranked.map((each) => each.id)).toEqual([2, 3, 4, 5, 1]);
  });

  it('leaves out retired, reported and answered sentences, and other categories', () => {
    const pairs = [
      pair(1, { retired: true }),
      pair(2),
      pair(3, { proposals: [proposal(30, true)] }),
      pair(4),
      pair(5, { category: 'food' }),
      pair(6),
    ];
    const order = translateQueue(pairs, {
      category: 'greetings',
      reported: new Set([2]),
      waiting: new Set([4]),
    });
    expect(order.map((each) => each.id)).toEqual([6]);
  });
});

describe('teaching order (the pure part of the worker)', () => {
  const pairs = [
    pair(1, { english: 'the dog sees the cat', status: 'approved', lopit: 'Zorbu' }),
    pair(2, { english: 'the dog sees the cat again', proposals: [proposal(20)] }),
    pair(3, { english: 'the quib eats' }),
    pair(4, { english: 'a quib eats the flarn' }),
    pair(5, { english: 'the flarn', retired: true }),
  ];

  it('ranks the waiting, unretired sentences against the translated ones, the same every time', () => {
    const request = teachingRequest(pairs);
    expect(request.waiting.map((each) => each.id)).toEqual([2, 3, 4]);
    expect(request.known).toEqual(['the dog sees the cat']);
    const ranks = rankTeaching(request);
    expect(ranks).toEqual(rankTeaching(teachingRequest(pairs)));
    // 4 brings "quib", "eats" and "flarn" (two of them recur); then 2 ("again" and its word pairs); 3 last:
    // once 4 is translated only "the quib" is new in it.
    expect(ranks.map(([id]) => id)).toEqual([4, 2, 3]);
    expect(ranks.map(([, rank]) => rank)).toEqual([1, 2, 3]);
  });

  it('asks for a new ranking only when the waiting or translated sentences change', () => {
    const key = teachingRequest(pairs).key;
    // A new proposal on a waiting sentence, or a new copy of the same pairs: same key.
    const copy = pairs.map((each) => ({ ...each }));
    (copy[2] as ReviewedPair).proposals = [proposal(31)];
    expect(teachingRequest(copy).key).toBe(key);
    // An approval moves a sentence from waiting to translated; an edited English text changes what it teaches.
    const approved = pairs.map((each) =>
      each.id === 3 ? { ...each, status: 'approved' as const, lopit: 'Vanta' } : each,
    );
    expect(teachingRequest(approved).key).not.toBe(key);
    const edited = pairs.map((each) => (each.id === 4 ? { ...each, english: 'a quib' } : each));
    expect(teachingRequest(edited).key).not.toBe(key);
  });
});

describe('translateCounts', () => {
  it('counts own proposals and waiting edits once each, today by when each was made', () => {
    const since = Date.parse('2026-01-02T00:00:00.000Z');
    const pairs = [
      pair(1, { proposals: [proposal(10, true, '2026-01-01T10:00:00.000Z')] }),
      pair(2, { proposals: [proposal(20, true)] }),
      // An edit of a pair already proposed for counts once, made today.
      pair(3, { proposals: [proposal(30, true, '2026-01-01T09:00:00.000Z')] }),
      pair(4),
      pair(5),
    ];
    const counts = translateCounts(pairs, [edit(3, since + 1000), edit(4, since + 2000)], since);
    expect(counts).toEqual({ today: 3, total: 4, waiting: 2, known: true });
  });
});
