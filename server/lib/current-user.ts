// Who sent a request: the user the auth plugin (plugins/auth.ts) resolved from its bearer token, for the routes
// and for lib/ (idempotency keys are per user) without either importing the plugin.
import type { FastifyRequest } from 'fastify';
import type { User } from '../../core/api/auth.ts';
import { unauthenticated } from '../errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    user: User | null;
    tokenHash: string | null;
  }
}

/** The signed-in user of a request that passed requireUser. */
export function currentUser(request: FastifyRequest): User {
  if (!request.user) throw unauthenticated();
  return request.user;
}
