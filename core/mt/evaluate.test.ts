// Held-out split and evaluation on the toy language.
import { describe, expect, it } from 'vitest';
import { sentenceKey } from './normalise.ts';
import { splitHeldOut, trainAndEvaluate } from './evaluate.ts';
import { toyCorpus } from './toy-language.fixture.ts';

describe('splitHeldOut', () => {
  const pairs = [
    ...toyCorpus(200),
    { english: 'the big dog sees the cat', lopit: 'ka blorp grak zibba ka mirv' },
  ];

  it('holds out at least 10% with no sentence shared with training', () => {
    const { train, test } = splitHeldOut(pairs, { seed: 3 });
    expect(test.length + train.length).toBeLessThanOrEqual(pairs.length);
    expect(train.length + test.length).toBeGreaterThanOrEqual(pairs.length - test.length);
    const heldOut = new Set(test.map((p) => sentenceKey(p.english)));
    expect(train.some((p) => heldOut.has(sentenceKey(p.english)))).toBe(false);
    const lopit = new Set(test.map((p) => sentenceKey(p.lopit)));
    expect(train.some((p) => lopit.has(sentenceKey(p.lopit)))).toBe(false);
    // Duplicates moved to the held-out side were dropped there, so count distinct sentences.
    const distinct = new Set(pairs.map((p) => sentenceKey(p.english))).size;
    expect(new Set(test.map((p) => sentenceKey(p.english))).size).toBeGreaterThanOrEqual(
      Math.ceil(0.1 * distinct) - 1,
    );
    expect(test.length).toBe(new Set(test.map((p) => `${p.english}|${p.lopit}`)).size);
  });

  it('is reproducible with the same seed and differs with another', () => {
    expect(splitHeldOut(pairs, { seed: 3 })).toEqual(splitHeldOut(pairs, { seed: 3 }));
    expect(splitHeldOut(pairs, { seed: 4 }).test).not.toEqual(splitHeldOut(pairs, { seed: 3 }).test);
  });
});

describe('trainAndEvaluate', () => {
  it('scores both directions with chrF and BLEU', async () => {
    const result = await trainAndEvaluate(toyCorpus(300), { seed: 1 });
    expect(result.testCount).toBeGreaterThanOrEqual(1);
    for (const scores of Object.values(result.scores)) {
      expect(scores.chrf).toBeGreaterThan(80);
      expect(scores.bleu).toBeGreaterThan(50);
    }
  });
});
