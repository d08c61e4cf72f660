// Local control endpoint for `npm run admin` while the server holds the embedded database open.
// The secret lives in DATA_DIR/server.json (mode 0600): whoever can read it could open the database anyway.
import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { emailSchema } from '../../../core/api/auth.ts';
import { forbidden } from '../../errors.ts';
import { runAdminCommand } from '../auth/admin-commands.ts';

const commandSchema = z.object({
  command: z.enum(['grant', 'revoke', 'reset-password', 'list']),
  email: emailSchema.optional(),
});

export default function controlRoutes(instance: FastifyInstance, { secret }: { secret: string }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const expected = Buffer.from(secret);
  // The secret is checked before the body is read: without it, nothing of the request is looked at.
  const requireSecret = (request: FastifyRequest) => {
    const given = Buffer.from(String(request.headers['x-control-secret'] ?? ''));
    if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) throw forbidden();
    return Promise.resolve();
  };
  app.post(
    '/admin-command',
    { schema: { body: commandSchema }, onRequest: requireSecret },
    async (request) => ({
      output: await runAdminCommand(app.repositories.users, request.body.command, request.body.email),
    }),
  );
}
