// Rate limits of the routes that check a password or hand out tokens: refusals before the password is checked
// depend only on the address a request comes from; per account, only wrong passwords count, and only they are
// slowed and refused, so other people's guesses never keep the account holder out.
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { EMAIL_MAX_LENGTH } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { AUTH_FAILURE_DELAY_BASE_MS, AUTH_FAILURE_DELAY_MAX_MS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';

const WINDOW_MS = 60_000;

/** An account's email as the limits key it: trimmed and lower-cased. */
export function accountKey(email: string): string {
  return email.trim().toLowerCase();
}

/** Which account a request is about, as accountKey gives it ('' when it names none). */
export type AccountOf = (request: FastifyRequest) => string;

/** The account a sign-in or sign-up body names by email; read before validation, so bounded first. */
export const accountOfBody: AccountOf = (request) => {
  const email = (request.body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' ? accountKey(email.slice(0, EMAIL_MAX_LENGTH + 64)) : '';
};

/** The signed-in user's account (a password change). */
export const accountOfUser: AccountOf = (request) => (request.user ? accountKey(request.user.email) : '');

/**
 * How long to hold the answer to the nth wrong password past an account's limit: doubling from
 * AUTH_FAILURE_DELAY_BASE_MS, never more than AUTH_FAILURE_DELAY_MAX_MS.
 */
export function failureDelayMs(pastLimit: number): number {
  if (pastLimit <= 0) return 0;
  return Math.min(AUTH_FAILURE_DELAY_MAX_MS, AUTH_FAILURE_DELAY_BASE_MS * 2 ** Math.min(pastLimit - 1, 30));
}

const tooManyAttempts = () =>
  new AppError(429, 'Too many attempts. Please wait a minute and try again.', ERROR_CODES.rateLimited);

/**
 * The limits of one app's sign-in style routes. Each counter is made once and shared by every route (each
 * createRateLimit has a store of its own): one address's attempts count together whatever the route, and a
 * wrong password counts against its account whether it was given to sign in or to change the password.
 */
export function signInLimits(app: FastifyInstance, config: Config) {
  // The account each request names, for the counters' keys (a key generator sees only the request).
  const accounts = new WeakMap<FastifyRequest, string>();
  const accountOf = (request: FastifyRequest) => accounts.get(request) ?? '';
  const perIp = app.createRateLimit({
    max: config.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `auth-ip:${request.ip}`,
  });
  const perIpAndAccount = app.createRateLimit({
    max: config.AUTH_RATE_LIMIT_PER_MINUTE,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `auth:${request.ip}:${accountOf(request)}`,
  });
  // A ceiling far above the limit, so the store's answer still tells how many failures were past it.
  const failuresPerAccount = app.createRateLimit({
    max: Number.MAX_SAFE_INTEGER,
    timeWindow: WINDOW_MS,
    keyGenerator: (request) => `auth-failures:${accountOf(request)}`,
  });

  return {
    /**
     * preValidation hook: every attempt counts, valid or not, before the body is validated (a request refused as
     * invalid still used up an attempt), per IP and, when the route names an account, per IP and account. These
     * depend only on where the request comes from. (@fastify/rate-limit runs only the first of several handlers
     * on a request, hence one hook running the checks.)
     */
    attempts(account?: AccountOf): preValidationAsyncHookHandler {
      const checks = account ? [perIp, perIpAndAccount] : [perIp];
      return async (request, reply) => {
        if (account) accounts.set(request, account(request));
        for (const check of checks) {
          const result = await check(request);
          if (!result.isAllowed && result.isExceeded) {
            void reply.header('Retry-After', String(result.ttlInSeconds));
            throw tooManyAttempts();
          }
        }
      };
    },

    /**
     * Records a wrong password for the account, from any address. Call it once the password has been checked and
     * found wrong, and for unknown emails too, so they behave as accounts do. Up to
     * AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE failures a minute it returns at once and the route answers as usual;
     * past that it holds the answer for a delay growing with the failures (bounded) and answers 429. A right
     * password never reaches it: a guesser from many addresses is slowed and refused on every wrong guess, and
     * the account holder still gets in.
     */
    async failed(request: FastifyRequest, reply: FastifyReply, account: AccountOf): Promise<void> {
      accounts.set(request, account(request));
      const result = await failuresPerAccount(request);
      if (result.isAllowed) return;
      const pastLimit = result.max - result.remaining - config.AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE;
      if (pastLimit <= 0) return;
      await sleep(failureDelayMs(pastLimit));
      void reply.header('Retry-After', String(result.ttlInSeconds));
      throw tooManyAttempts();
    },
  };
}
