// The device's copy of the pairs, kept by cursor: a first download in pages, then only what changed (a change of
// a pair's proposals included); a rebuild drops pairs the server no longer has; a cut download goes on from the
// last stored page, and a cut rebuild starts again (never a copy that looks complete but is not); a copy read
// for another account is read again. And what the editor shows from it: edit, own proposal, approved text.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { User } from '../../../core/api/auth.ts';
import type { PairsResponse, ProposalSummary, ReviewedPair } from '../../../core/api/translation.ts';
import { authStore } from '../../lib/auth-store.ts';
import { localDb, type OutboxEntryOf } from '../../offline/local-db.ts';
import { cachedPairs, localCsv, refreshPairs, shownText, type PairsProgress } from './local-pairs.ts';
import { translationApi } from './translation-api.ts';

vi.mock('./translation-api.ts', () => ({ translationApi: { pairs: vi.fn() } }));
const pairsCall = vi.mocked(translationApi.pairs);

const EPOCH = '0f0e0d0c-0b0a-4909-8807-060504030201';
const pair = (id: number, lopit = '', proposals: ProposalSummary[] = []): ReviewedPair => ({
  id,
  english: `Sentence ${id}.`,
  lopit,
  category: 'greetings',
  status: lopit ? 'approved' : 'empty',
  version: 1,
  updatedAt: '2026-11-20T10:00:00.000Z',
  proposals,
});
const proposal = (text: string, mine: boolean, approvals = 0): ProposalSummary => ({
  id: text.length,
  text,
  authorName: mine ? 'Me' : 'Another',
  mine,
  approvals,
  rejections: 0,
  createdAt: '2026-11-20T10:00:00.000Z',
});

/** The account the requests are made as (the answers' `mine` flags are theirs). */
function signedInAs(id: string) {
  vi.spyOn(authStore, 'getState').mockReturnValue({ token: 't', user: { id } as User });
}

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
  signedInAs('me');
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

    // Someone proposes a text for pair 8: its proposals changed, so it comes again, and only it.
    server.push(pair(8, '', [proposal('zq eight', false)]));
    pairsCall.mockClear();
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBe(`${EPOCH}:2502`);
    expect((await localDb().pairs.get(8))?.proposals).toEqual([proposal('zq eight', false)]);
  });

  it('reads the copy again from the start when it was read for another account or before proposals existed', async () => {
    const server = range(1, 3).map((id) => pair(id));
    serve(server);
    await refreshPairs();
    expect((await localDb().pairs.get(1))?.viewerId).toBe('me');

    // Nothing changed, but another person signs in on this phone: their `mine` flags are not these.
    signedInAs('someone-else');
    pairsCall.mockClear();
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBeUndefined();
    expect((await localDb().pairs.get(1))?.viewerId).toBe('someone-else');

    // The same person again: only what changed.
    pairsCall.mockClear();
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBe(`${EPOCH}:3`);

    // A row cached by an app from before the review loop (no proposals, no viewer) starts a new copy too.
    const { proposals: _, ...legacy } = pair(2);
    await localDb().pairs.put({ ...(legacy as ReviewedPair), cachedAt: 1 });
    pairsCall.mockClear();
    await refreshPairs();
    expect(pairsCall.mock.calls[0]?.[0].since).toBeUndefined();
  });

  it('rebuilds the copy when the server starts from the beginning, dropping pairs it no longer has', async () => {
    await localDb().pairs.bulkPut([5000, 5001].map((id) => ({ ...pair(id), cachedAt: 1, viewerId: 'me' })));
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

describe('what the editor shows', () => {
  const edit = (translation: string): OutboxEntryOf<'translation.save'> => ({
    id: 'e1',
    userId: 'me',
    kind: 'translation.save',
    subject: 'pair:1',
    params: {},
    body: { id: 1, translation, baseVersion: 1 },
    label: 'Sentence 1.',
    createdAt: 0,
    attempts: 0,
    state: 'pending',
  });

  it('the field shows the waiting edit, else my own proposal, else the approved text', () => {
    const approved = pair(1, 'zq approved', [proposal('zq theirs', false)]);
    expect(shownText(approved, undefined)).toBe('zq approved');
    const proposed = { ...approved, proposals: [...approved.proposals, proposal('zq mine', true)] };
    expect(shownText(proposed, undefined)).toBe('zq mine');
    expect(shownText(proposed, edit('zq typed'))).toBe('zq typed');
  });

  it('a copy read for someone else marks none of its proposals mine; one without proposals has none', async () => {
    await localDb().pairs.bulkPut([
      { ...pair(1, '', [proposal('zq one', true)]), cachedAt: 1, viewerId: 'me' },
      { ...pair(2, '', [proposal('zq two', true)]), cachedAt: 1, viewerId: 'someone-else' },
    ]);
    const { proposals: _, ...legacy } = pair(3, 'zq three');
    await localDb().pairs.put({ ...(legacy as ReviewedPair), cachedAt: 1 });
    const seen = await cachedPairs('all', 'me');
    expect(seen.map((one) => one.proposals.map((p) => p.mine))).toEqual([[true], [false], []]);
  });

  it('the offline CSV marks my waiting texts pending and keeps approved texts approved', () => {
    const pairs = [
      pair(1, 'zq approved'),
      pair(2, 'zq approved two', [proposal('zq proposed', true)]),
      pair(3, '', [proposal('zq not mine', false)]),
    ];
    const csv = localCsv(pairs, new Map([[3, edit('zq typed')]]));
    expect(csv.trim().split(/\r?\n/).slice(1)).toEqual([
      '1,greetings,Sentence 1.,zq approved,approved',
      '2,greetings,Sentence 2.,zq proposed,pending',
      '3,greetings,Sentence 3.,zq typed,pending',
    ]);
  });
});
