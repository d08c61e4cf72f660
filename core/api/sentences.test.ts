// The sentence collection's rules for a written sentence (Common Voice's, for any language), and the schema that
// applies them: normalised whitespace, field messages, an optional source.
import { describe, expect, it } from 'vitest';
import { SENTENCE_MAX_CHARS, sentenceProblems, sentenceProposeSchema } from './sentences.ts';

describe('sentenceProblems', () => {
  it('accepts one sentence of a few words, with its own punctuation and letters of any script', () => {
    expect(sentenceProblems('Zorbu vanta kilo.')).toEqual([]);
    expect(sentenceProblems('Ŋorbu ɛvanta, kilɔ?')).toEqual([]);
    expect(sentenceProblems('“Zorbu vanta!” kilo mera.')).toEqual([]);
  });

  it.each([
    ['', ['empty']],
    ['Zorbu 12 vanta', ['digits']],
    ['Zorbu ٣ vanta', ['digits']],
    ['Zorbu UNHCR vanta', ['abbreviation']],
    ['Zorbu i.e. vanta', ['abbreviation']],
    ['Zorbu @vanta (kilo)', ['symbols']],
    ['Zorbu vanta! Kilo mera.', ['several-sentences']],
    [Array.from({ length: 15 }, () => 'zo').join(' '), ['too-many-words']],
    ['z'.repeat(SENTENCE_MAX_CHARS + 1), ['too-long']],
  ])('finds in %j: %j', (text, problems) => {
    expect(sentenceProblems(text)).toEqual(problems);
  });
});

describe('sentenceProposeSchema', () => {
  it('makes inner whitespace one space, trims, and keeps an empty source as none', () => {
    expect(sentenceProposeSchema.parse({ text: '  Zorbu\n\tvanta  kilo ', source: '  ' })).toEqual({
      text: 'Zorbu vanta kilo',
      source: null,
    });
    expect(sentenceProposeSchema.parse({ text: 'Zorbu', source: ' a  song ' }).source).toBe('a song');
  });

  it('gives each problem as a message on text', () => {
    const result = sentenceProposeSchema.safeParse({ text: 'Zorbu 3 #vanta' });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['text', 'Write numbers as words, not digits'],
      ['text', 'Leave out symbols a reader cannot say'],
    ]);
  });
});
