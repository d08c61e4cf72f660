// Unit tests of splitting phrase pairs into gloss blocks.
import { describe, expect, it } from 'vitest';
import { glossBlocks } from './gloss-blocks.ts';

describe('glossBlocks', () => {
  it('splits a swapped pair into one block per word', () => {
    expect(
      glossBlocks(2, 2, [
        [0, 1],
        [1, 0],
      ]),
    ).toEqual([
      { source: 0, sourceEnd: 1, target: 1, targetEnd: 2 },
      { source: 1, sourceEnd: 2, target: 0, targetEnd: 1 },
    ]);
  });

  it('keeps one-to-many links together and gives unlinked source words an empty target', () => {
    expect(
      glossBlocks(3, 3, [
        [0, 0],
        [0, 1],
        [2, 2],
      ]),
    ).toEqual([
      { source: 0, sourceEnd: 1, target: 0, targetEnd: 2 },
      { source: 1, sourceEnd: 2, target: 2, targetEnd: 2 },
      { source: 2, sourceEnd: 3, target: 2, targetEnd: 3 },
    ]);
  });

  it('merges blocks whose ranges cross', () => {
    expect(
      glossBlocks(2, 3, [
        [0, 0],
        [1, 1],
        [0, 2],
      ]),
    ).toEqual([{ source: 0, sourceEnd: 2, target: 0, targetEnd: 3 }]);
  });

  it('is one block when there are no links', () => {
    expect(glossBlocks(2, 1, [])).toEqual([{ source: 0, sourceEnd: 2, target: 0, targetEnd: 1 }]);
  });
});
