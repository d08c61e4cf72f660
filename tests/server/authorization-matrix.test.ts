// Authorization matrix: every route of app.routeTable, with its access from authorization-matrix.ts, called as every kind of caller with plausible and garbage input.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { TRAINING_ERROR_CODES } from '../../core/api/training.ts';
import { SESSION_TTL_MS } from '../../core/constants.ts';
import { buildApp } from '../../server/app.ts';
import { sessions } from '../../server/db/schema.ts';
import { hashToken, newToken } from '../../server/features/auth/tokens.ts';
import { QUERY_GATES, ROUTE_ACCESS, type Access, type RouteKey } from './authorization-matrix.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';
import { checkAnswersAgainstContract } from './live-contract.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
type Headers = Record<string, string>;

const PERSONAS = [
  'visitor',
  'contributor',
  'unconsented contributor',
  'admin',
  'expired contributor',
  'expired admin',
  'revoked contributor',
  'revoked admin',
  'unknown token',
  'malformed bearer',
  'worker',
  'revoked worker',
  'control secret',
  'wrong control secret',
] as const;
type Persona = (typeof PERSONAS)[number];
/** The control secret means something only on the internal routes (the only app that has one). */
const CONTROL_PERSONAS: readonly Persona[] = ['control secret', 'wrong control secret'];
/** The signed-in personas (a valid session). */
const SESSION_PERSONAS = ['contributor', 'unconsented contributor', 'admin'] as const;
type SessionPersona = (typeof SESSION_PERSONAS)[number];
/** Routes that end the session they are called with: there each signed-in persona uses a fresh session. */
const SESSION_ENDING: ReadonlySet<string> = new Set(['POST /api/auth/logout']);

type Variant = 'plain' | 'garbage';
const VARIANTS: Variant[] = ['plain', 'garbage'];

/** A route that must not run for the caller: exactly this status and error code. */
interface Denied {
  status: 401 | 403;
  code: string;
}
type Expected = 'allowed' | Denied;

const unauthenticated: Denied = { status: 401, code: ERROR_CODES.unauthenticated };
const forbidden: Denied = { status: 403, code: ERROR_CODES.forbidden };

/** What each persona must get from a route of each access (see Access in authorization-matrix.ts). */
function expectedFor(access: Access, persona: Persona): Expected {
  const signedIn = (SESSION_PERSONAS as readonly Persona[]).includes(persona);
  switch (access) {
    case 'public':
      return 'allowed';
    case 'user':
      return signedIn ? 'allowed' : unauthenticated;
    case 'consenting':
      if (persona === 'unconsented contributor') return { status: 403, code: ERROR_CODES.consentRequired };
      return signedIn ? 'allowed' : unauthenticated;
    case 'admin':
      if (persona === 'admin') return 'allowed';
      return signedIn ? forbidden : unauthenticated;
    case 'worker':
      return persona === 'worker'
        ? 'allowed'
        : { status: 401, code: TRAINING_ERROR_CODES.invalidWorkerToken };
    case 'internal':
      return persona === 'control secret' ? 'allowed' : forbidden;
  }
}

const describeExpected = (expected: Expected) =>
  expected === 'allowed' ? 'not 401/403' : `${expected.status} ${expected.code}`;

/** Every path parameter filled with something plausible: an unknown record of the right shape. */
function paramValue(key: string, name: string, revokedWorkerId: number): string {
  if (name === 'recordingId') return crypto.randomUUID();
  if (key.includes('/audio/tus/')) return crypto.randomBytes(24).toString('hex');
  if (key.includes('/audio/recordings/') || key.includes('/admin/users/')) return crypto.randomUUID();
  // Revoking the already revoked token again: the live worker token must stay valid.
  if (key.includes('/training/workers/')) return String(revokedWorkerId);
  return '1';
}

/** A query string every route's schema refuses (for routes that read one) or ignores. */
const GARBAGE_QUERY =
  'page=-1&limit=many&format=nope&model_type=nope&bucket=nope&audio=nope&speaker=nope&owner=nobody&all=maybe&category=%00&search=%00&file_name=%00';
const GARBAGE_BODY = '{"broken": ';
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** One request as sent by app.inject. */
interface Probe {
  method: string;
  url: string;
  headers: Headers;
  payload?: string | Buffer | object;
}

