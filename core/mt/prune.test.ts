// Pruning the phone's model: significance of phrase pairs, entropy pruning of the language models, and the
// compact model still translating what the full one did.
import { beforeAll, describe, expect, it } from 'vitest';
import { LanguageModel, trainLanguageModel } from './language-model.ts';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { tokenise } from './normalise.ts';
import { compactModel, negLogSignificance, pruneLanguageModel, significantPairs } from './prune.ts';
import { toyCorpus, toySentence } from './toy-language.fixture.ts';
import { trainModel } from './train.ts';

const held = [toySentence('red', 'bird', 'likes', 'child'), toySentence('small', 'woman', 'finds', 'dog')];
let data: MtModelData;

beforeAll(async () => {
  data = await trainModel(toyCorpus(300, 7, held));
});

describe('negLogSignificance (Fisher exact test)', () => {
  it('gives ln N for a pair seen once whose phrases are each seen once', () => {
    expect(negLogSignificance(1, 1, 1, 1000)).toBeCloseTo(Math.log(1000), 9);
  });

  it('matches a hand-computed hypergeometric tail', () => {
    // N = 10, c(s) = 3, c(t) = 4, joint >= 2: [C(4,2)C(6,1) + C(4,3)C(6,0)] / C(10,3) = (36 + 4) / 120.
    expect(negLogSignificance(2, 3, 4, 10)).toBeCloseTo(-Math.log(40 / 120), 9);
  });

  it('finds pairs that always co-occur more significant than pairs that meet by chance', () => {
    expect(negLogSignificance(50, 50, 50, 1000)).toBeGreaterThan(negLogSignificance(5, 50, 100, 1000));
    expect(negLogSignificance(0, 50, 100, 1000)).toBeCloseTo(0, 9);
  });
});

describe('phrase-table pruning', () => {
  it('drops pairs below the threshold and keeps every single-word pair by default', () => {
    const statistics = data.statistics!;
    const strict = significantPairs(data.phrases, statistics, { phraseThreshold: 8 });
    const kept = strict.reduce((s, k) => s + k, 0);
    expect(kept).toBeLessThan(data.phrases.pairEn.length);
    expect(kept).toBeGreaterThan(0);
    const loose = significantPairs(data.phrases, statistics, { phraseThreshold: -Infinity });
    expect(loose.every((k) => k === 1)).toBe(true);
    const compact = compactModel(data, { phraseThreshold: 8 });
    expect(compact.phrases.pairEn.length).toBe(kept);
    expect(compact.statistics).toBeUndefined();
  });

  it('still translates the toy sentences the unpruned model did, both ways', () => {
    const full = new MtModel(data);
    const compact = compactModel(data, { phraseThreshold: 8 });
    expect(compact.phrases.pairEn.length).toBeLessThan(data.phrases.pairEn.length);
    const pruned = new MtModel(compact);
    const cases = [...held, ...toyCorpus(20, 11)];
    for (const pair of cases) {
      const en = full.translate(tokenise(pair.english), 'en_to_lpx')?.text;
      expect(en).toBe(pair.lopit);
      expect(pruned.translate(tokenise(pair.english), 'en_to_lpx')?.text).toBe(en);
      const lpx = full.translate(tokenise(pair.lopit), 'lpx_to_en')?.text;
      expect(pruned.translate(tokenise(pair.lopit), 'lpx_to_en')?.text).toBe(lpx);
    }
  });

  it('keeps the table when the model has no training counts (read from a file)', () => {
    const { statistics: _s, ...fromFile } = data;
    expect(compactModel(fromFile).phrases).toBe(data.phrases);
  });
});

describe('language-model pruning (Stolcke)', () => {
  const WORDS = [...'the big small red old dog cat bird man woman child sees eats likes finds'.split(' ')];
  const sentences = toyCorpus(200, 3).map((p) =>
    Int32Array.from(tokenise(p.english), (t) => WORDS.indexOf(t.norm)),
  );
  const lm = trainLanguageModel(sentences, 3, false);

  it('drops more n-grams as the threshold rises, never unigrams', () => {
    const a = pruneLanguageModel(lm, 1e-4);
    const b = pruneLanguageModel(lm, 1e-2);
    expect(a.parent.length).toBeLessThan(lm.parent.length);
    expect(b.parent.length).toBeLessThan(a.parent.length);
    const unigrams = (m: typeof lm) => m.parent.filter((p) => p === 0).length;
    expect(unigrams(b)).toBe(unigrams(lm));
    expect(pruneLanguageModel(lm, 0)).toBe(lm);
  });

  it('keeps every distribution summing to one (backoff weights recomputed), unknown words aside', () => {
    const pruned = new LanguageModel(pruneLanguageModel(lm, 1e-3));
    const original = new LanguageModel(lm);
    for (const model of [original, pruned]) {
      for (const context of [['the'], ['the', 'big'], ['sees', 'the'], ['dog']]) {
        let state = model.startState;
        for (const w of context) {
          model.scoreWord(
            state,
            [
              'the',
              'big',
              'small',
              'red',
              'old',
              'dog',
              'cat',
              'bird',
              'man',
              'woman',
              'child',
              'sees',
              'eats',
              'likes',
              'finds',
            ].indexOf(w),
          );
          state = model.lastState;
        }
        let total = Math.exp(model.scoreWord(state, -1));
        for (let w = 0; w < 15; w++) total += Math.exp(model.scoreWord(state, w));
        // The rest is the mass kept for words never seen (a fraction of a percent here).
        expect(Math.abs(total - 1)).toBeLessThan(0.01);
      }
    }
  });
});
