// Round trip and validation of the model file format.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';
import { readFileSync } from 'node:fs';
import { crc32 } from './binary-format.ts';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { tokenise } from './normalise.ts';
import { compactModel } from './prune.ts';
import {
  MODEL_FORMAT_VERSION,
  ModelFormatError,
  parseModel,
  parseModelFile,
  phoneFile,
  serialiseModel,
  serialiseModelJson,
} from './serialise.ts';
import { createEngineState, createEngineStateFromFile, translate } from './translate.ts';
import { toyCorpus } from './toy-language.fixture.ts';
import { trainModel } from './train.ts';

let data: MtModelData;
/** An old (format version 2, JSON) file. */
let file: string;
let binary: Uint8Array;

beforeAll(async () => {
  data = await trainModel(toyCorpus(120));
  file = serialiseModelJson(data);
  binary = serialiseModel(data);
});

const sentences: [string, 'en_to_lpx' | 'lpx_to_en'][] = [
  ['the big dog sees the cat', 'en_to_lpx'],
  ['the old man eats the bird', 'en_to_lpx'],
  ['ka vesh tinu kova ka pim', 'lpx_to_en'],
];

function sameTranslations(a: MtModelData, b: MtModelData): void {
  const [x, y] = [new MtModel(a), new MtModel(b)];
  for (const [text, direction] of sentences)
    expect(x.translate(tokenise(text), direction)?.text).toBe(y.translate(tokenise(text), direction)?.text);
}

/** The file with its checksum made to match again after a change, so that the parser's own checks are hit. */
function resealed(bytes: Uint8Array): Uint8Array {
  const out = bytes.slice();
  new DataView(out.buffer).setUint32(9, crc32(out, 13), true);
  return out;
}

describe('binary model file (version 4)', () => {
  it('starts with its format name and version', () => {
    expect(new TextDecoder().decode(binary.subarray(0, 8))).toBe('lopit-mt');
    expect(binary[8]).toBe(MODEL_FORMAT_VERSION);
    expect(parseModelFile(binary).version).toBe(4);
  });

  it('round-trips: the model read back translates the same, and is far smaller than JSON', () => {
    sameTranslations(parseModel(binary), data);
    expect(binary.length).toBeLessThan(file.length / 2);
  });

  it('keeps the server model in the server copy only, and the phone copy translates with the compact one', () => {
    const compact = compactModel(data);
    const server = serialiseModel(compact, undefined, { server: data });
    const parsed = parseModelFile(server);
    expect(parsed.server).not.toBeNull();
    expect(parsed.server?.phrases.pairEn.length).toBe(data.phrases.pairEn.length);
    const phone = phoneFile(server);
    expect(phone.length).toBeLessThan(server.length);
    const onPhone = parseModelFile(phone);
    expect(onPhone.server).toBeNull();
    expect(onPhone.model.phrases.pairEn.length).toBe(compact.phrases.pairEn.length);
    expect(phoneFile(phone)).toEqual(phone);
    sameTranslations(onPhone.model, data);
  });

  it('refuses a damaged file: a flipped byte, a cut, a newer version, a wrong section', () => {
    const flipped = binary.slice();
    flipped[200] = (flipped[200] as number) ^ 1;
    expect(() => parseModelFile(flipped)).toThrow('checksum does not match');
    expect(() => parseModelFile(binary.subarray(0, binary.length - 10))).toThrow(ModelFormatError);
    expect(() => parseModelFile(resealed(binary.subarray(0, binary.length - 10)))).toThrow('damaged');
    expect(() => parseModelFile(binary.subarray(0, 10))).toThrow('cut short');
    const newer = binary.slice();
    newer[8] = 5;
    expect(() => parseModelFile(newer)).toThrow('version 5 is not supported');
    const section = binary.slice();
    section[13] = 9;
    expect(() => parseModelFile(resealed(section))).toThrow('unexpected section 9');
    expect(() => phoneFile(flipped)).toThrow(ModelFormatError);
  });

  it('refuses ids past their tables even when the checksum matches', () => {
    // Overwrite every byte of the model section's tail with 0x7f (large varints, words past the vocabulary).
    const broken = binary.slice();
    broken.fill(0x7f, Math.floor(binary.length / 2), Math.floor(binary.length / 2) + 40);
    expect(() => parseModelFile(resealed(broken))).toThrow(ModelFormatError);
  });
});

