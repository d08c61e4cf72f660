// Resolves the bearer token of each request to its user, and offers the guards routes use.
import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { forbidden, unauthenticated } from '../errors.ts';
import { currentUser } from '../lib/current-user.ts';
import { needsDatabase } from './admission.ts';

export { currentUser };

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler: the request must carry a valid token. */
    requireUser: preHandlerAsyncHookHandler;
    /** preHandler: the request must carry a valid token of an admin. */
    requireAdmin: preHandlerAsyncHookHandler;
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
    app.decorate('requireUser', requireUser);
    app.decorate('requireAdmin', async function requireAdmin(this: FastifyInstance, request, reply) {
      await requireUser.call(this, request, reply);
      if (request.user?.role !== 'admin') throw forbidden('Only community admins can do this.');
    } satisfies preHandlerAsyncHookHandler);
  },
  { name: 'auth', dependencies: ['repositories', 'admission'] },
);
