// Training the translation model (trainMtModel), storing it, and GET /api/translation/model for offline use:
// ETag and 304, and the browser's engine built from the file answers as the server does. The corpus is the
// made-up toy language of core/mt, never real Lopit.
import { readFileSync } from 'node:fs';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeMemoryPage, MEMORY_PAGE_CODED_TYPE } from '../../core/api/memory-page-coding.ts';
import { memoryEntries, memoryPageSchema, toTranslateResponse } from '../../core/api/chat.ts';
import { MT_MIN_TRAINING_PAIRS } from '../../core/constants.ts';
import {
  createEngineStateFromFile,
  MODEL_FORMAT_VERSION,
  parseModel,
  parseModelFile,
  serialiseModelJson,
  translate,
} from '../../core/mt/index.ts';
import { toyCorpus } from '../../core/mt/toy-language.fixture.ts';
import { ArtifactStore } from '../../server/features/models/artifact-store.ts';
import {
  trainMtModel,
  TrainingStoppedError,
  type TrainMtResult,
} from '../../server/features/mt/mt-training.ts';
import { consentedApprovedPairs } from '../../server/features/mt/mt.service.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

/** Pairs in one order, for comparing sets that come in different orders. */
const sorted = (pairs: readonly { english: string; lopit: string }[]) =>
  pairs.map((p) => `${p.english}\t${p.lopit}`).sort();

type Account = Awaited<ReturnType<typeof signUp>>;

function distinctToyPairs(count: number, seed: number) {
  const seen = new Set<string>();
  return toyCorpus(count, seed).filter((pair) => !seen.has(pair.english) && seen.add(pair.english));
}

