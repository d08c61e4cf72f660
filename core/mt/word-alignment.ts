// EM word alignment: IBM Model 1 iterations, then fast_align's Model 2 with a diagonal prior.
import { IntPairMap } from './int-pair-map.ts';

export interface AlignerOptions {
  /** IBM Model 1 iterations (uniform position prior) that initialise the translation table. */
  model1Iterations?: number;
  /** Iterations with the diagonal prior (fast_align's reparameterised Model 2). */
  model2Iterations?: number;
  /** Prior probability of aligning a word to NULL (fast_align's p0). */
  nullProbability?: number;
  /** Starting diagonal tension (fast_align's default 4). */
  tension?: number;
  /** Re-estimate the tension after each iteration, as fast_align -o does. */
  optimiseTension?: boolean;
}

export interface AlignerResult {
  /** For each sentence, for each target position, the aligned source position or -1 (NULL). */
  links: Int32Array[];
  tension: number;
}

const DEFAULTS: Required<AlignerOptions> = {
  model1Iterations: 3,
  model2Iterations: 4,
  nullProbability: 0.08,
  tension: 4,
  optimiseTension: true,
};

// fast_align's feature: minus the distance of the positions from the diagonal (1-based positions).
function feature(j: number, i: number, m: number, n: number): number {
  return -Math.abs(j / m - i / n);
}

/**
 * Unnormalised prior weights exp(tension * feature) of row j for i = 1..n into `out`. Along the
 * row the weights form two geometric series (up to the diagonal and after it), so two exp() calls
 * and n multiplications suffice.
 */
function rowWeights(
  j: number,
  m: number,
  n: number,
  tension: number,
  out: Float64Array,
  offset: number,
): void {
  const c = j / m;
  const k = Math.min(n, Math.floor(c * n + 1e-12));
  const r = Math.exp(tension / n);
  let u = Math.exp(tension * (1 / n - c));
  for (let i = 1; i <= k; i++, u *= r) out[offset + i - 1] = u;
  u = Math.exp(tension * (c - (k + 1) / n));
  for (let i = k + 1; i <= n; i++, u /= r) out[offset + i - 1] = u;
}

/** Normalised diagonal prior of (m x n), row j: p(i | j, m, n) for i = 1..n (without the NULL share). */
function diagonalTable(m: number, n: number, tension: number): Float64Array {
  const table = new Float64Array(m * n);
  for (let j = 1; j <= m; j++) {
    const offset = (j - 1) * n;
    rowWeights(j, m, n, tension, table, offset);
    let z = 0;
    for (let i = 0; i < n; i++) z += table[offset + i] as number;
    for (let i = 0; i < n; i++) table[offset + i] = (table[offset + i] as number) / z;
  }
  return table;
}

/** Sum over rows j = 1..m of the expected feature under the normalised prior (d log Z / d tension). */
function expectedFeatureSum(m: number, n: number, tension: number, scratch: Float64Array): number {
  let sum = 0;
  for (let j = 1; j <= m; j++) {
    rowWeights(j, m, n, tension, scratch, 0);
    let z = 0;
    let f = 0;
    for (let i = 1; i <= n; i++) {
      const u = scratch[i - 1] as number;
      z += u;
      f += feature(j, i, m, n) * u;
    }
    sum += f / z;
  }
  return sum;
}

/**
 * Aligns each target word to a source word (or NULL) by EM, as in fast_align: the translation
 * table t(target | source) starts with Model 1 iterations and continues with a prior that favours
 * the diagonal; the final alignment is the Viterbi one. Sentences are arrays of word ids.
 */
