// Beam (stack) decoder for phrase-based translation with a distortion limit and future-cost estimates.
import type { LanguageModel } from './language-model.ts';

/** LM id for words the language model cannot know (passed-through or lexicon words). */
export const LM_UNKNOWN = 1 << 30;

export interface DecoderOption {
  start: number;
  end: number;
  /** Target words as LM ids (LM_UNKNOWN when not in the target vocabulary). */
  words: Int32Array;
  text: string[];
  /** Weighted translation-model score, phrase and word penalties included. */
  tm: number;
  unknown: boolean;
  /** Linked words inside the phrase as [source offset, target offset]; none for single words. */
  links?: [number, number][];
}

export interface DecoderConfig {
  beamSize: number;
  distortionLimit: number;
  /** Hypotheses worse than the best of their stack by more than this (log score) are dropped. */
  threshold: number;
  nBest: number;
  lmWeight: number;
  distortionWeight: number;
}

export interface DecodedPhrase {
  start: number;
  end: number;
  targetStart: number;
  targetEnd: number;
  unknown: boolean;
  links?: [number, number][];
}

export interface Decoded {
  score: number;
  text: string[];
  phrases: DecodedPhrase[];
}

interface Hyp {
  score: number;
  total: number;
  gap: number;
  /** Coverage of positions gap+1 .. gap+31, bit k = position gap + 1 + k. */
  mask: number;
  state: number;
  lastEnd: number;
  covered: number;
  prev: Hyp | null;
  option: DecoderOption | null;
}

function covered(gap: number, mask: number, p: number): boolean {
  if (p < gap) return true;
  if (p === gap) return false;
  const k = p - gap - 1;
  return k < 31 && (mask & (1 << k)) !== 0;
}

function isCovered(h: Hyp, p: number): boolean {
  return covered(h.gap, h.mask, p);
}

/** Coverage after adding [start, end); null when it does not fit the 32-position window. */
function cover(h: Hyp, start: number, end: number): { gap: number; mask: number } | null {
  let gap = h.gap;
  let mask = h.mask;
  for (let p = start; p < end; p++) {
    if (p === gap) continue;
    const k = p - gap - 1;
    if (k >= 31) return null;
    mask |= 1 << k;
  }
  if (start === gap) {
    // The first gap is filled: slide the window to the next uncovered position.
    gap = end;
    const shiftFromOld = end - h.gap - 1;
    mask = shiftFromOld >= 31 ? 0 : mask >>> shiftFromOld;
    while (mask & 1) {
      mask >>>= 1;
      gap++;
    }
    mask >>>= 1;
  }
  return { gap, mask };
}