/** The request of one variant: plausible input (an empty or minimal body) or garbage (unparsable body, bad query and path). */
function requestFor(key: string, variant: Variant, revokedWorkerId: number, query?: string): Probe {
  const space = key.indexOf(' ');
  const method = key.slice(0, space);
  const template = key.slice(space + 1);
  const url = template.replace(/:(\w+)/g, (_match, name: string) =>
    variant === 'plain' ? paramValue(key, name, revokedWorkerId) : 'not-an-id',
  );
  const search = variant === 'garbage' ? GARBAGE_QUERY : query;
  const headers: Headers = {};
  const request: Probe = { method, url: search ? `${url}?${search}` : url, headers };
  if (template.startsWith('/api/audio/tus')) headers['tus-resumable'] = '1.0.0';
  if (variant === 'garbage') {
    if (BODY_METHODS.has(method) || method === 'DELETE') {
      headers['content-type'] = 'application/json';
      request.payload = GARBAGE_BODY;
    }
    return request;
  }
  if (template.startsWith('/api/audio/tus')) {
    if (method === 'PATCH') {
      headers['content-type'] = 'application/offset+octet-stream';
      headers['upload-offset'] = '0';
    }
  } else if (template.endsWith('/artifact')) {
    headers['content-type'] = 'application/octet-stream';
    request.payload = Buffer.from('model bytes');
  } else if (BODY_METHODS.has(method)) {
    request.payload = {};
  }
  return request;
}

/** Why an error answer is not `{ message: string, code?: string, details? }` JSON, or null when it is. */
function errorBodyProblem(response: LightMyRequestResponse): string | null {
  const type = String(response.headers['content-type'] ?? '');
  if (!type.startsWith('application/json')) return `content-type "${type}"`;
  let body: unknown;
  try {
    body = response.json();
  } catch {
    return `body is not JSON: ${response.body.slice(0, 80)}`;
  }
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return 'body is not an object';
  const record = body as Record<string, unknown>;
  if (typeof record.message !== 'string' || record.message === '') return 'no message';
  if (record.code !== undefined && typeof record.code !== 'string') return 'code is not a string';
  const extra = Object.keys(record).filter((name) => !['message', 'code', 'details'].includes(name));
  return extra.length > 0 ? `unexpected fields ${extra.join(', ')}` : null;
}

/** What is wrong with one answer, or null. */
function judge(response: LightMyRequestResponse, method: string, expected: Expected): string | null {
  const status = response.statusCode;
  const problems: string[] = [];
  const hasBody = method !== 'HEAD' && status >= 400;
  if (hasBody) {
    const problem = errorBodyProblem(response);
    if (problem) return `answered ${status} with an error body whose ${problem}`;
  }
  const code = hasBody ? (response.json<{ code?: string }>().code ?? '(no code)') : '';
  if (expected === 'allowed') {
    if (status === 401 || status === 403) problems.push(`answered ${status} ${code}, expected not 401/403`);
    else if (status >= 500 && status !== 501 && status !== 503)
      problems.push(`answered ${status} ${code}, expected no server error`);
  } else if (status !== expected.status || (hasBody && code !== expected.code)) {
    problems.push(`answered ${status} ${code}, expected ${describeExpected(expected)}`);
  }
  return problems.length > 0 ? problems.join('; ') : null;
}

const keysOf = (app: FastifyInstance) =>
  new Set(app.routeTable.map((route) => `${route.method} ${route.url}`));
const ROUTE_KEYS = Object.keys(ROUTE_ACCESS) as RouteKey[];