export async function alignWords(
  source: readonly Int32Array[],
  target: readonly Int32Array[],
  options: AlignerOptions = {},
  onProgress?: (fraction: number) => void | Promise<void>,
): Promise<AlignerResult> {
  const opts = { ...DEFAULTS, ...options };
  // Every (target position, source position or NULL) cell of every sentence, as a pair id.
  let cellCount = 0;
  let maxN = 0;
  for (let s = 0; s < source.length; s++) {
    const n = (source[s] as Int32Array).length;
    cellCount += (target[s] as Int32Array).length * (n + 1);
    maxN = Math.max(maxN, n);
  }
  const cells = new Int32Array(cellCount);
  const pairs = new IntPairMap(1 << 16);
  const cond: number[] = [];
  let c = 0;
  let tokens = 0;
  const sizeCounts = new Map<number, number>();
  for (let s = 0; s < source.length; s++) {
    const src = source[s] as Int32Array;
    const tgt = target[s] as Int32Array;
    tokens += tgt.length;
    const sizeKey = tgt.length * 65536 + src.length;
    sizeCounts.set(sizeKey, (sizeCounts.get(sizeKey) ?? 0) + 1);
    for (let j = 0; j < tgt.length; j++) {
      for (let i = -1; i < src.length; i++) {
        const e = i < 0 ? 0 : (src[i] as number) + 1;
        const id = pairs.intern(e, tgt[j] as number);
        if (id === cond.length) cond.push(e);
        cells[c++] = id;
      }
    }
  }
  const condOf = Int32Array.from(cond);
  let condSize = 0;
  for (const e of condOf) condSize = Math.max(condSize, e + 1);
  const t = new Float64Array(pairs.size).fill(1);
  const counts = new Float64Array(pairs.size);
  const totals = new Float64Array(condSize);
  const probs = new Float64Array(maxN + 1);
  const p0 = opts.nullProbability;
  let tension = opts.tension;
  const iterations = opts.model1Iterations + opts.model2Iterations;
  const links: Int32Array[] = [];

  for (let iter = 0; iter <= iterations; iter++) {
    const viterbi = iter === iterations;
    const diagonal = iter >= opts.model1Iterations;
    const tables = new Map<number, Float64Array>();
    let empirical = 0;
    counts.fill(0);
    c = 0;
    for (let s = 0; s < source.length; s++) {
      const n = (source[s] as Int32Array).length;
      const m = (target[s] as Int32Array).length;
      let table: Float64Array | undefined;
      if (diagonal && n > 0) {
        const key = m * 65536 + n;
        table = tables.get(key);
        if (!table) tables.set(key, (table = diagonalTable(m, n, tension)));
      }
      const best = viterbi ? new Int32Array(m) : undefined;
      const uniform = (1 - p0) / Math.max(n, 1);
      for (let j = 0; j < m; j++) {
        let z = (probs[0] = (t[cells[c] as number] as number) * p0);
        for (let i = 1; i <= n; i++) {
          const prior = table ? (1 - p0) * (table[j * n + i - 1] as number) : uniform;
          z += probs[i] = (t[cells[c + i] as number] as number) * prior;
        }
        if (best) {
          let arg = 0;
          for (let i = 1; i <= n; i++) if ((probs[i] as number) > (probs[arg] as number)) arg = i;
          best[j] = arg - 1;
        } else if (z > 0) {
          for (let i = 0; i <= n; i++) {
            const p = (probs[i] as number) / z;
            const id = cells[c + i] as number;
            counts[id] = (counts[id] as number) + p;
            if (diagonal && i > 0) empirical += feature(j + 1, i, m, n) * p;
          }
        }
        c += n + 1;
      }
      if (best) links.push(best);
    }
    if (viterbi) break;
    // M-step: t(f | e) = count(e, f) / count(e).
    totals.fill(0);
    for (let p = 0; p < counts.length; p++) {
      const e = condOf[p] as number;
      totals[e] = (totals[e] as number) + (counts[p] as number);
    }
    for (let p = 0; p < counts.length; p++) {
      const total = totals[condOf[p] as number] as number;
      t[p] = total > 0 ? (counts[p] as number) / total : 0;
    }
    if (diagonal && opts.optimiseTension && tokens > 0)
      tension = tuneTension(tension, empirical / tokens, sizeCounts, tokens);
    // Awaiting the callback lets a training job record progress (and be stopped) between iterations.
    await onProgress?.((iter + 1) / (iterations + 1));
  }
  await onProgress?.(1);
  return { links, tension };
}

// fast_align's gradient steps: move the tension until the prior's expected feature matches the data.
function tuneTension(
  tension: number,
  empirical: number,
  sizeCounts: Map<number, number>,
  tokens: number,
): number {
  let maxN = 0;
  for (const key of sizeCounts.keys()) maxN = Math.max(maxN, key % 65536);
  const scratch = new Float64Array(maxN);
  for (let step = 0; step < 8; step++) {
    let model = 0;
    for (const [key, count] of sizeCounts) {
      const m = Math.floor(key / 65536);
      const n = key % 65536;
      if (n > 0) model += count * expectedFeatureSum(m, n, tension, scratch);
    }
    model /= tokens;
    tension = Math.min(14, Math.max(0.1, tension + (empirical - model) * 20));
  }
  return tension;
}
