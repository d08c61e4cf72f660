// Which sentence next: untranslated sentences ordered by how much a translation of each would teach the model.
//
// Method: greedy n-gram coverage weighted by density, after Eck, Vogel and Waibel (2005), "Low cost portability
// for statistical machine translation based on n-gram coverage" (the "novelty" family of active learning for MT,
// see also Haffari, Roy and Sarkar 2009). A phrase-based model learns words and phrases (n-grams) from the pairs it
// is given; one it has never seen it cannot translate. So a sentence is worth what it brings that the translated
// pairs do not hold yet, weighted by how often that recurs among the sentences still waiting (a word used in 40
// waiting sentences is worth more than a name used once):
//
//   gain(s) = sum over the distinct n-grams g of s (n = 1..3) not yet covered of  count_waiting(g)  /  words(s)
//
// Dividing by the length does not favour long sentences, which cost a translator more. The first sentence is the
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
  /** The gain when it was chosen (new n-grams' recurrence per word); 0 when it brings nothing new. */
  score: number;
  /** Words it would teach, most recurring first (at most 5). */
  newWords: string[];
  /** Distinct new n-grams (words, pairs and triples of words) it would teach. */
  newNgrams: number;
  /** How often those new n-grams occur among all the waiting sentences. */
  recurrence: number;
  /** The ranking in a sentence, for the admins' list. */
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
  const covered = new Set<string>();
  for (const text of known) for (const g of ngramsOf(words(text))) covered.add(g);
  const grams = candidates.map((c) => {
    const tokens = words(c.text);
    return { length: Math.max(1, tokens.length), ngrams: ngramsOf(tokens) };
  });
  // How many waiting sentences hold each n-gram (density).
  const frequency = new Map<string, number>();
  for (const g of grams) for (const x of g.ngrams) frequency.set(x, (frequency.get(x) ?? 0) + 1);
  const gain = (i: number) => {
    const g = grams[i] as (typeof grams)[number];
    let sum = 0;
    for (const x of g.ngrams) if (!covered.has(x)) sum += frequency.get(x) ?? 0;
    return sum / g.length;
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
    const g = grams[i] as (typeof grams)[number];
    const fresher = g.ngrams.filter((x) => !covered.has(x));
    const unigrams = fresher
      .filter((x) => !x.includes(' '))
      .sort((a, b) => (frequency.get(b) ?? 0) - (frequency.get(a) ?? 0) || (a < b ? -1 : a > b ? 1 : 0));
    const recurrence = fresher.reduce((s, x) => s + (frequency.get(x) ?? 0), 0);
    const newWords = unigrams.slice(0, 5);
    out.push({
      id: (candidates[i] as SelectionCandidate).id,
      rank: out.length + 1,
      score: Math.round(fresh * 100) / 100,
      newWords,
      newNgrams: fresher.length,
      recurrence,
      reason: describe(newWords, unigrams.length, fresher.length, recurrence),
    });
    for (const x of fresher) covered.add(x);
  }
  return out;
}