describe('base64', () => {
  it('round-trips every padding length', () => {
    for (const bytes of [[], [1], [1, 2], [1, 2, 3], [255, 0, 128, 7]]) {
      const a = Uint8Array.from(bytes);
      expect(Array.from(decodeBase64(encodeBase64(a)))).toEqual(bytes);
    }
    expect(encodeBase64(Uint8Array.from([102, 111, 111, 98]))).toBe('Zm9vYg==');
  });
});

describe('older JSON model file (version 2)', () => {
  it('carries its format and version', () => {
    expect(JSON.parse(file)).toMatchObject({ format: 'lopit-mt', version: 2 });
  });

  it('is still read, as text or as the bytes a phone downloaded', () => {
    sameTranslations(parseModel(new TextEncoder().encode(file)), data);
    expect(parseModelFile(new TextEncoder().encode(file)).version).toBe(2);
  });

  it('translates the same after a round trip', () => {
    const loaded = new MtModel(parseModel(file));
    const original = new MtModel(data);
    for (const text of ['the big dog sees the cat', 'the old man eats the bird']) {
      expect(loaded.translate(tokenise(text), 'en_to_lpx')?.text).toBe(
        original.translate(tokenise(text), 'en_to_lpx')?.text,
      );
    }
    const lopit = 'ka vesh tinu kova ka pim';
    expect(loaded.translate(tokenise(lopit), 'lpx_to_en')?.text).toBe(
      original.translate(tokenise(lopit), 'lpx_to_en')?.text,
    );
  });

  it('rejects an unknown version clearly', () => {
    const future = JSON.stringify({ ...(JSON.parse(file) as object), version: 99 });
    expect(() => parseModel(future)).toThrow(ModelFormatError);
    expect(() => parseModel(future)).toThrow('version 99 is not supported');
  });

  it('rejects files that are not models or are damaged', () => {
    expect(() => parseModel('not json')).toThrow('not valid JSON');
    expect(() => parseModel('{"format":"other"}')).toThrow('Not a translation model file');
    const broken = JSON.parse(file) as { phrases: { pairEn: { n: number } } };
    broken.phrases.pairEn.n += 1;
    expect(() => parseModel(JSON.stringify(broken))).toThrow('damaged');
  });
});

describe('model file with its snapshot', () => {
  const pairs = [
    { english: 'Good morning, friend.', lopit: 'Zorbel kwinta.' },
    { english: 'The red bird', lopit: 'ka twee ruz' },
  ];
  const lexicon = [
    { lopit: 'kwintafa', english: 'river; stream', partOfSpeech: 'noun' },
    { lopit: 'zibba', english: 'to see', partOfSpeech: null },
  ];

  it('carries the memory and lexicon, and builds the same engine as the parts', () => {
    const withSnapshot = serialiseModel(data, { pairs, lexicon });
    expect(parseModelFile(serialiseModelJson(data, { pairs, lexicon }))).toMatchObject({ pairs, lexicon });
    const parsed = parseModelFile(withSnapshot);
    expect(parsed.version).toBe(MODEL_FORMAT_VERSION);
    expect(parsed.pairs).toEqual(pairs);
    expect(parsed.lexicon).toEqual(lexicon);
    const offline = createEngineStateFromFile(withSnapshot);
    const direct = createEngineState({ pairs, lexicon, model: data });
    for (const [text, direction] of [
      ['good morning friend', 'en_to_lpx'],
      ['the small cat likes the dog', 'en_to_lpx'],
      ['kwintafa', 'lpx_to_en'],
      ['ka mirv oba nomu ka gorn', 'lpx_to_en'],
    ] as const) {
      expect(translate(offline, text, direction)).toEqual(translate(direct, text, direction));
    }
    expect(translate(offline, 'good morning friend', 'en_to_lpx')).toMatchObject({ source: 'memory' });
  });

  it('leaves the memory out of the phone copy: the pairs a phone keeps apart answer instead', () => {
    const phone = phoneFile(serialiseModel(data, { pairs, lexicon }));
    expect(parseModelFile(phone)).toMatchObject({ version: MODEL_FORMAT_VERSION, pairs: [], lexicon });
    expect(translate(createEngineStateFromFile(phone), 'good morning friend', 'en_to_lpx')).not.toMatchObject(
      {
        source: 'memory',
      },
    );
    const kept = createEngineStateFromFile(phone, [pairs[0] as (typeof pairs)[0]]);
    expect(translate(kept, 'Good morning, friend!', 'en_to_lpx')).toMatchObject({
      source: 'memory',
      text: 'Zorbel kwinta.',
    });
    expect(translate(kept, 'kwintafa', 'lpx_to_en')).toMatchObject({ source: 'lexicon' });
  });

  it('still reads a version 1 file (model only)', () => {
    const v1 = JSON.stringify({
      ...(JSON.parse(file) as object),
      version: 1,
      memory: undefined,
      lexicon: undefined,
    });
    const parsed = parseModelFile(v1);
    expect(parsed).toMatchObject({ version: 1, pairs: [], lexicon: [] });
    expect(new MtModel(parsed.model).translate(tokenise('the big dog'), 'en_to_lpx')?.text).toBe(
      new MtModel(data).translate(tokenise('the big dog'), 'en_to_lpx')?.text,
    );
  });

  it('refuses a snapshot whose columns differ in length', () => {
    const broken = JSON.parse(serialiseModelJson(data, { pairs, lexicon })) as {
      memory: { lopit: string[] };
    };
    broken.memory.lopit.pop();
    expect(() => parseModelFile(JSON.stringify(broken))).toThrow('translation memory columns differ');
  });
});

