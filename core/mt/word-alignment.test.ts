// Unit tests of the EM word aligner (toy language).
import { describe, expect, it } from 'vitest';
import { toyCorpus } from './toy-language.fixture.ts';
import { Vocabulary } from './vocabulary.ts';
import { alignWords } from './word-alignment.ts';

describe('alignWords', () => {
  const pairs = toyCorpus(200);
  const en = new Vocabulary();
  const lpx = new Vocabulary();
  const source = pairs.map((p) => Int32Array.from(p.english.split(' '), (w) => en.add(w)));
  const target = pairs.map((p) => Int32Array.from(p.lopit.split(' '), (w) => lpx.add(w)));

  it('links each toy word to its translation, across the adjective-noun swap', async () => {
    const { links } = await alignWords(source, target);
    // "the big dog finds the woman" / "ka blorp grak drel ka vesh"
    expect(pairs[0]).toEqual({ english: 'the big dog finds the woman', lopit: 'ka blorp grak drel ka vesh' });
    expect(Array.from(links[0] as Int32Array)).toEqual([0, 2, 1, 3, 4, 5]);
  });

  it('reports progress and keeps the tension within fast_align bounds', async () => {
    const seen: number[] = [];
    const { tension } = await alignWords(
      source,
      target,
      { model1Iterations: 1, model2Iterations: 2 },
      (f) => {
        seen.push(f);
      },
    );
    expect(seen[seen.length - 1]).toBe(1);
    expect(tension).toBeGreaterThanOrEqual(0.1);
    expect(tension).toBeLessThanOrEqual(14);
  });

  it('aligns a word with no counterpart to NULL', async () => {
    const { links } = await alignWords(
      [Int32Array.from([0]), Int32Array.from([0]), Int32Array.from([1])],
      [Int32Array.from([0, 5]), Int32Array.from([0]), Int32Array.from([1])],
      { optimiseTension: false },
    );
    expect(Array.from(links[1] as Int32Array)).toEqual([0]);
    expect(links[0]?.[0]).toBe(0);
  });
});
