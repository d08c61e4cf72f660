// Unit tests of word edit distance and similarity.
import { describe, expect, it } from 'vitest';
import { wordEditDistance, wordSimilarity } from './edit-distance.ts';

describe('wordEditDistance', () => {
  it('counts word insertions, deletions and substitutions', () => {
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'b', 'c'])).toBe(0);
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'x', 'c'])).toBe(1);
    expect(wordEditDistance(['a', 'b', 'c'], ['a', 'c'])).toBe(1);
    expect(wordEditDistance([], ['a', 'b'])).toBe(2);
    expect(wordEditDistance(['k', 'i', 't', 't', 'e', 'n'], ['s', 'i', 't', 't', 'i', 'n', 'g'])).toBe(3);
  });
});

describe('wordSimilarity', () => {
  it('is the percentage of the longer sentence left unchanged', () => {
    expect(wordSimilarity(['zib', 'blorp', 'quux', 'fim'], ['zib', 'blorp', 'quux', 'dax'])).toBe(75);
    expect(wordSimilarity([], [])).toBe(100);
    expect(wordSimilarity(['a'], [])).toBe(0);
  });
});
