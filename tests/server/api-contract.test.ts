import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_BODY_LIMIT_BYTES } from '../../server/plugins/security.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

const CONTRIBUTOR_ENDPOINTS = [
  ['GET', '/api/translation/pairs'],
  ['POST', '/api/translation/save'],
  ['GET', '/api/translation/export'],
  ['GET', '/api/audio/recordings'],
  ['GET', '/api/training/status'],
  ['GET', '/api/data/statistics'],
  ['GET', '/api/data/speakers'],
  ['GET', '/api/consent/status'],
  ['POST', '/api/consent/submit'],
  ['POST', '/api/consent/withdraw'],
] as const;

describe.each(DATABASE_KINDS)('API contract on %s', (kind) => {
  let t: TestApp;
  const staticDir = path.resolve('.tmp', `static-${kind}`);
  beforeAll(async () => {
    fs.mkdirSync(staticDir, { recursive: true });
    fs.writeFileSync(path.join(staticDir, 'index.html'), '<!doctype html><title>app shell</title>');
    t = await createTestApp(kind, { STATIC_DIR: staticDir, PUBLIC_RATE_LIMIT_PER_MINUTE: '3' });
  });
  afterAll(() => t.close());

  it('reports database reachability on /api/health', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ status: 'ok', database: { kind, reachable: true } });
  });

  it('answers 401 in the error shape on every contributor endpoint without a token', async () => {
    for (const [method, url] of CONTRIBUTOR_ENDPOINTS) {
      const response = await t.app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json(), `${method} ${url}`).toEqual({
        message: 'Please sign in to continue.',
        code: 'UNAUTHENTICATED',
      });
    }
  });

  it('answers a bad token with 401 and a message to sign in again', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/consent/status',
      headers: { authorization: `Bearer ${'x'.repeat(43)}` },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json<{ message: string }>().message).toMatch(/sign in again/);
  });

  it('answers unknown API routes with 404 JSON, never the app shell', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    const body = response.json<{ code: string; message: string }>();
    expect(body.code).toBe('NOT_FOUND');
    expect(body.message).toContain('/api/nothing/here');
  });

  it('serves the app shell for unknown pages (SPA fallback), with a strict CSP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/some/client/route' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('app shell');
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it("answers Fastify's own refusals of a body in the error shape, with the API's codes", async () => {
    const { auth } = await signUp(t.app);
    const send = (url: string, contentType: string, payload: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'POST', url, headers: { ...headers, 'content-type': contentType }, payload });
    const login = JSON.stringify({ email: 'someone@example.org', password: 'correct horse battery' });

    const malformed = await send('/api/auth/login', 'application/json', '{"email":');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'The body is not valid JSON.', code: 'MALFORMED_BODY' });

    // An empty body labelled JSON is no body (fetch sends one so): a route that needs one says what is missing.
    const empty = await send('/api/auth/login', 'application/json', '');
    expect(empty.statusCode).toBe(400);
    const emptyAnswer = empty.json<{ message: unknown; code: unknown; details: unknown }>();
    expect(Object.keys(emptyAnswer).sort()).toEqual(['code', 'details', 'message']);
    expect(typeof emptyAnswer.message).toBe('string');
    expect(emptyAnswer.code).toBe('VALIDATION_FAILED');

    for (const type of ['application/xml', 'application/x-www-form-urlencoded']) {
      const wrongType = await send('/api/auth/login', type, login);
      expect(wrongType.statusCode, type).toBe(415);
      expect(wrongType.json(), type).toEqual({
        message: "The body's Content-Type is not one this address takes.",
        code: 'UNSUPPORTED_MEDIA_TYPE',
      });
    }

    // Sign-in takes 16 KB; a contribution 1 MB. The answer says how much.
    const padding = (bytes: number) =>
      JSON.stringify({ email: 'a@example.org', password: 'x'.repeat(bytes) });
    for (const [url, headers, maxBytes] of [
      ['/api/auth/login', {}, AUTH_BODY_LIMIT_BYTES],
      ['/api/translation/save', auth, 1024 * 1024],
    ] as const) {
      const tooLarge = await send(url, 'application/json', padding(maxBytes + 1), headers);
      expect(tooLarge.statusCode, url).toBe(413);
      expect(tooLarge.json(), url).toEqual({
        message: 'The body is larger than this address takes.',
        code: 'BODY_TOO_LARGE',
        details: { maxBytes },
      });
    }
  });

  it('keeps public endpoints public but rate-limited', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++)
      statuses.push((await t.app.inject({ method: 'GET', url: '/api/data/lexicon?search=a' })).statusCode);
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('lets a signed-in contributor read the contributor endpoints', async () => {
    const { auth } = await signUp(t.app);
    for (const url of [
      '/api/translation/pairs',
      '/api/audio/recordings',
      '/api/training/status',
      '/api/data/statistics',
      '/api/data/speakers',
      '/api/consent/status',
    ]) {
      expect((await t.app.inject({ method: 'GET', url, headers: auth })).statusCode, url).toBe(200);
    }
  });
});
