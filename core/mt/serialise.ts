// The model file, format version 4: a binary layout instead of JSON with base64, made to be small on a phone's
// 2G link once gzipped. Version 3 files (the same but for the memory, see below) and the older JSON files
// (versions 1 and 2, model-file-json.ts) are still read.
//
// Layout: "lopit-mt" (8 ASCII bytes), the version (1 byte), a CRC-32 of everything after it (4 bytes, little
// endian), then sections, each a kind byte and a length-prefixed body:
//   1  the model a phone translates with (usually the compact one of prune.ts): scores in 8-bit codebooks;
//   2  the fuller model the server answers with (scores to 1/1000 in 16 bits), only in the server's copy;
//   3  the translation memory (approved pairs): since version 4 its texts are word ids of section 1's
//      vocabularies (memory-coding.ts), so the words are not sent twice; version 3 kept them as text;
//   4  the lexicon.
// Unknown section kinds are refused: a newer writer must raise the version.
// A model is coded compactly: phrases sorted and front-coded, phrase pairs grouped by English phrase with
// Lopit ids delta-coded, the language models as tries in breadth-first order with sorted, delta-coded
// children, and all integers as LEB128 varints. gzip on the wire then finds the repetitions left.
import {
  ByteFormatError,
  ByteReader,
  ByteWriter,
  crc32,
  readQuantised,
  writeQuantised,
} from './binary-format.ts';
import type { LanguageModelData } from './language-model.ts';
import { readMemorySide, writeMemorySide } from './memory-coding.ts';
import { DEFAULT_WEIGHTS, type ModelWeights, type MtModelData, type VocabularyData } from './model-data.ts';
import { MODEL_FORMAT_MIN_VERSION, parseJsonModelFile, serialiseModelJson } from './model-file-json.ts';
import { MODEL_FORMAT, ModelFormatError, type ModelFile, type ModelSnapshot } from './model-file-types.ts';
import { MAX_PHRASE_LENGTH, type PhraseList, type PhraseTableData } from './phrase-table.ts';
import type { LexiconEntryInput, TranslationPairInput } from './types.ts';

export { MODEL_FORMAT, MODEL_FORMAT_MIN_VERSION, ModelFormatError, serialiseModelJson };
export type { ModelFile, ModelSnapshot };

export const MODEL_FORMAT_VERSION = 4;
/** The first binary version; version 3 kept the memory's texts as text. */
const FIRST_BINARY_VERSION = 3;
/** Content type of a version 3 file. */
export const MODEL_CONTENT_TYPE = 'application/octet-stream';

const MAGIC = new TextEncoder().encode(MODEL_FORMAT);
const HEADER = MAGIC.length + 1 + 4;

const SECTION = { model: 1, server: 2, memory: 3, lexicon: 4 } as const;

type ScoreCoding = 'q8' | 'q16';
// 16-bit scores: -log to 1/1000, as format versions 1 and 2 kept them.
const Q16 = 1000;

function writeScores(out: ByteWriter, values: Float32Array, coding: ScoreCoding): void {
  if (coding === 'q8') return writeQuantised(out, values);
  out.varint(values.length);
  for (const v of values) {
    const q = Math.min(65535, Math.max(0, Math.round(-v * Q16)));
    out.byte(q & 255);
    out.byte(q >> 8);
  }
}

function readScores(input: ByteReader, coding: ScoreCoding, expected: number, what: string): Float32Array {
  if (coding === 'q8') return readQuantised(input, expected, what);
  if (input.varint() !== expected) throw new ByteFormatError(`${what} has the wrong length`);
  const bytes = input.bytes(expected * 2);
  return Float32Array.from(
    { length: expected },
    (_, i) => -((bytes[2 * i] as number) | ((bytes[2 * i + 1] as number) << 8)) / Q16,
  );
}

function writeVocab(out: ByteWriter, v: VocabularyData): void {
  out.varint(v.words.length);
  out.string(v.words.join('\n'));
  const differ: number[] = [];
  v.surfaces.forEach((s, i) => {
    if (s !== v.words[i]) differ.push(i);
  });
  out.varint(differ.length);
  let last = 0;
  for (const i of differ) {
    out.varint(i - last);
    last = i;
    out.string(v.surfaces[i] as string);
  }
}

