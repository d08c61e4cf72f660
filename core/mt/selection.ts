// Which sentence next: untranslated sentences ordered by how much a translation of each would teach the model.
//
// Method: greedy n-gram coverage weighted by density, after Eck, Vogel and Waibel (2005), "Low cost portability
// for statistical machine translation based on n-gram coverage" (the "novelty" family of active learning for MT,
// see also Haffari, Roy and Sarkar 2009). A phrase-based model learns words and phrases (n-grams) from the pairs it
// is given; one it has never seen it cannot translate. So a sentence is worth what it brings that the translated
// pairs do not hold yet, weighted by how often that recurs among the sentences still waiting (a word used in 40
// waiting sentences is worth more than a name used once):
//
//   gain(s) = sum over the distinct n-grams g of s (n = 1..3) not yet covered of  ln(1 + count_waiting(g))
//
// The gain is per sentence, the unit a contributor is asked for (Eck et al. also divide by the length, to count
// per word; on the benchmark that picks short sentences that teach less per pair). The logarithm keeps a very
// common word from outweighing several rarer ones. The first sentence is the
// one of highest gain; its n-grams then count as covered (someone will translate it), and the next is chosen on
// what is still new, so two sentences teaching the same words are not asked one after the other. Gains only
// shrink as coverage grows, so a lazy priority queue (Minoux's lazy greedy) gives the same order as recomputing
// every gain at each step. Ties keep the input order: the ranking is deterministic.
import { tokenise } from './normalise.ts';

/** Longest n-gram counted. */
export const SELECTION_MAX_ORDER = 3;

export interface SelectionCandidate {
  id: number;
  /** The sentence to translate (the side a translator reads). */
  text: string;
}

export interface RankedSentence {
  id: number;
  /** 1 = ask first. */
  rank: number;
  /** The gain when it was chosen (its new n-grams, weighted by recurrence); 0 when it brings nothing new. */
  score: number;
  /** Words it would teach, most recurring first (at most 5). */
  newWords: string[];
  /** How many distinct new words it would teach (newWords lists the first five). */
  newWordCount: number;
  /** Distinct new n-grams (words, pairs and triples of words) it would teach. */
  newNgrams: number;
  /** How often those new n-grams occur among all the waiting sentences. */
  recurrence: number;
  /** The ranking in an English sentence (API readers, benchmarks); screens write it from the fields above. */
  reason: string;
}

function words(text: string): string[] {
  return tokenise(text)
    .filter((t) => t.kind === 'word')
    .map((t) => t.norm);
}

function ngramsOf(tokens: readonly string[]): string[] {
  const out = new Set<string>();
  for (let n = 1; n <= SELECTION_MAX_ORDER; n++)
    for (let i = 0; i + n <= tokens.length; i++) out.add(tokens.slice(i, i + n).join(' '));
  return [...out];
}

/** A binary max-heap of [gain, index] (ties: lower index first). */
class Heap {
  private readonly items: [number, number][] = [];
  get size(): number {
    return this.items.length;
  }
  private before(a: [number, number], b: [number, number]): boolean {
    return a[0] > b[0] || (a[0] === b[0] && a[1] < b[1]);
  }
  push(item: [number, number]): void {
    const a = this.items;
    a.push(item);
    let i = a.length - 1;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(a[i] as [number, number], a[p] as [number, number])) break;
      [a[i], a[p]] = [a[p] as [number, number], a[i] as [number, number]];
      i = p;
    }
  }
  pop(): [number, number] | undefined {
    const a = this.items;
    const top = a[0];
    const last = a.pop();
    if (a.length > 0 && last) {
      a[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < a.length && this.before(a[l] as [number, number], a[m] as [number, number])) m = l;
        if (r < a.length && this.before(a[r] as [number, number], a[m] as [number, number])) m = r;
        if (m === i) break;
        [a[i], a[m]] = [a[m] as [number, number], a[i] as [number, number]];
        i = m;
      }
    }
    return top;
  }
}

function describe(
  newWords: readonly string[],
  wordCount: number,
  newNgrams: number,
  recurrence: number,
): string {
  if (newNgrams === 0) return 'Brings nothing the translated sentences do not already hold.';
  const phrases = newNgrams - wordCount;
  const parts: string[] = [];
  if (wordCount > 0)
    parts.push(
      `${wordCount} new word${wordCount === 1 ? '' : 's'} (${newWords.join(', ')}${wordCount > newWords.length ? ', …' : ''})`,
    );
  if (phrases > 0) parts.push(`${phrases} new word sequence${phrases === 1 ? '' : 's'}`);
  return `Teaches ${parts.join(' and ')}, found ${recurrence} time${recurrence === 1 ? '' : 's'} in the sentences still waiting.`;
}

/**
 * Orders `candidates` (sentences waiting for a translation) by what their translation would teach a model that
 * has the `known` sentences (the source side of the translated pairs). Every candidate is ranked.
 */
export function rankByNovelty(
  candidates: readonly SelectionCandidate[],
  known: readonly string[],
): RankedSentence[] {
  // Every n-gram as an integer, so gains are sums over typed arrays.
  const ids = new Map<string, number>();
  const names: string[] = [];
  const idOf = (g: string) => {
    let id = ids.get(g);
    if (id === undefined) {
      id = names.length;
      ids.set(g, id);
      names.push(g);
    }
    return id;
  };
  const sentences = candidates.map((c) => Int32Array.from(ngramsOf(words(c.text)), idOf));
  const knownIds: number[] = [];
  for (const text of known)
    for (const g of ngramsOf(words(text))) if (ids.has(g)) knownIds.push(ids.get(g) as number);
  const covered = new Uint8Array(names.length);
  for (const id of knownIds) covered[id] = 1;
  // How many waiting sentences hold each n-gram (density), and its weight.
  const frequency = new Int32Array(names.length);
  for (const s of sentences) for (const id of s) frequency[id] = (frequency[id] as number) + 1;
  const weight = Float64Array.from(frequency, (f) => Math.log1p(f));
  const gain = (i: number) => {
    let sum = 0;
    for (const id of sentences[i] as Int32Array) if (!covered[id]) sum += weight[id] as number;
    return sum;
  };
  const heap = new Heap();
  candidates.forEach((_, i) => heap.push([gain(i), i]));
  const out: RankedSentence[] = [];
  while (heap.size > 0) {
    const [stale, i] = heap.pop() as [number, number];
    const fresh = gain(i);
    // Lazy greedy: a gain that went down since it was pushed goes back in the queue with its new value.
    if (fresh < stale) {
      heap.push([fresh, i]);
      continue;
    }
    const fresher = Array.from(sentences[i] as Int32Array).filter((id) => !covered[id]);
    const unigrams = fresher
      .filter((id) => !(names[id] as string).includes(' '))
      .sort((a, b) => (frequency[b] as number) - (frequency[a] as number) || a - b)
      .map((id) => names[id] as string);
    const recurrence = fresher.reduce((sum, id) => sum + (frequency[id] as number), 0);
    const newWords = unigrams.slice(0, 5);
    out.push({
      id: (candidates[i] as SelectionCandidate).id,
      rank: out.length + 1,
      score: Math.round(fresh * 100) / 100,
      newWords,
      newWordCount: unigrams.length,
      newNgrams: fresher.length,
      recurrence,
      reason: describe(newWords, unigrams.length, fresher.length, recurrence),
    });
    for (const id of fresher) covered[id] = 1;
  }
  return out;
}
