// The model file as it was written before format version 3: JSON with base64 typed arrays. Version 2 also
// carries the translation memory and lexicon; version 1 holds the model only. Servers and phones keep such files
// until the next training, so serialise.ts still reads them through parseJsonModelFile; the writer remains to
// make such old files in tests and benchmarks (new files are binary, see serialise.ts).
import { decodeBase64, encodeBase64 } from './base64.ts';
import type { LanguageModelData } from './language-model.ts';
import { DEFAULT_WEIGHTS, type ModelWeights, type MtModelData, type VocabularyData } from './model-data.ts';
import type { PhraseList, PhraseTableData } from './phrase-table.ts';

import { MODEL_FORMAT, ModelFormatError, type ModelFile, type ModelSnapshot } from './model-file-types.ts';

/** The last JSON version. */
export const JSON_MODEL_FORMAT_VERSION = 2;
/** Oldest version this code still reads (version 1 has no memory or lexicon snapshot). */
export const MODEL_FORMAT_MIN_VERSION = 1;

interface Packed {
  t: 'i32' | 'q16';
  n: number;
  d: string;
}

// Log scores (all <= 0) are kept to 1/1000 as unsigned 16-bit: enough for decoding, 2 bytes each.
const Q = 1000;

function packInt32(a: Int32Array): Packed {
  const bytes = new Uint8Array(a.length * 4);
  const view = new DataView(bytes.buffer);
  a.forEach((v, i) => view.setInt32(i * 4, v, true));
  return { t: 'i32', n: a.length, d: encodeBase64(bytes) };
}

function packLog(a: Float32Array): Packed {
  const bytes = new Uint8Array(a.length * 2);
  const view = new DataView(bytes.buffer);
  a.forEach((v, i) => view.setUint16(i * 2, Math.min(65535, Math.max(0, Math.round(-v * Q))), true));
  return { t: 'q16', n: a.length, d: encodeBase64(bytes) };
}

function fail(what: string): never {
  throw new ModelFormatError(`Model file is damaged: ${what}`);
}

function unpack(value: unknown, type: Packed['t'], what: string): DataView {
  const p = value as Partial<Packed> | null;
  if (!p || p.t !== type || typeof p.n !== 'number' || typeof p.d !== 'string') fail(`${what} is missing`);
  let bytes: Uint8Array;
  try {
    bytes = decodeBase64(p.d);
  } catch {
    fail(`${what} is not base64`);
  }
  if (bytes.length !== p.n * (type === 'i32' ? 4 : 2)) fail(`${what} has the wrong length`);
  return new DataView(bytes.buffer);
}

function unpackInt32(value: unknown, what: string): Int32Array {
  const view = unpack(value, 'i32', what);
  return Int32Array.from({ length: view.byteLength / 4 }, (_, i) => view.getInt32(i * 4, true));
}

function unpackLog(value: unknown, what: string): Float32Array {
  const view = unpack(value, 'q16', what);
  return Float32Array.from({ length: view.byteLength / 2 }, (_, i) => -view.getUint16(i * 2, true) / Q);
}

/**
 * Serialises a trained model, with the memory and lexicon snapshot when given, to the file the server stores
 * and the browser downloads. The snapshot is stored as columns (parallel lists of strings), which keeps the
 * file small and quick to parse.
 */
