// Phrase-pair extraction from symmetrised alignments, scoring (probabilities, lexical weights) and pruning.
import { IntPairMap } from './int-pair-map.ts';
import { wordLinkModel } from './word-link-model.ts';
import { MAX_PHRASE_LENGTH, type PhraseList, type PhraseTableData } from './phrase-table.ts';

export interface ExtractionOptions {
  /** Longest phrase on either side, at most 5. */
  maxPhraseLength?: number;
  /** Translations kept per phrase (per direction); a pair survives if either side keeps it. */
  maxTranslations?: number;
  /**
   * Drop pairs seen fewer times than this when they have more than `shortPairWords` words in all
   * (singletons are most of a phrase table and rarely reused; short pairs are always kept).
   */
  minLongPairCount?: number;
  shortPairWords?: number;
}

/**
 * Sentence counts behind the kept phrase pairs, for significance pruning (prune.ts): in how many training
 * sentence pairs each pair was extracted, and each phrase occurs, out of `sentences`. Not written to files.
 */
export interface PhraseStatistics {
  sentences: number;
  /** Per phrase pair of the table. */
  joint: Int32Array;
  /** Per English / Lopit phrase of the table. */
  en: Int32Array;
  lpx: Int32Array;
}

export interface ExtractionResult {
  table: PhraseTableData;
  statistics: PhraseStatistics;
  /** For each English word id, its most often linked Lopit word id (-1 when never linked). */
  bestLpxForEn: Int32Array;
  bestEnForLpx: Int32Array;
}

/**
 * Calls `emit(enStart, enEnd, lpxStart, lpxEnd)` (ends exclusive) for every phrase pair consistent
 * with the alignment matrix (rows = English positions), unaligned Lopit words extending the span.
 */
export function extractPhrases(
  n: number,
  m: number,
  matrix: Uint8Array,
  maxLength: number,
  emit: (enStart: number, enEnd: number, lpxStart: number, lpxEnd: number) => void,
): void {
  const colMin = new Int32Array(m).fill(n);
  const colMax = new Int32Array(m).fill(-1);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < m; j++) {
      if (!matrix[i * m + j]) continue;
      colMin[j] = Math.min(colMin[j] as number, i);
      colMax[j] = Math.max(colMax[j] as number, i);
    }
  }
  const aligned = (j: number) => (colMax[j] as number) >= 0;
  for (let s = 0; s < n; s++) {
    let tmin = m;
    let tmax = -1;
    for (let e = s; e < Math.min(n, s + maxLength); e++) {
      for (let j = 0; j < m; j++) {
        if (matrix[e * m + j]) {
          tmin = Math.min(tmin, j);
          tmax = Math.max(tmax, j);
        }
      }
      if (tmax < 0 || tmax - tmin + 1 > maxLength) continue;
      let consistent = true;
      for (let j = tmin; j <= tmax && consistent; j++) {
        if (aligned(j) && ((colMin[j] as number) < s || (colMax[j] as number) > e)) consistent = false;
      }
      if (!consistent) continue;
      for (let ts = tmin; ts >= 0 && (ts === tmin || !aligned(ts)); ts--) {
        for (let te = tmax; te < m && (te === tmax || !aligned(te)) && te - ts + 1 <= maxLength; te++) {
          emit(s, e + 1, ts, te + 1);
        }
      }
    }
  }
}

/** Phrases as nodes of a trie (id 0 = empty phrase), so interning needs no string keys. */
class PhraseInterner {
  private readonly children = new IntPairMap(1 << 16);
  private readonly parent: number[] = [0];
  private readonly word: number[] = [-1];
  intern(words: Int32Array): number {
    let node = 0;
    for (const w of words) {
      const id = this.children.intern(node, w) + 1;
      if (id === this.parent.length) {
        this.parent.push(node);
        this.word.push(w);
      }
      node = id;
    }
    return node;
  }
  get size(): number {
    return this.parent.length;
  }
  /** The id of the phrase that extends `node` by `word`, or -1. */
  next(node: number, word: number): number {
    const id = this.children.get(node, word);
    return id < 0 ? -1 : id + 1;
  }
  words(id: number): Int32Array {
    const out: number[] = [];
    for (let node = id; node !== 0; node = this.parent[node] as number) out.push(this.word[node] as number);
    return Int32Array.from(out.reverse());
  }
}

