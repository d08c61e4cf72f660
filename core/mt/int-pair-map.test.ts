// Unit tests of the integer-pair hash map.
import { describe, expect, it } from 'vitest';
import { IntPairMap } from './int-pair-map.ts';

describe('IntPairMap', () => {
  it('assigns consecutive ids and finds them again after growing', () => {
    const map = new IntPairMap(2);
    for (let a = 0; a < 100; a++) for (let b = 0; b < 50; b++) expect(map.intern(a, b)).toBe(a * 50 + b);
    expect(map.size).toBe(5000);
    expect(map.get(42, 7)).toBe(42 * 50 + 7);
    expect(map.get(7, 42 + 50)).toBe(-1);
    expect(map.intern(3, 4)).toBe(3 * 50 + 4);
  });
});
