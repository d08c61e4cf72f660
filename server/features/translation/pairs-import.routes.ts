// /api/admin/import/pairs: translation pairs from a CSV or TSV file, or a JSON body (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  importPairsBodySchema,
  importPairsQuerySchema,
  importReportSchema,
} from '../../../core/api/translation.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { importContract, importedRows, withImportUploads } from '../../lib/import-file.ts';
import { importPairs, jsonCandidates, parseDelimited } from './pairs-import.ts';
import { currentUser } from '../../plugins/auth.ts';

export default async function pairsImportRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');
  const pairs = app.repositories.translation;

  await withImportUploads(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import/pairs',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        config: importContract(
          'A CSV or TSV file of pairs (english, lopit, ...) in the field "file", or { pairs } as JSON.',
        ),
        schema: {
          summary: 'Import translation pairs from a file or JSON',
          querystring: importPairsQuerySchema,
          body: importPairsBodySchema.nullish(),
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const options = { importedBy: currentUser(request).id, review: request.query.review === 'true' };
        const candidates = await importedRows(request, request.body, {
          fromFile: parseDelimited,
          fromJson: jsonCandidates,
          neither: 'Send a CSV or TSV file in the form field "file", or JSON { "pairs": [...] }.',
        });
        return importPairs(pairs, candidates, options);
      },
    );
  });
}
