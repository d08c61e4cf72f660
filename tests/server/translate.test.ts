// POST /api/translation/translate: memory (exact, fuzzy), trained model, lexicon, nothing known; the engine
// follows new pairs, consent and models. Texts are in made-up languages, never real Lopit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NO_TRANSLATION_MESSAGE, type TranslateResponse } from '../../core/api/chat.ts';
import { toyCorpus } from '../../core/mt/toy-language.fixture.ts';
import { buildApp } from '../../server/app.ts';
import { trainMtModel } from '../../server/features/mt/mt-training.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';
import { checkAnswersAgainstContract } from './live-contract.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('translation engine over the API on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let contributor: Account;

  const translate = (text: string, direction: 'en_to_lpx' | 'lpx_to_en' = 'en_to_lpx') =>
    t.app.inject({ method: 'POST', url: '/api/translation/translate', payload: { text, direction } });
  const answer = async (text: string, direction: 'en_to_lpx' | 'lpx_to_en' = 'en_to_lpx') => {
    const response = await translate(text, direction);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<TranslateResponse>();
  };
  const importPairs = async (pairs: { english: string; lopit: string; category: string }[]) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: admin.auth,
      payload: { pairs },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    await importPairs([
      { english: 'Good morning, friend.', lopit: 'Zorbel kwintafa.', category: 'greetings' },
      { english: 'Where is the river?', lopit: 'Ombo dravi sulat?', category: 'greetings' },
    ]);
    const lexicon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/lexicon',
      headers: admin.auth,
      payload: [
        { lopit: 'glimmet', english: 'stone', part_of_speech: 'noun' },
        { lopit: 'vashu', english: 'water', part_of_speech: 'noun' },
      ],
    });
    expect(lexicon.statusCode, lexicon.body).toBe(200);
  });
  afterAll(() => t.close());

  it('answers an exact match from the memory, in both directions, with a whole-sentence gloss', async () => {
    const body = await answer('good morning friend');
    expect(body).toEqual({
      translated: 'Zorbel kwintafa.',
      source: 'memory',
      confidence: 1,
      similarity: 100,
      alternatives: [],
      sourceTokens: ['good', 'morning', 'friend'],
      targetTokens: ['Zorbel', 'kwintafa', '.'],
      alignment: [
        {
          sourceStart: 0,
          sourceEnd: 3,
          targetStart: 0,
          targetEnd: 3,
          sourceText: 'Good morning, friend.',
          targetText: 'Zorbel kwintafa.',
          unknown: false,
        },
      ],
    });
    expect(await answer('Ombo dravi sulat', 'lpx_to_en')).toMatchObject({
      translated: 'Where is the river?',
      source: 'memory',
      confidence: 1,
    });
  });

  it('answers a close sentence from the memory with its similarity score', async () => {
    const body = await answer('Good morning, my friend!');
    expect(body).toMatchObject({ translated: 'Zorbel kwintafa.', source: 'memory', similarity: 75 });
    expect(body.confidence).toBeCloseTo(0.75);
  });

  it('falls back to the lexicon word by word, marking unknown words', async () => {
    expect(await answer('stone water')).toMatchObject({
      translated: 'glimmet vashu',
      source: 'lexicon',
      alignment: [
        { sourceText: 'stone', targetText: 'glimmet', unknown: false },
        { sourceText: 'water', targetText: 'vashu', unknown: false },
      ],
    });
    const partial = await answer('stone fire');
    expect(partial).toMatchObject({ translated: 'glimmet fire', source: 'lexicon' });
    expect(partial.alignment[1]).toMatchObject({ sourceText: 'fire', unknown: true });
    expect(partial.confidence).toBeLessThan(0.3);
    expect(await answer('VASHU', 'lpx_to_en')).toMatchObject({ translated: 'water', source: 'lexicon' });
  });

  it('says so when nothing is known', async () => {
    const response = await translate('The quokka juggles seven oranges.');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: NO_TRANSLATION_MESSAGE, code: 'NO_TRANSLATION_KNOWN' });
  });

  it('refuses an invalid body', async () => {
    for (const payload of [
      { text: '   ', direction: 'en_to_lpx' },
      { text: 'hello', direction: 'en_to_fr' },
      { text: 'x'.repeat(2001), direction: 'en_to_lpx' },
      { direction: 'en_to_lpx' },
    ]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/translation/translate', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        message: expect.any(String) as string,
      });
    }
  });

  it('uses a new approved pair at once', async () => {
    expect((await translate('The goat sleeps under the tree.')).statusCode).toBe(404);
    await importPairs([
      { english: 'The goat sleeps under the tree.', lopit: 'Pim drelu ka vorta.', category: 'family' },
    ]);
    expect(await answer('the goat sleeps under the tree')).toMatchObject({
      translated: 'Pim drelu ka vorta.',
      source: 'memory',
    });
  });

  it('keeps a second server process on the same database up to date (its own engine, no notification)', async () => {
    const other = await buildApp({ config: t.config, database: t.database, logger: false });
    await other.ready();
    checkAnswersAgainstContract(other);
    try {
      const ask = (text: string) =>
        other.inject({
          method: 'POST',
          url: '/api/translation/translate',
          payload: { text, direction: 'en_to_lpx' },
        });
      expect((await ask('good morning friend')).json()).toMatchObject({ translated: 'Zorbel kwintafa.' });
      expect((await ask('The lamp is bright.')).statusCode).toBe(404);
      expect((await ask('lamp')).statusCode).toBe(404);
      // Changes made through the first process only.
      await importPairs([{ english: 'The lamp is bright.', lopit: 'Lumo trezzik.', category: 'time' }]);
      const lexicon = await t.app.inject({
        method: 'POST',
        url: '/api/admin/import/lexicon',
        headers: admin.auth,
        payload: [{ lopit: 'lumo', english: 'lamp' }],
      });
      expect(lexicon.json()).toMatchObject({ accepted: 1 });
      expect((await ask('the lamp is bright')).json()).toMatchObject({
        translated: 'Lumo trezzik.',
        source: 'memory',
      });
      expect((await ask('lamp')).json()).toMatchObject({ translated: 'lumo', source: 'lexicon' });
    } finally {
      await other.close();
    }
  });

  it("leaves out a contributor's translation while their translation consent is missing or withdrawn", async () => {
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/translation/pairs?category=greetings',
      headers: contributor.auth,
    });
    const prompt = list
      .json<{ pairs: { id: number; english: string }[] }>()
      .pairs.find((pair) => pair.english === 'Good evening.');
    expect(prompt).toBeDefined();
    const save = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/translation/save',
        headers: contributor.auth,
        payload: { id: prompt?.id, translation: 'Vorrim teshal.' },
      });
    const consent = (type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/consent/submit',
        headers: contributor.auth,
        payload: { consent_type: type },
      });
    // Without translation consent the text is refused, so nothing of it can reach the engine.
    const refused = await save();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'CONSENT_REQUIRED' });
    expect((await translate('Good evening.')).statusCode).toBe(404);

    expect((await consent('translation')).statusCode).toBe(200);
    const saved = await save();
    expect(saved.statusCode, saved.body).toBe(200);
    // A proposal is not approved data: the engine does not answer with it until the review approves it.
    expect((await translate('Good evening.')).statusCode).toBe(404);
    const proposal = saved.json<{ pair: { proposals: { id: number }[] } }>().pair.proposals[0];
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/admin/review/proposals/decide',
      headers: admin.auth,
      payload: { ids: [proposal?.id], verdict: 'approve', reason: 'Checked' },
    });
    expect(decided.statusCode, decided.body).toBe(200);
    expect(await answer('good evening')).toMatchObject({ translated: 'Vorrim teshal.', source: 'memory' });
    expect(await answer('vorrim teshal', 'lpx_to_en')).toMatchObject({ translated: 'Good evening.' });

    // A consent that no longer covers translations (recording only) takes the text out, like a withdrawal.
    expect((await consent('recording')).statusCode).toBe(200);
    expect((await translate('Good evening.')).statusCode).toBe(404);
    expect((await consent('full')).statusCode).toBe(200);
    expect(await answer('good evening')).toMatchObject({ translated: 'Vorrim teshal.' });

    const withdraw = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: contributor.auth,
    });
    expect(withdraw.statusCode).toBe(200);
    expect((await translate('Good evening.')).statusCode).toBe(404);
  });

  it('answers from a newly trained model for sentences the memory does not hold', async () => {
    // "the big dog" is too short to be a fuzzy match of any seven-word training sentence.
    const before = await translate('the big dog');
    expect(before.statusCode).toBe(404);
    const seen = new Set<string>();
    await importPairs(
      toyCorpus(160, 11)
        .filter((pair) => !seen.has(pair.english) && seen.add(pair.english))
        .map((pair) => ({ ...pair, category: 'food' })),
    );
    await trainMtModel({ db: t.database.db, config: t.config });
    const body = await answer('the big dog');
    expect(body).toMatchObject({ source: 'model', translated: 'ka blorp grak' });
    expect(body.confidence).toBeGreaterThan(0);
    expect(body.confidence).toBeLessThanOrEqual(1);
    expect(body.targetTokens).toEqual(['ka', 'blorp', 'grak']);
    expect(body.alignment.length).toBeGreaterThan(0);
    for (const link of body.alignment) {
      expect(link.sourceEnd).toBeGreaterThan(link.sourceStart);
      expect(body.sourceTokens.slice(link.sourceStart, link.sourceEnd).join(' ')).toBe(link.sourceText);
    }
    // The memory still wins over the model for what people translated.
    expect(await answer('good morning friend')).toMatchObject({ source: 'memory' });
  });
});
