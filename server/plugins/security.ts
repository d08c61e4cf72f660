// Security headers (helmet with a strict Content-Security-Policy) and rate limiting.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
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
  },
  { name: 'security' },
);

/** Per-route rate-limit settings, built from configuration. */
export function rateLimits(config: Config) {
  return {
    /** Sign-in style endpoints: per IP and email. */
    authPerEmail: {
      max: config.AUTH_RATE_LIMIT_PER_MINUTE,
      timeWindow: 60_000,
      keyGenerator: (request: { ip: string; body?: unknown }) => {
        const email = (request.body as { email?: unknown } | undefined)?.email;
        return `auth:${request.ip}:${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
      },
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

/**
 * preHandler for sign-in style routes: both limits apply (per IP and email, and per IP), counted after the body
 * is parsed so the email is known. (@fastify/rate-limit runs only the first of several handlers on a request.)
 */
export function authRateLimit(
  app: FastifyInstance,
  config: Config,
  withEmail = true,
): preHandlerAsyncHookHandler {
  const limits = rateLimits(config);
  const checks = [
    app.createRateLimit(limits.authPerIp),
    ...(withEmail ? [app.createRateLimit(limits.authPerEmail)] : []),
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