function readVocab(input: ByteReader, what: string): VocabularyData {
  const n = input.varint();
  const text = input.string();
  const words = n === 0 ? [] : text.split('\n');
  if (words.length !== n) throw new ByteFormatError(`${what} has the wrong number of words`);
  const surfaces = words.slice();
  const differ = input.bounded(n + 1, what);
  let at = 0;
  for (let k = 0; k < differ; k++) {
    at += input.varint();
    if (at >= n) throw new ByteFormatError(`${what} surfaces are out of range`);
    surfaces[at] = input.string();
  }
  return { words, surfaces };
}

function compareWords(a: Int32Array, b: Int32Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return (a[i] as number) - (b[i] as number);
  return a.length - b.length;
}

/** Writes the phrases sorted and front-coded; answers each phrase's new index. */
function writePhrases(out: ByteWriter, list: PhraseList): Int32Array {
  const count = list.offsets.length - 1;
  const phrase = (k: number) => list.words.subarray(list.offsets[k], list.offsets[k + 1]);
  const order = Array.from({ length: count }, (_, k) => k).sort((a, b) => compareWords(phrase(a), phrase(b)));
  const newIndex = new Int32Array(count);
  out.varint(count);
  let previous: Int32Array = new Int32Array(0);
  order.forEach((k, i) => {
    newIndex[k] = i;
    const words = phrase(k);
    let shared = 0;
    while (shared < Math.min(words.length, previous.length) && words[shared] === previous[shared]) shared++;
    out.byte(shared * 8 + (words.length - shared));
    for (let j = shared; j < words.length; j++) out.varint(words[j] as number);
    previous = words;
  });
  return newIndex;
}

function readPhrases(input: ByteReader, vocabSize: number, what: string): PhraseList {
  const count = input.varint();
  if (count > input.remaining) throw new ByteFormatError(`${what} are too many`);
  const offsets = new Int32Array(count + 1);
  const words: number[] = [];
  let previous: number[] = [];
  for (let k = 0; k < count; k++) {
    const b = input.byte();
    const shared = b >> 3;
    const rest = b & 7;
    if (shared > previous.length || shared + rest < 1 || shared + rest > MAX_PHRASE_LENGTH)
      throw new ByteFormatError(`${what} have a damaged length`);
    const current = previous.slice(0, shared);
    for (let j = 0; j < rest; j++) current.push(input.bounded(vocabSize, `${what} words`));
    offsets[k] = words.length;
    words.push(...current);
    previous = current;
  }
  offsets[count] = words.length;
  return { offsets, words: Int32Array.from(words) };
}

function writePhraseTable(out: ByteWriter, p: PhraseTableData, coding: ScoreCoding): void {
  const enIndex = writePhrases(out, p.en);
  const lpxIndex = writePhrases(out, p.lpx);
  const n = p.pairEn.length;
  const order = Array.from({ length: n }, (_, k) => k).sort(
    (a, b) =>
      (enIndex[p.pairEn[a] as number] as number) - (enIndex[p.pairEn[b] as number] as number) ||
      (lpxIndex[p.pairLpx[a] as number] as number) - (lpxIndex[p.pairLpx[b] as number] as number),
  );
  const enCount = p.en.offsets.length - 1;
  const perEn = new Int32Array(enCount);
  for (const k of order) {
    const e = enIndex[p.pairEn[k] as number] as number;
    perEn[e] = (perEn[e] as number) + 1;
  }
  out.varint(n);
  for (const c of perEn) out.varint(c);
  let lastEn = -1;
  let lastLpx = 0;
  for (const k of order) {
    const en = enIndex[p.pairEn[k] as number] as number;
    const lpx = lpxIndex[p.pairLpx[k] as number] as number;
    out.varint(en === lastEn ? lpx - lastLpx : lpx);
    lastEn = en;
    lastLpx = lpx;
  }
  const column = (a: Float32Array) => Float32Array.from(order, (k) => a[k] as number);
  writeScores(out, column(p.logPEnGivenLpx), coding);
  writeScores(out, column(p.logPLpxGivenEn), coding);
  writeScores(out, column(p.logLexEnGivenLpx), coding);
  writeScores(out, column(p.logLexLpxGivenEn), coding);
  for (const k of order) out.varint(p.alignMask[k] as number);
}

