import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('admin on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let contributor: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createTestApp(kind);
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
  });
  afterAll(() => t.close());

  it('lets only admins list users (visitor 401, contributor 403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/users' })).statusCode).toBe(401);
    const forbidden = await t.app.inject({
      method: 'GET',
      url: '/api/admin/users',
      headers: contributor.auth,
    });
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toMatchObject({ code: 'FORBIDDEN' });
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth });
    expect(list.json<{ users: { email: string }[] }>().users.map((user) => user.email)).toEqual([
      admin.user.email,
      contributor.user.email,
    ]);
  });

  it('promotes and demotes, but never the last admin', async () => {
    const url = `/api/admin/users/${contributor.user.id}/role`;
    expect(
      (await t.app.inject({ method: 'PATCH', url, headers: contributor.auth, payload: { role: 'admin' } }))
        .statusCode,
    ).toBe(403);
    const promoted = await t.app.inject({
      method: 'PATCH',
      url,
      headers: admin.auth,
      payload: { role: 'admin' },
    });
    expect(promoted.json()).toMatchObject({ user: { role: 'admin' } });
    const demoted = await t.app.inject({
      method: 'PATCH',
      url,
      headers: admin.auth,
      payload: { role: 'contributor' },
    });
    expect(demoted.json()).toMatchObject({ user: { role: 'contributor' } });
    const self = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/users/${admin.user.id}/role`,
      headers: admin.auth,
      payload: { role: 'contributor' },
    });
    expect(self.statusCode).toBe(409);
    expect(self.json()).toMatchObject({ code: 'LAST_ADMIN' });
    const bad = await t.app.inject({ method: 'PATCH', url, headers: admin.auth, payload: { role: 'king' } });
    expect(bad.statusCode).toBe(400);
  });

  it('creates one-time reset links that work once', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/admin/users/${contributor.user.id}/reset-link`,
      headers: admin.auth,
    });
    expect(created.statusCode).toBe(201);
    const { token } = created.json<{ token: string }>();
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'brand new password' },
    });
    expect(reset.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'another password' },
    });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_RESET_TOKEN' });
    // The old session ended; the new password works.
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: contributor.auth })).statusCode,
    ).toBe(401);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: contributor.user.email, password: 'brand new password' },
    });
    expect(login.statusCode).toBe(200);
  });
});