/** Best-first translations of a sentence of `n` source positions from the given options. */
export function decode(
  n: number,
  options: readonly DecoderOption[],
  lm: LanguageModel,
  config: DecoderConfig,
): Decoded[] {
  const bySpan = new Map<number, number[]>();
  let maxLen = 1;
  // LM score of each option's words on their own: the optimistic part of its cost.
  const lmEstimate = new Float64Array(options.length);
  const best = new Float64Array(n * (n + 1)).fill(-Infinity);
  for (const [oi, o] of options.entries()) {
    const key = o.start * (n + 1) + o.end;
    const list = bySpan.get(key);
    if (list) list.push(oi);
    else bySpan.set(key, [oi]);
    maxLen = Math.max(maxLen, o.end - o.start);
    let state = 0;
    let lp = 0;
    for (const w of o.words) {
      lp += lm.scoreWord(state, w);
      state = lm.lastState;
    }
    lmEstimate[oi] = lp;
    best[key] = Math.max(best[key] as number, o.tm + config.lmWeight * lp);
  }
  // Best options first, so the expansion loop can stop at the first one that cannot compete.
  const optimistic = (oi: number) =>
    (options[oi] as DecoderOption).tm + config.lmWeight * (lmEstimate[oi] as number);
  for (const list of bySpan.values()) list.sort((a, b) => optimistic(b) - optimistic(a));
  // Future cost of every span: its best option, or the best split into two cheaper spans.
  const future = new Float64Array(n * (n + 1)).fill(-Infinity);
  for (let len = 1; len <= n; len++) {
    for (let s = 0; s + len <= n; s++) {
      const e = s + len;
      let f = best[s * (n + 1) + e] as number;
      for (let k = s + 1; k < e; k++)
        f = Math.max(f, (future[s * (n + 1) + k] as number) + (future[k * (n + 1) + e] as number));
      future[s * (n + 1) + e] = f;
    }
  }
  const futureOf = (gap: number, mask: number): number => {
    let f = 0;
    let p = gap;
    while (p < n) {
      if (covered(gap, mask, p)) {
        p++;
        continue;
      }
      let q = p;
      while (q < n && !covered(gap, mask, q)) q++;
      f += future[p * (n + 1) + q] as number;
      p = q;
    }
    return f;
  };

  const stacks: Map<string, Hyp>[] = Array.from({ length: n + 1 }, () => new Map<string, Hyp>());
  const bestInStack = new Float64Array(n + 1).fill(-Infinity);
  const start: Hyp = {
    score: 0,
    total: 0,
    gap: 0,
    mask: 0,
    state: lm.startState,
    lastEnd: 0,
    covered: 0,
    prev: null,
    option: null,
  };
  start.total = futureOf(0, 0);
  stacks[0]?.set('', start);
  for (let k = 0; k < n; k++) {
    const stack = prune(stacks[k] as Map<string, Hyp>, config);
    for (const h of stack) {
      const lo = Math.max(0, h.lastEnd - config.distortionLimit);
      const hi = Math.min(n - 1, h.lastEnd + config.distortionLimit);
      for (let s = Math.max(lo, h.gap); s <= hi; s++) {
        if (isCovered(h, s)) continue;
        for (let e = s + 1; e <= Math.min(n, s + maxLen); e++) {
          if (isCovered(h, e - 1)) break;
          // The first gap must stay reachable from the new phrase's end.
          if (s !== h.gap && e - h.gap > config.distortionLimit) break;
          const opts = bySpan.get(s * (n + 1) + e);
          if (!opts) continue;
          const cov = cover(h, s, e);
          if (!cov) break;
          const count = h.covered + (e - s);
          const fut = futureOf(cov.gap, cov.mask);
          const distortion = -config.distortionWeight * Math.abs(s - h.lastEnd);
          const target = stacks[count] as Map<string, Hyp>;
          for (const oi of opts) {
            const o = options[oi] as DecoderOption;
            if (
              h.score + distortion + fut + optimistic(oi) <
              (bestInStack[count] as number) - config.threshold
            )
              break;
            let state = h.state;
            let lp = 0;
            for (const w of o.words) {
              lp += lm.scoreWord(state, w);
              state = lm.lastState;
            }
            if (count === n) lp += lm.scoreWord(state, -1);
            const score = h.score + o.tm + distortion + config.lmWeight * lp;
            const total = score + fut;
            if (total < (bestInStack[count] as number) - config.threshold) continue;
            const key = `${cov.gap},${cov.mask},${state},${e}`;
            const old = target.get(key);
            if (old && old.total >= total) continue;
            target.set(key, {
              score,
              total,
              gap: cov.gap,
              mask: cov.mask,
              state,
              lastEnd: e,
              covered: count,
              prev: h,
              option: o,
            });
            if (total > (bestInStack[count] as number)) bestInStack[count] = total;
          }
        }
      }
    }
  }
  const finals = prune(stacks[n] as Map<string, Hyp>, {
    ...config,
    beamSize: Math.max(config.nBest * 4, config.nBest),
  });
  return finals.slice(0, config.nBest * 4).map(backtrack);
}

function prune(stack: Map<string, Hyp>, config: Pick<DecoderConfig, 'beamSize' | 'threshold'>): Hyp[] {
  const hyps = Array.from(stack.values()).sort((a, b) => b.total - a.total);
  const top = hyps[0]?.total ?? 0;
  return hyps.slice(0, config.beamSize).filter((h) => h.total >= top - config.threshold);
}

function backtrack(final: Hyp): Decoded {
  const chain: DecoderOption[] = [];
  for (let h: Hyp | null = final; h?.option; h = h.prev) chain.push(h.option);
  chain.reverse();
  const text: string[] = [];
  const phrases: DecodedPhrase[] = [];
  for (const o of chain) {
    phrases.push({
      start: o.start,
      end: o.end,
      targetStart: text.length,
      targetEnd: text.length + o.text.length,
      unknown: o.unknown,
      ...(o.links ? { links: o.links } : {}),
    });
    text.push(...o.text);
  }
  return { score: final.score, text, phrases };
}
