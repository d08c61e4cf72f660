// Round trip and validation of the model file format.
import { beforeAll, describe, expect, it } from 'vitest';
import { decodeBase64, encodeBase64 } from './base64.ts';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { tokenise } from './normalise.ts';
import { MODEL_FORMAT_VERSION, ModelFormatError, parseModel, serialiseModel } from './serialise.ts';
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