function readPhraseTable(
  input: ByteReader,
  enSize: number,
  lpxSize: number,
  coding: ScoreCoding,
): PhraseTableData {
  const en = readPhrases(input, enSize, 'English phrases');
  const lpx = readPhrases(input, lpxSize, 'Lopit phrases');
  const enCount = en.offsets.length - 1;
  const lpxCount = lpx.offsets.length - 1;
  const n = input.varint();
  if (n > input.remaining) throw new ByteFormatError('phrase pairs are too many');
  const pairEn = new Int32Array(n);
  const pairLpx = new Int32Array(n);
  let at = 0;
  for (let e = 0; e < enCount; e++) {
    const c = input.varint();
    if (at + c > n) throw new ByteFormatError('phrase pair groups do not add up');
    pairEn.fill(e, at, at + c);
    at += c;
  }
  if (at !== n) throw new ByteFormatError('phrase pair groups do not add up');
  for (let k = 0; k < n; k++) {
    const d = input.varint();
    const lpxId = k > 0 && pairEn[k] === pairEn[k - 1] ? (pairLpx[k - 1] as number) + d : d;
    if (lpxId >= lpxCount) throw new ByteFormatError('phrase pairs refer past their table');
    pairLpx[k] = lpxId;
  }
  const scores = (what: string) => readScores(input, coding, n, what);
  const logPEnGivenLpx = scores('phrase scores');
  const logPLpxGivenEn = scores('phrase scores');
  const logLexEnGivenLpx = scores('phrase scores');
  const logLexLpxGivenEn = scores('phrase scores');
  const alignMask = new Int32Array(n);
  for (let k = 0; k < n; k++) alignMask[k] = input.bounded(1 << 25, 'phrase links');
  return {
    en,
    lpx,
    pairEn,
    pairLpx,
    logPEnGivenLpx,
    logPLpxGivenEn,
    logLexEnGivenLpx,
    logLexLpxGivenEn,
    alignMask,
  };
}

/**
 * A language model's trie in breadth-first order, each node's children sorted by word: per node its number
 * of children and their words as deltas; then every node's log probability, and the backoff weights of the
 * nodes that can be a context (unigrams and nodes with children; the others are never read).
 */
function writeLm(out: ByteWriter, m: LanguageModelData, coding: ScoreCoding): void {
  const n = m.parent.length;
  const children: number[][] = Array.from({ length: n + 1 }, () => []);
  for (let k = 0; k < n; k++) (children[m.parent[k] as number] as number[]).push(k + 1);
  for (const list of children) list.sort((a, b) => (m.word[a - 1] as number) - (m.word[b - 1] as number));
  const order: number[] = [0];
  for (let i = 0; i < order.length; i++)
    for (const c of children[order[i] as number] as number[]) order.push(c);
  out.varint(m.order);
  out.float32(m.logUnknown);
  out.varint(n);
  for (const node of order) {
    const list = children[node] as number[];
    out.varint(list.length);
    let last = 0;
    for (const c of list) {
      const w = m.word[c - 1] as number;
      out.varint(w - last);
      last = w;
    }
  }
  const nodes = order.slice(1);
  writeScores(
    out,
    Float32Array.from(nodes, (x) => m.logProb[x - 1] as number),
    coding,
  );
  const contexts = nodes.filter((x) => (children[x] as number[]).length > 0 || m.parent[x - 1] === 0);
  writeScores(
    out,
    Float32Array.from(contexts, (x) => m.logBackoff[x - 1] as number),
    coding,
  );
}

