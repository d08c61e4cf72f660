// chrF and BLEU against sacreBLEU's published values and hand-derived cases.
import { describe, expect, it } from 'vitest';
import { corpusBleu, tokenise13a } from './bleu.ts';
import { corpusChrf } from './chrf.ts';

const round4 = (x: number) => Math.round(x * 1e4) / 1e4;

describe('corpusChrf', () => {
  it('matches sacreBLEU on the reference example', () => {
    expect(round4(corpusChrf(['the cat sat on the mat'], ['the cat is on the mat']))).toBe(64.5779);
  });

  it('is 100 for identical text and ignores whitespace', () => {
    expect(corpusChrf(['zib blorp'], ['zibblorp'])).toBe(100);
  });

  it('is 0 with no shared characters', () => {
    expect(corpusChrf(['abc'], ['xyz'])).toBe(0);
  });

  it('follows precision/recall averaging by hand on a short case', () => {
    // hyp "ab", ref "abc": order 1 P=1 R=2/3; order 2 P=1 R=1/2; orders 3-6 have no hypothesis n-grams.
    const p = 1;
    const r = (2 / 3 + 1 / 2) / 2;
    expect(corpusChrf(['ab'], ['abc'])).toBeCloseTo((100 * 5 * p * r) / (4 * p + r), 10);
  });
});

describe('corpusBleu', () => {
  it('matches sacreBLEU (exp smoothing) on the reference example', () => {
    expect(round4(corpusBleu(['the cat sat on the mat'], ['the cat is on the mat']).score)).toBe(37.9918);
  });

  it('is 0 without smoothing when no 4-gram matches', () => {
    expect(
      corpusBleu(['the cat sat on the mat'], ['the cat is on the mat'], { smoothing: 'none' }).score,
    ).toBe(0);
  });

  it('applies the brevity penalty by hand', () => {
    // Hypothesis is the first 4 of 5 reference words: precisions 1, BP = exp(1 - 5/4).
    const result = corpusBleu(['a b c d'], ['a b c d e'], { smoothing: 'none' });
    expect(result.brevityPenalty).toBeCloseTo(Math.exp(-0.25), 12);
    expect(result.score).toBeCloseTo(100 * Math.exp(-0.25), 10);
  });

  it('tokenises like 13a', () => {
    expect(tokenise13a('Hello, world. It costs $3.50-4 (approx.)!')).toEqual([
      'Hello',
      ',',
      'world',
      '.',
      'It',
      'costs',
      '$',
      '3.50',
      '-',
      '4',
      '(',
      'approx',
      '.',
      ')',
      '!',
    ]);
  });
});
