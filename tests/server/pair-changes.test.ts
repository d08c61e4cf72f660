// A phone's copy of the pairs kept up to date by cursor (GET /api/translation/pairs?since=&limit=): pages that
// hold every pair once, only what changed after a cursor, a fresh start for a cursor of another database, a
// puller that runs beside concurrent writers missing nothing, and the prompt pack recorders read from.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { promptPackSchema } from '../../core/api/recordings.ts';
import {
  PAIRS_PAGE_MAX,
  pairResponseSchema,
  pairsResponseSchema,
  type PairsResponse,
  type TranslationPair,
} from '../../core/api/translation.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, grantConsent, signUp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('pairs by cursor on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let contributor: Account;
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    await grantConsent(t.app, contributor.auth, 'full');
  });
  afterAll(() => t.close());

  const get = (
    query: Record<string, string | number | undefined>,
    auth: Record<string, string> = contributor.auth,
  ) =>
    t.app.inject({
      method: 'GET',
      url: '/api/translation/pairs',
      query: Object.fromEntries(
        Object.entries(query).flatMap(([key, value]) => (value === undefined ? [] : [[key, String(value)]])),
      ),
      headers: auth,
    });
  const page = async (query: Record<string, string | number>): Promise<PairsResponse> => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, pairsResponseSchema);
  };
  /** Every page after `since`, as a phone reads them. */
  const pull = async (since?: string, limit = 500) => {
    const pages: PairsResponse[] = [];
    let cursor = since;
    for (;;) {
      const next = await page({ ...(cursor ? { since: cursor } : {}), limit });
      pages.push(next);
      cursor = next.cursor;
      if (!next.more) return { pages, cursor, pairs: pages.flatMap((one) => one.pairs) };
    }
  };
  const save = async (pair: TranslationPair, translation: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/translation/save',
      headers: contributor.auth,
      payload: { id: pair.id, translation, baseVersion: pair.version },
    });
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, pairResponseSchema).pair;
  };

  it('hands out every pair exactly once over pages, with what remains, from the start', async () => {
    const all = answer(await get({}), pairsResponseSchema);
    expect(all.reset).toBe(true);
    expect(all.more).toBe(false);
    const total = all.pairs.length;
    expect(total).toBeGreaterThan(100);

    const first = await page({ limit: 40 });
    expect(first).toMatchObject({ reset: true, more: true, remaining: total - 40 });
    expect(first.pairs).toHaveLength(40);
    const { pages, pairs } = await pull(undefined, 40);
    expect(pages.length).toBe(Math.ceil(total / 40));
    expect(pages.at(-1)).toMatchObject({ more: false, remaining: 0 });
    expect(pages.slice(1).every((one) => !one.reset)).toBe(true);
    expect(pairs.map((pair) => pair.id).sort((a, b) => a - b)).toEqual(
      all.pairs.map((pair) => pair.id).sort((a, b) => a - b),
    );
    // The cursor of the whole list and of the last page name the same place.
    expect(pages.at(-1)?.cursor).toBe(all.cursor);
  });

  it('after a cursor, answers only what changed: edits and imported pairs, each once, newest text', async () => {
    const { cursor, pairs } = await pull();
    expect((await page({ since: cursor, limit: 100 })).pairs).toEqual([]);
    const [one, two] = pairs;
    if (!one || !two) throw new Error('no pairs');
    await save(one, `zq one ${crypto.randomUUID().slice(0, 6)}`);
    const saved = await save(two, 'zq two a');
    const latest = await save(saved, 'zq two b');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: { pairs: [{ english: `A new sentence ${crypto.randomUUID()}`, category: 'greetings' }] },
    });
    expect(imported.statusCode, imported.body).toBe(200);

    const changes = await page({ since: cursor, limit: 100 });
    expect(changes).toMatchObject({ reset: false, more: false, remaining: 0 });
    expect(changes.pairs.map((pair) => pair.id).slice(0, 2)).toEqual([one.id, two.id]);
    expect(changes.pairs).toHaveLength(3);
    // A contributor's text is a proposal: the pair's approved text stays, the newest proposal is there.
    expect(changes.pairs[1]).toMatchObject({
      lopit: '',
      version: latest.version,
      proposals: [expect.objectContaining({ text: 'zq two b', mine: true })],
    });
    expect(changes.pairs[2]?.english).toMatch(/^A new sentence/);
    expect((await page({ since: changes.cursor })).pairs).toEqual([]);
  });

  it('starts again from the beginning for a cursor of another database', async () => {
    const { pairs } = await pull();
    const foreign = `${crypto.randomUUID()}:5`;
    const answerForeign = await pull(foreign, PAIRS_PAGE_MAX);
    expect(answerForeign.pages[0]?.reset).toBe(true);
    expect(answerForeign.pairs).toHaveLength(pairs.length);
  });

  it('starts again from the beginning for a cursor this database has not reached (restored from a backup)', async () => {
    const { pairs, cursor } = await pull();
    const [epoch, seq] = cursor.split(':');
    expect((await page({ since: cursor })).reset).toBe(false);
    for (const ahead of [Number(seq) + 1, 999_999_999]) {
      const answerAhead = await pull(`${epoch}:${ahead}`, PAIRS_PAGE_MAX);
      expect(answerAhead.pages[0]?.reset).toBe(true);
      expect(answerAhead.pairs).toHaveLength(pairs.length);
      // The cursor it gives back is where this database is, not the one it was sent.
      expect(answerAhead.cursor).toBe(cursor);
    }
  });

  it('refuses cursors and limits that are not what it gave out, before reading anything', async () => {
    const { cursor } = await page({ limit: 1 });
    const [epoch] = cursor.split(':');
    for (const query of [
      { since: 'abc' },
      { since: `${epoch}:-1` },
      { since: `${epoch}:1e3` },
      { since: `${epoch}:01` },
      { since: `${epoch}:1\u0000` },
      { since: `${epoch}:${'9'.repeat(16)}` },
      { since: `${epoch}:1`.repeat(200) },
      { limit: 0 },
      { limit: PAIRS_PAGE_MAX + 1 },
      { limit: '1e3' },
      { limit: '0x10' },
    ]) {
      const response = await get(query);
      expect(response.statusCode, JSON.stringify(query)).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) as string });
    }
    expect((await get({ since: cursor }, {})).statusCode).toBe(401);
  });

  it.runIf(kind === 'postgres')(
    'a phone pulling while forty edits commit at once ends with every final text (numbers appear in order)',
    async () => {
      const { cursor, pairs } = await pull();
      const targets = pairs.slice(0, 40);
      const copy = new Map(targets.map((pair) => [pair.id, pair]));
      let since = cursor;
      let writing = true;
      const puller = (async () => {
        while (writing) {
          const changes = await page({ since, limit: 7 });
          for (const pair of changes.pairs) copy.set(pair.id, pair);
          since = changes.cursor;
        }
      })();
      const finals = await Promise.all(targets.map((pair, index) => save(pair, `zq race ${index}`)));
      writing = false;
      await puller;
      const rest = await pull(since);
      for (const pair of rest.pairs) copy.set(pair.id, pair);
      for (const final of finals)
        expect(copy.get(final.id)).toMatchObject({
          lopit: final.lopit,
          version: final.version,
          proposals: final.proposals,
        });
    },
  );

  it('gives each contributor a prompt pack: fewest recordings first, their own recorded sentences last', async () => {
    const reader = await signUp(t.app);
    await grantRecordingConsent(t.app, reader.auth);
    const pack = async (auth: Record<string, string>, limit?: number) => {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/audio/prompts',
        query: limit === undefined ? {} : { limit: String(limit) },
        headers: auth,
      });
      expect(response.statusCode, response.body).toBe(200);
      return answer(response, promptPackSchema).prompts;
    };
    const total = answer(await get({}), pairsResponseSchema).pairs.length;
    const before = await pack(reader.auth);
    expect(before).toHaveLength(Math.min(300, total));
    expect(await pack(reader.auth, 5)).toHaveLength(5);
    expect(before.every((prompt) => prompt.recordings === 0 && prompt.mine === false)).toBe(true);
    const [first] = before;
    if (!first) throw new Error('empty pack');

    const body = multipartBody(
      { bytes: toneWav(2, { frequency: 523 }) },
      { recordingId: crypto.randomUUID(), promptPairId: first.id, language: 'en', transcript: first.english },
    );
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...reader.auth, ...body.headers },
      payload: body.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);

    const mine = await pack(reader.auth, 1000);
    expect(mine.at(-1)).toMatchObject({ id: first.id, recordings: 1, mine: true });
    expect(mine.slice(0, -1).some((prompt) => prompt.id === first.id)).toBe(false);
    const theirs = await pack(contributor.auth, 1000);
    expect(theirs.find((prompt) => prompt.id === first.id)).toMatchObject({ recordings: 1, mine: false });
    expect(theirs.findIndex((prompt) => prompt.id === first.id)).toBeGreaterThan(
      theirs.findIndex((prompt) => prompt.recordings === 0),
    );
    // Two contributors do not get the same order.
    expect(before.slice(0, 20).map((prompt) => prompt.id)).not.toEqual(
      (await pack(contributor.auth, 20)).map((prompt) => prompt.id),
    );
    for (const limit of ['0', '1001', '1e2', '-1']) {
      const response = await t.app.inject({
        method: 'GET',
        url: '/api/audio/prompts',
        query: { limit },
        headers: reader.auth,
      });
      expect(response.statusCode).toBe(400);
    }
  });
});
