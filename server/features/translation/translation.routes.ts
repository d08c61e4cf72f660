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
} from '../../../core/api/translation.ts';
import { toCsv } from '../../../core/csv.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { emptyAnswer, textAnswer } from '../../lib/route-contract.ts';
import { currentUser } from '../../plugins/auth.ts';
import { revisionsFor, saveTranslation } from './translation.service.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';
import { sendPage } from '../../lib/precompressed.ts';
import { ReadyPages } from './ready-pages.ts';

export default function translationRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const readyPages = new ReadyPages(app.database.db, app.repositories);

  app.get(
    '/pairs',
    {
      onRequest: app.requireUser,
      config: { answers: [emptyAnswer(304, 'The page the phone holds (If-None-Match) is still current.')] },
      schema: {
        summary: 'Sentence pairs with their open proposals',
        querystring: pairsQuerySchema,
        response: { 200: pairsResponseSchema },
      },
    },
    // Made once per change and kept as bytes (ready-pages.ts): a village of phones getting ready costs little.
    async (request, reply) =>
      sendPage(request, reply, await readyPages.pairs(request.query, currentUser(request).id)),
  );

  app.get(
    '/pairs/:id/revisions',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The revision history of a pair',
        params: pairIdParamsSchema,
        response: { 200: revisionsResponseSchema },
      },
    },
    async (request) => revisionsFor(app.repositories, request.params.id, currentUser(request)),
  );

  app.post(
    '/save',
    {
      onRequest: app.requireUser,
      ...mutationRoute('translation.save'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        saveTranslation(repositories, currentUser(request), request.body),
      ),
  );

  app.get(
    '/export',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'Export the approved translations (CSV, or JSON with format=json)',
        querystring: exportQuerySchema,
      },
      config: {
        answers: [
          textAnswer('The shareable pairs: a CSV file (an attachment), or { pairs } with format=json.', [
            'text/csv',
          ]),
          {
            status: 200,
            description: 'The shareable pairs as JSON (format=json).',
            types: ['application/json'],
            schema: { type: 'object', properties: { pairs: { type: 'array' } }, required: ['pairs'] },
          },
        ],
      },
    },
    async (request, reply) => {
      // Only what contributors consented to share (see listForExport).
      const list = await app.repositories.translation.listForExport();
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
