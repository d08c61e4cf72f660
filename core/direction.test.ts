import { describe, expect, it } from 'vitest';
import { detectDirection } from './direction.ts';

describe('detectDirection', () => {
  it('treats empty or whitespace-only text as English', () => {
    expect(detectDirection('')).toBe('en_to_lpx');
    expect(detectDirection('   ')).toBe('en_to_lpx');
  });
  it('is English above 70% Latin letters', () => {
    expect(detectDirection('Good morning')).toBe('en_to_lpx');
    expect(detectDirection('abcdefgh12')).toBe('en_to_lpx'); // 80%
  });
  it('is Lopit at 70% or below', () => {
    expect(detectDirection('abcdefg123')).toBe('lpx_to_en'); // exactly 70%
    expect(detectDirection('ŋŋŋ ɲɲɲ ab')).toBe('lpx_to_en');
  });
});
