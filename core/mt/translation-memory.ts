// Translation memory: exact then fuzzy (word edit distance) matches over approved pairs.
import { wordEditDistance } from './edit-distance.ts';
import { matchWords } from './normalise.ts';
import { sides, type Direction, type TranslationPairInput } from './types.ts';

/** Fuzzy matches at or above this similarity (percent) are offered as suggestions. */
export const FUZZY_MATCH_THRESHOLD = 70;

export interface MemoryMatch {
  /** 0..100, 100 for an exact match of the normalised words. */
  similarity: number;
  exact: boolean;
  source: string;
  target: string;
  pairIndex: number;
}

interface SideIndex {
  words: string[][];
  exact: Map<string, number[]>;
  /** word -> flat list of (entry index, count in entry). */
  postings: Map<string, number[]>;
}

function buildSide(texts: readonly string[]): SideIndex {
  const index: SideIndex = { words: [], exact: new Map(), postings: new Map() };
  texts.forEach((text, i) => {
    const words = matchWords(text);
    index.words.push(words);
    const key = words.join(' ');
    if (key === '') return;
    const list = index.exact.get(key);
    if (list) list.push(i);
    else index.exact.set(key, [i]);
    for (const [w, c] of countWords(words)) {
      const p = index.postings.get(w);
      if (p) p.push(i, c);
      else index.postings.set(w, [i, c]);
    }
  });
  return index;
}

function countWords(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const w of words) counts.set(w, (counts.get(w) ?? 0) + 1);
  return counts;
}

export class TranslationMemory {
  private readonly pairs: readonly TranslationPairInput[];
  private readonly index: Record<'english' | 'lopit', SideIndex>;

  constructor(pairs: readonly TranslationPairInput[]) {
    this.pairs = pairs;
    this.index = {
      english: buildSide(pairs.map((p) => p.english)),
      lopit: buildSide(pairs.map((p) => p.lopit)),
    };
  }

  get size(): number {
    return this.pairs.length;
  }

  /**
   * Best matches for `text`, best first: exact matches (similarity 100), then fuzzy matches at
   * or above `minSimilarity` percent. Candidates are ranked by an upper bound from shared words
   * and the edit distance is only computed while that bound can still beat the results.
   */
  lookup(
    text: string,
    direction: Direction,
    minSimilarity = FUZZY_MATCH_THRESHOLD,
    limit = 3,
  ): MemoryMatch[] {
    const { from, to } = sides(direction);
    const side = this.index[from];
    const query = matchWords(text);
    if (query.length === 0) return [];
    const make = (i: number, similarity: number, exact: boolean): MemoryMatch => {
      const pair = this.pairs[i] as TranslationPairInput;
      return { similarity, exact, source: pair[from], target: pair[to], pairIndex: i };
    };
    const exact = side.exact.get(query.join(' '));
    if (exact) return exact.slice(0, limit).map((i) => make(i, 100, true));

    const overlap = new Map<number, number>();
    for (const [w, qc] of countWords(query)) {
      const p = side.postings.get(w);
      if (!p) continue;
      for (let k = 0; k < p.length; k += 2) {
        const i = p[k] as number;
        overlap.set(i, (overlap.get(i) ?? 0) + Math.min(qc, p[k + 1] as number));
      }
    }
    const candidates: { i: number; bound: number }[] = [];
    for (const [i, shared] of overlap) {
      const len = (side.words[i] as string[]).length;
      const bound = (100 * shared) / Math.max(len, query.length);
      if (bound >= minSimilarity) candidates.push({ i, bound });
    }
    candidates.sort((a, b) => b.bound - a.bound || a.i - b.i);
    const found: MemoryMatch[] = [];
    for (const { i, bound } of candidates) {
      const worst =
        found.length >= limit ? (found[found.length - 1] as MemoryMatch).similarity : minSimilarity;
      if (found.length >= limit && bound <= worst) break;
      const words = side.words[i] as string[];
      const similarity = 100 * (1 - wordEditDistance(query, words) / Math.max(words.length, query.length));
      if (similarity < minSimilarity || (found.length >= limit && similarity <= worst)) continue;
      found.push(make(i, similarity, false));
      found.sort((a, b) => b.similarity - a.similarity || a.pairIndex - b.pairIndex);
      if (found.length > limit) found.pop();
    }
    return found;
  }
}