function readLm(input: ByteReader, vocabSize: number, coding: ScoreCoding, what: string): LanguageModelData {
  const order = input.varint();
  const logUnknown = input.float32();
  if (order < 1 || order > 10 || !Number.isFinite(logUnknown) || logUnknown > 0)
    throw new ByteFormatError(`${what} header`);
  const n = input.varint();
  if (n > input.remaining) throw new ByteFormatError(`${what} has too many nodes`);
  const parent = new Int32Array(n);
  const word = new Int32Array(n);
  const depth = new Uint8Array(n + 1);
  const hasChildren = new Uint8Array(n + 1);
  let made = 0;
  for (let node = 0; node <= made && node <= n; node++) {
    const count = input.varint();
    if (made + count > n) throw new ByteFormatError(`${what} nodes do not add up`);
    if (count > 0 && (depth[node] as number) >= order) throw new ByteFormatError(`${what} is too deep`);
    if (count > 0) hasChildren[node] = 1;
    let w = 0;
    for (let c = 0; c < count; c++) {
      const d = input.varint();
      if (c > 0 && d === 0) throw new ByteFormatError(`${what} has a repeated word`);
      w += d;
      if (w >= vocabSize + 2) throw new ByteFormatError(`${what} refers past its vocabulary`);
      parent[made] = node;
      word[made] = w;
      made++;
      depth[made] = (depth[node] as number) + 1;
    }
  }
  if (made !== n) throw new ByteFormatError(`${what} nodes do not add up`);
  const logProb = readScores(input, coding, n, `${what} scores`);
  const contexts: number[] = [];
  for (let x = 1; x <= n; x++) if (hasChildren[x] || parent[x - 1] === 0) contexts.push(x);
  const backoff = readScores(input, coding, contexts.length, `${what} scores`);
  const logBackoff = new Float32Array(n);
  contexts.forEach((x, k) => (logBackoff[x - 1] = backoff[k] as number));
  return { order, logUnknown, parent, word, logProb, logBackoff };
}

function writeBest(out: ByteWriter, a: Int32Array): void {
  out.varint(a.length);
  for (const v of a) out.varint(v + 1);
}

function readBest(input: ByteReader, size: number, targetSize: number): Int32Array {
  const n = input.varint();
  if (n > size) throw new ByteFormatError('word translations are too many');
  const out = new Int32Array(n);
  for (let i = 0; i < n; i++) out[i] = input.bounded(targetSize + 1, 'word translations') - 1;
  return out;
}

function writeModel(model: MtModelData, coding: ScoreCoding): Uint8Array {
  const out = new ByteWriter();
  out.string(JSON.stringify({ meta: model.meta, weights: model.weights }));
  writeVocab(out, model.vocab.en);
  writeVocab(out, model.vocab.lpx);
  writePhraseTable(out, model.phrases, coding);
  writeLm(out, model.lm.en, coding);
  writeLm(out, model.lm.lpx, coding);
  writeBest(out, model.bestLpxForEn);
  writeBest(out, model.bestEnForLpx);
  return out.finish();
}

function readModel(input: ByteReader, coding: ScoreCoding): MtModelData {
  let head: { meta?: unknown; weights?: unknown };
  try {
    head = JSON.parse(input.string()) as typeof head;
  } catch (e) {
    if (e instanceof ByteFormatError) throw e;
    throw new ByteFormatError('the model description is not JSON');
  }
  if (typeof head !== 'object' || !head || typeof head.meta !== 'object' || typeof head.weights !== 'object')
    throw new ByteFormatError('the model description is missing');
  const en = readVocab(input, 'English vocabulary');
  const lpx = readVocab(input, 'Lopit vocabulary');
  const phrases = readPhraseTable(input, en.words.length, lpx.words.length, coding);
  const lmEn = readLm(input, en.words.length, coding, 'English language model');
  const lmLpx = readLm(input, lpx.words.length, coding, 'Lopit language model');
  const bestLpxForEn = readBest(input, en.words.length, lpx.words.length);
  const bestEnForLpx = readBest(input, lpx.words.length, en.words.length);
  return {
    vocab: { en, lpx },
    phrases,
    lm: { en: lmEn, lpx: lmLpx },
    bestLpxForEn,
    bestEnForLpx,
    weights: { ...DEFAULT_WEIGHTS, ...(head.weights as Partial<ModelWeights>) },
    meta: head.meta as MtModelData['meta'],
  };
}

function writeColumns(out: ByteWriter, columns: readonly (readonly string[])[]): void {
  out.varint(columns[0]?.length ?? 0);
  for (const column of columns) for (const text of column) out.string(text);
}

function readColumns(input: ByteReader, count: number, what: string): string[][] {
  const n = input.varint();
  if (n > input.remaining) throw new ByteFormatError(`${what} is too long`);
  return Array.from({ length: count }, () => Array.from({ length: n }, () => input.string()));
}

