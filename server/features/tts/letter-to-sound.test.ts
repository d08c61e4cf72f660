// The letter-to-sound table: longest spellings first, accents and tone marks dropped, and every phoneme it names
// is one the chosen espeak-ng voice can say. (Words here are made up, not Lopit.)
import { afterAll, describe, expect, it } from 'vitest';
import { EspeakEngine } from './espeak-engine.ts';
import { lopitLetterToSound } from './letter-to-sound.ts';

const table = lopitLetterToSound();

describe('Lopit letter-to-sound table', () => {
  it('reads ny and ng as the palatal and velar nasals, written either way', () => {
    expect(table.wordPhonemes('nyoŋ')).toBe('n^|o|N');
    expect(table.wordPhonemes('ɲong')).toBe('n^|o|N');
    expect(table.wordPhonemes('NYONG')).toBe('n^|o|N');
  });

  it('drops tone marks and accents, reads doubled vowels long, folds open vowels', () => {
    expect(table.wordPhonemes('zórbèl')).toBe(table.wordPhonemes('zorbel'));
    expect(table.wordPhonemes('kwaa')).toBe('k|w|a:');
    expect(table.wordPhonemes('bɛlɔ')).toBe('b|e|l|o');
  });

  it('skips what it does not know and apostrophes, and keeps sentence punctuation for pauses', () => {
    expect(table.wordPhonemes("t'a-b7")).toBe('t|a|b');
    expect(table.toEspeakInput('Zorbel, kwintafa! 42 (plimdo)')).toEqual({
      input: '[[z|o|r|b|e|l]], [[k|w|i|n|t|a|f|a]]! [[p|l|i|m|d|o]]',
      words: 3,
    });
    expect(table.toEspeakInput('123 ...').input).toBe('');
  });

  it('has a version that names the table, for the speech cache', () => {
    expect(table.version).toMatch(/^[0-9a-f]{16}$/);
  });

  describe('with espeak-ng', () => {
    const engine = new EspeakEngine();
    afterAll(() => engine.close());

    it('names only phonemes the voice can say', async () => {
      const spoken = (text: string) => engine.synthesize({ text, voice: table.voice, rate: table.rate });
      for (const name of table.phonemeNames()) {
        expect((await spoken(`[[${name}]]`)).phonemes.length, name).toBeGreaterThan(0);
      }
      // A name the voice does not know is not spoken: the check above can fail.
      expect((await spoken('[[E]]')).phonemes).toEqual([]);
      expect((await spoken('[[n^|o|N]]')).phonemes).toEqual(['ɲ', 'ˈo', 'ŋ']);
    });
  });
});
