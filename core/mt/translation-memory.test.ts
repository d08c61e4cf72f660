// Unit tests of the translation memory (toy language).
import { describe, expect, it } from 'vitest';
import { TranslationMemory } from './translation-memory.ts';

const memory = new TranslationMemory([
  { english: 'the dog eats bread', lopit: 'zib blorp quux fim' },
  { english: 'the dog drinks water', lopit: 'zib blorp dax wum' },
  { english: 'good morning', lopit: 'ŋazzle tok' },
]);

describe('TranslationMemory', () => {
  it('finds exact matches ignoring case, punctuation and ŋ/ng spelling', () => {
    expect(memory.lookup('The dog eats bread!', 'en_to_lpx')).toEqual([
      {
        similarity: 100,
        exact: true,
        source: 'the dog eats bread',
        target: 'zib blorp quux fim',
        pairIndex: 0,
      },
    ]);
    expect(memory.lookup('Ngazzle tok', 'lpx_to_en')[0]?.target).toBe('good morning');
  });

  it('suggests fuzzy matches at 70% and above, reporting the score', () => {
    const matches = memory.lookup('zib blorp quux wum', 'lpx_to_en');
    expect(matches.map((m) => [m.target, m.similarity, m.exact])).toEqual([
      ['the dog eats bread', 75, false],
      ['the dog drinks water', 75, false],
    ]);
  });

  it('offers nothing below 70%', () => {
    expect(memory.lookup('zib dax', 'lpx_to_en')).toEqual([]);
    expect(memory.lookup('zib dax', 'lpx_to_en', 0, 1)[0]?.similarity).toBe(50);
  });

  it('returns nothing for empty input', () => {
    expect(memory.lookup(' ?! ', 'en_to_lpx')).toEqual([]);
  });
});
