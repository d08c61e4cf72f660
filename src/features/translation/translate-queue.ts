// The order of Translate (one sentence at a time): sentences without an approved translation first (those no one
// has proposed a text for before those waiting for review, fewest proposals first), each group in the order of
// what its translation would teach the model (core/mt/selection.ts: new words and word sequences, weighted by how
// often they recur among the waiting sentences; ranked in a worker by teaching-order.ts), then the approved
// ones; never a retired sentence, one this person reported, or one they already answered (their own proposal,
// or an edit still waiting on the phone).
// The contributor's counts come from the same copy.
import type { ReviewedPair } from '../../../core/api/translation.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { OutboxEntry } from '../../offline/local-db.ts';
import type { ReviewCounts } from '../review/use-review-pack.ts';
import { latestEditByPair, ownProposal } from './local-pairs.ts';
import { tier } from './teaching-order.ts';

export interface QueueFilter {
  category: TranslationCategory | 'all';
  /** Sentences this person reported on this phone. */
  reported: ReadonlySet<number>;
  /** Pair ids with an edit of this person waiting in the outbox. */
  waiting: ReadonlySet<number>;
}

/**
 * The sentences in Translate's order. `ranks` are the teaching ranks of teaching-order.ts (made in a worker);
 * until they are ready (or for sentences they do not know yet) the order within a group is by id.
 */
export function translateQueue<T extends ReviewedPair>(
  pairs: readonly T[],
  filter: QueueFilter,
  ranks: ReadonlyMap<number, number> = new Map(),
): T[] {
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
