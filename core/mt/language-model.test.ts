// Unit tests of the Kneser-Ney language model (toy language).
import { describe, expect, it } from 'vitest';
import { LanguageModel, trainLanguageModel } from './language-model.ts';

const corpus = [
  [0, 1, 2],
  [0, 1, 3],
  [0, 4, 2],
  [5, 1, 2],
].map((s) => Int32Array.from(s));

describe('LanguageModel', () => {
  const lm = new LanguageModel(trainLanguageModel(corpus, 3));

  it.each([true, false])('gives a proper distribution over the next word (pruning %s)', (prune) => {
    const model = new LanguageModel(trainLanguageModel(corpus, 3, prune));
    for (const history of [[0, 1], [5], [], [4, 2]]) {
      let state = model.startState;
      for (const w of history) state = model.score(state, w).state;
      let sum = 0;
      for (let w = -1; w < 6; w++) sum += Math.exp(model.score(state, w).logProb);
      // Unseen words share the remaining mass (one unknown slot).
      sum += Math.exp(model.score(state, 99).logProb);
      expect(sum).toBeCloseTo(1, 6);
    }
  });

  it('prunes highest-order singletons', () => {
    expect(trainLanguageModel(corpus, 3, true).parent.length).toBeLessThan(
      trainLanguageModel(corpus, 3, false).parent.length,
    );
  });

  it('prefers seen word orders', () => {
    expect(lm.sentenceLogProb(Int32Array.from([0, 1, 2]))).toBeGreaterThan(
      lm.sentenceLogProb(Int32Array.from([2, 1, 0])),
    );
  });

  it('scores unknown words low but finitely', () => {
    const r = lm.score(lm.startState, 42);
    expect(Number.isFinite(r.logProb)).toBe(true);
    expect(r.logProb).toBeLessThan(lm.score(lm.startState, 0).logProb);
  });
});
