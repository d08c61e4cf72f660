// Target-side n-gram language model with interpolated Kneser-Ney smoothing, stored as a trie.
import { IntPairMap } from './int-pair-map.ts';

/** LM-internal ids: 0 = <s>, 1 = </s>, word id w = w + 2. */
const BOS = 0;
const EOS = 1;
const ROOT = 0;

/** The trie's nodes (1..n; node 0 is the empty context): parent node, word, log p, log backoff. */
export interface LanguageModelData {
  order: number;
  parent: Int32Array;
  word: Int32Array;
  logProb: Float32Array;
  logBackoff: Float32Array;
  /** Log probability of a word never seen in training. */
  logUnknown: number;
}

export interface LmScore {
  logProb: number;
  state: number;
}

/** An n-gram model; a state is a trie node standing for the last words that matter. */
export class LanguageModel {
  readonly data: LanguageModelData;
  private readonly children: IntPairMap;
  private readonly suffix: Int32Array;
  private readonly depth: Uint8Array;
  private readonly hasChildren: Uint8Array;
  readonly startState: number;

  constructor(data: LanguageModelData) {
    this.data = data;
    const nodes = data.parent.length + 1;
    this.children = new IntPairMap(nodes);
    this.suffix = new Int32Array(nodes);
    this.depth = new Uint8Array(nodes);
    this.hasChildren = new Uint8Array(nodes);
    for (let k = 0; k < data.parent.length; k++) {
      const parent = data.parent[k] as number;
      const id = this.children.intern(parent, data.word[k] as number) + 1;
      if (id !== k + 1) throw new Error('Language model: nodes are not in trie order');
      this.depth[id] = (this.depth[parent] as number) + 1;
      this.hasChildren[parent] = 1;
    }
    for (let x = 1; x < nodes; x++) {
      const parent = data.parent[x - 1] as number;
      this.suffix[x] =
        parent === ROOT ? ROOT : this.child(this.suffix[parent] as number, data.word[x - 1] as number);
    }
    this.startState = this.child(ROOT, BOS);
  }

  private child(node: number, word: number): number {
    const id = this.children.get(node, word);
    return id < 0 ? -1 : id + 1;
  }

  /** State after the last scoreWord() call (kept in a field so the decoder's hot loop allocates nothing). */
  lastState = ROOT;

  /** Log probability of target word `wordId` (or the sentence end with -1) after `state`; sets lastState. */
  scoreWord(state: number, wordId: number): number {
    const w = wordId < 0 ? EOS : wordId + 2;
    let h = state;
    let acc = 0;
    for (;;) {
      const x = this.child(h, w);
      if (x >= 0) {
        let next = (this.depth[x] as number) >= this.data.order ? (this.suffix[x] as number) : x;
        // A context without continuations backs off with weight 1: drop its first word (KenLM's trick).
        while (next !== ROOT && !this.hasChildren[next]) next = this.suffix[next] as number;
        this.lastState = next;
        return acc + (this.data.logProb[x - 1] as number);
      }
      if (h === ROOT) {
        this.lastState = ROOT;
        return acc + this.data.logUnknown;
      }
      acc += this.data.logBackoff[h - 1] as number;
      h = this.suffix[h] as number;
    }
  }

  /** Scores target word `wordId` (or the sentence end with -1) after `state`. */
  score(state: number, wordId: number): LmScore {
    const logProb = this.scoreWord(state, wordId);
    return { logProb, state: this.lastState };
  }

  /** Log probability of a whole sentence, including the end marker. */
  sentenceLogProb(words: ArrayLike<number>): number {
    let state = this.startState;
    let total = 0;
    for (let i = 0; i <= words.length; i++) {
      const r = this.score(state, i < words.length ? (words[i] as number) : -1);
      total += r.logProb;
      state = r.state;
    }
    return total;
  }
}

function inc(array: Float64Array, index: number, by: number): void {
  array[index] = (array[index] as number) + by;
}