/** Extracts, scores and prunes phrase pairs from a word-aligned corpus. */
export function buildPhraseTable(
  en: readonly Int32Array[],
  lpx: readonly Int32Array[],
  matrices: readonly Uint8Array[],
  options: ExtractionOptions = {},
): ExtractionResult {
  const maxLength = Math.min(MAX_PHRASE_LENGTH, options.maxPhraseLength ?? MAX_PHRASE_LENGTH);
  const lex = wordLinkModel(en, lpx, matrices);
  const enPhrases = new PhraseInterner();
  const lpxPhrases = new PhraseInterner();
  const pairs = new IntPairMap(1 << 16);
  const count: number[] = [];
  const lexEn: number[] = [];
  const lexLpx: number[] = [];
  const mask: number[] = [];
  const pairEnList: number[] = [];
  const pairLpxList: number[] = [];
  const pairWords: number[] = [];
  const joint: number[] = [];
  const lastSentence: number[] = [];
  for (let s = 0; s < en.length; s++) {
    const a = en[s] as Int32Array;
    const b = lpx[s] as Int32Array;
    const matrix = matrices[s] as Uint8Array;
    const m = b.length;
    extractPhrases(a.length, m, matrix, maxLength, (es, ee, ls, le) => {
      const enId = enPhrases.intern(a.subarray(es, ee));
      const lpxId = lpxPhrases.intern(b.subarray(ls, le));
      const id = pairs.intern(enId, lpxId);
      let bits = 0;
      for (let i = es; i < ee; i++) {
        for (let j = ls; j < le; j++)
          if (matrix[i * m + j]) bits |= 1 << ((i - es) * MAX_PHRASE_LENGTH + (j - ls));
      }
      const wEn = lex.weight(a, es, ee, b, ls, le, matrix, m, true);
      const wLpx = lex.weight(a, es, ee, b, ls, le, matrix, m, false);
      if (id === count.length) {
        pairEnList.push(enId);
        pairLpxList.push(lpxId);
        pairWords.push(ee - es + (le - ls));
        joint.push(1);
        lastSentence.push(s);
        count.push(1);
        lexEn.push(wEn);
        lexLpx.push(wLpx);
        mask.push(bits);
      } else {
        count[id] = (count[id] as number) + 1;
        if (lastSentence[id] !== s) {
          lastSentence[id] = s;
          joint[id] = (joint[id] as number) + 1;
        }
        // Keep the lexical weights (and links) of the best-scoring occurrence.
        if (wEn + wLpx > (lexEn[id] as number) + (lexLpx[id] as number)) {
          lexEn[id] = wEn;
          lexLpx[id] = wLpx;
          mask[id] = bits;
        }
      }
    });
  }
  const pairEn = Int32Array.from(pairEnList);
  const pairLpx = Int32Array.from(pairLpxList);
  const enTotal = new Float64Array(enPhrases.size);
  const lpxTotal = new Float64Array(lpxPhrases.size);
  for (let p = 0; p < count.length; p++) {
    const e = pairEn[p] as number;
    const l = pairLpx[p] as number;
    enTotal[e] = (enTotal[e] as number) + (count[p] as number);
    lpxTotal[l] = (lpxTotal[l] as number) + (count[p] as number);
  }
  const pLpxGivenEn = (p: number) => (count[p] as number) / (enTotal[pairEn[p] as number] as number);
  const pEnGivenLpx = (p: number) => (count[p] as number) / (lpxTotal[pairLpx[p] as number] as number);
  const keep = new Uint8Array(count.length);
  const minCount = options.minLongPairCount ?? 2;
  const shortWords = options.shortPairWords ?? 3;
  const eligible = (p: number) => (count[p] as number) >= minCount || (pairWords[p] as number) <= shortWords;
  const limit = options.maxTranslations ?? 20;
  markTop(
    pairEn,
    enPhrases.size,
    limit,
    (p) => pLpxGivenEn(p) + 1e-3 * (lexLpx[p] as number),
    eligible,
    keep,
  );
  markTop(
    pairLpx,
    lpxPhrases.size,
    limit,
    (p) => pEnGivenLpx(p) + 1e-3 * (lexEn[p] as number),
    eligible,
    keep,
  );

  const kept: number[] = [];
  for (let p = 0; p < keep.length; p++) if (keep[p]) kept.push(p);
  const enMap = renumber(kept.map((p) => pairEn[p] as number));
  const lpxMap = renumber(kept.map((p) => pairLpx[p] as number));
  const table: PhraseTableData = {
    en: toList(enMap.order.map((k) => enPhrases.words(k))),
    lpx: toList(lpxMap.order.map((k) => lpxPhrases.words(k))),
    pairEn: Int32Array.from(kept, (p) => enMap.index.get(pairEn[p] as number) as number),
    pairLpx: Int32Array.from(kept, (p) => lpxMap.index.get(pairLpx[p] as number) as number),
    logPEnGivenLpx: Float32Array.from(kept, (p) => Math.log(pEnGivenLpx(p))),
    logPLpxGivenEn: Float32Array.from(kept, (p) => Math.log(pLpxGivenEn(p))),
    logLexEnGivenLpx: Float32Array.from(kept, (p) => Math.log(lexEn[p] as number)),
    logLexLpxGivenEn: Float32Array.from(kept, (p) => Math.log(lexLpx[p] as number)),
    alignMask: Int32Array.from(kept, (p) => mask[p] as number),
  };
  const statistics: PhraseStatistics = {
    sentences: en.length,
    joint: Int32Array.from(kept, (p) => joint[p] as number),
    en: sentenceCounts(en, enPhrases, enMap.order, maxLength),
    lpx: sentenceCounts(lpx, lpxPhrases, lpxMap.order, maxLength),
  };
  return { table, statistics, bestLpxForEn: lex.bestLpxForEn, bestEnForLpx: lex.bestEnForLpx };
}

