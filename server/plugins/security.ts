// Security headers (helmet with a strict Content-Security-Policy) and rate limiting.
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { postgresRateLimitStore } from '../lib/rate-limit-store.ts';

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
    // Routes opt in with `config: { rateLimit: ... }` (rateLimits below); sign-in style routes use
    // features/auth/sign-in-limits.ts.
    // With PostgreSQL (DATABASE_URL) the counters are the database's, shared by every server process; the
    // embedded database has one process, which counts in memory.
    const shared = config.DATABASE_URL ? postgresRateLimitStore(config.DATABASE_URL) : null;
    if (shared) app.addHook('onClose', () => shared.close());
    await app.register(rateLimit, { global: false, ...(shared ? { store: shared.Store } : {}) });

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

/** Per-route rate-limit settings, built from configuration. */
export function rateLimits(config: Config) {
  return {
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
