// Sign-in limits against the attacker's trial of issue #29: other people's wrong passwords never stop the
// account holder's right one, guessers from many addresses are still refused, the per-address limits hold, and
// behind a proxy a client-written X-Forwarded-For does not change the address the limits see.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

type Inject = TestApp['app']['inject'];
const login = (inject: Inject, remoteAddress: string, email: string, password: string) =>
  inject({ method: 'POST', url: '/api/auth/login', remoteAddress, payload: { email, password } });

function expectTooMany(response: {
  statusCode: number;
  headers: Record<string, unknown>;
  json: () => unknown;
}) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'RATE_LIMITED' });
  expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
}

/** Each test checks several passwords (at the suite's cheap cost, TEST_PASSWORD_HASHING) on a loaded machine. */
const SCRYPT_TEST_TIMEOUT_MS = 120_000;

describe.each(DATABASE_KINDS)('sign-in limits on %s', (kind) => {
  let t: TestApp;
  let inject: Inject;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      AUTH_RATE_LIMIT_PER_MINUTE: '2',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '1000',
      AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE: '3',
    });
    inject = t.app.inject.bind(t.app);
  });
  afterAll(() => t.close());

  it(
    "lets the account holder in from another address while others' wrong passwords are refused",
    async () => {
      const victim = await signUp(t.app);
      const statuses: number[][] = [];
      for (const attacker of ['10.1.0.1', '10.1.0.2', '10.1.0.3']) {
        const answers: number[] = [];
        for (let i = 0; i < 3; i += 1)
          answers.push(
            (await login(inject, attacker, victim.user.email, `guess ${attacker} ${i}`)).statusCode,
          );
        statuses.push(answers);
      }
      // Two tries per address and email; past three failures for the account, wrong passwords are refused.
      expect(statuses).toEqual([
        [401, 401, 429],
        [401, 429, 429],
        [429, 429, 429],
      ]);
      const refused = await login(inject, '10.1.0.4', victim.user.email, 'another guess');
      expectTooMany(refused);

      const owner = await login(inject, '10.1.9.9', victim.user.email, victim.password);
      expect(owner.statusCode).toBe(200);
      const { token } = owner.json<{ token: string }>();
      const me = await t.app.inject({
        method: 'GET',
        url: '/api/auth/me',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(me.json()).toMatchObject({ user: { id: victim.user.id } });
    },
    SCRYPT_TEST_TIMEOUT_MS,
  );

  it(
    'refuses a guesser using a new address for every guess, for an unknown email exactly as for an account',
    async () => {
      const victim = await signUp(t.app);
      const guesses = async (email: string, network: string) => {
        const answers = [];
        for (let i = 0; i < 5; i += 1)
          answers.push(await login(inject, `${network}.${i}`, email, `guess ${i}`));
        return answers;
      };
      const onAccount = await guesses(victim.user.email, '10.2.0');
      const onNobody = await guesses('nobody-here@example.org', '10.2.1');
      for (const answers of [onAccount, onNobody]) {
        expect(answers.map((response) => response.statusCode)).toEqual([401, 401, 401, 429, 429]);
        expectTooMany(answers[4]!);
      }
      expect(onAccount.map((response) => response.json<unknown>())).toEqual(
        onNobody.map((response) => response.json<unknown>()),
      );
      expect((await login(inject, '10.2.9.9', victim.user.email, victim.password)).statusCode).toBe(200);
    },
    SCRYPT_TEST_TIMEOUT_MS,
  );

  it(
    'counts wrong current passwords on a password change with the sign-ins, and still takes the right one',
    async () => {
      const owner = await signUp(t.app);
      for (let i = 0; i < 3; i += 1)
        expect((await login(inject, `10.3.0.${i}`, owner.user.email, `guess ${i}`)).statusCode).toBe(401);
      const change = (currentPassword: string, newPassword: string) =>
        t.app.inject({
          method: 'POST',
          url: '/api/auth/change-password',
          remoteAddress: '10.3.1.1',
          headers: owner.auth,
          payload: { currentPassword, newPassword },
        });
      expectTooMany(await change('not my password', 'a new password 1'));
      expect((await change(owner.password, 'a new password 1')).statusCode).toBe(200);
      expect((await login(inject, '10.3.2.1', owner.user.email, 'a new password 1')).statusCode).toBe(200);
    },
    SCRYPT_TEST_TIMEOUT_MS,
  );

  it(
    'does not count sign-ups naming an email against that account',
    async () => {
      const owner = await signUp(t.app);
      for (let i = 0; i < 5; i += 1) {
        const taken = await t.app.inject({
          method: 'POST',
          url: '/api/auth/signup',
          remoteAddress: `10.4.0.${i}`,
          payload: { name: 'Squatter', email: owner.user.email, password: 'long enough password' },
        });
        expect(taken.statusCode).toBe(409);
      }
      expect((await login(inject, '10.4.1.1', owner.user.email, 'one wrong guess')).statusCode).toBe(401);
      expect((await login(inject, '10.4.1.2', owner.user.email, owner.password)).statusCode).toBe(200);
    },
    SCRYPT_TEST_TIMEOUT_MS,
  );

  it(
    'keeps refusing too many attempts from one address for one email, right password or not',
    async () => {
      const owner = await signUp(t.app);
      const fromOne = [];
      for (let i = 0; i < 3; i += 1)
        fromOne.push((await login(inject, '10.5.0.1', owner.user.email, owner.password)).statusCode);
      expect(fromOne).toEqual([200, 200, 429]);
      expect((await login(inject, '10.5.0.2', owner.user.email, owner.password)).statusCode).toBe(200);
    },
    SCRYPT_TEST_TIMEOUT_MS,
  );
});

describe.each(DATABASE_KINDS)('per-address limits behind a proxy on %s', (kind) => {
  const PROXY = '10.9.0.1';
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind, {
      TRUST_PROXY: `${PROXY}, 10.9.1.0/24`,
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '3',
    });
  });
  afterAll(() => t.close());

  let emails = 0;
  /** A sign-in for a new email each time, so only the per-address limit can refuse it. */
  const signIn = (forwardedFor: string, remoteAddress = PROXY) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress,
      headers: { 'x-forwarded-for': forwardedFor },
      payload: { email: `person${(emails += 1)}@example.org`, password: 'a guess' },
    });

  it('limits the client the proxies saw, whatever it writes at the left of X-Forwarded-For', async () => {
    const statuses = [];
    for (let i = 0; i < 5; i += 1)
      statuses.push((await signIn(`192.0.2.${i}, 198.51.100.${i}, 203.0.113.7`)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    // Through two trusted proxies, the client is the first untrusted address from the right.
    expect((await signIn('192.0.2.99, 203.0.113.7, 10.9.1.5')).statusCode).toBe(429);
    expect((await signIn('203.0.113.7, 203.0.113.8')).statusCode).toBe(401);
  });

  it('ignores X-Forwarded-For from a client that is not a proxy', async () => {
    const statuses = [];
    for (let i = 0; i < 4; i += 1) statuses.push((await signIn(`192.0.2.${i}`, '198.51.100.50')).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
  });
});
