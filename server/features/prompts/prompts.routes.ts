// /api/audio/prompts/:id/report (every signed-in contributor, Idempotency-Key for the outbox) and
// /api/admin/prompts (admins: the sentences with their counts and reports, retire and restore).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPromptResponseSchema,
  adminPromptsQuerySchema,
  adminPromptsSchema,
  promptIdParamsSchema,
  promptReportResponseSchema,
  promptReportSchema,
  retirePromptSchema,
  type AdminPrompt,
} from '../../../core/api/prompts.ts';
import { notFound } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';

export const PROMPT_NOT_FOUND = 'This sentence does not exist.';

function found(prompt: AdminPrompt | null) {
  if (!prompt) throw notFound(PROMPT_NOT_FOUND);
  return { prompt };
}

export function promptReportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  app.post(
    '/:id/report',
    {
      schema: {
        params: promptIdParamsSchema,
        body: promptReportSchema,
        response: { 200: promptReportResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async ({ prompts }) => {
        const answer = await prompts.report(request.params.id, currentUser(request).id, request.body);
        if (!answer) throw notFound(PROMPT_NOT_FOUND);
        return answer;
      }),
  );
}

export function adminPromptsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    { schema: { querystring: adminPromptsQuerySchema, response: { 200: adminPromptsSchema } } },
    async (request) => {
      const { reported, page, limit } = request.query;
      const { prompts, total } = await app.repositories.prompts.adminList(
        { reported: reported === 'true' },
        page,
        limit,
      );
      return { prompts, total, page };
    },
  );

  app.post(
    '/:id/retire',
    {
      schema: {
        params: promptIdParamsSchema,
        body: retirePromptSchema,
        response: { 200: adminPromptResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async ({ prompts }) =>
        found(await prompts.retire(request.params.id, currentUser(request).id, request.body.reason)),
      ),
  );

  app.post(
    '/:id/restore',
    { schema: { params: promptIdParamsSchema, response: { 200: adminPromptResponseSchema } } },
    (request, reply) =>
      idempotent(request, reply, async ({ prompts }) => found(await prompts.restore(request.params.id))),
  );
}
