// /api/translation: prompt pairs with their open proposals, saving a translation (a proposal, or approved
// when an admin saves it; Idempotency-Key), revision history, export.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  exportQuerySchema,
  pairIdParamsSchema,
  pairsQuerySchema,
  pairsResponseSchema,
  revisionsResponseSchema,
  type EditConflictDetails,
} from '../../../core/api/translation.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { toCsv } from '../../../core/csv.ts';
import { AppError, conflict, notFound } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { mutationSchema } from '../../../core/api/mutations.ts';

export const TRANSLATION_CONSENT_REQUIRED =
  'Translation consent is needed before your translations can be saved. Give it on the consent page.';

export default function translationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const pairs = app.repositories.translation;

  app.get(
    '/pairs',
    {
      onRequest: app.requireUser,
      schema: {
        querystring: pairsQuerySchema,
        response: { 200: pairsResponseSchema },
      },
    },
    async (request) => {
      const page = await pairs.page(request.query);
      return {
        ...page,
        pairs: await app.repositories.proposals.withProposals(page.pairs, currentUser(request).id),
      };
    },
  );

  app.get(
    '/pairs/:id/revisions',
    {
      onRequest: app.requireUser,
      schema: { params: pairIdParamsSchema, response: { 200: revisionsResponseSchema } },
    },
    async (request) => {
      if (!(await pairs.exists(request.params.id))) throw notFound('This translation pair does not exist.');
      const viewer = currentUser(request);
      // Names are shown to every contributor; account ids only to admins and to the editor themselves.
      const revisions = (await pairs.revisions(request.params.id)).map((revision) => ({
        ...revision,
        userId: viewer.role === 'admin' || revision.userId === viewer.id ? revision.userId : null,
      }));
      return { revisions };
    },
  );

  app.post(
    '/save',
    {
      onRequest: app.requireUser,
      schema: mutationSchema('translation.save'),
    },
    (request, reply) =>
      idempotent(request, reply, async (repositories) => {
        const { id, translation, baseVersion } = request.body;
        // A translation counts only with translation consent: without it, it is refused, never kept unused.
        if (!(await repositories.consent.status(currentUser(request).id)).translation) {
          throw new AppError(403, TRANSLATION_CONSENT_REQUIRED, ERROR_CODES.consentRequired);
        }
        // A contributor's text is a proposal until the community approves it; an admin's is approved at once.
        const result = await repositories.proposals.save(id, translation, currentUser(request), baseVersion);
        if (result.kind === 'missing') throw notFound('This translation pair no longer exists.');
        if (result.kind === 'conflict') {
          const details: EditConflictDetails = { current: result.current };
          throw conflict(
            'You changed this translation on another device while this edit was waiting. Choose which text to keep.',
            ERROR_CODES.editConflict,
            details,
          );
        }
        return { pair: result.pair };
      }),
  );

  app.get(
    '/export',
    { onRequest: app.requireUser, schema: { querystring: exportQuerySchema } },
    async (request, reply) => {
      // Only what contributors consented to share (see listForExport).
      const list = await pairs.listForExport();
      if (request.query.format === 'json') return { pairs: list };
      // A file for spreadsheets: formula-like cells guarded (toCsv); the pairs importer takes the guard off again.
      const csv = toCsv(
        ['id', 'category', 'english', 'lopit', 'status'],
        list.map((pair) => [pair.id, pair.category, pair.english, pair.lopit, pair.status]),
      );
      return reply
        .header('Content-Type', 'text/csv; charset=utf-8')
        .header('Content-Disposition', 'attachment; filename="translations.csv"')
        .send(csv);
    },
  );
}
