// The phone's model: the trained model with its phrase table pruned by significance and its language models
// pruned by relative entropy. serialise.ts then stores it with 8-bit scores. Both prunings are from the
// literature and keep what the decoder actually uses:
//
// - Phrase table: Johnson, Martin, Foster and Kuhn (2007), "Improving translation quality by discarding most of
//   the phrasetable". A pair (s, t) is kept when Fisher's exact test says s and t occur together in more
//   sentences than chance explains: p = P(X >= c(s,t)) for X hypergeometric over N sentences with c(s) and
//   c(t) occurrences, kept when -ln p exceeds ln N + threshold (a pair seen once whose phrases are each seen
//   once, "1-1-1", has -ln p = ln N exactly). Johnson's strict setting (threshold just above 0) cost 2 chrF on
//   the benchmark, so the default is looser (ln N - 1.5: 1-1-1 pairs stay, pairs of common phrases that meet
//   by chance go), and pairs of one word on each side are all kept, so no word loses its translation.
//   On the benchmark at 10,000 pairs this keeps 43,000 of 78,000 pairs (scripts/bench-mt.ts).
// - Language models: Stolcke (1998), "Entropy-based pruning of backoff language models", as SRILM's -prune
//   does: an n-gram is dropped when the model without it (its mass given back through a recomputed backoff
//   weight) differs by less than the threshold in relative entropy, weighted by its history's probability.
import { IntPairMap } from './int-pair-map.ts';
import { LanguageModel, type LanguageModelData } from './language-model.ts';
import type { MtModelData } from './model-data.ts';
import { renumber, type PhraseStatistics } from './phrase-extraction.ts';
import { phraseWords, type PhraseList, type PhraseTableData } from './phrase-table.ts';

export interface PruneOptions {
  /**
   * Significance threshold, added to ln N: pairs need -ln p > ln N + this. A small positive value drops 1-1-1
   * pairs (Johnson's "alpha + epsilon"); negative values keep more. Single-word pairs use `wordThreshold`.
   */
  phraseThreshold?: number;
  /** The same for pairs of one word on each side (default -Infinity: all kept). */
  wordThreshold?: number;
  /** Relative-entropy threshold of language-model pruning (SRILM's -prune); 0 keeps every n-gram. */
  lmThreshold?: number;
}

export const DEFAULT_PRUNE: Required<PruneOptions> = {
  phraseThreshold: -1.5,
  wordThreshold: -Infinity,
  lmThreshold: 2e-6,
};

/** ln of n! for n = 0..max. */
function logFactorials(max: number): Float64Array {
  const out = new Float64Array(max + 1);
  for (let n = 2; n <= max; n++) out[n] = (out[n - 1] as number) + Math.log(n);
  return out;
}

/**
 * -ln of Fisher's exact one-sided p-value: the chance that phrases seen in `a` and `b` of `n` sentences
 * share at least `joint` of them by chance (hypergeometric upper tail).
 */
export function negLogSignificance(
  joint: number,
  a: number,
  b: number,
  n: number,
  lf = logFactorials(n),
): number {
  const lnC = (x: number, y: number) => (lf[x] as number) - (lf[y] as number) - (lf[x - y] as number);
  const denom = lnC(n, a);
  const top = Math.min(a, b);
  const terms: number[] = [];
  for (let k = Math.max(joint, a + b - n, 0); k <= top; k++)
    terms.push(lnC(b, k) + lnC(n - b, a - k) - denom);
  if (terms.length === 0) return 0;
  const max = Math.max(...terms);
  const sum = terms.reduce((s, t) => s + Math.exp(t - max), 0);
  return -(max + Math.log(sum));
}

/** Which phrase pairs pass the significance test. */
export function significantPairs(
  table: PhraseTableData,
  statistics: PhraseStatistics,
  options: PruneOptions = {},
): Uint8Array {
  const { phraseThreshold, wordThreshold } = { ...DEFAULT_PRUNE, ...options };
  const n = statistics.sentences;
  const lf = logFactorials(n);
  const base = Math.log(Math.max(2, n));
  const keep = new Uint8Array(table.pairEn.length);
  for (let p = 0; p < keep.length; p++) {
    const e = table.pairEn[p] as number;
    const l = table.pairLpx[p] as number;
    const a = Math.min(n, Math.max(statistics.en[e] as number, 1));
    const b = Math.min(n, Math.max(statistics.lpx[l] as number, 1));
    const joint = Math.min(statistics.joint[p] as number, a, b);
    const words = phraseWords(table.en, e).length === 1 && phraseWords(table.lpx, l).length === 1;
    const threshold = base + (words ? wordThreshold : phraseThreshold);
    if (negLogSignificance(joint, a, b, n, lf) > threshold) keep[p] = 1;
  }
  return keep;
}

