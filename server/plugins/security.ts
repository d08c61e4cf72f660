// Security headers (helmet with a strict Content-Security-Policy) and rate limiting.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { EMAIL_MAX_LENGTH } from '../../core/api/auth.ts';
import { ERROR_CODES } from '../../core/api/errors.ts';
import type { Config } from '../config.ts';
import { AppError } from '../errors.ts';

export default fp<{ config: Config }>(
  async function securityPlugin(app: FastifyInstance, { config }) {
    await app.register(helmet, {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          // React style props are set through the CSSOM, which style-src does not restrict.
          styleSrc: ["'self'"],
          imgSrc: ["'self'", 'data:', 'blob:'],
          mediaSrc: ["'self'", 'blob:'],
          fontSrc: ["'self'"],
          connectSrc: ["'self'"],
          workerSrc: ["'self'"],
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
        },
      },
      // The app is often served over plain HTTP on a village network: do not force HTTPS upgrades.
      strictTransportSecurity: config.PUBLIC_APP_URL?.startsWith('https:') ? undefined : false,
    });
    // Routes opt in with `config: { rateLimit: ... }`; see rateLimits below.
    await app.register(rateLimit, { global: false });

    app.addHook('onSend', (request, reply, payload, done) => {
      // The microphone is the only powerful feature the app uses, and only on its own pages.
      void reply.header('Permissions-Policy', PERMISSIONS_POLICY);
      // API answers that carry an account's data (any request with a token, and the auth routes that hand
      // tokens out) are never kept by browsers or proxies; public answers are revalidated each time. A route
      // that says otherwise keeps its own (recordings' audio, the translation model, speech). Public answers are
      // not no-store: Chromium holds a second identical request up to 20 s behind a no-store one in flight.
      if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control')) {
        const personal = request.headers.authorization !== undefined || request.url.startsWith('/api/auth/');
        void reply.header('Cache-Control', personal ? 'no-store' : 'no-cache');
      }
      done(null, payload);
    });
  },
  { name: 'security' },
);

export const PERMISSIONS_POLICY = [
  'microphone=(self)',
  'camera=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'bluetooth=()',
  'midi=()',
  'display-capture=()',
].join(', ');

/** The email a sign-in style request names, as the limits key it: trimmed, lower-cased and bounded. */
function emailKey(body: unknown): string {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string'
    ? email
        .slice(0, EMAIL_MAX_LENGTH + 64)
        .trim()
        .toLowerCase()
    : '';
}

/** Per-route rate-limit settings, built from configuration. */
export function rateLimits(config: Config) {
  return {
    /** Sign-in style endpoints: per IP and email. */
    authPerEmail: {
      max: config.AUTH_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string; body?: unknown }) =>
        `auth:${request.ip}:${emailKey(request.body)}`,
    },
    /** Per account, from any address: one account cannot be guessed from many addresses. */
    authPerAccount: {
      max: config.AUTH_RATE_LIMIT_PER_ACCOUNT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { body?: unknown; user?: { id: string } | null }) =>
        `auth-account:${request.user?.id ?? emailKey(request.body)}`,
    },
    /** Any auth endpoint, per IP, so one client cannot try many emails. */
    authPerIp: {
      max: config.AUTH_RATE_LIMIT_PER_IP_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string }) => `auth-ip:${request.ip}`,
    },
    /** Public read endpoints (translate, speech, lexicon, health). */
    public: {
      max: config.PUBLIC_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string }) => `public:${request.ip}`,
    },
  };
}

/** Bodies of sign-in style requests are small: anything larger is refused (413) before it is parsed. */
export const AUTH_BODY_LIMIT_BYTES = 16 * 1024;

/**
 * preValidation hook for sign-in style routes: every attempt counts, valid or not, before the body is
 * validated (a request refused as invalid still used up an attempt). The limits: per IP; per IP and email; per
 * account (the email, or the signed-in user) from any address. `withAccount: false` for routes that name no
 * account (reset links). (@fastify/rate-limit runs only the first of several handlers on a request, hence one
 * hook running the checks.)
 */
export function authRateLimit(
  app: FastifyInstance,
  config: Config,
  withAccount = true,
): preValidationAsyncHookHandler {
  const limits = rateLimits(config);
  const checks = [
    app.createRateLimit(limits.authPerIp),
    ...(withAccount
      ? [app.createRateLimit(limits.authPerEmail), app.createRateLimit(limits.authPerAccount)]
      : []),
  ];
  return async (request, reply) => {
    for (const check of checks) {
      const result = await check(request);
      if (!result.isAllowed && result.isExceeded) {
        void reply.header('Retry-After', String(result.ttlInSeconds));
        throw new AppError(
          429,
          'Too many attempts. Please wait a minute and try again.',
          ERROR_CODES.rateLimited,
        );
      }
    }
  };
}
