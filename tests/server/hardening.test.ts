// Hostile input found from outside (issue "hardening"), each reproduction answered at once with a 4xx JSON error
// that changes nothing: the backtracking email, uncounted invalid sign-ins, NUL and out-of-range ids reaching
// the database (on every route, with or without a declared body), a bodiless sign-out labelled JSON, weak
// password hashes, and what tied a voice to a name.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { grantRecordingConsent, multipartBody, toneWav, tusCreate } from './audio-fixtures.ts';
import { createTestApp, DATABASE_KINDS, inspectionsDone, signUp, type TestApp } from './test-app.ts';

const NUL = 'a\u0000b';
const BACKTRACKING_EMAIL = `a@${'b.'.repeat(7_000)}@`;

function expectJsonError(
  response: { statusCode: number; json: () => unknown },
  status: number,
  code?: string,
) {
  expect(response.statusCode).toBe(status);
  const body = response.json() as { message?: unknown; code?: unknown };
  expect(typeof body.message).toBe('string');
  if (code) expect(body.code).toBe(code);
}

describe.each(DATABASE_KINDS)('hardening on %s', (kind) => {
  let t: TestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let contributor: Awaited<ReturnType<typeof signUp>>;
  let workerAuth: Record<string, string>;
  const count = async (table: string) =>
    Number(
      rowsOf<{ n: number }>(
        await t.database.db.execute(sql.raw(`select count(*)::int as n from ${table}`)),
      )[0]?.n,
    );

  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '100000',
      AUTH_RATE_LIMIT_PER_MINUTE: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '1000',
    });
    admin = await signUp(t.app);
    contributor = await signUp(t.app);
    await grantRecordingConsent(t.app, contributor.auth);
    await t.app.inject({
      method: 'POST',
      url: '/api/consent/submit',
      headers: contributor.auth,
      payload: { consent_type: 'full' },
    });
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/training/workers',
      headers: admin.auth,
      payload: { name: 'gpu box' },
    });
    workerAuth = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
  });
  afterAll(() => t.close());

  it('answers the backtracking email at once with 400 on sign-in and sign-up, and 413 past 16 KB', async () => {
    for (const url of ['/api/auth/login', '/api/auth/signup']) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        payload: { name: 'X', email: BACKTRACKING_EMAIL, password: 'long enough password' },
      });
      expectJsonError(response, 400, 'VALIDATION_FAILED');
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: `a@${'b.'.repeat(32_000)}@`, password: 'x' },
    });
    expectJsonError(huge, 413);
  });

  it('counts invalid sign-ins too: the same bad request 70 times ends in 429', async () => {
    const limited = await createTestApp(kind, { AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 70; i += 1) {
        const response = await limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: BACKTRACKING_EMAIL, password: 'x' },
        });
        statuses.push(response.statusCode);
      }
      expect(statuses.slice(0, 10)).toEqual(Array(10).fill(400));
      expect(statuses.slice(10)).toEqual(Array(60).fill(429));
    } finally {
      await limited.close();
    }
  });

  // A database of its own, and nine passwords checked with scrypt (seconds each on a loaded machine).
  it('refuses wrong passwords per account whatever the address they come from, never the right one', async () => {
    const limited = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '5',
    });
    try {
      const target = await signUp(limited.app);
      const signIn = (i: number, password: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          remoteAddress: `10.0.${i}.1`,
          payload: { email: target.user.email, password },
        });
      const statuses: number[] = [];
      for (let i = 0; i < 8; i += 1) statuses.push((await signIn(i, `guess number ${i}`)).statusCode);
      // Five wrong passwords a minute for the account; its sign-up does not count.
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429, 429]);
      expect((await signIn(9, target.password)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 120_000);

  it('refuses U+0000 with 400 wherever text reaches the database, and stores nothing', async () => {
    const before = {
      users: await count('users'),
      revisions: await count('translation_revisions'),
      workers: await count('training_worker_tokens'),
      recordings: await count('recordings'),
      pairs: await count('translation_pairs'),
    };
    const [pair] = (
      await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: contributor.auth })
    ).json<{ pairs: { id: number }[] }>().pairs;
    const requests = [
      { method: 'PATCH', url: '/api/auth/me', headers: contributor.auth, payload: { name: NUL } },
      { method: 'PATCH', url: '/api/auth/me', headers: contributor.auth, payload: { dialect: NUL } },
      { method: 'PATCH', url: '/api/auth/me', headers: contributor.auth, payload: { dialect: 'x\ud800' } },
      {
        method: 'POST',
        url: '/api/translation/save',
        headers: contributor.auth,
        payload: { id: pair!.id, translation: NUL },
      },
      { method: 'POST', url: '/api/training/workers', headers: admin.auth, payload: { name: NUL } },
      {
        method: 'POST',
        url: '/api/admin/import/pairs',
        headers: admin.auth,
        payload: { pairs: [{ english: NUL, lopit: 'x' }] },
      },
      {
        method: 'POST',
        url: '/api/auth/signup',
        payload: { name: NUL, email: 'nul@example.org', password: 'long enough password' },
      },
      { method: 'POST', url: '/api/auth/login', payload: { email: 'nul@example.org', password: NUL } },
      {
        method: 'POST',
        url: '/api/training/worker/claim',
        headers: workerAuth,
        payload: { worker_name: NUL },
      },
      { method: 'GET', url: '/api/data/lexicon?search=a%00b' },
      {
        method: 'GET',
        url: `/api/translation/pairs/${encodeURIComponent(NUL)}/revisions`,
        headers: contributor.auth,
      },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject({
        ...request,
        headers: { ...('headers' in request ? request.headers : {}) },
      });
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expectJsonError(response, 400, 'VALIDATION_FAILED');
    }
    // Multipart fields and files, and tus metadata, which routes read themselves.
    const tone = toneWav(1.5);
    for (const metadata of [{ title: NUL }, { transcript: NUL }]) {
      const body = multipartBody({ bytes: tone }, metadata);
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: { ...contributor.auth, ...body.headers },
        payload: body.payload,
      });
      expectJsonError(response, 400, 'VALIDATION_FAILED');
    }
    const form = new FormData();
    form.append('file', new Blob([`english,lopit\n${NUL},x\n`]), 'pairs.csv');
    expectJsonError(
      await t.app.inject({
        method: 'POST',
        url: '/api/admin/import/pairs',
        headers: admin.auth,
        payload: form,
      }),
      400,
    );
    const tus = await tusCreate(t.app, contributor.auth, tone.length, {
      recordingId: crypto.randomUUID(),
      fileName: 'clip.wav',
      sha256: crypto.createHash('sha256').update(tone).digest('hex'),
      title: NUL,
    });
    expectJsonError(tus, 400, 'VALIDATION_FAILED');
    expect({
      users: await count('users'),
      revisions: await count('translation_revisions'),
      workers: await count('training_worker_tokens'),
      recordings: await count('recordings'),
      pairs: await count('translation_pairs'),
    }).toEqual(before);
  });

  it('applies the input rules on routes that declare no body or query, and changes nothing', async () => {
    const consents = await count('consent_events');
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const requests = [
      { url: '/api/consent/withdraw', payload: deep, json: true },
      { url: '/api/consent/withdraw', payload: JSON.stringify({ note: NUL }), json: true },
      { url: '/api/consent/withdraw', payload: '{"note":"x\\ud800"}', json: true },
      { url: '/api/consent/withdraw', payload: NUL, json: false },
      { url: `/api/consent/withdraw?note=${encodeURIComponent(NUL)}`, payload: '', json: true },
    ];
    for (const { url, payload, json } of requests) {
      const response = await t.app.inject({
        method: 'POST',
        url,
        headers: { ...contributor.auth, 'content-type': json ? 'application/json' : 'text/plain' },
        payload,
      });
      expect(response.statusCode, `${url} ${payload.slice(0, 40)}: ${response.body}`).toBe(400);
      expectJsonError(response, 400, 'VALIDATION_FAILED');
    }
    // A GET that reads no query string refuses one it could not store, too.
    expectJsonError(
      await t.app.inject({ method: 'GET', url: `/api/health?x=${encodeURIComponent(NUL)}` }),
      400,
      'VALIDATION_FAILED',
    );
    expect(await count('consent_events')).toBe(consents);
    // The same route with a clean (or no) body still works.
    const clean = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: { ...contributor.auth, 'content-type': 'application/json' },
      payload: '{"note":"ok"}',
    });
    expect(clean.statusCode, clean.body).toBe(200);
    expect(await count('consent_events')).toBe(consents + 1);
    await t.app.inject({
      method: 'POST',
      url: '/api/consent/submit',
      headers: contributor.auth,
      payload: { consent_type: 'full' },
    });
  });

  it('refuses ids outside the database types, and ids written loosely, with 400', async () => {
    const tokens = await count('training_worker_tokens');
    const requests = [
      {
        method: 'POST',
        url: '/api/translation/save',
        headers: contributor.auth,
        payload: { id: 99_999_999_999, translation: 'x' },
      },
      {
        method: 'POST',
        url: '/api/translation/save',
        headers: contributor.auth,
        payload: { id: 1, translation: 'x', baseVersion: 2 ** 31 },
      },
      { method: 'GET', url: '/api/translation/pairs/99999999999/revisions', headers: contributor.auth },
      { method: 'GET', url: '/api/translation/pairs/1e3/revisions', headers: contributor.auth },
      { method: 'DELETE', url: '/api/training/workers/99999999999', headers: admin.auth },
      { method: 'DELETE', url: '/api/training/workers/0x10', headers: admin.auth },
      { method: 'DELETE', url: '/api/training/workers/+1', headers: admin.auth },
      {
        method: 'POST',
        url: '/api/training/worker/jobs/99999999999/heartbeat',
        headers: workerAuth,
        payload: {},
      },
      { method: 'GET', url: '/api/training/worker/jobs/0x1/dataset', headers: workerAuth },
      { method: 'GET', url: '/api/audio/recordings?page=1e300', headers: contributor.auth },
    ] as const;
    for (const request of requests) {
      const response = await t.app.inject(request);
      expect(response.statusCode, `${request.method} ${request.url}: ${response.body}`).toBe(400);
      expectJsonError(response, 400, 'VALIDATION_FAILED');
    }
    expect(await count('training_worker_tokens')).toBe(tokens);
  });

  it('signs out with a bodiless POST however it is labelled', async () => {
    const session = await signUp(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { ...session.auth, 'content-type': 'application/json' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true });
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.auth });
    expect(me.statusCode).toBe(401);
  });

  it('hashes passwords at OWASP cost and replaces a weaker hash at the next sign-in', async () => {
    // The suite's servers hash cheaply (TEST_PASSWORD_HASHING); this one has the setting every real server has.
    const owasp = await createTestApp(kind, { PASSWORD_HASHING: 'owasp' });
    try {
      const account = await signUp(owasp.app);
      const hashOf = async () =>
        rowsOf<{ password_hash: string }>(
          await owasp.database.db.execute(sql`select password_hash from users where id = ${account.user.id}`),
        )[0]!.password_hash;
      const signIn = () =>
        owasp.app.inject({
          method: 'POST',
          url: '/api/auth/login',
          payload: { email: account.user.email, password: account.password },
        });
      expect(await hashOf()).toMatch(/^scrypt\$32768\$8\$3\$/);
      // Weaker hashes: an older cost, and the test suite's own (a server once started with the test setting).
      for (const weakParams of [
        { N: 16_384, r: 8, p: 1 },
        { N: 1024, r: 8, p: 1 },
      ]) {
        const salt = crypto.randomBytes(16);
        const weak = crypto.scryptSync(account.password.normalize('NFKC'), salt, 64, weakParams);
        const weakHash = ['scrypt', weakParams.N, weakParams.r, weakParams.p, salt, weak]
          .map((part) => (Buffer.isBuffer(part) ? part.toString('base64') : String(part)))
          .join('$');
        await owasp.database.db.execute(
          sql`update users set password_hash = ${weakHash} where id = ${account.user.id}`,
        );
        expect((await signIn()).statusCode).toBe(200);
        expect(await hashOf()).toMatch(/^scrypt\$32768\$8\$3\$/);
        expect((await signIn()).statusCode).toBe(200);
      }
    } finally {
      await owasp.close();
    }
  });

  it('hashes at the test cost only where the setting says so, and refuses any other setting', async () => {
    const account = await signUp(t.app);
    const [row] = rowsOf<{ password_hash: string }>(
      await t.database.db.execute(sql`select password_hash from users where id = ${account.user.id}`),
    );
    expect(t.config.PASSWORD_HASHING).toBe('fast-for-tests-only');
    expect(row!.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(loadConfig({}).PASSWORD_HASHING).toBe('owasp');
    expect(() => loadConfig({ PASSWORD_HASHING: 'fast' })).toThrow(ConfigError);
  });

  it('keeps authenticated answers out of caches and allows only the microphone', async () => {
    const session = await signUp(t.app);
    const answers = [
      await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: session.auth }),
      await t.app.inject({ method: 'GET', url: '/api/admin/users', headers: admin.auth }),
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: session.user.email, password: session.password },
      }),
    ];
    for (const answer of answers) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['cache-control']).toBe('no-store');
      expect(answer.headers['permissions-policy']).toContain('microphone=(self)');
      expect(answer.headers['permissions-policy']).toContain('camera=()');
    }
    // Public answers are revalidated, not no-store (Chromium stalls a second identical request behind one).
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.headers['cache-control']).toBe('no-cache');
    expect(health.headers['permissions-policy']).toContain('microphone=(self)');
  });

  it('gives speakers pseudonyms nothing another user can see leads to', async () => {
    const speakers = await t.app.inject({ method: 'GET', url: '/api/data/speakers', headers: admin.auth });
    expect(speakers.statusCode).toBe(200);
    const body = multipartBody({ bytes: toneWav(1.5, { frequency: 300 }) }, { transcript: 'zorbel' });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...contributor.auth, ...body.headers },
      payload: body.payload,
    });
    expect(stored.statusCode).toBe(201);
    // A speaker counts once their clip's sound is checked (the inspection follows the upload's answer).
    await inspectionsDone(t.app);
    const listed = (
      await t.app.inject({ method: 'GET', url: '/api/data/speakers', headers: admin.auth })
    ).json<{ speakers: { id: string }[] }>().speakers;
    expect(listed).toHaveLength(1);
    const [speaker] = listed;
    expect(speaker!.id).toMatch(/^S-[0-9a-f]{8}$/);
    expect(speaker!.id).not.toBe(`S-${contributor.user.id.slice(0, 8)}`);
    expect(contributor.user.id.replaceAll('-', '')).not.toContain(speaker!.id.slice(2));
  });
});
