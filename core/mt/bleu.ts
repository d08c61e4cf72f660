// Corpus BLEU as sacreBLEU computes it: 13a tokenisation, 4-grams, brevity penalty, chosen smoothing.

export type BleuSmoothing = 'exp' | 'none' | 'floor' | 'add-k';

export interface BleuOptions {
  /** sacreBLEU's default is 'exp'; 'none' gives 0 when any order has no match. */
  smoothing?: BleuSmoothing;
  /** For 'floor' (default 0.1) and 'add-k' (default 1). */
  smoothValue?: number;
  maxOrder?: number;
  lowercase?: boolean;
}

export interface BleuResult {
  score: number;
  precisions: number[];
  brevityPenalty: number;
  hypLength: number;
  refLength: number;
}

// The rules of sacreBLEU's TokenizerRegexp, applied in order.
const RULES: [RegExp, string][] = [
  [/([{-~[-` -&(-+:-@/])/g, ' $1 '],
  [/([^0-9])([.,])/g, '$1 $2 '],
  [/([.,])([^0-9])/g, ' $1 $2'],
  [/([0-9])(-)/g, '$1 $2 '],
];

/** sacreBLEU's "13a" tokeniser (mteval-v13a): splits punctuation and symbols from words. */
export function tokenise13a(text: string): string[] {
  let line = text
    .replace(/<skipped>/g, '')
    .replace(/-\n/g, '')
    .replace(/\n/g, ' ');
  if (line.includes('&')) {
    line = line
      .replace(/&quot;/g, '"')
      .replace(/&amp;/g, '&')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>');
  }
  line = ` ${line} `;
  for (const [re, repl] of RULES) line = line.replace(re, repl);
  return line.split(/\s+/u).filter((t) => t !== '');
}

function ngramCounts(tokens: readonly string[], maxOrder: number): Map<string, number> {
  const counts = new Map<string, number>();
  for (let n = 1; n <= maxOrder; n++) {
    for (let i = 0; i + n <= tokens.length; i++) {
      const g = tokens.slice(i, i + n).join('\u0001');
      counts.set(g, (counts.get(g) ?? 0) + 1);
    }
  }
  return counts;
}

/** Corpus BLEU (0..100) of hypotheses against one reference each. */
export function corpusBleu(
  hypotheses: readonly string[],
  references: readonly string[],
  options: BleuOptions = {},
): BleuResult {
  const maxOrder = options.maxOrder ?? 4;
  const smoothing = options.smoothing ?? 'exp';
  if (hypotheses.length !== references.length)
    throw new Error('BLEU: hypotheses and references differ in number');
  const correct = new Array<number>(maxOrder).fill(0);
  const total = new Array<number>(maxOrder).fill(0);
  let hypLength = 0;
  let refLength = 0;
  const prep = (s: string) => tokenise13a(options.lowercase ? s.toLowerCase() : s);
  hypotheses.forEach((hyp, s) => {
    const h = prep(hyp);
    const r = prep(references[s] as string);
    hypLength += h.length;
    refLength += r.length;
    const rc = ngramCounts(r, maxOrder);
    for (const [g, c] of ngramCounts(h, maxOrder)) {
      const n = g.split('\u0001').length;
      total[n - 1] = (total[n - 1] as number) + c;
      correct[n - 1] = (correct[n - 1] as number) + Math.min(c, rc.get(g) ?? 0);
    }
  });
  const precisions = new Array<number>(maxOrder).fill(0);
  let smoothMteval = 1;
  for (let n = 0; n < maxOrder; n++) {
    if (smoothing === 'add-k' && n > 0) {
      correct[n] = (correct[n] as number) + (options.smoothValue ?? 1);
      total[n] = (total[n] as number) + (options.smoothValue ?? 1);
    }
    const t = total[n] as number;
    const c = correct[n] as number;
    if (t === 0) break;
    if (c === 0) {
      if (smoothing === 'exp') {
        smoothMteval *= 2;
        precisions[n] = 100 / (smoothMteval * t);
      } else if (smoothing === 'floor') precisions[n] = (100 * (options.smoothValue ?? 0.1)) / t;
    } else precisions[n] = (100 * c) / t;
  }
  let brevityPenalty = 1;
  if (hypLength < refLength) brevityPenalty = hypLength > 0 ? Math.exp(1 - refLength / hypLength) : 0;
  // sacreBLEU's my_log(0) is -9999999999, which makes the score 0.
  const logSum = precisions.reduce((sum, p) => sum + (p === 0 ? -9999999999 : Math.log(p)), 0);
  const score = brevityPenalty * Math.exp(logSum / maxOrder);
  return { score, precisions, brevityPenalty, hypLength, refLength };
}