/** In how many sentences each of the phrases `order` (interner ids) occurs, whether extracted there or not. */
function sentenceCounts(
  sentences: readonly Int32Array[],
  phrases: PhraseInterner,
  order: readonly number[],
  maxLength: number,
): Int32Array {
  const seen = new Int32Array(phrases.size).fill(-1);
  const counts = new Int32Array(phrases.size);
  sentences.forEach((words, s) => {
    for (let i = 0; i < words.length; i++) {
      let node = 0;
      for (let j = i; j < Math.min(words.length, i + maxLength); j++) {
        node = phrases.next(node, words[j] as number);
        if (node < 0) break;
        if (seen[node] !== s) {
          seen[node] = s;
          counts[node] = (counts[node] as number) + 1;
        }
      }
    }
  });
  return Int32Array.from(order, (k) => counts[k] as number);
}

function markTop(
  side: Int32Array,
  phraseCount: number,
  limit: number,
  score: (p: number) => number,
  eligible: (p: number) => boolean,
  keep: Uint8Array,
): void {
  const groups: number[][] = Array.from({ length: phraseCount }, () => []);
  side.forEach((ph, p) => {
    if (eligible(p)) (groups[ph] as number[]).push(p);
  });
  for (const g of groups) {
    if (g.length > limit) g.sort((x, y) => score(y) - score(x));
    for (let k = 0; k < Math.min(limit, g.length); k++) keep[g[k] as number] = 1;
  }
}

/** Dense new ids for `ids` in order of first appearance: `order` lists the old ids, `index` maps old to new. */
export function renumber(ids: readonly number[]): { order: number[]; index: Map<number, number> } {
  const index = new Map<number, number>();
  const order: number[] = [];
  for (const id of ids) {
    if (!index.has(id)) {
      index.set(id, order.length);
      order.push(id);
    }
  }
  return { order, index };
}

function toList(phrases: readonly Int32Array[]): PhraseList {
  const offsets = new Int32Array(phrases.length + 1);
  let total = 0;
  phrases.forEach((p, k) => {
    offsets[k] = total;
    total += p.length;
  });
  offsets[phrases.length] = total;
  const words = new Int32Array(total);
  phrases.forEach((p, k) => words.set(p, offsets[k]));
  return { offsets, words };
}
