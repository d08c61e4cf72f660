// The sync engine against an in-process stand-in for the server that honours Idempotency-Key.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dismissGoneNotices, goneCounts } from './gone-notices.ts';
import { LocalDb } from './local-db.ts';
import { enqueue, entriesOf, park } from './outbox.ts';
import { SyncEngine, waitingOnNetwork, type SyncEnvironment } from './sync-engine.ts';

interface Saved {
  id: number;
  lopit: string;
  version: number;
}

/** A minimal translation server: versions, conflicts, idempotency keys, and switchable failures. */
class FakeServer {
  pairs = new Map<number, Saved>([
    [1, { id: 1, lopit: '', version: 1 }],
    [2, { id: 2, lopit: '', version: 1 }],
  ]);
  applied: string[] = [];
  keys = new Map<string, { body: string; response: unknown }>();
  requests: { path: string; key: string | null }[] = [];
  down = false;
  /** Apply the change, then drop the connection before answering (the response is lost). */
  loseNextResponse = false;
  status: number | null = null;
  /** Sent as Retry-After with `status` (a busy server's 503, a 429). */
  retryAfter: string | null = null;

  fetch: typeof fetch = (input, init) => {
    const url = input instanceof Request ? input.url : input.toString();
    const path = url.replace(/^.*\/api\//, '');
    if (this.down) return Promise.reject(new TypeError('Failed to fetch'));
    if (path === 'health') return Promise.resolve(json(200, { status: 'ok' }));
    const headers = new Headers(init?.headers);
    const key = headers.get('Idempotency-Key');
    this.requests.push({ path, key });
    if (this.status) {
      const answer = json(this.status, { message: `status ${this.status}`, code: 'SERVER_BUSY' });
      if (this.retryAfter) answer.headers.set('Retry-After', this.retryAfter);
      return Promise.resolve(answer);
    }
    if (headers.get('Authorization') !== 'Bearer t1')
      return Promise.resolve(json(401, { message: 'Sign in' }));
    const bodyText = typeof init?.body === 'string' ? init.body : '';
    const known = key ? this.keys.get(key) : undefined;
    if (known) {
      if (known.body !== bodyText)
        return Promise.resolve(json(422, { message: 'reused', code: 'IDEMPOTENCY_KEY_REUSED' }));
      return Promise.resolve(json(200, known.response));
    }
    const body = JSON.parse(bodyText) as { id: number; translation: string; baseVersion: number };
    const pair = this.pairs.get(body.id)!;
    if (pair.version !== body.baseVersion && pair.lopit !== body.translation) {
      return Promise.resolve(
        json(409, { message: 'conflict', code: 'EDIT_CONFLICT', details: { current: pair } }),
      );
    }
    const next = { ...pair, lopit: body.translation, version: pair.version + 1 };
    this.pairs.set(body.id, next);
    this.applied.push(`${body.id}:${body.translation}`);
    // As the contract says (pairResponseSchema): the outbox's effects read only answers that match it.
    const response = {
      pair: {
        ...next,
        english: 'x',
        category: 'greetings',
        status: 'approved',
        updatedAt: '2026-11-20T10:00:00.000Z',
        proposals: [],
      },
    };
    if (key) this.keys.set(key, { body: bodyText, response });
    if (this.loseNextResponse) {
      this.loseNextResponse = false;
      return Promise.reject(new TypeError('connection reset'));
    }
    return Promise.resolve(json(200, response));
  };
}

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** An exclusive lock shared by engines of one test, like navigator.locks across tabs. */
function sharedLock(): LockManager {
  let tail = Promise.resolve();
  return {
    request: ((_name: string, _options: LockOptions, run: () => Promise<void>) => {
      const result = tail.then(() => run());
      tail = result.catch(() => undefined);
      return result;
    }) as LockManager['request'],
    query: () => Promise.resolve({}),
  };
}

let db: LocalDb;
let server: FakeServer;
let timers: { run: () => void; ms: number }[];
let counter = 0;

/** Fires the scheduled retry and waits for the replay it starts. */
async function runTimer(sync: SyncEngine) {
  timers.shift()!.run();
  await sync.whenIdle();
}

function engine(overrides: Partial<SyncEnvironment> = {}) {
  return new SyncEngine({
    db,
    apiBase: 'http://server/api',
    session: () => ({ userId: 'u1', token: 't1' }),
    fetch: server.fetch,
    random: () => 1,
    setTimer: (run, ms) => timers.push({ run, ms }),
    clearTimer: () => undefined,
    ...overrides,
  });
}

const packedClip = (id: string) => ({
  id,
  text: 'zorbel',
  language: 'lpx' as const,
  duration: 2,
  mimeType: 'audio/webm',
  sizeBytes: 4,
  flags: [],
  upVotes: 0,
  downVotes: 0,
});

/** An edit of pair `id`, each its own entry (as if each was made after the one before was sent). */
const edit = (id: number, translation: string, baseVersion = 1) =>
  enqueue(
    db,
    'u1',
    'translation.save',
    { params: {}, body: { id, translation, baseVersion } },
    { english: `pair ${id}` },
    { coalesce: false },
  );

beforeEach(async () => {
  db = new LocalDb(`engine-test-${++counter}`);
  await db.open();
  server = new FakeServer();
  timers = [];
});
afterEach(async () => {
  db.close();
  await db.delete();
});

describe('SyncEngine', () => {
  it('replays entries in order with their keys and empties the outbox', async () => {
    await edit(1, 'a');
    await edit(2, 'b');
    await edit(1, 'c', 1); // made on top of 'a' while offline: rebased when 'a' is confirmed
    const sync = engine();
    await sync.trigger();
    expect(server.applied).toEqual(['1:a', '2:b', '1:c']);
    expect(new Set(server.requests.map((request) => request.key)).size).toBe(3);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.pairs.get(1)).toMatchObject({ lopit: 'c', version: 3 });
    expect(sync.getStatus()).toMatchObject({ phase: 'online', consecutiveFailures: 0 });
  });

  it('keeps everything while the server cannot be reached, and retries with growing delays', async () => {
    await edit(1, 'a');
    server.down = true;
    const sync = engine();
    await sync.trigger();
    expect(sync.getStatus().phase).toBe('offline');
    expect(await db.outbox.count()).toBe(1);
    expect(timers.map((timer) => timer.ms)).toEqual([1_000]);
    await runTimer(sync);
    expect(timers.map((timer) => timer.ms)).toEqual([2_000]);
    server.down = false;
    await runTimer(sync);
    expect(server.applied).toEqual(['1:a']);
    expect(sync.getStatus()).toMatchObject({ phase: 'online', consecutiveFailures: 0 });
  });

  it('believes the browser when it has no network at all: offline from the start, nothing tried until it has', async () => {
    await edit(1, 'a');
    let noNetwork = true;
    const sync = engine({ browserOffline: () => noNetwork });
    // Known before any request, so a screen shows its offline notice in its first frame.
    expect(sync.getStatus().phase).toBe('offline');
    await sync.trigger();
    expect(server.requests).toHaveLength(0);
    expect(sync.getStatus()).toMatchObject({ phase: 'offline', consecutiveFailures: 0 });
    // The network back (the browser's `online` event triggers): sent as usual.
    noNetwork = false;
    await sync.trigger();
    expect(server.requests).toHaveLength(1);
    expect(sync.getStatus().phase).toBe('online');
  });

  it('stays offline when the offline event arrives while an answer is on its way', async () => {
    const pending: ((response: Response) => void)[] = [];
    let hold = true;
    const sync = engine({
      fetch: (input, init) =>
        hold ? new Promise<Response>((resolve) => pending.push(resolve)) : server.fetch(input, init),
    });
    const replay = sync.trigger();
    await expect.poll(() => pending.length).toBe(1);
    sync.noteOffline();
    pending[0]!(json(200, { status: 'ok' }));
    await replay;
    expect(sync.getStatus().phase).toBe('offline');
    // The next replay (the browser's `online` event) learns the server's answer afresh.
    hold = false;
    await sync.trigger();
    expect(sync.getStatus().phase).toBe('online');
  });

  it('while the server is unreachable, probes at most 30 s apart and counts no attempts', async () => {
    await edit(1, 'a');
    server.down = true;
    const sync = engine();
    await sync.trigger();
    for (let i = 0; i < 12; i += 1) await runTimer(sync);
    // 1, 2, 4, 8, 16 s, then never more than 30 s (the 5-minute cap is for a server that answers with errors).
    expect(timers.map((timer) => timer.ms)).toEqual([30_000]);
    expect(sync.getStatus()).toMatchObject({ phase: 'offline', consecutiveFailures: 13 });
    // Only the first try reached the point of sending; the probes since then are not attempts.
    expect((await entriesOf(db, 'u1'))[0]!.attempts).toBe(1);
    server.down = false;
    await runTimer(sync);
    expect(server.applied).toEqual(['1:a']);
    expect(sync.getStatus()).toMatchObject({ phase: 'online', consecutiveFailures: 0 });
  });

  it('backs off to minutes when the server answers with errors', async () => {
    await edit(1, 'a');
    server.status = 503;
    const sync = engine();
    await sync.trigger();
    for (let i = 0; i < 12; i += 1) await runTimer(sync);
    expect(timers.map((timer) => timer.ms)).toEqual([300_000]);
    expect((await entriesOf(db, 'u1'))[0]!.attempts).toBe(13);
  });

  it('waits as long as a busy server asks, plus jitter, without parking the entry or growing the delay', async () => {
    await edit(1, 'a');
    await edit(2, 'b');
    server.status = 503;
    server.retryAfter = '7';
    const sync = engine({ random: () => 0.5 });
    await sync.trigger();
    // 7 s and half of the jitter's spread (half of 7 s).
    expect(timers.map((timer) => timer.ms)).toEqual([8_750]);
    for (let i = 0; i < 8; i += 1) await runTimer(sync);
    // Nine busy answers later the delay is still the server's, where backoff would have reached minutes.
    expect(timers.map((timer) => timer.ms)).toEqual([8_750]);
    expect((await entriesOf(db, 'u1')).map((entry) => entry.state)).toEqual(['pending', 'pending']);
    server.status = 429;
    server.retryAfter = '1';
    await runTimer(sync);
    // A short Retry-After still gets at least a second of jitter.
    expect(timers.map((timer) => timer.ms)).toEqual([1_500]);
    server.status = null;
    await runTimer(sync);
    expect(server.applied).toEqual(['1:a', '2:b']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('applies an entry once when the answer was lost and the entry is sent again', async () => {
    await edit(1, 'a');
    server.loseNextResponse = true;
    const sync = engine();
    await sync.trigger();
    expect(await db.outbox.count()).toBe(1);
    const [entry] = await entriesOf(db, 'u1');
    expect(entry!.attempts).toBe(1);
    await sync.trigger();
    expect(server.applied).toEqual(['1:a']);
    expect(server.requests.map((request) => request.key)).toEqual([entry!.id, entry!.id]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries 5xx and 429 but keeps a 409 conflict for the contributor', async () => {
    await edit(1, 'mine');
    server.status = 503;
    const sync = engine();
    await sync.trigger();
    expect((await entriesOf(db, 'u1'))[0]!.state).toBe('pending');
    server.status = 429;
    await sync.trigger();
    expect((await entriesOf(db, 'u1'))[0]!.state).toBe('pending');
    server.status = null;
    server.pairs.set(1, { id: 1, lopit: 'theirs', version: 2 });
    await edit(2, 'other');
    await sync.trigger();
    const [conflict] = await entriesOf(db, 'u1');
    expect(conflict).toMatchObject({ state: 'attention', problem: { status: 409, code: 'EDIT_CONFLICT' } });
    expect((conflict!.problem!.details as { current: Saved }).current.lopit).toBe('theirs');
    expect(server.applied).toEqual(['2:other']);
  });

  it('drops a review whose item is gone (ITEM_GONE) with a notice; other refusals wait for the contributor', async () => {
    const [a, b, c] = [crypto.randomUUID(), crypto.randomUUID(), crypto.randomUUID()];
    const vote = (clipId: string) =>
      enqueue(db, 'u1', 'clip.vote', { params: { id: clipId }, body: { vote: 'up' } }, { text: clipId });
    const withdrawn = await vote(a);
    const decided = await enqueue(
      db,
      'u1',
      'proposal.review',
      { params: { id: 7 }, body: { verdict: 'approve' } },
      { text: 'zq', english: 'Hello' },
    );
    const bare404 = await vote(b);
    const own = await vote(c);
    // A server that said ITEM_GONE to a translation would be wrong: the contributor's text is never dropped.
    const translation = await edit(1, 'a');
    // A refill that raced with the vote brought the clip back into the pack.
    await db.reviewClips.put({ ...packedClip(a), userId: 'u1', rank: 0, chunkCount: 1 });
    await db.reviewClipChunks.put({ clipId: a, index: 0, data: new ArrayBuffer(4) });
    const answers: Record<string, [number, string]> = {
      [`review/clips/${a}/vote`]: [404, 'ITEM_GONE'],
      'review/proposals/7/review': [404, 'ITEM_GONE'],
      [`review/clips/${b}/vote`]: [404, 'NOT_FOUND'],
      [`review/clips/${c}/vote`]: [403, 'OWN_CONTRIBUTION'],
      'translation/save': [404, 'ITEM_GONE'],
    };
    const fetch: typeof globalThis.fetch = (input) => {
      const path = (input as string).replace(/^.*\/api\//, '');
      if (path === 'health') return Promise.resolve(json(200, { status: 'ok' }));
      const [status, code] = answers[path]!;
      return Promise.resolve(json(status, { message: `${code} answer`, code }));
    };
    const sync = engine({ fetch, now: () => 5000 });
    await sync.trigger();

    const left = await entriesOf(db, 'u1');
    expect(left.map((entry) => [entry.id, entry.state, entry.problem?.code])).toEqual([
      [bare404.id, 'attention', 'NOT_FOUND'],
      [own.id, 'attention', 'OWN_CONTRIBUTION'],
      [translation.id, 'attention', 'ITEM_GONE'],
    ]);
    expect(sync.getStatus()).toMatchObject({ phase: 'online', consecutiveFailures: 0 });
    expect(await db.reviewClips.get(a)).toBeUndefined();
    expect(await db.reviewClipChunks.where('clipId').equals(a).count()).toBe(0);
    expect(await db.goneNotices.toArray()).toEqual(
      [
        { id: withdrawn.id, userId: 'u1', kind: 'vote', at: 5000 },
        { id: decided.id, userId: 'u1', kind: 'review', at: 5000 },
      ].sort((x, y) => x.id.localeCompare(y.id)),
    );
    expect(await goneCounts(db, 'u1')).toEqual({ vote: 1, review: 1 });
    expect(await goneCounts(db, 'u2')).toEqual({});
    await dismissGoneNotices(db, 'u1');
    expect(await goneCounts(db, 'u1')).toEqual({});
  });

  it('pauses when the session is no longer accepted, keeping every entry', async () => {
    await edit(1, 'a');
    const sync = engine({ session: () => ({ userId: 'u1', token: 'expired' }) });
    await sync.trigger();
    expect(sync.getStatus().phase).toBe('signed-out');
    expect(await db.outbox.count()).toBe(1);
    expect(timers).toHaveLength(0);
  });

  it('sends nothing without a session', async () => {
    await edit(1, 'a');
    await engine({ session: () => null }).trigger();
    expect(server.requests).toHaveLength(0);
  });

  it('two engines sharing the lock send each entry once', async () => {
    for (let i = 0; i < 10; i += 1) await edit(i % 2 === 0 ? 1 : 2, `t${i}`);
    const locks = sharedLock();
    const first = engine({ locks });
    const second = engine({ locks });
    await Promise.all([first.trigger(), second.trigger(), first.trigger()]);
    expect(server.requests.filter((request) => request.path === 'translation/save')).toHaveLength(10);
    expect(await db.outbox.count()).toBe(0);
  });
});

describe('waiting items of older versions, and what Background Sync waits for', () => {
  it('sends an entry stored in the shape of versions before the registry ({ kind, path, body })', async () => {
    await db.outbox.add({
      id: crypto.randomUUID(),
      userId: 'u1',
      kind: 'translation.save',
      subject: 'pair:1',
      path: 'translation/save',
      body: { id: 1, translation: 'from an older version', baseVersion: 1 },
      label: 'Translation of “Hello”',
      createdAt: 1,
      attempts: 0,
      state: 'pending',
    });
    await engine().trigger();
    expect(server.applied).toEqual(['1:from an older version']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('counts what could still go: not what waits for the contributor, nor anything without a session', async () => {
    const session = { userId: 'u1', token: 't1' };
    await edit(1, 'a');
    await edit(2, 'b');
    server.down = true;
    const sync = engine();
    await sync.trigger();
    expect(await waitingOnNetwork(db, session, sync.getStatus())).toBe(2);
    expect(await waitingOnNetwork(db, null, sync.getStatus())).toBe(0);
    expect(await waitingOnNetwork(db, session, { phase: 'signed-out' })).toBe(0);
    // A later edit of the refused pair waits for the contributor too, not for the network.
    await edit(1, 'c');
    expect(await waitingOnNetwork(db, session, sync.getStatus())).toBe(3);
    const [first] = await entriesOf(db, 'u1');
    await park(db, first!, { status: 409, code: 'EDIT_CONFLICT', message: 'conflict' });
    expect(await waitingOnNetwork(db, session, sync.getStatus())).toBe(1);
    server.down = false;
    await engine().trigger();
    expect(await waitingOnNetwork(db, session, { phase: 'online' })).toBe(0);
    expect(await db.outbox.count()).toBe(2);
  });
});
