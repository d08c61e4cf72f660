// The order of Translate (one sentence at a time): sentences without an approved translation first (those no one
// has proposed a text for before those waiting for review, fewest proposals first), each group in the order of
// what its translation would teach the model (core/mt/selection.ts: new words and word sequences, weighted by how
// often they recur among the waiting sentences), then the approved ones; never a retired sentence, one this
// person reported, or one they already answered (their own proposal, or an edit still waiting on the phone).
// The contributor's counts come from the same copy.
import type { ReviewedPair } from '../../../core/api/translation.ts';
import { rankByNovelty } from '../../../core/mt/selection.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import type { ReviewCounts } from '../review/use-review-pack.ts';
import { latestEditByPair, ownProposal } from './local-pairs.ts';

export interface QueueFilter {
  category: TranslationCategory | 'all';
  /** Sentences this person reported on this phone. */
  reported: ReadonlySet<number>;
  /** Pair ids with an edit of this person waiting in the outbox. */
  waiting: ReadonlySet<number>;
}

/** 0: nothing proposed, 1: proposals waiting for review, 2: approved. */
function tier(pair: ReviewedPair): number {
  if (pair.status === 'approved' && pair.lopit.trim() !== '') return 2;
  return pair.proposals.length > 0 ? 1 : 0;
}

// The ranking costs about a second per 10,000 sentences on a desktop core (more on a phone), so it is made again
// only when the sentences waiting or the translated ones change, not at every new copy of the pairs (a saved
// proposal or a synced edit leaves both as they were).
let ranking: { key: string; ranks: Map<number, number> } | null = null;

/** Teaching rank (1 = first) of every untranslated, unretired sentence of the copy. */
export function teachingRanks(pairs: readonly ReviewedPair[]): Map<number, number> {
  const waiting = pairs.filter((pair) => !pair.retired && tier(pair) < 2);
  const known = pairs.filter((pair) => tier(pair) === 2);
  const key = `${waiting.map((pair) => `${pair.id}:${pair.english}`).join(',')}|${known.map((pair) => pair.id).join(',')}`;
  if (ranking?.key !== key) {
    const ranked = rankByNovelty(
      waiting.map((pair) => ({ id: pair.id, text: pair.english })),
      known.map((pair) => pair.english),
    );
    ranking = { key, ranks: new Map(ranked.map((r) => [r.id, r.rank])) };
  }
  return ranking.ranks;
}

export function translateQueue<T extends ReviewedPair>(pairs: readonly T[], filter: QueueFilter): T[] {
  const ranks = teachingRanks(pairs);
  const rank = (pair: T) => ranks.get(pair.id) ?? Number.MAX_SAFE_INTEGER;
  return pairs
    .filter(
      (pair) =>
        !pair.retired &&
        (filter.category === 'all' || pair.category === filter.category) &&
        !filter.reported.has(pair.id) &&
        !filter.waiting.has(pair.id) &&
        !ownProposal(pair),
    )
    .sort(
      (a, b) =>
        tier(a) - tier(b) || a.proposals.length - b.proposals.length || rank(a) - rank(b) || a.id - b.id,
    );
}

/**
 * The contributor's translations: their open proposals on this phone's copy and their edits still waiting to
 * be sent (an edit of a pair they had proposed for counts once); "today" by when each was made.
 */
export function translateCounts(
  pairs: readonly ReviewedPair[],
  entries: readonly OutboxEntry[],
  since: number,
): ReviewCounts {
  const edits = latestEditByPair(entries);
  let today = 0;
  let total = 0;
  for (const pair of pairs) {
    const own = ownProposal(pair);
    const edit = edits.get(pair.id);
    if (!own && !edit) continue;
    total += 1;
    const at = edit ? edit.createdAt : Date.parse(own!.createdAt);
    if (at >= since) today += 1;
  }
  return { today, total, waiting: edits.size, known: true };
}