export function serialiseModelJson(model: MtModelData, snapshot?: ModelSnapshot): string {
  const vocab = (v: VocabularyData) => ({
    words: v.words,
    surfaces: v.surfaces.map((s, i) => (s === v.words[i] ? '' : s)),
  });
  const list = (l: PhraseList) => ({ offsets: packInt32(l.offsets), words: packInt32(l.words) });
  const lm = (m: LanguageModelData) => ({
    order: m.order,
    logUnknown: m.logUnknown,
    parent: packInt32(m.parent),
    word: packInt32(m.word),
    logProb: packLog(m.logProb),
    logBackoff: packLog(m.logBackoff),
  });
  const p = model.phrases;
  return JSON.stringify({
    format: MODEL_FORMAT,
    version: JSON_MODEL_FORMAT_VERSION,
    meta: model.meta,
    weights: model.weights,
    vocab: { en: vocab(model.vocab.en), lpx: vocab(model.vocab.lpx) },
    phrases: {
      en: list(p.en),
      lpx: list(p.lpx),
      pairEn: packInt32(p.pairEn),
      pairLpx: packInt32(p.pairLpx),
      logPEnGivenLpx: packLog(p.logPEnGivenLpx),
      logPLpxGivenEn: packLog(p.logPLpxGivenEn),
      logLexEnGivenLpx: packLog(p.logLexEnGivenLpx),
      logLexLpxGivenEn: packLog(p.logLexLpxGivenEn),
      alignMask: packInt32(p.alignMask),
    },
    lm: { en: lm(model.lm.en), lpx: lm(model.lm.lpx) },
    bestLpxForEn: packInt32(model.bestLpxForEn),
    bestEnForLpx: packInt32(model.bestEnForLpx),
    memory: {
      english: (snapshot?.pairs ?? []).map((p) => p.english),
      lopit: (snapshot?.pairs ?? []).map((p) => p.lopit),
    },
    lexicon: {
      lopit: (snapshot?.lexicon ?? []).map((e) => e.lopit),
      english: (snapshot?.lexicon ?? []).map((e) => e.english),
      partOfSpeech: (snapshot?.lexicon ?? []).map((e) => e.partOfSpeech ?? ''),
    },
  });
}

type Json = Record<string, unknown>;

function obj(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) fail(`${what} is missing`);
  return value as Json;
}

function strings(value: unknown, what: string): string[] {
  if (!Array.isArray(value) || value.some((s) => typeof s !== 'string'))
    fail(`${what} is not a list of strings`);
  return value as string[];
}

function checkIds(ids: Int32Array, limit: number, what: string, allowMinusOne = false): void {
  for (const id of ids)
    if (id >= limit || id < (allowMinusOne ? -1 : 0)) fail(`${what} refers past its table`);
}

function columns(value: unknown, names: readonly string[], what: string): string[][] {
  const o = obj(value, what);
  const lists = names.map((name) => strings(o[name], `${what} ${name}`));
  if (lists.some((list) => list.length !== lists[0]?.length)) fail(`${what} columns differ in length`);
  return lists;
}

/**
 * Parses and validates a whole model file: the model, and (version 2 on) the memory and lexicon snapshot it
 * was trained with. A version 1 file answers empty pairs and lexicon. Throws ModelFormatError otherwise.
 */