function subList(list: PhraseList, ids: readonly number[]): PhraseList {
  const offsets = new Int32Array(ids.length + 1);
  const words: number[] = [];
  ids.forEach((k, i) => {
    offsets[i] = words.length;
    for (const w of phraseWords(list, k)) words.push(w);
  });
  offsets[ids.length] = words.length;
  return { offsets, words: Int32Array.from(words) };
}

/** The phrase table with only the pairs marked in `keep` (and the phrases they use). */
export function filterPhraseTable(table: PhraseTableData, keep: Uint8Array): PhraseTableData {
  const kept: number[] = [];
  keep.forEach((k, p) => {
    if (k) kept.push(p);
  });
  const renumbered = (side: Int32Array) => {
    const { order, index } = renumber(kept.map((p) => side[p] as number));
    return { order, ids: Int32Array.from(kept, (p) => index.get(side[p] as number) as number) };
  };
  const en = renumbered(table.pairEn);
  const lpx = renumbered(table.pairLpx);
  const pick = <T extends Float32Array | Int32Array>(a: T): T =>
    (a instanceof Float32Array
      ? Float32Array.from(kept, (p) => a[p] as number)
      : Int32Array.from(kept, (p) => a[p] as number)) as T;
  return {
    en: subList(table.en, en.order),
    lpx: subList(table.lpx, lpx.order),
    pairEn: en.ids,
    pairLpx: lpx.ids,
    logPEnGivenLpx: pick(table.logPEnGivenLpx),
    logPLpxGivenEn: pick(table.logPLpxGivenEn),
    logLexEnGivenLpx: pick(table.logLexEnGivenLpx),
    logLexLpxGivenEn: pick(table.logLexLpxGivenEn),
    alignMask: pick(table.alignMask),
  };
}

const ROOT = 0;
const BOS = 0;
const EOS = 1;

/**
 * Stolcke's entropy-based pruning of a backoff model. Highest order first, an n-gram that extends no kept
 * n-gram and is the suffix of none is dropped when D = -P(h) { p(w|h) [ln p(w|h') + ln a'(h) - ln p(w|h)]
 * + [ln a'(h) - ln a(h)] (1 - sum of explicit p(.|h)) } is below the threshold, where h' is h without its
 * first word, a(h) the backoff weight and a'(h) the weight recomputed without the n-gram; P(h) comes from the
 * model itself by the chain rule. The backoff weights of the contexts that lost n-grams are then recomputed.
 */
