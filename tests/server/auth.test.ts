import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/migrate.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('accounts on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: '5',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000',
    });
  });
  afterAll(() => t.close());

  it('makes the first account admin and later ones contributors', async () => {
    const first = await signUp(t.app);
    const second = await signUp(t.app);
    expect(first.user.role).toBe('admin');
    expect(second.user.role).toBe('contributor');
  });

  it('validates signup on the server with the spec messages', async () => {
    const cases = [
      [{ name: '', email: 'a@b.co', password: 'longenough' }, 'name', 'Name is required'],
      [{ name: 'A', email: '', password: 'longenough' }, 'email', 'Email is required'],
      [{ name: 'A', email: 'not-an-email', password: 'longenough' }, 'email', 'Please enter a valid email'],
      [
        { name: 'A', email: 'a@b.co', password: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
    ] as const;
    for (const [payload, path, message] of cases) {
      const response = await t.app.inject({ method: 'POST', url: '/api/auth/signup', payload });
      expect(response.statusCode).toBe(400);
      const body = response.json<{
        message: string;
        code: string;
        details: { path: string; message: string }[];
      }>();
      expect(body.code).toBe('VALIDATION_FAILED');
      expect(body.details).toContainEqual({ path, message });
    }
  });

  it('refuses a taken email, whatever its case, and creates nothing', async () => {
    const { user } = await signUp(t.app, { email: 'taken@example.org' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { name: 'B', email: 'TAKEN@example.org', password: 'longenough' },
    });
    expect(response.statusCode).toBe(409);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('EMAIL_TAKEN');
    expect(body.message).toContain('already exists');
    const rows = rowsOf<{ n: number }>(
      await t.database.db.execute(
        sql`select count(*)::int as n from users where lower(email) = 'taken@example.org'`,
      ),
    );
    expect(rows[0]?.n).toBe(1);
    expect(user.email).toBe('taken@example.org');
  });

  it('stores passwords as scrypt hashes and tokens only as hashes', async () => {
    const { token, user } = await signUp(t.app);
    const [row] = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${user.id}`),
    );
    expect(row?.password_hash).toMatch(/^scrypt\$\d+\$\d+\$\d+\$/);
    expect(row?.password_hash).not.toContain('correct horse');
    const sessions = rowsOf<{ token_hash: string }>(
      await t.database.db.execute(sql`select token_hash from sessions where user_id = ${user.id}`),
    );
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.token_hash).not.toBe(token);
    expect(Buffer.from(token, 'base64url').length).toBeGreaterThanOrEqual(32);
  });

  it('signs in, reads /me, and signs out for good', async () => {
    const { user, password } = await signUp(t.app, { email: 'login@example.org' });
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'Login@Example.org', password },
    });
    expect(login.statusCode).toBe(200);
    const { token } = login.json<{ token: string }>();
    const auth = { authorization: `Bearer ${token}` };
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json()).toMatchObject({ user: { id: user.id, email: 'login@example.org' } });
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: auth })).statusCode).toBe(
      200,
    );
    const after = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('answers a wrong password and an unknown email the same way', async () => {
    const { user } = await signUp(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'wrong password' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'nobody@example.org', password: 'whatever1' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json()).toMatchObject({ message: 'Invalid email or password' });
  });

  it('rejects expired tokens', async () => {
    const { user, auth } = await signUp(t.app);
    await t.database.db.execute(
      sql`update sessions set expires_at = now() - interval '1 second' where user_id = ${user.id}`,
    );
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(401);
  });

  it('rate-limits sign-in attempts per IP and email', async () => {
    const payload = { email: 'limited@example.org', password: 'wrong-password' };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++)
      statuses.push((await t.app.inject({ method: 'POST', url: '/api/auth/login', payload })).statusCode);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { ...payload, email: 'other@example.org' },
    });
    expect(other.statusCode).toBe(401);
  });

  it('changes the password, keeping this session and ending the others', async () => {
    const { auth, user, password } = await signUp(t.app);
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password },
    });
    const otherAuth = { authorization: `Bearer ${other.json<{ token: string }>().token}` };
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: 'nope', newPassword: 'new password 1' },
    });
    expect(wrong.statusCode).toBe(400);
    const ok = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: auth,
      payload: { currentPassword: password, newPassword: 'new password 1' },
    });
    expect(ok.statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: otherAuth })).statusCode).toBe(
      401,
    );
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'new password 1' },
    });
    expect(login.statusCode).toBe(200);
  });

  it('edits the profile name with validation', async () => {
    const { auth } = await signUp(t.app);
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: auth, payload: { name: '  ' } }))
        .statusCode,
    ).toBe(400);
    const ok = await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: auth,
      payload: { name: 'New Name' },
    });
    expect(ok.json()).toMatchObject({ user: { name: 'New Name' } });
  });

  it('edits the speaker profile (age group, gender, dialect) with validation, and returns it on /me', async () => {
    const { auth } = await signUp(t.app);
    const patch = (payload: object) =>
      t.app.inject({ method: 'PATCH', url: '/api/auth/me', headers: auth, payload });
    const fresh = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(fresh.json()).toMatchObject({ user: { ageGroup: null, gender: null, dialect: null } });

    const saved = await patch({
      ageGroup: '45-59',
      gender: 'prefer_not_to_say',
      dialect: '  Lohutok village ',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({
      user: { ageGroup: '45-59', gender: 'prefer_not_to_say', dialect: 'Lohutok village' },
    });
    const nameKept = saved.json<{ user: { name: string } }>().user.name;
    expect(nameKept).toMatch(/Tester/);

    for (const bad of [{ ageGroup: '12' }, { gender: 'unknown' }, { dialect: 'x'.repeat(121) }, {}]) {
      const refused = await patch(bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
      expect(refused.json(), JSON.stringify(bad)).toMatchObject({ code: 'VALIDATION_FAILED' });
    }
    const refusedField = await patch({ ageGroup: 'old' });
    expect(refusedField.json<{ details: { path: string }[] }>().details[0]?.path).toBe('ageGroup');

    const cleared = await patch({ gender: null, dialect: '' });
    expect(cleared.json()).toMatchObject({ user: { ageGroup: '45-59', gender: null, dialect: null } });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: auth });
    expect(me.json()).toMatchObject({ user: { ageGroup: '45-59', gender: null, dialect: null } });
  });
});
