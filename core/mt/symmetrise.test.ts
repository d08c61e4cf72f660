// Unit tests of grow-diag-final-and.
import { describe, expect, it } from 'vitest';
import { growDiagFinalAnd } from './symmetrise.ts';

const links = (matrix: Uint8Array, m: number) =>
  Array.from(matrix.entries())
    .filter(([, v]) => v === 1)
    .map(([k]) => [Math.floor(k / m), k % m]);

describe('growDiagFinalAnd', () => {
  it('keeps the intersection', () => {
    const a = growDiagFinalAnd(2, 2, Int32Array.from([0, 1]), Int32Array.from([0, 1]));
    expect(links(a, 2)).toEqual([
      [0, 0],
      [1, 1],
    ]);
  });

  it('grows into neighbouring union points that cover an unaligned word', () => {
    // forward: target 0 and 1 both from source 0; backward: source 0 -> target 0, source 1 -> NULL.
    const a = growDiagFinalAnd(2, 2, Int32Array.from([0, 0]), Int32Array.from([0, -1]));
    expect(links(a, 2)).toEqual([
      [0, 0],
      [0, 1],
    ]);
  });

  it('adds directional points only when both words are unaligned (final-and)', () => {
    // Intersection (0,0); forward also links target 2 to source 2, far from the diagonal neighbours.
    const a = growDiagFinalAnd(3, 3, Int32Array.from([0, -1, 2]), Int32Array.from([0, -1, -1]));
    expect(links(a, 3)).toEqual([
      [0, 0],
      [2, 2],
    ]);
  });
});
