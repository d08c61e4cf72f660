// /api/audio/prompts/:id/report (every signed-in contributor, Idempotency-Key for the outbox) and
// /api/admin/prompts (admins: the sentences with their counts and reports, retire and restore, import).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminPromptResponseSchema,
  adminPromptsQuerySchema,
  adminPromptsSchema,
  promptIdParamsSchema,
  promptImportBodySchema,
  promptImportQuerySchema,
  promptImportReportSchema,
  retirePromptSchema,
  type AdminPrompt,
} from '../../../core/api/prompts.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { notFound } from '../../errors.ts';
import { invalidImport, readUploadedFile, withImportUploads } from '../../lib/import-file.ts';
import { jsonCandidates, parseDelimited } from '../translation/pairs-import.ts';
import { importPrompts } from './prompts-import.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { mutationSchema } from '../../../core/api/mutations.ts';

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
      schema: mutationSchema('prompt.report'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ prompts }) => {
        const answer = await prompts.report(request.params.id, currentUser(request).id, request.body);
        if (!answer) throw notFound(PROMPT_NOT_FOUND);
        return answer;
      }),
  );
}

export async function adminPromptsRoutes(instance: FastifyInstance) {
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

  await withImportUploads(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: {
          querystring: promptImportQuerySchema,
          body: promptImportBodySchema.nullish(),
          response: { 200: promptImportReportSchema },
        },
      },
      async (request) => {
        const { readLimits } = request.query;
        const pairs = app.repositories.translation;
        if (request.isMultipart()) {
          return importPrompts(pairs, parseDelimited(await readUploadedFile(request)), readLimits);
        }
        if (request.body == null) {
          throw invalidImport(
            'Send a CSV or TSV file in the form field "file", or JSON { "prompts": [...] }.',
          );
        }
        return importPrompts(pairs, jsonCandidates(request.body), readLimits);
      },
    );
  });
}
