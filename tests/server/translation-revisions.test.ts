// TranslationRevision history of a translation pair: every change, who made it and when, newest first.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../server/db/schema.ts';
import { answer, createTestApp, DATABASE_KINDS, grantConsent, signUp, type TestApp } from './test-app.ts';
import { revisionsResponseSchema } from '../../core/api/translation.ts';
import { adminProposalsSchema } from '../../core/api/review.ts';

describe.each(DATABASE_KINDS)('translation revisions on %s', (kind) => {
  let t: TestApp;
  let first: Awaited<ReturnType<typeof signUp>>;
  let second: Awaited<ReturnType<typeof signUp>>;
  let pairIds: number[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    first = await signUp(t.app, { name: 'Zara Testperson' });
    second = await signUp(t.app, { name: 'Quin Sampleton' });
    await grantConsent(t.app, first.auth, 'translation');
    await grantConsent(t.app, second.auth, 'translation');
    const list = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: first.auth });
    pairIds = list.json<{ pairs: { id: number }[] }>().pairs.map((pair) => pair.id);
  });
  afterAll(() => t.close());

  const revisionsOf = (id: number | string, headers: Record<string, string> = first.auth) =>
    t.app.inject({ method: 'GET', url: `/api/translation/pairs/${id}/revisions`, headers });
  const save = (auth: Record<string, string>, payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/translation/save', headers: auth, payload });
  /** The admin approves every open proposal of `author`. */
  const approveAll = async (author: string) => {
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/admin/review/proposals?state=proposed&author=${author}`,
      headers: first.auth,
    });
    const ids = answer(list, adminProposalsSchema).proposals.map((proposal) => proposal.id);
    const decided = await t.app.inject({
      method: 'POST',
      url: '/api/admin/review/proposals/decide',
      headers: first.auth,
      payload: { ids, verdict: 'approve', reason: 'Checked' },
    });
    expect(decided.statusCode).toBe(200);
  };

  it('lists every change newest first, with who, when, before and after', async () => {
    const id = pairIds[0]!;
    // The first account is an admin, whose saves are approved at once; the second's save is a proposal, and
    // the approved text changes (a revision) only when the admin approves it (version 3 is the proposal).
    expect((await save(first.auth, { id, translation: 'one', baseVersion: 1 })).statusCode).toBe(200);
    expect((await save(second.auth, { id, translation: 'two', baseVersion: 2 })).statusCode).toBe(200);
    expect((await revisionsOf(id)).json<{ revisions: unknown[] }>().revisions).toHaveLength(1);
    await approveAll(second.user.id);
    expect((await save(first.auth, { id, translation: '', baseVersion: 4 })).statusCode).toBe(200);

    const response = await revisionsOf(id, second.auth);
    expect(response.statusCode).toBe(200);
    const { revisions } = answer(response, revisionsResponseSchema);
    expect(
      revisions.map(({ version, before, after, userId, userName }) => ({
        version,
        before,
        after,
        userId,
        userName,
      })),
    ).toEqual([
      // A contributor sees editors' names, and the account id of their own edits only (account ids are not
      // shown to other contributors).
      { version: 5, before: 'two', after: '', userId: null, userName: 'Zara Testperson' },
      { version: 4, before: 'one', after: 'two', userId: second.user.id, userName: 'Quin Sampleton' },
      { version: 2, before: '', after: 'one', userId: null, userName: 'Zara Testperson' },
    ]);
    // An admin (the first account) sees every editor's account id.
    const asAdmin = answer(await revisionsOf(id, first.auth), revisionsResponseSchema).revisions;
    expect(asAdmin.map((revision) => revision.userId)).toEqual([
      first.user.id,
      second.user.id,
      first.user.id,
    ]);
    const times = revisions.map((revision) => Date.parse(revision.createdAt));
    expect(times.every((time) => Number.isFinite(time))).toBe(true);
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    expect(revisions[0]!.id).toBeGreaterThan(revisions[1]!.id);
  });

  it('answers an empty list for a pair never changed', async () => {
    const response = await revisionsOf(pairIds[1]!);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ revisions: [] });
  });

  it('keeps revisions of a removed account, without a name', async () => {
    const leaver = await signUp(t.app, { name: 'Leaves Soon' });
    await grantConsent(t.app, leaver.auth, 'translation');
    const id = pairIds[2]!;
    expect((await save(leaver.auth, { id, translation: 'kept', baseVersion: 1 })).statusCode).toBe(200);
    await approveAll(leaver.user.id);
    await t.database.db.delete(users).where(eq(users.id, leaver.user.id));
    const { revisions } = answer(await revisionsOf(id), revisionsResponseSchema);
    expect(revisions).toMatchObject([{ after: 'kept', userId: null, userName: null }]);
  });

  it('answers 404 for an unknown pair, 400 for a malformed id, 401 when signed out', async () => {
    const unknown = await revisionsOf(987_654);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect(unknown.json<{ message: string }>().message).toMatch(/does not exist/);
    const malformed = await revisionsOf('abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    const signedOut = await t.app.inject({
      method: 'GET',
      url: `/api/translation/pairs/${pairIds[0]}/revisions`,
    });
    expect(signedOut.statusCode).toBe(401);
    expect(signedOut.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });
});
