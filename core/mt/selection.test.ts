// Ranking untranslated sentences by what they would teach the model (n-gram novelty weighted by density).
import { describe, expect, it } from 'vitest';
import { rankByNovelty } from './selection.ts';

const known = ['the big dog sees the cat', 'the small cat likes the bird'];
const candidates = [
  { id: 1, text: 'the big dog sees the cat' }, // nothing new
  { id: 2, text: 'the zorgon eats the quib' }, // new: zorgon, eats, quib
  { id: 3, text: 'the red zorgon finds the dog' }, // new: red, zorgon (in 3 sentences), finds
  { id: 4, text: 'a red zorgon' }, // new: a, red, zorgon
  { id: 5, text: 'the quib sees the bird' }, // quib
];

describe('rankByNovelty', () => {
  it('gives a fixed order on a fixture, the most teaching sentence first and the one with nothing new last', () => {
    const ranked = rankByNovelty(candidates, known);
    expect(ranked.map((r) => r.id)).toEqual([3, 2, 5, 4, 1]);
    expect(ranked.map((r) => r.rank)).toEqual([1, 2, 3, 4, 5]);
    expect(ranked.at(-1)).toMatchObject({ id: 1, score: 0, newNgrams: 0 });
    // The same input gives the same ranking.
    expect(rankByNovelty(candidates, known)).toEqual(ranked);
  });

  it('does not ask twice for the same new words: coverage is updated after each choice', () => {
    const ranked = rankByNovelty(
      [
        { id: 10, text: 'wibble wobble' },
        { id: 11, text: 'wibble wobble' },
        { id: 12, text: 'flarn' },
      ],
      [],
    );
    expect(ranked.map((r) => r.id)).toEqual([10, 12, 11]);
    expect(ranked[2]).toMatchObject({ score: 0, newWords: [] });
  });

  it('explains each rank with the new words it would teach', () => {
    const [first] = rankByNovelty(candidates, known);
    expect(first?.newWords).toEqual(['zorgon', 'red', 'finds']);
    expect(first?.reason).toMatch(
      /^Teaches 3 new words \(zorgon, red, finds\) and 9 new word sequences, found 16 times/,
    );
    expect(rankByNovelty([{ id: 1, text: 'the cat' }], known)[0]?.reason).toBe(
      'Brings nothing the translated sentences do not already hold.',
    );
  });

  it('prefers words that recur among the waiting sentences over one-off words', () => {
    const ranked = rankByNovelty(
      [
        { id: 1, text: 'plonk' },
        { id: 2, text: 'vesh' },
        { id: 3, text: 'vesh tum' },
        { id: 4, text: 'vesh tum' },
      ],
      [],
    );
    expect(ranked[0]?.id).toBe(3);
  });
});
