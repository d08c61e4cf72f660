// Unit tests of the stack decoder: reordering within the distortion limit, n-best, pass-through.
import { describe, expect, it } from 'vitest';
import { decode, LM_UNKNOWN, type DecoderConfig, type DecoderOption } from './decoder.ts';
import { LanguageModel, trainLanguageModel } from './language-model.ts';

// Target words 0..2 ("x", "y", "z"); the language model has only ever seen "z y x".
const lm = new LanguageModel(trainLanguageModel(Array.from({ length: 5 }, () => Int32Array.from([2, 1, 0]))));
const names = ['x', 'y', 'z'];
const word = (start: number, id: number, tm = 0): DecoderOption => ({
  start,
  end: start + 1,
  words: Int32Array.from([id]),
  text: [names[id] as string],
  tm,
  unknown: false,
});
const config: DecoderConfig = {
  beamSize: 20,
  distortionLimit: 6,
  threshold: 20,
  nBest: 3,
  lmWeight: 1,
  distortionWeight: 0.1,
};

describe('decode', () => {
  it('reorders phrases when the language model prefers it', () => {
    const best = decode(3, [word(0, 0), word(1, 1), word(2, 2)], lm, config)[0];
    expect(best?.text).toEqual(['z', 'y', 'x']);
    expect(best?.phrases.map((p) => [p.start, p.targetStart])).toEqual([
      [2, 0],
      [1, 1],
      [0, 2],
    ]);
  });

  it('stays monotone with a distortion limit of zero', () => {
    const best = decode(3, [word(0, 0), word(1, 1), word(2, 2)], lm, { ...config, distortionLimit: 0 })[0];
    expect(best?.text).toEqual(['x', 'y', 'z']);
  });

  it('returns several candidates, best first, and keeps pass-through words', () => {
    const passThrough: DecoderOption = {
      start: 1,
      end: 2,
      words: Int32Array.from([LM_UNKNOWN]),
      text: ['Qux'],
      tm: -1,
      unknown: true,
    };
    const results = decode(2, [word(0, 0), word(0, 2, -0.5), passThrough], lm, config);
    expect(results.length).toBeGreaterThan(1);
    expect(results[0]?.score).toBeGreaterThanOrEqual(results[1]?.score ?? -Infinity);
    expect(results[0]?.text).toContain('Qux');
    expect(results[0]?.phrases.find((p) => p.start === 1)?.unknown).toBe(true);
  });
});