describe('the memory coded as word ids (version 4)', () => {
  // Texts the vocabulary rebuilds, and ones it cannot: curly quotes and an ellipsis (unified by tokenise), a
  // word it never saw, capitals, a doubled space, a leading space, an empty text.
  const pairs = [
    { english: 'The big dog sees the cat.', lopit: 'Ka blorp grak zibba ka mirv.' },
    { english: 'THE RED BIRD, the old man’s child…', lopit: 'ka twee ruz, “ka pim” gorn oba' },
    { english: 'the  small cat likes quetzalwort 🐦', lopit: ' ka mirv tinu kova' },
    { english: '', lopit: 'ka vesh (oba) nomu ka pim?' },
  ];

  it('round-trips every text exactly and is smaller than the text', () => {
    const withIds = serialiseModel(data, { pairs, lexicon: [] });
    expect(parseModelFile(withIds).pairs).toEqual(pairs);
    const many = toyCorpus(300, 11);
    const coded = serialiseModel(data, { pairs: many, lexicon: [] });
    expect(parseModelFile(coded).pairs).toEqual(many);
    const text = new TextEncoder().encode(many.map((p) => `${p.english}\n${p.lopit}`).join('\n'));
    expect(coded.length - binary.length).toBeLessThan(text.length / 2);
  });

  it('refuses a damaged memory even when the checksum matches', () => {
    const withIds = serialiseModel(data, { pairs, lexicon: [] });
    // The memory section is the one before the (empty) lexicon at the end: spoil its last bytes.
    for (const at of [8, 12, 20]) {
      const broken = withIds.slice();
      broken[broken.length - at] = 0xff;
      expect(() => parseModelFile(resealed(broken))).toThrow(ModelFormatError);
    }
  });
});

describe('binary model file of version 3 (memory kept as text)', () => {
  // Written by the version 3 writer (commit a11b74f) from toyCorpus(40): compact model, server model, memory
  // with a curly apostrophe, one lexicon entry.
  const old = new Uint8Array(readFileSync(new URL('./fixtures/toy-model-v3.bin', import.meta.url)));

  it('is still read, with its memory, lexicon and both models', () => {
    const parsed = parseModelFile(old);
    expect(parsed.version).toBe(3);
    expect(parsed.server).not.toBeNull();
    expect(parsed.pairs).toHaveLength(41);
    expect(parsed.pairs[40]).toEqual({ english: 'The woman’s cat…', lopit: 'ka vesh mirv' });
    expect(parsed.lexicon).toEqual([{ lopit: 'vesh', english: 'woman', partOfSpeech: 'noun' }]);
    const state = createEngineStateFromFile(old);
    expect(translate(state, 'the woman’s cat…', 'en_to_lpx')).toMatchObject({ source: 'memory' });
  });

  it('keeps its version in the phone copy, without the memory, and is refused when damaged', () => {
    const phone = phoneFile(old);
    expect(phone[8]).toBe(3);
    expect(parseModelFile(phone).server).toBeNull();
    expect(parseModelFile(phone).pairs).toEqual([]);
    expect(parseModelFile(phone).lexicon).toEqual(parseModelFile(old).lexicon);
    const flipped = old.slice();
    flipped[100] = (flipped[100] as number) ^ 1;
    expect(() => parseModelFile(flipped)).toThrow('checksum does not match');
  });
});
