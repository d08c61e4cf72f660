// Round trip and validation of the model file format.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { tokenise } from './normalise.ts';
import {
  MODEL_FORMAT_VERSION,
  ModelFormatError,
  parseModel,
  parseModelFile,
  serialiseModel,
} from './serialise.ts';
import { createEngineState, createEngineStateFromFile, translate } from './translate.ts';
import { toyCorpus } from './toy-language.fixture.ts';
import { trainModel } from './train.ts';

let data: MtModelData;
let file: string;

beforeAll(async () => {
  data = await trainModel(toyCorpus(120));
  file = serialiseModel(data);
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

describe('model file', () => {
  it('carries its format and version', () => {
    expect(JSON.parse(file)).toMatchObject({ format: 'lopit-mt', version: MODEL_FORMAT_VERSION });
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
    const broken = JSON.parse(serialiseModel(data, { pairs, lexicon })) as { memory: { lopit: string[] } };
    broken.memory.lopit.pop();
    expect(() => parseModelFile(JSON.stringify(broken))).toThrow('translation memory columns differ');
  });
});
