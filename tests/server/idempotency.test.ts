// Idempotency-Key: replays answer the first result and change nothing; misuse is refused; errors are not kept.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { editConflictDetailsSchema } from '../../core/api/translation.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentEvents, idempotencyKeys, translationRevisions } from '../../server/db/schema.ts';
import { purgeIdempotencyKeys } from '../../server/lib/idempotency.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';
import { pairResponseSchema, pairsResponseSchema } from '../../core/api/translation.ts';

describe.each(DATABASE_KINDS)('Idempotency-Key on %s', (kind) => {
  let t: TestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  let pairIds: number[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    user = await signUp(t.app);
    await grantConsent(t.app, user.auth, 'translation');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: user.auth });
    pairIds = answer(list, pairsResponseSchema).pairs.map((pair) => pair.id);
  });
  afterAll(() => t.close());

  let nextPair = 0;
  /** A pair no other test touches. */
  const freshPair = () => {
    const id = pairIds[nextPair++];
    if (id === undefined) throw new Error('not enough seeded pairs');
    return id;
  };
  const key = () => crypto.randomUUID();

  const save = (payload: object, idempotencyKey?: string, auth = user.auth) =>
    t.app.inject({
      method: 'POST',
      url: '/api/translation/save',
      headers: { ...auth, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload,
    });
  const consent = (path: 'submit' | 'withdraw', payload: object, idempotencyKey?: string, auth = user.auth) =>
    t.app.inject({
      method: 'POST',
      url: `/api/consent/${path}`,
      headers: { ...auth, ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
      payload,
    });
  const revisionCount = async (pairId: number) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(translationRevisions)
      .where(eq(translationRevisions.pairId, pairId));
    return row?.total ?? 0;
  };
  const ledgerCount = async (userId: string) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(consentEvents)
      .where(eq(consentEvents.userId, userId));
    return row?.total ?? 0;
  };

  it('replays a save: the first answer again, no second revision, later edits kept', async () => {
    const id = freshPair();
    const k = key();
    const first = await save({ id, translation: 'first text', baseVersion: 1 }, k);
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    expect(answer(first, pairResponseSchema).pair).toMatchObject({ lopit: 'first text', version: 2 });

    // Someone edits after it; the replay must not bring the first text back.
    const later = await save({ id, translation: 'later text', baseVersion: 2 });
    expect(later.statusCode).toBe(200);

    const replay = await save({ id, translation: 'first text', baseVersion: 1 }, k);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await revisionCount(id)).toBe(2);
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: user.auth });
    expect(answer(list, pairsResponseSchema).pairs.find((pair) => pair.id === id)).toMatchObject({
      lopit: 'later text',
      version: 3,
    });
  });

  it('replays a consent grant and a withdrawal without a second ledger row', async () => {
    const member = await signUp(t.app);
    const grantKey = key();
    const grant = await consent('submit', { consent_type: 'recording' }, grantKey, member.auth);
    expect(grant.statusCode).toBe(200);
    expect(grant.json()).toMatchObject({ recording: true, translation: false });
    const again = await consent('submit', { consent_type: 'recording' }, grantKey, member.auth);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(grant.json());
    expect(await ledgerCount(member.user.id)).toBe(1);

    const withdrawKey = key();
    const withdraw = await consent('withdraw', {}, withdrawKey, member.auth);
    expect(withdraw.json()).toMatchObject({ recording: false, translation: false });
    const replayed = await consent('withdraw', {}, withdrawKey, member.auth);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(replayed.json()).toEqual(withdraw.json());
    expect(await ledgerCount(member.user.id)).toBe(2);
  });

  it('refuses a key reused for a different body or route with 422', async () => {
    const id = freshPair();
    const k = key();
    const ledgerBefore = await ledgerCount(user.user.id);
    expect((await save({ id, translation: 'one', baseVersion: 1 }, k)).statusCode).toBe(200);
    const other = await save({ id, translation: 'two', baseVersion: 1 }, k);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(other.json<{ message: string }>().message).toMatch(/already used for a different request/);
    const otherRoute = await consent('submit', { consent_type: 'full' }, k);
    expect(otherRoute.statusCode).toBe(422);
    expect(otherRoute.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await revisionCount(id)).toBe(1);
    expect(await ledgerCount(user.user.id)).toBe(ledgerBefore);
  });

  it('treats the same JSON with keys in another order as the same request', async () => {
    const id = freshPair();
    const k = key();
    const first = await save({ id, translation: 'ordered', baseVersion: 1 }, k);
    const replay = await save({ baseVersion: 1, translation: 'ordered', id }, k);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
  });

  it('applies concurrent requests with one key once', async () => {
    const member = await signUp(t.app);
    const k = key();
    const answers = await Promise.all([
      consent('submit', { consent_type: 'full' }, k, member.auth),
      consent('submit', { consent_type: 'full' }, k, member.auth),
    ]);
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200]);
    expect(answers.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(1);
    expect(answers[0]?.json()).toEqual(answers[1]?.json());
    expect(await ledgerCount(member.user.id)).toBe(1);

    const id = freshPair();
    const saveKey = key();
    const saves = await Promise.all(
      [1, 2, 3].map(() => save({ id, translation: 'at once', baseVersion: 1 }, saveKey)),
    );
    expect(saves.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(saves.filter((answer) => answer.headers['idempotent-replayed'] === 'true')).toHaveLength(2);
    expect(await revisionCount(id)).toBe(1);
  });

  it('refuses a malformed key with 400 and changes nothing', async () => {
    const member = await signUp(t.app);
    for (const bad of ['short', 'has spaces in it', 'x'.repeat(129), 'ümlaut-key-1234']) {
      const answer = await consent('submit', { consent_type: 'full' }, bad, member.auth);
      expect(answer.statusCode, bad).toBe(400);
      expect(answer.json(), bad).toMatchObject({ code: 'INVALID_IDEMPOTENCY_KEY' });
    }
    expect(await ledgerCount(member.user.id)).toBe(0);
    expect((await consent('submit', { consent_type: 'full' }, 'a'.repeat(128), member.auth)).statusCode).toBe(
      200,
    );
    expect((await consent('submit', { consent_type: 'full' }, 'Ab_-1234', member.auth)).statusCode).toBe(200);
  });

  it('works as before without the header', async () => {
    const member = await signUp(t.app);
    expect((await consent('submit', { consent_type: 'full' }, undefined, member.auth)).statusCode).toBe(200);
    expect((await consent('submit', { consent_type: 'full' }, undefined, member.auth)).statusCode).toBe(200);
    expect(await ledgerCount(member.user.id)).toBe(2);
    const [keys] = await t.database.db
      .select({ total: count() })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, member.user.id));
    expect(keys?.total).toBe(0);
  });

  it('keeps no error: a failed request with a key runs again on retry', async () => {
    const k = key();
    const missing = await save({ id: 987_654, translation: 'nowhere', baseVersion: 1 }, k);
    expect(missing.statusCode).toBe(404);
    // The key was rolled back with the error, so it is free even for another body.
    const id = freshPair();
    const retried = await save({ id, translation: 'somewhere', baseVersion: 1 }, k);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();

    const conflictKey = key();
    const stale = await save({ id, translation: 'stale edit', baseVersion: 1 }, conflictKey);
    expect(stale.statusCode).toBe(409);
    const staleAgain = await save({ id, translation: 'stale edit', baseVersion: 1 }, conflictKey);
    expect(staleAgain.statusCode).toBe(409);
    expect(staleAgain.json()).toMatchObject({ code: 'EDIT_CONFLICT' });
    // The contract: details carry the pair as the server holds it, for the phone to offer the choice.
    const details = editConflictDetailsSchema.parse(staleAgain.json<{ details: unknown }>().details);
    expect(details.current).toMatchObject({ id, lopit: 'somewhere', version: 2 });
    expect(await revisionCount(id)).toBe(1);
  });

  it('scopes keys per user', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    const k = key();
    expect((await consent('submit', { consent_type: 'recording' }, k, first.auth)).statusCode).toBe(200);
    const other = await consent('submit', { consent_type: 'translation' }, k, second.auth);
    expect(other.statusCode).toBe(200);
    expect(other.headers['idempotent-replayed']).toBeUndefined();
    expect(other.json()).toMatchObject({ recording: false, translation: true });
    expect(await ledgerCount(first.user.id)).toBe(1);
    expect(await ledgerCount(second.user.id)).toBe(1);
  });

  it('purges keys older than 30 days', async () => {
    const member = await signUp(t.app);
    const day = 24 * 60 * 60 * 1000;
    await t.database.db.insert(idempotencyKeys).values([
      {
        userId: member.user.id,
        key: 'old-key-1',
        requestHash: 'x',
        createdAt: new Date(Date.now() - 31 * day),
      },
      {
        userId: member.user.id,
        key: 'new-key-1',
        requestHash: 'x',
        createdAt: new Date(Date.now() - 29 * day),
      },
    ]);
    expect(await purgeIdempotencyKeys(t.database.db)).toBe(1);
    const left = await t.database.db
      .select({ key: idempotencyKeys.key })
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.userId, member.user.id));
    expect(left.map((row) => row.key)).toEqual(['new-key-1']);
  });
});
