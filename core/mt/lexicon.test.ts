// Unit tests of lexicon lookup and glossing (toy language).
import { describe, expect, it } from 'vitest';
import { Lexicon } from './lexicon.ts';
import { tokenise } from './normalise.ts';

const lexicon = new Lexicon([
  { lopit: 'ŋazzle', english: 'morning', partOfSpeech: 'noun' },
  { lopit: 'blórp', english: 'dog; hound', partOfSpeech: 'noun' },
  { lopit: 'zib tok', english: 'thank you', partOfSpeech: 'phrase' },
]);

describe('Lexicon.lookup', () => {
  it('matches case-insensitively and treats ŋ like ng', () => {
    expect(lexicon.lookup('NGAZZLE', 'lpx_to_en')[0]?.english).toBe('morning');
  });

  it('falls back to accent-insensitive matching', () => {
    expect(lexicon.lookup('blorp', 'lpx_to_en')[0]?.english).toBe('dog; hound');
    expect(lexicon.translate('Blorp', 'lpx_to_en')).toBe('dog');
  });

  it('finds an entry from any listed sense', () => {
    expect(lexicon.translate('hound', 'en_to_lpx')).toBe('blórp');
  });

  it('returns nothing for unknown words', () => {
    expect(lexicon.lookup('quux', 'lpx_to_en')).toEqual([]);
  });
});

describe('Lexicon.gloss', () => {
  it('glosses longest entries first, passes unknown words through and marks them', () => {
    const result = lexicon.gloss(tokenise('Zib tok, blorp quux!'), 'lpx_to_en');
    expect(result.targetTokens).toEqual(['thank', 'you', ',', 'dog', 'quux', '!']);
    expect(result.knownWords).toBe(3);
    expect(result.totalWords).toBe(4);
    expect(result.alignment.map((a) => [a.sourceText, a.targetText, a.unknown])).toEqual([
      ['Zib tok', 'thank you', false],
      [',', ',', false],
      ['blorp', 'dog', false],
      ['quux', 'quux', true],
      ['!', '!', false],
    ]);
    expect(result.alignment[0]).toMatchObject({ sourceStart: 0, sourceEnd: 2, targetStart: 0, targetEnd: 2 });
  });
});
