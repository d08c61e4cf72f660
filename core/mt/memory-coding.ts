// The translation memory's texts coded as word ids of the model's own vocabularies (model file format 4), so a
// phone does not download every word of the memory again as text: at 10,000 Bible verse pairs the memory section is
// 674 kB gzip coded this way against 964 kB as text (npm run bench:mt prints the sections).
//
// Each side (English, then Lopit) is written as five columns, since gzip compresses like with like:
//   shapes    per sentence: 0 for a text kept as it is, else 2 * (tokens + 1) + (1 when patched);
//   kinds     per token one byte: how its text follows from its word (SURFACE ...) * 2 + 1 when its spacing
//             differs from detokenise's;
//   ids       per token not written out, its word id (varint);
//   patches   per patched sentence: the code points that differ from the rebuilt text, as (gap, code point);
//   literals  texts kept as they are (sentences and tokens the vocabulary cannot rebuild).
// The writer rebuilds every sentence from its codes with the reader's own function and keeps the text as it
// is unless the result is identical, so the round trip is exact by construction.
import { ByteFormatError, ByteReader, ByteWriter } from './binary-format.ts';
import type { VocabularyData } from './model-data.ts';
import { spacesBefore, tokenise } from './normalise.ts';

/** How a token's text follows from its word: the written form, capitalised, upper case, the matching form. */
const KIND = { surface: 0, capital: 1, upper: 2, match: 3, literal: 4 } as const;
const KINDS = 5;
/** A sentence whose rebuilt text differs in more code points than this is kept as it is. */
const MAX_PATCHES = 16;

function capitalised(text: string): string {
  const [head = '', ...tail] = Array.from(text);
  return head.toUpperCase() + tail.join('');
}

function formOf(kind: number, id: number, vocab: VocabularyData): string {
  const surface = vocab.surfaces[id] as string;
  if (kind === KIND.surface) return surface;
  if (kind === KIND.capital) return capitalised(surface);
  if (kind === KIND.upper) return surface.toUpperCase();
  return vocab.words[id] as string;
}

function joinSpaced(texts: readonly string[], spaces: readonly boolean[]): string {
  return texts.map((t, i) => (spaces[i] ? ' ' : '') + t).join('');
}

/** Code points where `to` differs from `from` (same length in code points), or null when they cannot be patched. */
function patchesBetween(from: string, to: string): [number, number][] | null {
  const a = Array.from(from);
  const b = Array.from(to);
  if (a.length !== b.length) return null;
  const out: [number, number][] = [];
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    out.push([i, (b[i] as string).codePointAt(0) as number]);
    if (out.length > MAX_PATCHES) return null;
  }
  return out;
}

function applyPatches(text: string, patches: readonly [number, number][], what: string): string {
  const chars = Array.from(text);
  for (const [at, code] of patches) {
    if (at >= chars.length || code > 0x10ffff) throw new ByteFormatError(`${what} has a damaged patch`);
    chars[at] = String.fromCodePoint(code);
  }
  return chars.join('');
}

/** Each word's id, made once per vocabulary (the server codes every memory page with the latest model's). */
const idsByVocabulary = new WeakMap<VocabularyData, Map<string, number>>();
function wordIds(vocab: VocabularyData): Map<string, number> {
  let ids = idsByVocabulary.get(vocab);
  if (!ids) {
    ids = new Map(vocab.words.map((w, i) => [w, i]));
    idsByVocabulary.set(vocab, ids);
  }
  return ids;
}

interface Columns {
  shapes: ByteWriter;
  kinds: ByteWriter;
  ids: ByteWriter;
  patches: ByteWriter;
  literals: ByteWriter;
}

