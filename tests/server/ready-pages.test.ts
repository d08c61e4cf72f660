// The pages a phone reads to get ready (pairs and translation-memory pages) come from a cache of bytes kept by
// the revisions they were made at (server/features/translation/ready-pages.ts): a second read of a page is the
// same bytes and ETag, made once; a change to a pair, an account's name or a consent makes the page again; a
// viewer with open proposals on a page gets their own (`mine`); each model version a phone names is an entry of
// its own; and a client holding the page gets 304.
import crypto from 'node:crypto';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { memoryPageSchema } from '../../core/api/chat.ts';
import { pairsResponseSchema, type TranslationPair } from '../../core/api/translation.ts';
import { createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('pages for getting ready on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  let contributor: Account;
  let other: Account;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    other = await signUp(t.app);
    for (const account of [admin, contributor, other]) await grantConsent(t.app, account.auth, 'full');
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: { ...admin.auth, 'content-type': 'application/json' },
      payload: {
        pairs: Array.from({ length: 60 }, (_, index) => ({
          english: `Sentence number ${index} of the ready pages ${crypto.randomUUID().slice(0, 6)}`,
          category: 'greetings',
          ...(index % 2 === 0 ? { lopit: `zq ready ${index}` } : {}),
        })),
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(() => t.close());
  afterEach(() => vi.restoreAllMocks());

  const pairsPage = (
    auth: Record<string, string>,
    headers: Record<string, string> = {},
    query = 'limit=50',
  ) =>
    t.app.inject({ method: 'GET', url: `/api/translation/pairs?${query}`, headers: { ...auth, ...headers } });
  const memoryPage = (query: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/translation/memory?limit=40${query}`, headers });
  const pairsOf = (response: { rawPayload: Buffer; headers: Record<string, unknown> }) => {
    const coding = response.headers['content-encoding'];
    const plain =
      coding === 'br'
        ? brotliDecompressSync(response.rawPayload)
        : coding === 'gzip'
          ? gunzipSync(response.rawPayload)
          : response.rawPayload;
    return pairsResponseSchema.parse(JSON.parse(plain.toString()));
  };
  const save = async (account: Account, pair: TranslationPair, text: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/translation/save',
      headers: { ...account.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { id: pair.id, translation: text },
    });
    expect(response.statusCode, response.body).toBe(200);
  };

  it('serves a second read of a pairs page from the cache: the same bytes and ETag, made once; a pair changed makes it again', async () => {
    const made = vi.spyOn(t.app.repositories.translation, 'page');
    const first = await pairsPage(contributor.auth, { 'accept-encoding': 'br' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.headers['content-encoding']).toBe('br');
    expect(first.headers.vary).toBe('Accept-Encoding');
    expect(String(first.headers.etag)).toMatch(/^"[\w-]+-br"$/);
    expect(made).toHaveBeenCalledTimes(1);

    // Another phone (another account) reads the same page: the same bytes, not made again.
    const second = await pairsPage(other.auth, { 'accept-encoding': 'br' });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(second.headers.etag).toBe(first.headers.etag);
    expect(made).toHaveBeenCalledTimes(1);
    // In gzip, or as it is, it is the same page (its ETag names the coding).
    const zipped = await pairsPage(other.auth, { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(pairsOf(zipped)).toEqual(pairsOf(first));
    const plain = await pairsPage(other.auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(pairsOf(plain)).toEqual(pairsOf(first));
    expect(String(first.headers.etag)).toBe(`${String(plain.headers.etag).slice(0, -1)}-br"`);
    expect(made).toHaveBeenCalledTimes(1);
    // A phone that holds the page is told so.
    const held = await pairsPage(other.auth, {
      'accept-encoding': 'br',
      'if-none-match': String(first.headers.etag),
    });
    expect(held.statusCode).toBe(304);
    expect(held.body).toBe('');

    // An admin's edit of a pair on the page (a change number) makes the page again, with the new text.
    const [pair] = pairsOf(first).pairs;
    await save(admin, pair!, `zq changed ${crypto.randomUUID().slice(0, 6)}`);
    const changed = await pairsPage(other.auth, { 'accept-encoding': 'br' });
    expect(changed.headers.etag).not.toBe(first.headers.etag);
    expect(pairsOf(changed).pairs.map((p) => p.id)).not.toContain(pair!.id);
    expect(made).toHaveBeenCalledTimes(2);
    expect((await pairsPage(other.auth, { 'if-none-match': String(first.headers.etag) })).statusCode).toBe(
      200,
    );
  });

  it("gives a viewer with open proposals on a page a page of their own, and shows a changed author's name", async () => {
    const query = 'limit=2000';
    const before = pairsOf(await pairsPage(other.auth, {}, query));
    const pair = before.pairs.find((p) => p.status === 'empty')!;
    await save(contributor, pair, 'zq proposed by the contributor');

    const own = pairsOf(await pairsPage(contributor.auth, {}, query));
    const seen = pairsOf(await pairsPage(other.auth, {}, query));
    const proposalIn = (page: typeof own) => page.pairs.find((p) => p.id === pair.id)!.proposals[0];
    expect(proposalIn(own)).toMatchObject({ text: 'zq proposed by the contributor', mine: true });
    expect(proposalIn(seen)).toMatchObject({ text: 'zq proposed by the contributor', mine: false });
    // An admin sees it as everyone but its author does.
    expect(proposalIn(pairsOf(await pairsPage(admin.auth, {}, query)))?.mine).toBe(false);

    // The author renames their account: the page shows the new name (the accounts' revision moved).
    const renamed = `Renamed ${crypto.randomUUID().slice(0, 6)}`;
    const patch = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: contributor.auth,
      payload: { name: renamed },
    });
    expect(patch.statusCode, patch.body).toBe(200);
    expect(proposalIn(pairsOf(await pairsPage(other.auth, {}, query)))?.authorName).toBe(renamed);
    expect(proposalIn(pairsOf(await pairsPage(contributor.auth, {}, query)))).toMatchObject({
      authorName: renamed,
      mine: true,
    });
  });

  it('keeps a memory page per model version a phone names, and makes it again after a change', async () => {
    const made = vi.spyOn(t.app.repositories.translation, 'memoryPage');
    const versionA = 'a'.repeat(64);
    const versionB = 'b'.repeat(64);
    const a = await memoryPage(`&model=${versionA}`, { 'accept-encoding': 'gzip' });
    expect(a.statusCode, a.body).toBe(200);
    expect(a.headers['content-encoding']).toBe('gzip');
    expect(made).toHaveBeenCalledTimes(1);
    const again = await memoryPage(`&model=${versionA}`, { 'accept-encoding': 'gzip' });
    expect(again.rawPayload.equals(a.rawPayload)).toBe(true);
    expect(again.headers.etag).toBe(a.headers.etag);
    expect(made).toHaveBeenCalledTimes(1);

    // Another model version is another entry (neither is the latest model here: both are JSON).
    const b = await memoryPage(`&model=${versionB}`, { 'accept-encoding': 'gzip' });
    expect(made).toHaveBeenCalledTimes(2);
    expect(memoryPageSchema.parse(JSON.parse(gunzipSync(b.rawPayload).toString()))).toEqual(
      memoryPageSchema.parse(JSON.parse(gunzipSync(a.rawPayload).toString())),
    );
    await memoryPage(`&model=${versionB}`, { 'accept-encoding': 'gzip' });
    expect(made).toHaveBeenCalledTimes(2);

    // A consent withdrawn changes what the memory may hold: the page is made again.
    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: { ...other.auth, 'idempotency-key': crypto.randomUUID() },
      payload: {},
    });
    expect(withdrawn.statusCode, withdrawn.body).toBeLessThan(300);
    await memoryPage(`&model=${versionA}`, { 'accept-encoding': 'gzip' });
    expect(made).toHaveBeenCalledTimes(3);
  });
});
