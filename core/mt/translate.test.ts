// The translate() cascade: memory exact, memory fuzzy, model, lexicon, nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { createEngineState, translate, type EngineState } from './translate.ts';
import { toyCorpus } from './toy-language.fixture.ts';
import { trainModel } from './train.ts';

let withModel: EngineState;
const pairs = [{ english: 'good morning, friend', lopit: 'ŋazzle tok, vum' }];
const lexicon = [{ lopit: 'qwix', english: 'river' }];

beforeAll(async () => {
  withModel = createEngineState({ pairs, lexicon, model: await trainModel(toyCorpus(200)) });
});

describe('translate', () => {
  it('answers from memory on an exact match, with full confidence', () => {
    const answer = translate(withModel, 'Ngazzle tok vum!', 'lpx_to_en');
    expect(answer).toMatchObject({
      text: 'good morning, friend',
      source: 'memory',
      confidence: 1,
      similarity: 100,
    });
  });

  it('offers a fuzzy memory match at 70% or more with its score', () => {
    const state = createEngineState({
      pairs: [{ english: 'the river is wide today', lopit: 'qwix dap lor fen' }],
    });
    const answer = translate(state, 'the river is cold today', 'en_to_lpx');
    expect(answer).toMatchObject({
      text: 'qwix dap lor fen',
      source: 'memory',
      similarity: 80,
      confidence: 0.8,
    });
  });

  it('uses the model when memory has nothing close, with a gloss', () => {
    const answer = translate(withModel, 'the small cat finds the child', 'en_to_lpx');
    expect(answer).toMatchObject({ text: 'ka mirv tinu drel ka pim', source: 'model' });
    expect(answer?.confidence).toBeGreaterThan(0);
    expect(answer?.confidence).toBeLessThan(1);
    expect(answer?.alignment.length).toBeGreaterThan(0);
  });

  it('falls back to the lexicon word by word, marking unknown words', () => {
    const state = createEngineState({ lexicon });
    const answer = translate(state, 'qwix blah', 'lpx_to_en');
    expect(answer).toMatchObject({ text: 'river blah', source: 'lexicon' });
    expect(answer?.alignment.map((a) => a.unknown)).toEqual([false, true]);
  });

  it('returns null when nothing is known', () => {
    expect(translate(createEngineState({}), 'anything at all', 'en_to_lpx')).toBeNull();
    expect(translate(withModel, 'zzz yyy', 'en_to_lpx')).toBeNull();
    expect(translate(withModel, '?!', 'en_to_lpx')).toBeNull();
  });
});
