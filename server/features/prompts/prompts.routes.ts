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
} from '../../../core/api/prompts.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { importContract, importedRows, withImportUploads } from '../../lib/import-file.ts';
import { jsonCandidates, parseDelimited } from '../translation/pairs-import.ts';
import { importPrompts } from './prompts-import.ts';
import { idempotent, IDEMPOTENT_CONTRACT } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { reportPrompt, restorePrompt, retirePrompt } from './prompts.service.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';

export function promptReportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('user');

  app.post(
    '/:id/report',
    {
      ...mutationRoute('prompt.report'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reportPrompt(repositories, request.params.id, currentUser(request).id, request.body),
      ),
  );
}

export async function adminPromptsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');

  app.get(
    '/',
    {
      schema: {
        summary: 'The sentences to read, with their counts and reports',
        querystring: adminPromptsQuerySchema,
        response: { 200: adminPromptsSchema },
      },
    },
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
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Retire a sentence',
        params: promptIdParamsSchema,
        body: retirePromptSchema,
        response: { 200: adminPromptResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        retirePrompt(repositories, request.params.id, currentUser(request).id, request.body.reason),
      ),
  );

  app.post(
    '/:id/restore',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Restore a retired sentence',
        params: promptIdParamsSchema,
        response: { 200: adminPromptResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) => restorePrompt(repositories, request.params.id)),
  );

  await withImportUploads(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        config: importContract('A CSV or TSV file of sentences in the field "file", or { prompts } as JSON.'),
        schema: {
          summary: 'Import sentences to read from a file or JSON',
          querystring: promptImportQuerySchema,
          body: promptImportBodySchema.nullish(),
          response: { 200: promptImportReportSchema },
        },
      },
      async (request) => {
        const { readLimits } = request.query;
        const pairs = app.repositories.translation;
        const candidates = await importedRows(request, request.body, {
          fromFile: parseDelimited,
          fromJson: jsonCandidates,
          neither: 'Send a CSV or TSV file in the form field "file", or JSON { "prompts": [...] }.',
        });
        return importPrompts(pairs, candidates, readLimits);
      },
    );
  });
}
