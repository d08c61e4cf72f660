// Training and model translation on the made-up toy language, both directions.
import { beforeAll, describe, expect, it } from 'vitest';
import type { MtModelData } from './model-data.ts';
import { MtModel } from './mt-model.ts';
import { tokenise } from './normalise.ts';
import { toyCorpus, toySentence } from './toy-language.fixture.ts';
import { trainModel } from './train.ts';

const unseen = toySentence('red', 'bird', 'likes', 'child');
let data: MtModelData;
let model: MtModel;
const progress: number[] = [];

beforeAll(async () => {
  data = await trainModel(toyCorpus(300, 7, [unseen]), {}, (p) => {
    progress.push(p);
  });
  model = new MtModel(data);
});

describe('trainModel', () => {
  it('reports progress from 0 to 100 without going back', () => {
    expect(progress[0]).toBe(0);
    expect(progress[progress.length - 1]).toBe(100);
    expect(progress.every((p, i) => i === 0 || p >= (progress[i - 1] as number))).toBe(true);
  });

  it('aligns the words of the toy language', () => {
    const dogId = model.vocab.en.id('dog') as number;
    expect(model.vocab.lpx.words[data.bestLpxForEn[dogId] as number]).toBe('blorp');
  });

  it('can be stopped', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(trainModel(toyCorpus(20), { signal: controller.signal })).rejects.toThrow('stopped');
  });
});

describe('MtModel.translate', () => {
  it('translates an unseen sentence with reordering, English to the toy language', () => {
    expect(model.translate(tokenise(unseen.english), 'en_to_lpx')?.text).toBe(unseen.lopit);
  });

  it('glosses word by word inside phrases', () => {
    const result = model.translate(tokenise(unseen.english), 'en_to_lpx');
    const pairs = result?.alignment.map((a) => [a.sourceText, a.targetText]);
    expect(pairs).toEqual(
      expect.arrayContaining([
        ['red', 'ruz'],
        ['bird', 'twee'],
        ['likes', 'kova'],
      ]),
    );
  });

  it('translates the other way', () => {
    expect(model.translate(tokenise(unseen.lopit), 'lpx_to_en')?.text).toBe(unseen.english);
  });

  it('passes unknown words through, marks them, and keeps the capital', () => {
    const result = model.translate(tokenise('The old Zorgon eats the cat'), 'en_to_lpx');
    expect(result?.targetTokens).toContain('Zorgon');
    const link = result?.alignment.find((a) => a.sourceText === 'Zorgon');
    expect(link).toMatchObject({ unknown: true, targetText: 'Zorgon' });
    expect(result?.knownWords).toBe(5);
  });

  it('returns an alignment covering every source token once', () => {
    const result = model.translate(tokenise(unseen.english), 'en_to_lpx');
    const covered = (result?.alignment ?? []).flatMap((a) =>
      Array.from({ length: a.sourceEnd - a.sourceStart }, (_, k) => a.sourceStart + k),
    );
    expect(covered.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);
    for (const a of result?.alignment ?? []) {
      expect(result?.targetTokens.slice(a.targetStart, a.targetEnd).join(' ')).toBe(a.targetText);
    }
  });

  it('uses the fallback for words it does not know', () => {
    const result = model.translate(tokenise('the big dog sees the zorgon'), 'en_to_lpx', (w) =>
      w === 'zorgon' ? 'qwix' : undefined,
    );
    expect(result?.text).toContain('qwix');
    expect(result?.alignment.every((a) => !a.unknown)).toBe(true);
  });

  it('knows nothing about fully unknown input', () => {
    expect(model.translate(tokenise('qwerty uiop'), 'en_to_lpx')).toBeNull();
  });

  it('gives a word-for-word baseline', () => {
    expect(model.wordForWord('dog cat', 'en_to_lpx')).toBe('blorp mirv');
  });
});
