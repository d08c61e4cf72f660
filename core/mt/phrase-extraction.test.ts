// Unit tests of phrase extraction and phrase-table scoring.
import { describe, expect, it } from 'vitest';
import { buildPhraseTable, extractPhrases } from './phrase-extraction.ts';
import { PhraseIndex } from './phrase-table.ts';

function matrix(n: number, m: number, links: [number, number][]): Uint8Array {
  const a = new Uint8Array(n * m);
  for (const [i, j] of links) a[i * m + j] = 1;
  return a;
}

describe('extractPhrases', () => {
  it('extracts the consistent pairs, extending over unaligned words', () => {
    // English a b c / other x y z w: a-x, b-z, c-y, w unaligned at the end.
    const spans: string[] = [];
    extractPhrases(
      3,
      4,
      matrix(3, 4, [
        [0, 0],
        [1, 2],
        [2, 1],
      ]),
      5,
      (es, ee, ls, le) => spans.push(`${es}-${ee}:${ls}-${le}`),
    );
    expect(spans.sort()).toEqual(
      ['0-1:0-1', '0-3:0-3', '0-3:0-4', '1-2:2-3', '1-2:2-4', '1-3:1-3', '1-3:1-4', '2-3:1-2'].sort(),
    );
  });

  it('respects the maximum phrase length', () => {
    const spans: string[] = [];
    extractPhrases(
      3,
      3,
      matrix(3, 3, [
        [0, 0],
        [1, 1],
        [2, 2],
      ]),
      1,
      (es, ee, ls, le) => spans.push(`${es}-${ee}:${ls}-${le}`),
    );
    expect(spans).toEqual(['0-1:0-1', '1-2:1-2', '2-3:2-3']);
  });
});

describe('buildPhraseTable', () => {
  it('scores translation probabilities in both directions', () => {
    // Word 0 is linked to 10 twice and to 11 once.
    const en = [[0], [0], [0]].map((s) => Int32Array.from(s));
    const lpx = [[10], [10], [11]].map((s) => Int32Array.from(s));
    const links = en.map(() => matrix(1, 1, [[0, 0]]));
    const { table, bestLpxForEn } = buildPhraseTable(en, lpx, links);
    expect(bestLpxForEn[0]).toBe(10);
    const options = new PhraseIndex(table, 'en_to_lpx').lookup([0]) ?? [];
    expect(options.map((o) => [Array.from(o.target), Math.exp(o.scores[0]), Math.exp(o.scores[1])])).toEqual([
      [[10], expect.closeTo(2 / 3, 5), expect.closeTo(1, 5)],
      [[11], expect.closeTo(1 / 3, 5), expect.closeTo(1, 5)],
    ]);
    expect(options[0]?.links).toEqual([[0, 0]]);
  });
});
