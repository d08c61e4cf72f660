// The device's copy of the pairs, kept by cursor: a first download in pages, then only what changed; a rebuild
// drops pairs the server no longer has; a cut download goes on from the last stored page, and a cut rebuild
// starts again (never a copy that looks complete but is not).
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PairsResponse, ReviewedPair } from '../../../core/api/translation.ts';
import { localDb } from '../../offline/local-db.ts';
import { refreshPairs, type PairsProgress } from './local-pairs.ts';
import { translationApi } from './translation-api.ts';

vi.mock('./translation-api.ts', () => ({ translationApi: { pairs: vi.fn() } }));
const pairsCall = vi.mocked(translationApi.pairs);

const EPOCH = '0f0e0d0c-0b0a-4909-8807-060504030201';
const pair = (id: number, lopit = ''): ReviewedPair => ({
  id,
  english: `Sentence ${id}.`,
  lopit,
  category: 'greetings',
  status: lopit ? 'approved' : 'empty',
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  proposals: [],
});

/** A server holding `pairs` in change order (change number = position + 1), answering in pages. */
function serve(pairs: ReviewedPair[], { failOnCall }: { failOnCall?: number } = {}) {
  let calls = 0;
  pairsCall.mockClear();
  pairsCall.mockImplementation(({ since, limit }) => {
    calls += 1;
    if (calls === failOnCall) return Promise.reject(Object.assign(new Error('offline'), { status: null }));
    const [epoch, seq] = since?.split(':') ?? [];
    const reset = epoch !== EPOCH;
    const after = reset ? 0 : Number(seq);
    const rest = pairs.slice(after);
    const page = rest.slice(0, limit);
    const answer: PairsResponse = {
      pairs: page,
      cursor: `${EPOCH}:${after + page.length}`,
      more: rest.length > limit,
      remaining: Math.max(0, rest.length - limit),
      reset,
    };
    return Promise.resolve(answer);
  });
}

const cursor = async () => (await localDb().syncCursors.get('pairs'))?.cursor;
const ids = async () => (await localDb().pairs.toArray()).map((one) => one.id).sort((a, b) => a - b);
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);

beforeEach(() => {
  pairsCall.mockReset();
});
afterEach(async () => {
  await Promise.all(localDb().tables.map((table) => table.clear()));
});

describe('refreshPairs', () => {
  it('downloads everything in pages with progress, then asks only for what changed', async () => {
    const server = range(1, 2500).map((id) => pair(id));
    serve(server);
    const progress: PairsProgress[] = [];
    await refreshPairs((step) => progress.push(step));
    expect(pairsCall).toHaveBeenCalledTimes(3);
    expect(progress).toEqual([
      { received: 1000, total: 2500 },
      { received: 2000, total: 2500 },
      { received: 2500, total: 2500 },
    ]);
    expect(await ids()).toEqual(range(1, 2500));
    expect(await cursor()).toBe(`${EPOCH}:2500`);

    // Two edits on the server: the next visit receives those two only.
    server.push({ ...pair(7, 'zq seven'), version: 2 }, { ...pair(9, 'zq nine'), version: 2 });
    pairsCall.mockClear();
    await refreshPairs();
    expect(pairsCall).toHaveBeenCalledTimes(1);
    expect(pairsCall.mock.calls[0]?.[0].since).toBe(`${EPOCH}:2500`);
    expect((await localDb().pairs.get(7))?.lopit).toBe('zq seven');
    expect(await localDb().pairs.count()).toBe(2500);
    expect(await cursor()).toBe(`${EPOCH}:2502`);
  });

  it('rebuilds the copy when the server starts from the beginning, dropping pairs it no longer has', async () => {
    await localDb().pairs.bulkPut([5000, 5001].map((id) => ({ ...pair(id), cachedAt: 1 })));
    await localDb().syncCursors.put({ name: 'pairs', cursor: `${'a'.repeat(36)}:40`, syncedAt: 1 });
    serve(range(1, 1200).map((id) => pair(id)));
    await refreshPairs();
    expect(await ids()).toEqual(range(1, 1200));
    expect(await cursor()).toBe(`${EPOCH}:1200`);
  });

  it('goes on from the last stored page when an update is cut', async () => {
    const server = range(1, 10).map((id) => pair(id));
    serve(server);
    await refreshPairs();
    server.push(...range(11, 2600).map((id) => pair(id)));
    serve(server, { failOnCall: 2 });
    await expect(refreshPairs()).rejects.toThrow('offline');
    expect(await cursor()).toBe(`${EPOCH}:1010`);
    serve(server);
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBe(`${EPOCH}:1010`);
    expect(await ids()).toEqual(range(1, 2600));
  });

  it('keeps no cursor from a cut first download, so the next one starts again', async () => {
    serve(
      range(1, 2500).map((id) => pair(id)),
      { failOnCall: 2 },
    );
    await expect(refreshPairs()).rejects.toThrow('offline');
    expect(await localDb().pairs.count()).toBe(1000);
    expect(await cursor()).toBeUndefined();
    serve(range(1, 2500).map((id) => pair(id)));
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBeUndefined();
    expect(await ids()).toEqual(range(1, 2500));
  });

  it('joins a download already running instead of fetching the pages twice, and tells both callers', async () => {
    serve(range(1, 2500).map((id) => pair(id)));
    const first: PairsProgress[] = [];
    const second: PairsProgress[] = [];
    await Promise.all([refreshPairs((step) => first.push(step)), refreshPairs((step) => second.push(step))]);
    expect(pairsCall).toHaveBeenCalledTimes(3);
    expect(second.at(-1)).toEqual({ received: 2500, total: 2500 });
    expect(first.at(-1)).toEqual({ received: 2500, total: 2500 });
    expect(await ids()).toEqual(range(1, 2500));
  });
});
