// Corpus chrF exactly as sacreBLEU computes it by default (character 6-grams, beta 2, no word n-grams).

export interface ChrfOptions {
  charOrder?: number;
  beta?: number;
  /** Keep whitespace inside character n-grams (sacreBLEU's default removes it). */
  whitespace?: boolean;
}

function charNgrams(text: string, n: number): Map<string, number> {
  const chars = Array.from(text);
  const counts = new Map<string, number>();
  for (let i = 0; i + n <= chars.length; i++) {
    const gram = chars.slice(i, i + n).join('');
    counts.set(gram, (counts.get(gram) ?? 0) + 1);
  }
  return counts;
}

/** Per order: [hypothesis n-grams, reference n-grams, matches], summed over the corpus. */
export function chrfStatistics(
  hypotheses: readonly string[],
  references: readonly string[],
  options: ChrfOptions = {},
): number[] {
  const order = options.charOrder ?? 6;
  if (hypotheses.length !== references.length)
    throw new Error('chrF: hypotheses and references differ in number');
  const stats = new Array<number>(order * 3).fill(0);
  hypotheses.forEach((hyp, s) => {
    const ref = references[s] as string;
    // Python's ''.join(s.split()): drop all whitespace.
    const h = options.whitespace ? hyp : hyp.split(/\s+/u).join('');
    const r = options.whitespace ? ref : ref.split(/\s+/u).join('');
    for (let n = 1; n <= order; n++) {
      const hc = charNgrams(h, n);
      const rc = charNgrams(r, n);
      let hypCount = 0;
      let refCount = 0;
      let match = 0;
      for (const [g, c] of hc) {
        hypCount += c;
        const rcount = rc.get(g);
        if (rcount !== undefined) match += Math.min(c, rcount);
      }
      for (const c of rc.values()) refCount += c;
      const k = (n - 1) * 3;
      stats[k] = (stats[k] as number) + hypCount;
      stats[k + 1] = (stats[k + 1] as number) + refCount;
      stats[k + 2] = (stats[k + 2] as number) + match;
    }
  });
  return stats;
}

/** F-score of averaged precision and recall over the orders present, as sacreBLEU (no eps smoothing). */
export function chrfFromStatistics(stats: readonly number[], beta = 2): number {
  const factor = beta * beta;
  let precision = 0;
  let recall = 0;
  let effectiveOrder = 0;
  for (let k = 0; k + 2 < stats.length; k += 3) {
    const hyp = stats[k] as number;
    const ref = stats[k + 1] as number;
    const match = stats[k + 2] as number;
    if (hyp > 0 && ref > 0) {
      precision += match / hyp;
      recall += match / ref;
      effectiveOrder++;
    }
  }
  if (effectiveOrder === 0) return 0;
  precision /= effectiveOrder;
  recall /= effectiveOrder;
  if (precision + recall === 0) return 0;
  return (100 * ((1 + factor) * precision * recall)) / (factor * precision + recall);
}

/** Corpus chrF (0..100) of hypotheses against one reference each. */
export function corpusChrf(
  hypotheses: readonly string[],
  references: readonly string[],
  options: ChrfOptions = {},
): number {
  return chrfFromStatistics(chrfStatistics(hypotheses, references, options), options.beta ?? 2);
}
