// /api/admin/users: the accounts, their roles and one-time password-reset links (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  resetLinkResponseSchema,
  setRoleRequestSchema,
  userResponseSchema,
  usersResponseSchema,
} from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { AccountsService } from './accounts.service.ts';

const idParams = z.object({ id: z.uuid('Unknown user') });

export default function accountsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const accounts = new AccountsService(app.repositories.users);
  app.guardRoutes('admin');

  app.get(
    '/users',
    { schema: { summary: 'List the accounts', response: { 200: usersResponseSchema } } },
    async () => ({ users: await accounts.listUsers() }),
  );

  app.patch(
    '/users/:id/role',
    {
      schema: {
        summary: "Change an account's role",
        params: idParams,
        body: setRoleRequestSchema,
        response: { 200: userResponseSchema },
      },
      config: { errors: [{ status: 409, code: ERROR_CODES.lastAdmin }] },
    },
    async (request) => ({ user: await accounts.setRole(request.params.id, request.body.role) }),
  );

  app.post(
    '/users/:id/reset-link',
    {
      schema: {
        summary: 'Make a password reset link for an account',
        params: idParams,
        response: { 201: resetLinkResponseSchema },
      },
    },
    async (request, reply) => {
      const link = await accounts.createResetLink(request.params.id, currentUser(request).id);
      return reply.status(201).send(link);
    },
  );
}
