// Resolves the bearer token of each request to its user, and offers the guards routes use. Every guard also
// marks the routes it protects (`config.access`), which the published contract's `security` is derived from.
import type {
  FastifyInstance,
  FastifyRequest,
  onRequestAsyncHookHandler,
  preHandlerAsyncHookHandler,
  RouteOptions,
} from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../errors.ts';
import { currentUser } from '../lib/current-user.ts';
import type { RouteAccess } from '../lib/route-contract.ts';
import { needsDatabase } from './admission.ts';

export { currentUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the request must carry a valid token. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: the request must carry a valid token of an admin. */
    requireAdmin: preHandlerAsyncHookHandler;
    /** Every route this plugin registers from here on needs a session (`user`) or an admin's session. */
    guardRoutes(access: 'user' | 'admin'): void;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9_-]{20,200})$/;

export default fp(
  function authPlugin(app: FastifyInstance) {
    const repository = app.repositories.users;
    app.decorateRequest('user', null);
    app.decorateRequest('tokenHash', null);

    app.addHook('onRequest', async (request: FastifyRequest) => {
      // Requests that need no database need no user either: no session lookup to wait for in a busy queue.
      if (!needsDatabase(request)) return;
      const match = BEARER.exec(request.headers.authorization ?? '');
      if (!match?.[1]) return;
      const session = await repository.sessionOf(match[1]);
      if (session) {
        request.user = session.user;
        request.tokenHash = session.tokenHash;
      }
    });

    const requireUser: preHandlerAsyncHookHandler = (request) => {
      if (request.user) return Promise.resolve();
      return Promise.reject(
        unauthenticated(
          request.headers.authorization
            ? 'Your session has ended. Please sign in again.'
            : 'Please sign in to continue.',
        ),
      );
    };
    const requireAdmin: preHandlerAsyncHookHandler = async function requireAdmin(request, reply) {
      await requireUser.call(this, request, reply);
      if (request.user?.role !== 'admin') throw forbidden('Only community admins can do this.');
    };
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', requireAdmin);
    app.decorate('guardRoutes', function guardRoutes(this: FastifyInstance, access: 'user' | 'admin') {
      this.addHook('onRequest', access === 'admin' ? requireAdmin : requireUser);
      markAccess(this, access);
    });
    // A route given a guard as its own hook (`onRequest: app.requireUser`) is marked the same way.
    app.addHook('onRoute', (route) => {
      const hooks = [route.onRequest, route.preValidation, route.preHandler].flat();
      if (hooks.includes(requireAdmin)) setAccess(route, 'admin');
      else if (hooks.includes(requireUser)) setAccess(route, 'user');
    });
  },
  { name: 'auth', dependencies: ['repositories', 'admission'] },
);

/** How much a route asks of its caller: an admin's session includes a session. */
const ACCESS_RANK: Record<RouteAccess, number> = { user: 1, admin: 2, worker: 1 };

function setAccess(route: RouteOptions, access: RouteAccess): void {
  const current = route.config?.access;
  if (current && ACCESS_RANK[current] >= ACCESS_RANK[access]) return;
  route.config = { ...route.config, access };
}

/**
 * Marks every route this plugin registers from here on as needing `access`: for a scope whose own onRequest
 * hook checks the credential (the training workers' tokens).
 */
export function markAccess(app: FastifyInstance, access: RouteAccess): void {
  app.addHook('onRoute', (route) => setAccess(route, access));
}

/** The worker-token guard of a scope, marked for the contract like the session guards. */
export function guardWorkerRoutes(app: FastifyInstance, guard: onRequestAsyncHookHandler): void {
  app.addHook('onRequest', guard);
  markAccess(app, 'worker');
}
