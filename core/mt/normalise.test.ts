// Unit tests of normalisation and tokenisation (toy words, not Lopit).
import { describe, expect, it } from 'vitest';
import { accentKey, detokenise, joinTokens, matchForm, sentenceKey, tokenise } from './normalise.ts';

describe('matchForm', () => {
  it('applies NFC so composed and decomposed accents match', () => {
    expect(matchForm('bl\u006F\u0301rp')).toBe(matchForm('bl\u00F3rp'));
  });

  it('folds case, including the special Lopit capitals', () => {
    expect(matchForm('ŊAZZLE')).toBe('ngazzle');
    expect(matchForm('ƝOMP')).toBe('nyomp');
  });

  it('maps ŋ and "ng", ɲ and "ny" to one form', () => {
    expect(matchForm('ŋazzle')).toBe(matchForm('ngazzle'));
    expect(matchForm('ɲomp')).toBe(matchForm('Nyomp'));
  });

  it('unifies curly quotes and dashes', () => {
    expect(matchForm('zib’s')).toBe("zib's");
    expect(matchForm('a–b')).toBe('a-b');
  });
});

describe('accentKey', () => {
  it('ignores diacritics and open vowels', () => {
    expect(accentKey('blórp')).toBe('blorp');
    expect(accentKey('zɛ̀ŋ')).toBe('zeng');
    expect(accentKey('bɔ̂x')).toBe(accentKey('box'));
  });
});

describe('tokenise', () => {
  it('splits words and punctuation with spacing', () => {
    const toks = tokenise('Blorp, zib!  "Quux"');
    expect(toks.map((t) => t.text)).toEqual(['Blorp', ',', 'zib', '!', '"', 'Quux', '"']);
    expect(toks.map((t) => t.kind)).toEqual(['word', 'punct', 'word', 'punct', 'punct', 'word', 'punct']);
    expect(toks.map((t) => t.spaceBefore)).toEqual([false, false, true, false, true, false, false]);
  });

  it('keeps combining marks and astral letters inside their word', () => {
    const toks = tokenise('zo\u0301rb 𝔟lip');
    expect(toks.map((t) => t.text)).toEqual(['zórb', '𝔟lip']);
  });

  it('keeps inner apostrophes, hyphens and decimal points in words', () => {
    expect(tokenise("don't half-zib 3.5 end.").map((t) => t.text)).toEqual([
      "don't",
      'half-zib',
      '3.5',
      'end',
      '.',
    ]);
  });

  it('rebuilds the original spacing', () => {
    expect(joinTokens(tokenise('Zib, (blorp) quux!'))).toBe('Zib, (blorp) quux!');
  });
});

describe('sentenceKey and detokenise', () => {
  it('ignores punctuation and case in sentence keys', () => {
    expect(sentenceKey('Blorp zib!')).toBe(sentenceKey('blorp, ZIB'));
  });

  it('joins generated tokens with natural spacing', () => {
    expect(detokenise(['zib', ',', 'blorp', '(', 'quux', ')', '"', 'a', '"', '.'])).toBe(
      'zib, blorp (quux) "a".',
    );
  });
});