export function pruneLanguageModel(data: LanguageModelData, threshold: number): LanguageModelData {
  const n = data.parent.length;
  if (threshold <= 0 || n === 0) return data;
  const lm = new LanguageModel(data);
  const children = new IntPairMap(n + 1);
  const depth = new Uint8Array(n + 1);
  const suffix = new Int32Array(n + 1);
  const childCount = new Int32Array(n + 1);
  const historyProb = new Float64Array(n + 1);
  historyProb[ROOT] = 1;
  for (let x = 1; x <= n; x++) {
    const p = data.parent[x - 1] as number;
    children.intern(p, data.word[x - 1] as number);
    depth[x] = (depth[p] as number) + 1;
    childCount[p] = (childCount[p] as number) + 1;
    // P(h) by the chain rule; a history that starts the sentence has <s> with probability 1.
    const w = data.word[x - 1] as number;
    historyProb[x] =
      p === ROOT && w === BOS ? 1 : (historyProb[p] as number) * Math.exp(data.logProb[x - 1] as number);
  }
  for (let x = 1; x <= n; x++) {
    const p = data.parent[x - 1] as number;
    suffix[x] = p === ROOT ? ROOT : children.get(suffix[p] as number, data.word[x - 1] as number) + 1;
  }
  // The backed-off probability of each n-gram's word given its context without the first word.
  const backedOff = (x: number): number => {
    const w = data.word[x - 1] as number;
    const h = suffix[data.parent[x - 1] as number] as number;
    return Math.exp(lm.scoreWord(h, w === EOS ? -1 : w - 2));
  };
  // Per context: mass left to backing off (numerator) and the lower order's mass of the explicit words.
  const explicit = new Float64Array(n + 1);
  const explicitLower = new Float64Array(n + 1);
  const lower = new Float64Array(n + 1);
  for (let x = 1; x <= n; x++) {
    const h = data.parent[x - 1] as number;
    if (h === ROOT) continue;
    lower[x] = backedOff(x);
    explicit[h] = (explicit[h] as number) + Math.exp(data.logProb[x - 1] as number);
    explicitLower[h] = (explicitLower[h] as number) + (lower[x] as number);
  }
  const removed = new Uint8Array(n + 1);
  const neededAsSuffix = new Uint8Array(n + 1);
  const logBackoff = Float32Array.from(data.logBackoff);
  for (let order = data.order; order >= 2; order--) {
    const touched = new Set<number>();
    for (let x = 1; x <= n; x++) {
      if (depth[x] !== order || childCount[x] !== 0 || neededAsSuffix[x]) continue;
      const h = data.parent[x - 1] as number;
      const p = Math.exp(data.logProb[x - 1] as number);
      const q = lower[x] as number;
      const numer = Math.max(1e-12, 1 - (explicit[h] as number));
      const denom = Math.max(1e-12, 1 - (explicitLower[h] as number));
      const alpha = numer / denom;
      const alphaNew = (numer + p) / (denom + q);
      const d =
        -(historyProb[h] as number) *
        (p * (Math.log(q) + Math.log(alphaNew) - Math.log(p)) +
          (Math.log(alphaNew) - Math.log(alpha)) * numer);
      if (d < threshold) {
        removed[x] = 1;
        touched.add(h);
      }
    }
    for (let x = 1; x <= n; x++) {
      if (depth[x] !== order || removed[x]) continue;
      neededAsSuffix[suffix[x] as number] = 1;
    }
    for (let x = 1; x <= n; x++) {
      if (depth[x] !== order || !removed[x]) continue;
      const h = data.parent[x - 1] as number;
      childCount[h] = (childCount[h] as number) - 1;
      explicit[h] = (explicit[h] as number) - Math.exp(data.logProb[x - 1] as number);
      explicitLower[h] = (explicitLower[h] as number) - (lower[x] as number);
    }
    for (const h of touched) {
      const numer = Math.max(1e-12, 1 - (explicit[h] as number));
      const denom = Math.max(1e-12, 1 - (explicitLower[h] as number));
      logBackoff[h - 1] = Math.min(0, Math.log(numer / denom));
    }
  }
  const newId = new Int32Array(n + 1);
  const kept: number[] = [];
  for (let x = 1; x <= n; x++) {
    if (removed[x]) continue;
    kept.push(x);
    newId[x] = kept.length;
  }
  return {
    order: data.order,
    parent: Int32Array.from(kept, (x) => newId[data.parent[x - 1] as number] as number),
    word: Int32Array.from(kept, (x) => data.word[x - 1] as number),
    logProb: Float32Array.from(kept, (x) => data.logProb[x - 1] as number),
    logBackoff: Float32Array.from(kept, (x) => logBackoff[x - 1] as number),
    logUnknown: data.logUnknown,
  };
}

/**
 * The phone's model: phrase table pruned by significance (when the training statistics are at hand; a model
 * read from a file has none and keeps its table) and language models pruned by relative entropy.
 */
export function compactModel(data: MtModelData, options: PruneOptions = {}): MtModelData {
  const o = { ...DEFAULT_PRUNE, ...options };
  const phrases = data.statistics
    ? filterPhraseTable(data.phrases, significantPairs(data.phrases, data.statistics, o))
    : data.phrases;
  const { statistics: _statistics, ...rest } = data;
  return {
    ...rest,
    phrases,
    lm: {
      en: pruneLanguageModel(data.lm.en, o.lmThreshold),
      lpx: pruneLanguageModel(data.lm.lpx, o.lmThreshold),
    },
  };
}