/** Trains an interpolated Kneser-Ney model of `order` from sentences of word ids. */
export function trainLanguageModel(
  sentences: readonly Int32Array[],
  order = 3,
  pruneSingletons = true,
): LanguageModelData {
  const children = new IntPairMap(1 << 16);
  const parent: number[] = [];
  const word: number[] = [];
  const count: number[] = [];
  for (const sentence of sentences) {
    const padded = [BOS, ...Array.from(sentence, (w) => w + 2), EOS];
    for (let start = 0; start < padded.length; start++) {
      let node = ROOT;
      for (let k = start; k < Math.min(padded.length, start + order); k++) {
        const w = padded[k] as number;
        const id = children.intern(node, w) + 1;
        if (id > parent.length) {
          parent.push(node);
          word.push(w);
          count.push(0);
        }
        count[id - 1] = (count[id - 1] as number) + 1;
        node = id;
      }
    }
  }
  const n = parent.length;
  const child = (h: number, w: number) => children.get(h, w) + 1;
  const depth = new Uint8Array(n + 1);
  const suffix = new Int32Array(n + 1);
  const startsWithBos = new Uint8Array(n + 1);
  for (let x = 1; x <= n; x++) {
    const p = parent[x - 1] as number;
    depth[x] = (depth[p] as number) + 1;
    startsWithBos[x] = p === ROOT ? (word[x - 1] === BOS ? 1 : 0) : (startsWithBos[p] as number);
  }
  for (let x = 1; x <= n; x++) {
    const p = parent[x - 1] as number;
    suffix[x] = p === ROOT ? ROOT : child(suffix[p] as number, word[x - 1] as number);
  }
  // Kneser-Ney: lower orders count distinct left contexts instead of occurrences.
  const continuation = new Float64Array(n + 1);
  for (let x = 1; x <= n; x++) if ((depth[x] as number) >= 2) inc(continuation, suffix[x] as number, 1);
  const adjusted = new Float64Array(n + 1);
  for (let x = 1; x <= n; x++) {
    adjusted[x] =
      depth[x] === order || startsWithBos[x] ? (count[x - 1] as number) : (continuation[x] as number);
  }
  // One absolute discount per order: D = n1 / (n1 + 2 n2) from the counts of counts.
  const n1 = new Float64Array(order + 1);
  const n2 = new Float64Array(order + 1);
  for (let x = 1; x <= n; x++) {
    if (adjusted[x] === 1) inc(n1, depth[x] as number, 1);
    else if (adjusted[x] === 2) inc(n2, depth[x] as number, 1);
  }
  const discount = Array.from({ length: order + 1 }, (_, k) => {
    const d = (n1[k] as number) / ((n1[k] as number) + 2 * (n2[k] as number));
    return Number.isFinite(d) && d > 0 && d < 1 ? d : 0.5;
  });
  const total = new Float64Array(n + 1);
  const types = new Float64Array(n + 1);
  for (let x = 1; x <= n; x++) {
    if (depth[x] === 1 && word[x - 1] === BOS) continue; // <s> is never predicted
    const p = parent[x - 1] as number;
    inc(total, p, adjusted[x] as number);
    inc(types, p, 1);
  }
  // Pruning: highest-order n-grams seen once are dropped (most of the model's size); the mass they
  // held moves to their context's backoff weight, so every distribution still sums to one.
  const pruned = new Uint8Array(n + 1);
  const freed = new Float64Array(n + 1);
  if (pruneSingletons && order >= 2) {
    for (let x = 1; x <= n; x++) {
      if (depth[x] !== order || count[x - 1] !== 1) continue;
      pruned[x] = 1;
      inc(freed, parent[x - 1] as number, 1 - (discount[order] as number));
    }
  }
  const gamma = (h: number) =>
    (total[h] as number) > 0
      ? ((discount[(depth[h] as number) + 1] as number) * (types[h] as number) + (freed[h] as number)) /
        (total[h] as number)
      : 1;
  const vocabulary = types[ROOT] as number;
  const uniform = 1 / (vocabulary + 1);
  const prob = new Float64Array(n + 1);
  const logBackoff = new Float32Array(n);
  // Nodes sorted by depth so that the lower-order probability is ready when needed.
  const byDepth = Array.from({ length: n }, (_, k) => k + 1).sort(
    (a, b) => (depth[a] as number) - (depth[b] as number),
  );
  for (const x of byDepth) {
    if (pruned[x]) continue;
    const p = parent[x - 1] as number;
    if (depth[x] === 1 && word[x - 1] === BOS) {
      prob[x] = 1;
    } else {
      const lower =
        p === ROOT ? uniform : (prob[child(suffix[p] as number, word[x - 1] as number)] as number);
      const d = discount[depth[x] as number] as number;
      prob[x] = Math.max((adjusted[x] as number) - d, 0) / (total[p] as number) + gamma(p) * lower;
    }
    logBackoff[x - 1] = Math.log(gamma(x));
  }
  // Renumber the kept nodes; pruned nodes are leaves, so every kept node keeps its parent.
  const newId = new Int32Array(n + 1);
  const kept: number[] = [];
  for (let x = 1; x <= n; x++) {
    if (pruned[x]) continue;
    kept.push(x);
    newId[x] = kept.length;
  }
  return {
    order,
    parent: Int32Array.from(kept, (x) => newId[parent[x - 1] as number] as number),
    word: Int32Array.from(kept, (x) => word[x - 1] as number),
    logProb: Float32Array.from(kept, (x) => Math.log(prob[x] as number)),
    logBackoff: Float32Array.from(kept, (x) => logBackoff[x - 1] as number),
    logUnknown: Math.log(gamma(ROOT) * uniform),
  };
}