function writeSentence(text: string, vocab: VocabularyData, ids: Map<string, number>, c: Columns): void {
  const tokens = tokenise(text);
  const texts = tokens.map((t) => t.text);
  const predicted = spacesBefore(texts);
  const coded = tokens.map((t) => {
    const id = ids.get(t.norm);
    if (id === undefined) return { kind: KIND.literal, id: -1 };
    for (const kind of [KIND.surface, KIND.capital, KIND.upper, KIND.match])
      if (formOf(kind, id, vocab) === t.text) return { kind: kind, id };
    return { kind: KIND.literal, id: -1 };
  });
  const rebuilt = joinSpaced(
    texts,
    tokens.map((t, i) => (i === 0 ? false : t.spaceBefore)),
  );
  const patches = rebuilt === text ? [] : patchesBetween(rebuilt, text);
  if (tokens.length === 0 || !patches || applyPatches(rebuilt, patches, 'text') !== text) {
    c.shapes.varint(0);
    c.literals.string(text);
    return;
  }
  c.shapes.varint(2 * (tokens.length + 1) + (patches.length > 0 ? 1 : 0));
  tokens.forEach((t, i) => {
    const { kind, id } = coded[i] as { kind: number; id: number };
    const space = i === 0 ? false : t.spaceBefore;
    c.kinds.byte(kind * 2 + (space !== predicted[i] ? 1 : 0));
    if (kind === KIND.literal) c.literals.string(t.text);
    else c.ids.varint(id);
  });
  if (patches.length > 0) {
    c.patches.varint(patches.length);
    let last = 0;
    for (const [at, code] of patches) {
      c.patches.varint(at - last);
      c.patches.varint(code);
      last = at;
    }
  }
}

/** Writes one side's texts (`count` of them) as the five columns above. */
export function writeMemorySide(out: ByteWriter, texts: readonly string[], vocab: VocabularyData): void {
  const ids = wordIds(vocab);
  const c: Columns = {
    shapes: new ByteWriter(),
    kinds: new ByteWriter(),
    ids: new ByteWriter(),
    patches: new ByteWriter(),
    literals: new ByteWriter(),
  };
  for (const text of texts) writeSentence(text, vocab, ids, c);
  for (const column of [c.shapes, c.kinds, c.ids, c.patches, c.literals]) out.block(column.finish());
}

/** Reads one side's `count` texts; throws ByteFormatError when a column is damaged or has bytes left over. */
export function readMemorySide(
  input: ByteReader,
  count: number,
  vocab: VocabularyData,
  what: string,
): string[] {
  const [shapes, kinds, ids, patches, literals] = Array.from(
    { length: 5 },
    () => new ByteReader(input.block()),
  ) as [ByteReader, ByteReader, ByteReader, ByteReader, ByteReader];
  const size = vocab.words.length;
  const out: string[] = [];
  for (let s = 0; s < count; s++) {
    const shape = shapes.varint();
    if (shape === 0) {
      out.push(literals.string());
      continue;
    }
    const n = (shape >> 1) - 1;
    if (n < 1 || n > kinds.remaining) throw new ByteFormatError(`${what} has a damaged sentence`);
    const texts: string[] = [];
    const flips: boolean[] = [];
    for (let i = 0; i < n; i++) {
      const b = kinds.byte();
      const kind = b >> 1;
      if (kind >= KINDS) throw new ByteFormatError(`${what} has a damaged word`);
      flips.push((b & 1) === 1);
      texts.push(
        kind === KIND.literal ? literals.string() : formOf(kind, ids.bounded(size, `${what} words`), vocab),
      );
    }
    const spaces = spacesBefore(texts).map((space, i) => (i === 0 ? false : space !== flips[i]));
    if (flips[0]) throw new ByteFormatError(`${what} has a damaged sentence`);
    let text = joinSpaced(texts, spaces);
    if (shape & 1) {
      const m = patches.bounded(MAX_PATCHES + 1, `${what} patches`);
      const list: [number, number][] = [];
      let at = 0;
      for (let k = 0; k < m; k++) {
        at += patches.varint();
        list.push([at, patches.varint()]);
      }
      text = applyPatches(text, list, what);
    }
    out.push(text);
  }
  for (const column of [shapes, kinds, ids, patches, literals])
    if (column.remaining !== 0) throw new ByteFormatError(`${what} has bytes left over`);
  return out;
}