describe.each(DATABASE_KINDS)('translation model training and download on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let trained: TrainMtResult;
  const progress: [number, string][] = [];

  const getModel = (headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: '/api/translation/model', headers });
  /** The memory a phone keeps beside the model, fetched as its worker does. */
  const memoryPairs = async () => {
    const pairs: { english: string; lopit: string }[] = [];
    let since = '';
    for (;;) {
      const page = memoryPageSchema.parse(
        (await t.app.inject({ method: 'GET', url: `/api/translation/memory?limit=100${since}` })).json(),
      );
      pairs.push(...memoryEntries(page).map(({ english, lopit }) => ({ english, lopit })));
      since = `&since=${encodeURIComponent(page.cursor)}`;
      if (!page.more) return pairs;
    }
  };
  const latest = () => ArtifactStore.fromConfig(t.database.db, t.config).latest('mt');
  const importPairs = async (pairs: { english: string; lopit: string }[], category: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: admin.auth,
      payload: { pairs: pairs.map((pair) => ({ ...pair, category })) },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('answers 404 MODEL_NOT_TRAINED before any model exists', async () => {
    const response = await getModel();
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'MODEL_NOT_TRAINED',
      message: expect.stringMatching(/No translation model has been trained yet/) as string,
    });
  });

  it('refuses to train on too few pairs, and stores nothing', async () => {
    await importPairs(distinctToyPairs(20, 3), 'family');
    await expect(trainMtModel({ db: t.database.db, config: t.config })).rejects.toMatchObject({
      statusCode: 422,
      code: 'NOT_ENOUGH_PAIRS',
      message: expect.stringContaining(
        `at least ${MT_MIN_TRAINING_PAIRS} approved translation pairs`,
      ) as string,
    });
    expect(await latest()).toBeNull();
  });

  it('trains with held-out scores and progress, and stores the model as the latest artifact', async () => {
    await importPairs(distinctToyPairs(200, 5), 'food');
    const lexicon = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/lexicon',
      headers: admin.auth,
      payload: [
        { lopit: 'vashu', english: 'water', part_of_speech: 'noun' },
        { lopit: 'glimmet', english: 'stone', part_of_speech: 'noun' },
      ],
    });
    expect(lexicon.statusCode).toBe(200);
    trained = await trainMtModel({
      db: t.database.db,
      config: t.config,
      onProgress: (percent, message) => {
        progress.push([percent, message]);
      },
    });
    const m = trained.metrics;
    expect(m.pairsUsed).toBeGreaterThanOrEqual(150);
    expect(m.trainPairs! + m.heldOutPairs!).toBe(m.pairsUsed);
    expect(m.heldOutPairs).toBeGreaterThanOrEqual(Math.ceil(0.1 * m.pairsUsed!));
    for (const name of ['chrf', 'bleu', 'chrfEnToLpx', 'bleuEnToLpx', 'chrfLpxToEn', 'bleuLpxToEn']) {
      expect(m[name]).toBeGreaterThanOrEqual(0);
      expect(m[name]).toBeLessThanOrEqual(100);
    }
    // The toy language is regular: a model trained on it translates unseen sentences well.
    expect(m.chrfEnToLpx).toBeGreaterThan(60);
    expect(m.vocabularyEnglish).toBeGreaterThan(10);
    expect(m.vocabularyLopit).toBeGreaterThan(10);
    expect(m.lexiconEntries).toBe(2);
    expect(m.modelBytes).toBeGreaterThan(1000);
    // The phone's copy leaves out the server's fuller model.
    expect(m.phoneModelBytes).toBeLessThan(m.modelBytes!);

    expect(progress[0]?.[0]).toBe(0);
    expect(progress.at(-1)).toEqual([100, 'Trained and saved']);
    const percents = progress.map(([percent]) => percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(progress.some(([, message]) => /held-out/.test(message))).toBe(true);
    expect(progress.some(([, message]) => /final model on all/.test(message))).toBe(true);

    const artifact = await latest();
    expect(artifact).toMatchObject({
      id: trained.artifactId,
      version: trained.version,
      modelType: 'mt',
      sizeBytes: m.modelBytes,
      metrics: m,
      jobId: null,
    });
  });

  it('serves the model with its version as ETag, no-cache, and 304 when unchanged', async () => {
    const response = await getModel();
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(`"${trained.version}"`);
    expect(response.headers['cache-control']).toBe('no-cache');
    expect(response.headers['content-type']).toMatch(/^application\/octet-stream/);
    expect(Number(response.headers['content-length'])).toBe(trained.metrics.phoneModelBytes);

    for (const header of [
      `"${trained.version}"`,
      `W/"${trained.version}"`,
      `"other", "${trained.version}"`,
      '*',
    ]) {
      const cached = await getModel({ 'if-none-match': header });
      expect(cached.statusCode).toBe(304);
      expect(cached.body).toBe('');
      expect(cached.headers.etag).toBe(`"${trained.version}"`);
    }
    expect((await getModel({ 'if-none-match': '"something-else"' })).statusCode).toBe(200);
  });

  it('sends the model in brotli or gzip to clients that accept it', async () => {
    const plain = await getModel();
    expect(plain.headers['content-encoding']).toBeUndefined();
    const zipped = await getModel({ 'accept-encoding': 'gzip, deflate' });
    expect(zipped.statusCode).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toBe('Accept-Encoding');
    expect(zipped.headers.etag).toBe(`"${trained.version}"`);
    expect(zipped.rawPayload.length).toBeLessThan(plain.rawPayload.length);
    expect(gunzipSync(zipped.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await getModel({ 'accept-encoding': 'gzip;q=0' })).headers['content-encoding']).toBeUndefined();

    // Brotli at its best quality where the client offers it (browsers do over HTTPS): smaller still.
    const brotli = await getModel({ 'accept-encoding': 'gzip, deflate, br, zstd' });
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotli.headers.vary).toBe('Accept-Encoding');
    expect(Number(brotli.headers['content-length'])).toBe(brotli.rawPayload.length);
    expect(brotli.rawPayload.length).toBeLessThan(zipped.rawPayload.length);
    expect(brotliDecompressSync(brotli.rawPayload).equals(plain.rawPayload)).toBe(true);
    expect((await getModel({ 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it('codes memory pages with the words of the model a phone holds when it is the latest, else sends JSON', async () => {
    const vocab = parseModelFile(new Uint8Array((await getModel()).rawPayload)).model.vocab;
    const memory = (query: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url: `/api/translation/memory?limit=2000${query}`, headers });
    const json = await memory('');
    expect(json.headers['content-type']).toContain('application/json');
    const coded = await memory(`&model=${trained.version}`);
    expect(coded.statusCode, coded.body).toBe(200);
    expect(coded.headers['content-type']).toBe(MEMORY_PAGE_CODED_TYPE);
    const page = memoryPageSchema.parse(json.json());
    expect(page.ids.length).toBeGreaterThan(0);
    expect(decodeMemoryPage(new Uint8Array(coded.rawPayload), vocab)).toEqual(page);
    expect(coded.rawPayload.length).toBeLessThan(json.rawPayload.length / 2);
    // Compressed on the wire like the JSON pages.
    const zipped = await memory(`&model=${trained.version}`, { 'accept-encoding': 'br' });
    expect(zipped.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(zipped.rawPayload).equals(coded.rawPayload)).toBe(true);
    // A phone holding another (older) model gets JSON, which it reads whatever its model.
    const older = await memory(`&model=${'0'.repeat(64)}`);
    expect(older.headers['content-type']).toContain('application/json');
    expect(memoryPageSchema.parse(older.json())).toEqual(page);
    for (const bad of ['abc', 'A'.repeat(64), `${'0'.repeat(64)}%00`, '0'.repeat(65)])
      expect((await memory(`&model=${bad}`)).statusCode, bad).toBe(400);
  });

  it('is the model file of core/mt with the lexicon; with the memory kept apart it translates offline as the server does', async () => {
    const file = new Uint8Array((await getModel()).rawPayload);
    const parsed = parseModelFile(file);
    expect(parsed.version).toBe(MODEL_FORMAT_VERSION);
    expect(parsed.server).toBeNull();
    // The memory travels apart (GET /api/translation/memory), so a retrained model does not send it again.
    expect(parsed.pairs).toEqual([]);
    expect(parsed.lexicon).toEqual([
      { lopit: 'vashu', english: 'water', partOfSpeech: 'noun' },
      { lopit: 'glimmet', english: 'stone', partOfSpeech: 'noun' },
    ]);
    const memory = await memoryPairs();
    // The pairs the server's engine answers from (training leaves out repeated pairs).
    expect(sorted(memory)).toEqual(sorted(await consentedApprovedPairs(t.app.repositories.translation)));
    const offline = createEngineStateFromFile(parsed, memory);
    parsed.pairs = memory;
    const inputs: [string, 'en_to_lpx' | 'lpx_to_en'][] = [
      [parsed.pairs[0]!.english, 'en_to_lpx'],
      [parsed.pairs[1]!.lopit, 'lpx_to_en'],
      ['the small bird likes the old woman', 'en_to_lpx'],
      ['the big dog', 'en_to_lpx'],
      ['ka pim ruz drel', 'lpx_to_en'],
      ['stone water', 'en_to_lpx'],
      ['The quokka juggles seven oranges.', 'en_to_lpx'],
    ];
    const sources = new Set<string>();
    for (const [text, direction] of inputs) {
      const server = await t.app.inject({
        method: 'POST',
        url: '/api/translation/translate',
        payload: { text, direction },
      });
      const local = translate(offline, text, direction);
      if (!local) {
        expect(server.statusCode).toBe(404);
        continue;
      }
      expect(server.statusCode, server.body).toBe(200);
      const phone = toTranslateResponse(local);
      if (local.source === 'model') {
        // The server answers with its fuller model, the phone with the compact one (pruned, 8-bit scores):
        // on the toy language both give the same translation, with confidences a little apart.
        const answer = server.json<typeof phone>();
        expect({ ...answer, confidence: 0 }).toEqual({ ...phone, confidence: 0 });
        expect(Math.abs(answer.confidence - phone.confidence)).toBeLessThan(0.05);
      } else expect(server.json()).toEqual(phone);
      sources.add(local.source);
    }
    expect([...sources].sort()).toEqual(['lexicon', 'memory', 'model']);
  });

  it('stops at the next checkpoint when asked, storing nothing', async () => {
    const before = await latest();
    const aborted = new AbortController();
    aborted.abort();
    await expect(
      trainMtModel({ db: t.database.db, config: t.config, signal: aborted.signal }),
    ).rejects.toBeInstanceOf(TrainingStoppedError);

    const midway = new AbortController();
    await expect(
      trainMtModel({
        db: t.database.db,
        config: t.config,
        signal: midway.signal,
        onProgress: (percent) => {
          if (percent >= 20) midway.abort();
        },
      }),
    ).rejects.toThrow('Training was stopped.');
    expect((await latest())?.id).toBe(before?.id);
  });

  it('still serves and answers from an older JSON model file until the next training', async () => {
    const store = ArtifactStore.fromConfig(t.database.db, t.config);
    const current = await latest();
    const model = parseModel(await store.read(current!));
    const pairs = [{ english: 'the old quokka', lopit: 'ka quokka oba' }];
    const json = serialiseModelJson(model, { pairs, lexicon: [] });
    const old = await store.save({
      modelType: 'mt',
      bytes: Buffer.from(json, 'utf8'),
      contentType: 'application/json',
      metrics: {},
    });
    const response = await getModel();
    expect(response.headers.etag).toBe(`"${old.version}"`);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    expect(response.body).toBe(json);
    const parsed = parseModelFile(new Uint8Array(response.rawPayload));
    expect(parsed).toMatchObject({ version: 2, pairs });
    const server = await t.app.inject({
      method: 'POST',
      url: '/api/translation/translate',
      payload: { text: 'the big dog sees the cat', direction: 'en_to_lpx' },
    });
    expect(server.statusCode, server.body).toBe(200);
    const local = translate(createEngineStateFromFile(parsed), 'the big dog sees the cat', 'en_to_lpx');
    expect(server.json()).toMatchObject({ translated: local?.text });
  });

  it('still serves and answers with a stored version 3 file (memory kept as text)', async () => {
    const store = ArtifactStore.fromConfig(t.database.db, t.config);
    const bytes = readFileSync(new URL('../../core/mt/fixtures/toy-model-v3.bin', import.meta.url));
    const old = await store.save({
      modelType: 'mt',
      bytes,
      contentType: 'application/octet-stream',
      metrics: {},
    });
    const response = await getModel();
    expect(response.headers.etag).toBe(`"${old.version}"`);
    const parsed = parseModelFile(new Uint8Array(response.rawPayload));
    expect(parsed).toMatchObject({ version: 3, server: null, pairs: [] });
    const server = await t.app.inject({
      method: 'POST',
      url: '/api/translation/translate',
      payload: { text: 'the big dog sees the cat', direction: 'en_to_lpx' },
    });
    expect(server.statusCode, server.body).toBe(200);
    // The server answers with the file's fuller model: the toy grammar's translation.
    expect(server.json()).toMatchObject({ translated: 'ka blorp grak zibba ka mirv' });
    // The phone's copy answers from the memory it keeps apart, as the server does.
    const memory = await memoryPairs();
    const [pair] = memory;
    expect(translate(createEngineStateFromFile(parsed, memory), pair!.english, 'en_to_lpx')).toMatchObject({
      source: 'memory',
      text: pair!.lopit,
    });
  });

  it('serves a retrained model under a new ETag', async () => {
    await importPairs(distinctToyPairs(40, 9), 'time');
    const again = await trainMtModel({ db: t.database.db, config: t.config });
    expect(again.artifactId).toBeGreaterThan(trained.artifactId);
    expect(again.version).not.toBe(trained.version);
    const response = await getModel({ 'if-none-match': `"${trained.version}"` });
    expect(response.statusCode).toBe(200);
    expect(response.headers.etag).toBe(`"${again.version}"`);
    expect(parseModelFile(new Uint8Array(response.rawPayload))).toMatchObject({
      version: MODEL_FORMAT_VERSION,
      server: null,
    });
    expect(sorted(await memoryPairs())).toEqual(
      sorted(await consentedApprovedPairs(t.app.repositories.translation)),
    );
  });
});

describe.each(DATABASE_KINDS)('public translation endpoints on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, { PUBLIC_RATE_LIMIT_PER_MINUTE: '2' });
  });
  afterAll(() => t.close());

  it('need no account but are rate-limited per client', async () => {
    const model: number[] = [];
    const translated: number[] = [];
    for (let i = 0; i < 3; i++) {
      model.push((await t.app.inject({ method: 'GET', url: '/api/translation/model' })).statusCode);
      translated.push(
        (
          await t.app.inject({
            method: 'POST',
            url: '/api/translation/translate',
            payload: { text: 'zorbel', direction: 'lpx_to_en' },
          })
        ).statusCode,
      );
    }
    expect(model).toEqual([404, 404, 429]);
    expect(translated).toEqual([404, 404, 429]);
  });
});