describe.each(DATABASE_KINDS)('authorization matrix on %s', (kind) => {
  let t: TestApp;
  /** The same app with a control secret (as server/main.ts builds it), on the same database. */
  let control: FastifyInstance;
  let controlSecret: string;
  const dataDir = path.resolve('.tmp', 'api-tests', `authz-${crypto.randomBytes(6).toString('hex')}`);
  const accounts = {} as Record<SessionPersona, Account>;
  const credentials = {} as Record<Persona, Headers>;
  let revokedWorkerId = 0;

  const inject = (app: FastifyInstance, options: Probe | InjectOptions) =>
    app.inject(options as InjectOptions);
  const bearer = (token: string): Headers => ({ authorization: `Bearer ${token}` });
  const expectStatus = (response: LightMyRequestResponse, status: number, what: string) => {
    if (response.statusCode !== status)
      throw new Error(`${what}: ${response.statusCode} ${response.body} (expected ${status})`);
  };

  const login = async (account: Account) => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: account.user.email, password: account.password },
    });
    expectStatus(response, 200, 'sign-in');
    return response.json<{ token: string }>().token;
  };
  /** A session, then its expiry set in the past in the database. */
  const expiredSession = async (account: Account) => {
    const token = await login(account);
    const updated = await t.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(sessions.tokenHash, hashToken(token)))
      .returning({ tokenHash: sessions.tokenHash });
    expect(updated).toHaveLength(1);
    return token;
  };
  /** A session, then signed out through the API. */
  const revokedSession = async (account: Account) => {
    const token = await login(account);
    expectStatus(
      await inject(t.app, { method: 'POST', url: '/api/auth/logout', headers: bearer(token) }),
      200,
      'sign-out',
    );
    return token;
  };
  /** A new valid session of the account, straight in the database (for routes that end the session they get). */
  const freshSession = async (account: Account) => {
    const { token, tokenHash } = newToken();
    await t.app.repositories.users.createSession(
      account.user.id,
      tokenHash,
      new Date(Date.now() + SESSION_TTL_MS),
    );
    return token;
  };
  const createWorkerToken = async (name: string) => {
    const response = await inject(t.app, {
      method: 'POST',
      url: '/api/training/workers',
      headers: accounts.admin.auth,
      payload: { name },
    });
    expectStatus(response, 201, 'worker token');
    return response.json<{ worker: { id: number }; token: string }>();
  };
  /** Recording consent for the contributor and the admin (POST /api/consent/withdraw takes it away). */
  const grantRecordingConsent = async () => {
    for (const persona of ['contributor', 'admin'] as const) {
      const response = await inject(t.app, {
        method: 'POST',
        url: '/api/consent/submit',
        headers: accounts[persona].auth,
        payload: { consent_type: 'recording' },
      });
      expectStatus(response, 200, `consent of the ${persona}`);
    }
  };

  beforeAll(async () => {
    t = await createTestApp(kind, {
      DATA_DIR: dataDir,
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '10000',
      AUTH_RATE_LIMIT_PER_MINUTE: '10000',
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '10000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '10000',
      // No training worker in the process: nothing here queues a job, and nothing should run behind the test.
      TRAINING_WORKER: 'off',
    });
    controlSecret = crypto.randomBytes(32).toString('base64url');
    control = await buildApp({ config: t.config, database: t.database, controlSecret, logger: false });
    await control.ready();
    checkAnswersAgainstContract(control);

    // The first account of an installation is the admin.
    accounts.admin = await signUp(t.app, { name: 'Matrix Admin' });
    accounts.contributor = await signUp(t.app, { name: 'Matrix Contributor' });
    accounts['unconsented contributor'] = await signUp(t.app, { name: 'Matrix Unconsented' });
    expect(accounts.admin.user.role).toBe('admin');
    expect(accounts.contributor.user.role).toBe('contributor');
    expect(accounts['unconsented contributor'].user.role).toBe('contributor');
    await grantRecordingConsent();

    const revokedWorker = await createWorkerToken('matrix revoked worker');
    revokedWorkerId = revokedWorker.worker.id;
    expectStatus(
      await inject(t.app, {
        method: 'DELETE',
        url: `/api/training/workers/${revokedWorkerId}`,
        headers: accounts.admin.auth,
      }),
      204,
      'revoking a worker token',
    );
    const worker = await createWorkerToken('matrix worker');

    Object.assign(credentials, {
      visitor: {},
      contributor: accounts.contributor.auth,
      'unconsented contributor': accounts['unconsented contributor'].auth,
      admin: accounts.admin.auth,
      'expired contributor': bearer(await expiredSession(accounts.contributor)),
      'expired admin': bearer(await expiredSession(accounts.admin)),
      'revoked contributor': bearer(await revokedSession(accounts.contributor)),
      'revoked admin': bearer(await revokedSession(accounts.admin)),
      'unknown token': bearer(newToken().token),
      'malformed bearer': { authorization: 'Bearer this is not a token' },
      worker: bearer(worker.token),
      'revoked worker': bearer(revokedWorker.token),
      'control secret': { 'x-control-secret': controlSecret },
      'wrong control secret': { 'x-control-secret': crypto.randomBytes(32).toString('base64url') },
    } satisfies Record<Persona, Headers>);
  });

  afterAll(async () => {
    await control?.close();
    await t?.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  /** Calls the route as every persona in both variants; the list of wrong answers. */
  async function mismatchesOf(
    key: RouteKey,
    access: Access,
    { query, variants = VARIANTS }: { query?: string; variants?: Variant[] } = {},
  ): Promise<string[]> {
    const app = access === 'internal' ? control : t.app;
    const personas = PERSONAS.filter(
      (persona) => access === 'internal' || !CONTROL_PERSONAS.includes(persona),
    );
    const endsSession = SESSION_ENDING.has(key);
    const mismatches: string[] = [];
    for (const variant of variants) {
      for (const persona of personas) {
        const request = requestFor(key, variant, revokedWorkerId, query);
        const own =
          endsSession && (SESSION_PERSONAS as readonly Persona[]).includes(persona)
            ? bearer(await freshSession(accounts[persona as SessionPersona]))
            : credentials[persona];
        request.headers = { ...request.headers, ...own };
        const response = await inject(app, request);
        const problem = judge(response, request.method, expectedFor(access, persona));
        if (problem)
          mismatches.push(`${persona} (${variant} input, ${request.method} ${request.url}): ${problem}`);
      }
    }
    return mismatches;
  }

  it('has an entry for every route of the app, and none for a route that is gone', () => {
    const registered = keysOf(control);
    const missing = [...registered].filter((key) => !(key in ROUTE_ACCESS));
    const gone = ROUTE_KEYS.filter((key) => !registered.has(key));
    expect(missing, 'routes without an entry in authorization-matrix.ts').toEqual([]);
    expect(gone, 'entries of authorization-matrix.ts for routes that no longer exist').toEqual([]);
    // The control app is the default app plus the internal routes, and only those.
    const defaults = keysOf(t.app);
    expect([...defaults].filter((key) => !registered.has(key))).toEqual([]);
    expect([...registered].filter((key) => !defaults.has(key)).sort()).toEqual(
      ROUTE_KEYS.filter((key) => ROUTE_ACCESS[key] === 'internal').sort(),
    );
  });

  it('registers no internal route without a control secret', async () => {
    for (const key of ROUTE_KEYS.filter((route) => ROUTE_ACCESS[route] === 'internal')) {
      const response = await inject(t.app, {
        ...requestFor(key, 'plain', revokedWorkerId),
        headers: { 'x-control-secret': controlSecret },
      });
      expect(response.statusCode, key).toBe(404);
      expect(errorBodyProblem(response), key).toBeNull();
    }
  });

  it.each(ROUTE_KEYS)('%s', async (key) => {
    const access = ROUTE_ACCESS[key];
    const app = access === 'internal' ? control : t.app;
    expect(keysOf(app).has(key), `${key} is not a route of the app`).toBe(true);
    if (access === 'consenting') await grantRecordingConsent();
    expect(await mismatchesOf(key, access), `${key} (${access})`).toEqual([]);
  });

  // Plain input only: the gate is the query itself, so a signed-in caller's garbage query is refused as invalid.
  it.each(QUERY_GATES)('$route?$query', async ({ route, query, access }) => {
    const mismatches = await mismatchesOf(route, access, { query, variants: ['plain'] });
    expect(mismatches, `${route}?${query} (${access})`).toEqual([]);
  });

  it('leaves the sessions and the worker token it uses valid', async () => {
    for (const persona of [...SESSION_PERSONAS]) {
      const response = await inject(t.app, {
        method: 'GET',
        url: '/api/auth/me',
        headers: credentials[persona],
      });
      expect(response.statusCode, persona).toBe(200);
    }
    const claim = await inject(t.app, {
      method: 'POST',
      url: '/api/training/worker/claim',
      headers: credentials.worker,
      payload: {},
    });
    expect(claim.statusCode).toBe(200);
  });
});