export interface SerialiseOptions {
  /** A fuller model for the server's own answers, kept in the server's copy only (see phoneFile). */
  server?: MtModelData | null;
}

/**
 * Writes the model file: `model` is what the phone translates with (8-bit scores), with the memory and
 * lexicon snapshot when given, and optionally the server's fuller model (16-bit scores).
 */
export function serialiseModel(
  model: MtModelData,
  snapshot?: ModelSnapshot,
  options: SerialiseOptions = {},
): Uint8Array {
  const sections: [number, Uint8Array][] = [[SECTION.model, writeModel(model, 'q8')]];
  if (options.server) sections.push([SECTION.server, writeModel(options.server, 'q16')]);
  const memory = new ByteWriter();
  const pairs = snapshot?.pairs ?? [];
  memory.varint(pairs.length);
  writeMemorySide(
    memory,
    pairs.map((p) => p.english),
    model.vocab.en,
  );
  writeMemorySide(
    memory,
    pairs.map((p) => p.lopit),
    model.vocab.lpx,
  );
  sections.push([SECTION.memory, memory.finish()]);
  const lexicon = new ByteWriter();
  const entries = snapshot?.lexicon ?? [];
  writeColumns(lexicon, [
    entries.map((e) => e.lopit),
    entries.map((e) => e.english),
    entries.map((e) => e.partOfSpeech ?? ''),
  ]);
  sections.push([SECTION.lexicon, lexicon.finish()]);
  return assemble(sections);
}

function assemble(sections: readonly [number, Uint8Array][], version = MODEL_FORMAT_VERSION): Uint8Array {
  const out = new ByteWriter();
  out.bytes(MAGIC);
  out.byte(version);
  out.uint32(0);
  for (const [kind, body] of sections) {
    out.byte(kind);
    out.block(body);
  }
  const bytes = out.finish();
  new DataView(bytes.buffer).setUint32(MAGIC.length + 1, crc32(bytes, HEADER), true);
  return bytes;
}

function isBinary(bytes: Uint8Array): boolean {
  return bytes.length >= MAGIC.length && MAGIC.every((b, i) => bytes[i] === b);
}

/** Checks the header and checksum; answers the sections in file order. */
function sectionsOf(bytes: Uint8Array): { version: number; sections: [number, Uint8Array][] } {
  const version = bytes[MAGIC.length];
  if (version === undefined || bytes.length < HEADER)
    throw new ModelFormatError('Model file is damaged: it is cut short');
  if (version < MODEL_FORMAT_MIN_VERSION || version > MODEL_FORMAT_VERSION || version < FIRST_BINARY_VERSION)
    throw new ModelFormatError(
      `Model format version ${version} is not supported (this app reads versions ${MODEL_FORMAT_MIN_VERSION} to ${MODEL_FORMAT_VERSION}); retrain the model or update the app`,
    );
  const stored = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(
    MAGIC.length + 1,
    true,
  );
  if (crc32(bytes, HEADER) !== stored)
    throw new ModelFormatError('Model file is damaged: its checksum does not match (download it again)');
  const input = new ByteReader(bytes, HEADER);
  const sections: [number, Uint8Array][] = [];
  try {
    while (input.remaining > 0) {
      const kind = input.byte();
      if (!(Object.values(SECTION) as number[]).includes(kind) || sections.some(([k]) => k === kind))
        throw new ModelFormatError(`Model file is damaged: unexpected section ${kind}`);
      sections.push([kind, input.block()]);
    }
  } catch (e) {
    if (e instanceof ByteFormatError) throw new ModelFormatError(`Model file is damaged: ${e.message}`);
    throw e;
  }
  return { version, sections };
}

/** A memory section with no pairs, in the layout of `version`. */
function emptyMemory(version: number): Uint8Array {
  const out = new ByteWriter();
  // Version 3: a count of zero texts per column; since version 4: zero pairs, then each side's empty columns.
  out.varint(0);
  if (version !== FIRST_BINARY_VERSION) {
    const none: VocabularyData = { words: [], surfaces: [] };
    writeMemorySide(out, [], none);
    writeMemorySide(out, [], none);
  }
  return out.finish();
}

