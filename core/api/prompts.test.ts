// Common Voice's reading limits as the admins' list applies them.
import { describe, expect, it } from 'vitest';
import { PROMPT_MAX_WORDS, promptReadable, promptReadProblems } from './prompts.ts';

describe('promptReadable', () => {
  it('accepts a short plain sentence and refuses one word over the limit', () => {
    expect(promptReadable('Good morning, how did you sleep?')).toBe(true);
    const words = (count: number) => Array.from({ length: count }, () => 'word').join(' ');
    expect(promptReadable(words(PROMPT_MAX_WORDS))).toBe(true);
    expect(promptReadProblems(words(PROMPT_MAX_WORDS + 1))).toEqual(['too-long']);
  });

  it('names digits, abbreviations and capitals, but not the words I and A', () => {
    expect(promptReadProblems('We bought 3 goats')).toEqual(['digits']);
    expect(promptReadProblems('Bring food, e.g. beans')).toEqual(['abbreviation']);
    expect(promptReadProblems('The UNHCR truck came')).toEqual(['abbreviation']);
    expect(promptReadable('I saw A tree')).toBe(true);
    expect(promptReadProblems('   ')).toEqual(['empty']);
  });
});
