// Memory pages coded with the phone's model vocabularies: every text comes back exactly (words the model knows,
// words it does not, casing, punctuation, spacing, symbols), ids in any order, the flags; damaged or foreign bytes
// are refused. Texts are the made-up toy language's and obviously invented ones.
import { beforeAll, describe, expect, it } from 'vitest';
import { ByteFormatError } from '../mt/binary-format.ts';
import { compactModel } from '../mt/prune.ts';
import { parseModelFile, serialiseModel } from '../mt/serialise.ts';
import { toyCorpus } from '../mt/toy-language.fixture.ts';
import { trainModel } from '../mt/train.ts';
import { memoryColumns, type MemoryEntry, type MemoryPage } from './chat.ts';
import { decodeMemoryPage, encodeMemoryPage, type MemoryVocabularies } from './memory-page-coding.ts';

const corpus = toyCorpus(120, 5);
let vocab: MemoryVocabularies;

beforeAll(async () => {
  vocab = parseModelFile(serialiseModel(compactModel(await trainModel(corpus)))).model.vocab;
});

function pageOf(entries: MemoryEntry[], part: Partial<MemoryPage> = {}): MemoryPage {
  return {
    ...memoryColumns(entries),
    removed: [],
    cursor: '0f0e0d0c-0b0a-4909-8807-060504030201:812:7',
    more: false,
    remaining: 0,
    reset: false,
    ...part,
  };
}

describe('memory pages coded with the model’s words', () => {
  it('gives back every text exactly, known words or not, with ids in any order and the flags', () => {
    const entries: MemoryEntry[] = [
      ...corpus.slice(0, 40).map((pair, i) => ({ id: 1000 + i * 3, ...pair })),
      { id: 7, english: 'THE Big dog, twice:  the BIG dog!', lopit: 'Zorblat   quenn-vik? «ploo»' },
      { id: 2 ** 31 - 1, english: 'Snorkel 42 × 3 = 126 🐐', lopit: 'ŋaŋ ɛɔ ʉ — “vrim”' },
      { id: 3, english: ' leading and trailing ', lopit: '\ttabbed\nlines' },
      { id: 5, english: '', lopit: 'x' },
    ];
    for (const part of [
      { more: true, remaining: 1234, reset: true },
      { more: false, remaining: 0, reset: false, removed: [9, 4, 2 ** 31 - 1, 0, 11] },
    ]) {
      const page = pageOf(entries, part);
      expect(decodeMemoryPage(encodeMemoryPage(page, vocab), vocab)).toEqual(page);
    }
    const empty = pageOf([], { removed: [1, 2, 3] });
    expect(decodeMemoryPage(encodeMemoryPage(empty, vocab), vocab)).toEqual(empty);
  });

  it('is smaller than the same page as JSON when the words are the model’s', () => {
    const page = pageOf(corpus.map((pair, i) => ({ id: i + 1, ...pair })));
    const coded = encodeMemoryPage(page, vocab).length;
    expect(coded).toBeLessThan(new TextEncoder().encode(JSON.stringify(page)).length / 2);
  });

  it('refuses bytes it cannot read: cut short, another format, bytes after the end, another model’s words', async () => {
    const page = pageOf(corpus.slice(0, 20).map((pair, i) => ({ id: i + 1, ...pair })));
    const bytes = encodeMemoryPage(page, vocab);
    for (const cut of [1, 10, bytes.length - 1])
      expect(() => decodeMemoryPage(bytes.subarray(0, cut), vocab)).toThrow(ByteFormatError);
    const other = bytes.slice();
    other[0] = 9;
    expect(() => decodeMemoryPage(other, vocab)).toThrow(/format 9/);
    expect(() => decodeMemoryPage(new Uint8Array([...bytes, 0]), vocab)).toThrow(ByteFormatError);
    // A model of a few pairs knows fewer words: ids beyond its vocabulary are refused, not misread.
    const small = parseModelFile(serialiseModel(compactModel(await trainModel(corpus.slice(0, 2))))).model
      .vocab;
    expect(() => decodeMemoryPage(bytes, small)).toThrow(ByteFormatError);
  });
});