/**
 * The file a phone downloads: the server's copy without the server's fuller model, and with an empty memory: a
 * phone keeps the memory apart, page by page and up to date (GET /api/translation/memory), so a retrained model
 * does not send every approved pair again and the model alone fits a 2G download. Older (JSON) files are answered
 * as they are; a damaged file throws ModelFormatError.
 */
export function phoneFile(bytes: Uint8Array): Uint8Array {
  if (!isBinary(bytes)) return bytes;
  const { version, sections } = sectionsOf(bytes);
  return assemble(
    sections
      .filter(([kind]) => kind !== SECTION.server)
      .map(([kind, body]): [number, Uint8Array] => [
        kind,
        kind === SECTION.memory ? emptyMemory(version) : body,
      ]),
    version,
  );
}

/** Names of the sections, for reports (scripts/bench-mt.ts). */
export const SECTION_NAMES: Record<number, string> = {
  [SECTION.model]: 'model',
  [SECTION.server]: 'server model',
  [SECTION.memory]: 'memory',
  [SECTION.lexicon]: 'lexicon',
};

/** A checked file's version and its sections' bodies in file order; throws ModelFormatError when damaged. */
export function fileSections(bytes: Uint8Array): {
  version: number;
  sections: { kind: number; name: string; body: Uint8Array }[];
} {
  if (!isBinary(bytes)) throw new ModelFormatError('Not a binary model file');
  const { version, sections } = sectionsOf(bytes);
  return {
    version,
    sections: sections.map(([kind, body]) => ({ kind, name: SECTION_NAMES[kind] ?? String(kind), body })),
  };
}

const textDecoder = new TextDecoder();

/**
 * Parses and validates a model file of any supported version: binary (version 3) bytes, or the JSON text
 * (or its bytes) of versions 1 and 2. Throws ModelFormatError with a clear message otherwise.
 */
export function parseModelFile(file: Uint8Array | string): ModelFile {
  if (typeof file === 'string') return parseJsonModelFile(file, MODEL_FORMAT_VERSION);
  if (!isBinary(file)) return parseJsonModelFile(textDecoder.decode(file), MODEL_FORMAT_VERSION);
  const { version, sections: list } = sectionsOf(file);
  const sections = new Map(list);
  const read = <T>(kind: number, what: string, body: (input: ByteReader) => T): T => {
    const data = sections.get(kind);
    if (!data) throw new ModelFormatError(`Model file is damaged: the ${what} is missing`);
    const input = new ByteReader(data);
    try {
      const value = body(input);
      if (input.remaining !== 0) throw new ByteFormatError(`the ${what} has bytes left over`);
      return value;
    } catch (e) {
      if (e instanceof ByteFormatError) throw new ModelFormatError(`Model file is damaged: ${e.message}`);
      throw e;
    }
  };
  const model = read(SECTION.model, 'model', (input) => readModel(input, 'q8'));
  const server = sections.has(SECTION.server)
    ? read(SECTION.server, 'server model', (input) => readModel(input, 'q16'))
    : null;
  const [english = [], lopit = []] = read(SECTION.memory, 'translation memory', (input) => {
    if (version === FIRST_BINARY_VERSION) return readColumns(input, 2, 'translation memory');
    const count = input.varint();
    if (count > input.remaining) throw new ByteFormatError('the translation memory is too long');
    return [
      readMemorySide(input, count, model.vocab.en, 'translation memory (English)'),
      readMemorySide(input, count, model.vocab.lpx, 'translation memory (Lopit)'),
    ];
  });
  const [lexLopit = [], lexEnglish = [], partOfSpeech = []] = read(SECTION.lexicon, 'lexicon', (input) =>
    readColumns(input, 3, 'lexicon'),
  );
  const pairs: TranslationPairInput[] = english.map((text, i) => ({
    english: text,
    lopit: lopit[i] as string,
  }));
  const lexicon: LexiconEntryInput[] = lexLopit.map((text, i) => ({
    lopit: text,
    english: lexEnglish[i] as string,
    partOfSpeech: partOfSpeech[i] || null,
  }));
  return { version, model, server, pairs, lexicon };
}

/** The fullest model a file holds (the server's when present); throws ModelFormatError like parseModelFile. */
export function parseModel(file: Uint8Array | string): MtModelData {
  const parsed = parseModelFile(file);
  return parsed.server ?? parsed.model;
}
