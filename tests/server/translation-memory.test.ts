// GET /api/translation/memory: the approved pairs a phone keeps beside the model file for offline answers, page
// by page and then only what changed, following consent as the server's engine does. Texts are made up.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryEntries, memoryPageSchema, type MemoryEntry, type MemoryPage } from '../../core/api/chat.ts';
import { pairsResponseSchema } from '../../core/api/translation.ts';
import { consentedApprovedPairs } from '../../server/features/mt/mt.service.ts';
import { approvedByCommunity } from './review-fixtures.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('translation memory for phones on %s', (kind) => {
  let t: TestApp;
  let admin: Account;
  /** The phone's copy, kept as the worker keeps it. */
  const copy = new Map<number, MemoryEntry>();
  let cursor: string | undefined;

  const page = async (query: string): Promise<MemoryPage> => {
    const response = await t.app.inject({ method: 'GET', url: `/api/translation/memory${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return answer(response, memoryPageSchema);
  };

  /** Brings the copy up to date as a phone does; returns the pages it took. */
  async function sync(limit = 3): Promise<MemoryPage[]> {
    const pages: MemoryPage[] = [];
    for (;;) {
      const next = await page(`?limit=${limit}${cursor ? `&since=${encodeURIComponent(cursor)}` : ''}`);
      if (next.reset) copy.clear();
      for (const entry of memoryEntries(next)) copy.set(entry.id, entry);
      for (const id of next.removed) copy.delete(id);
      cursor = next.cursor;
      pages.push(next);
      if (!next.more) return pages;
    }
  }

  /** What the server's engine answers from, as the phone's copy should hold it. */
  async function engineMemory(): Promise<string[]> {
    const pairs = await consentedApprovedPairs(t.app.repositories.translation);
    return pairs.map((p) => `${p.english} = ${p.lopit}`).sort();
  }
  const copied = () => [...copy.values()].map((e) => `${e.english} = ${e.lopit}`).sort();

  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    const imported = await t.app.inject({
      method: 'POST',
      url: '/api/admin/import/pairs',
      headers: admin.auth,
      payload: {
        pairs: Array.from({ length: 7 }, (_, i) => ({
          english: `The quokka counts ${i + 1} stones.`,
          lopit: `zz-quokka ${i + 1}`,
          category: 'numbers',
        })),
      },
    });
    expect(imported.statusCode, imported.body).toBe(200);
  });
  afterAll(() => t.close());

  it('sends the whole memory page by page, then nothing until something changes', async () => {
    const pages = await sync(3);
    expect(pages[0]).toMatchObject({ reset: true, more: true, removed: [] });
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.at(-1)?.more).toBe(false);
    expect(copied()).toEqual(await engineMemory());
    expect(copied().filter((text) => text.includes('zz-quokka'))).toHaveLength(7);
    const again = await page(`?since=${encodeURIComponent(cursor!)}`);
    expect(again).toEqual({
      ids: [],
      english: [],
      lopit: [],
      removed: [],
      cursor,
      more: false,
      remaining: 0,
      reset: false,
    });
  });

  it('follows approvals and consent: a withdrawal removes the author’s pairs, a new grant brings them back', async () => {
    const author = await signUp(t.app);
    const reviewers = [(await signUp(t.app)).auth, (await signUp(t.app)).auth];
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: author.auth });
    const pair = answer(list, pairsResponseSchema).pairs.find((p) => p.status === 'empty')!;
    await grantConsent(t.app, author.auth, 'translation');
    await approvedByCommunity(t.app, author.auth, reviewers, pair.id, 'zz-authored');
    let pages = await sync();
    expect(pages.flatMap(memoryEntries)).toContainEqual({
      id: pair.id,
      english: pair.english,
      lopit: 'zz-authored',
    });
    expect(copied()).toEqual(await engineMemory());

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: author.auth,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    pages = await sync();
    expect(pages.flatMap((p) => p.removed)).toEqual([pair.id]);
    expect(pages.flatMap(memoryEntries)).toEqual([]);
    expect(copy.has(pair.id)).toBe(false);
    expect(copied()).toEqual(await engineMemory());

    await grantConsent(t.app, author.auth, 'full');
    pages = await sync();
    expect(pages.flatMap(memoryEntries).map((e) => e.id)).toEqual([pair.id]);
    expect(copied()).toEqual(await engineMemory());
  });

  it('re-sends an author’s earlier pairs after a consent change in pages no larger than asked', async () => {
    const author = await signUp(t.app);
    const reviewers = [(await signUp(t.app)).auth, (await signUp(t.app)).auth];
    await grantConsent(t.app, author.auth, 'translation');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: author.auth });
    const empty = answer(list, pairsResponseSchema)
      .pairs.filter((p) => p.status === 'empty')
      .slice(0, 5);
    expect(empty).toHaveLength(5);
    for (const [i, pair] of empty.entries())
      await approvedByCommunity(t.app, author.auth, reviewers, pair.id, `zz-many ${i}`);
    await sync();
    const ids = empty.map((p) => p.id).sort((a, b) => a - b);
    expect(ids.every((id) => copy.has(id))).toBe(true);

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: author.auth,
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    const pages = await sync(2);
    // Five removals, two per page at most, with the count of what still waits going down as they arrive.
    expect(pages.map((p) => p.removed.length + p.ids.length)).toEqual([2, 2, 1]);
    expect(pages.map((p) => p.more)).toEqual([true, true, false]);
    expect(pages.map((p) => p.remaining)).toEqual([3, 1, 0]);
    expect(pages.flatMap((p) => p.removed).sort((a, b) => a - b)).toEqual(ids);
    expect(copied()).toEqual(await engineMemory());

    // A withdrawal landing while a grant's pairs are on their way is not missed: the same refresh sends it too.
    await grantConsent(t.app, author.auth, 'full');
    const first = await page(`?limit=2&since=${encodeURIComponent(cursor!)}`);
    expect(first.ids).toHaveLength(2);
    for (const entry of memoryEntries(first)) copy.set(entry.id, entry);
    cursor = first.cursor;
    const again = await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: author.auth });
    expect(again.statusCode, again.body).toBe(200);
    await sync(2);
    expect(copied()).toEqual(await engineMemory());
    expect(ids.some((id) => copy.has(id))).toBe(false);
    await grantConsent(t.app, author.auth, 'full');
    await sync(2);
    expect(copied()).toEqual(await engineMemory());
    expect(ids.every((id) => copy.has(id))).toBe(true);
  });

  it('starts again from nothing for a cursor of another database (a restored or rebuilt server)', async () => {
    const [, seq, consent] = cursor!.split(':');
    const other = await page(`?since=${crypto.randomUUID()}:${seq}:${consent}&limit=2000`);
    expect(other).toMatchObject({ reset: true, more: false, removed: [] });
    expect(
      memoryEntries(other)
        .map((e) => `${e.english} = ${e.lopit}`)
        .sort(),
    ).toEqual(await engineMemory());
  });

  it('starts again from nothing for a cursor this database has not reached (restored from a backup)', async () => {
    await sync(2000);
    const [epoch, seqText, consentText] = cursor!.split(':');
    const [seq, consent] = [Number(seqText), Number(consentText)];
    expect((await page(`?since=${encodeURIComponent(cursor!)}`)).reset).toBe(false);
    const ahead = [
      `${epoch}:${seq + 1}:${consent}`,
      `${epoch}:999999999:${consent}`,
      `${epoch}:${seq}:${consent + 1}`,
      `${epoch}:${seq}:0:${consent + 1}:0`,
      `${epoch}:${seq}:0:${consent}:999999999`,
    ];
    for (const since of ahead) {
      const again = await page(`?since=${encodeURIComponent(since)}&limit=2000`);
      expect(again, since).toMatchObject({ reset: true, more: false, removed: [] });
      expect(again.cursor).toBe(cursor);
      expect(
        memoryEntries(again)
          .map((e) => `${e.english} = ${e.lopit}`)
          .sort(),
      ).toEqual(await engineMemory());
    }
  });

  it('refuses a query it cannot read, with the field named', async () => {
    for (const query of [
      '?since=nonsense',
      `?since=${crypto.randomUUID()}:1`,
      `?since=${crypto.randomUUID()}:1:2%00`,
      `?since=${crypto.randomUUID()}:1:2:3`,
      `?since=${crypto.randomUUID()}:1:2:3:4:5`,
      `?since=${'a'.repeat(5000)}`,
      '?limit=0',
      '?limit=2001',
      '?limit=1.5',
    ]) {
      const response = await t.app.inject({ method: 'GET', url: `/api/translation/memory${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json<{ details?: unknown }>().details, query).toBeDefined();
    }
  });
});