export function parseJsonModelFile(text: string, newest: number): ModelFile {
  let root: Json;
  try {
    root = obj(JSON.parse(text), 'the model');
  } catch (e) {
    if (e instanceof ModelFormatError) throw e;
    throw new ModelFormatError('Model file is not valid JSON');
  }
  if (root.format !== MODEL_FORMAT)
    throw new ModelFormatError(`Not a translation model file (format "${String(root.format)}")`);
  const version = root.version;
  if (
    typeof version !== 'number' ||
    !Number.isInteger(version) ||
    version < MODEL_FORMAT_MIN_VERSION ||
    version > JSON_MODEL_FORMAT_VERSION
  ) {
    throw new ModelFormatError(
      `Model format version ${String(version)} is not supported (this app reads versions ${MODEL_FORMAT_MIN_VERSION} to ${newest}); retrain the model or update the app`,
    );
  }
  const vocab = (v: unknown, what: string): VocabularyData => {
    const o = obj(v, what);
    const words = strings(o.words, `${what} words`);
    const surfaces = strings(o.surfaces, `${what} surfaces`);
    if (surfaces.length !== words.length) fail(`${what} surfaces do not match its words`);
    return { words, surfaces: surfaces.map((s, i) => s || (words[i] as string)) };
  };
  const v = obj(root.vocab, 'vocabulary');
  const en = vocab(v.en, 'English vocabulary');
  const lpx = vocab(v.lpx, 'Lopit vocabulary');
  const p = obj(root.phrases, 'phrase table');
  const list = (value: unknown, size: number, what: string): PhraseList => {
    const o = obj(value, what);
    const offsets = unpackInt32(o.offsets, `${what} offsets`);
    const words = unpackInt32(o.words, `${what} words`);
    if (offsets.length < 1 || offsets[offsets.length - 1] !== words.length)
      fail(`${what} offsets do not match`);
    checkIds(words, size, what);
    return { offsets, words };
  };
  const phrases: PhraseTableData = {
    en: list(p.en, en.words.length, 'English phrases'),
    lpx: list(p.lpx, lpx.words.length, 'Lopit phrases'),
    pairEn: unpackInt32(p.pairEn, 'phrase pairs'),
    pairLpx: unpackInt32(p.pairLpx, 'phrase pairs'),
    logPEnGivenLpx: unpackLog(p.logPEnGivenLpx, 'phrase scores'),
    logPLpxGivenEn: unpackLog(p.logPLpxGivenEn, 'phrase scores'),
    logLexEnGivenLpx: unpackLog(p.logLexEnGivenLpx, 'phrase scores'),
    logLexLpxGivenEn: unpackLog(p.logLexLpxGivenEn, 'phrase scores'),
    alignMask: unpackInt32(p.alignMask, 'phrase links'),
  };
  const pairs = phrases.pairEn.length;
  for (const a of [
    phrases.pairLpx,
    phrases.logPEnGivenLpx,
    phrases.logPLpxGivenEn,
    phrases.logLexEnGivenLpx,
    phrases.logLexLpxGivenEn,
    phrases.alignMask,
  ]) {
    if (a.length !== pairs) fail('phrase pair columns differ in length');
  }
  checkIds(phrases.pairEn, phrases.en.offsets.length - 1, 'phrase pairs');
  checkIds(phrases.pairLpx, phrases.lpx.offsets.length - 1, 'phrase pairs');
  const lm = (value: unknown, size: number, what: string): LanguageModelData => {
    const o = obj(value, what);
    if (typeof o.order !== 'number' || o.order < 1 || typeof o.logUnknown !== 'number')
      fail(`${what} header`);
    const parent = unpackInt32(o.parent, `${what} nodes`);
    const word = unpackInt32(o.word, `${what} nodes`);
    const logProb = unpackLog(o.logProb, `${what} scores`);
    const logBackoff = unpackLog(o.logBackoff, `${what} scores`);
    if (
      word.length !== parent.length ||
      logProb.length !== parent.length ||
      logBackoff.length !== parent.length
    )
      fail(`${what} columns differ`);
    parent.forEach((par, k) => {
      if (par < 0 || par > k) fail(`${what} nodes are out of order`);
    });
    checkIds(word, size + 2, what);
    return { order: o.order, logUnknown: o.logUnknown, parent, word, logProb, logBackoff };
  };
  const l = obj(root.lm, 'language models');
  const bestLpxForEn = unpackInt32(root.bestLpxForEn, 'word translations');
  const bestEnForLpx = unpackInt32(root.bestEnForLpx, 'word translations');
  checkIds(bestLpxForEn, lpx.words.length, 'word translations', true);
  checkIds(bestEnForLpx, en.words.length, 'word translations', true);
  const meta = obj(root.meta, 'model description') as unknown as MtModelData['meta'];
  const weights = { ...DEFAULT_WEIGHTS, ...(obj(root.weights, 'weights') as Partial<ModelWeights>) };
  const model: MtModelData = {
    vocab: { en, lpx },
    phrases,
    lm: {
      en: lm(l.en, en.words.length, 'English language model'),
      lpx: lm(l.lpx, lpx.words.length, 'Lopit language model'),
    },
    bestLpxForEn,
    bestEnForLpx,
    weights,
    meta,
  };
  if (version < 2) return { version, model, server: null, pairs: [], lexicon: [] };
  const [english = [], lopit = []] = columns(root.memory, ['english', 'lopit'], 'translation memory');
  const [lexLopit = [], lexEnglish = [], partOfSpeech = []] = columns(
    root.lexicon,
    ['lopit', 'english', 'partOfSpeech'],
    'lexicon',
  );
  return {
    version,
    model,
    server: null,
    pairs: english.map((text, i) => ({ english: text, lopit: lopit[i] as string })),
    lexicon: lexLopit.map((text, i) => ({
      lopit: text,
      english: lexEnglish[i] as string,
      partOfSpeech: partOfSpeech[i] || null,
    })),
  };
}
