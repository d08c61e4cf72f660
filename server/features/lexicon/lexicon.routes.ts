// /api/admin lexicon routes: import of a CSV, TSV or JSON file (or a JSON body) and the export (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importLexiconBodySchema, lexiconExportQuerySchema } from '../../../core/api/lexicon.ts';
import { importPairsQuerySchema, importReportSchema } from '../../../core/api/translation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { textAnswer } from '../../lib/route-contract.ts';
import { importContract, importedRows, withImportUploads } from '../../lib/import-file.ts';
import { importLexicon, lexiconExport, lexiconJsonCandidates, parseLexiconFile } from './lexicon-import.ts';

export default async function lexiconRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');
  const { lexicon } = app.repositories;

  // A CSV, TSV or JSON file in the field "file", or a JSON body (a list or { entries }).
  await withImportUploads(app, (scope) => {
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import/lexicon',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        config: importContract(
          'A CSV, TSV or JSON file of entries (lopit, english, part_of_speech) in the field "file", or the entries as JSON.',
        ),
        schema: {
          summary: 'Import lexicon entries from a file or JSON',
          querystring: importPairsQuerySchema,
          body: importLexiconBodySchema.nullish(),
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const options = { importedBy: currentUser(request).id, review: request.query.review === 'true' };
        const candidates = await importedRows(request, request.body, {
          fromFile: parseLexiconFile,
          fromJson: lexiconJsonCandidates,
          neither:
            'Send a CSV, TSV or JSON file in the form field "file", or JSON [{ "lopit", "english", "part_of_speech" }].',
          noFile: 'Choose a CSV, TSV or JSON file to import.',
        });
        return importLexicon(lexicon, candidates, options);
      },
    );
  });

  app.get(
    '/export/lexicon',
    {
      schema: { summary: 'Export the lexicon (CSV, TSV or JSON)', querystring: lexiconExportQuerySchema },
      config: {
        answers: [
          textAnswer('The lexicon as a CSV or TSV file (an attachment).', [
            'text/csv',
            'text/tab-separated-values',
          ]),
          {
            status: 200,
            description: 'The lexicon as JSON (format=json): its entries.',
            types: ['application/json'],
            schema: { type: 'array', items: { type: 'object' } },
          },
        ],
      },
    },
    async (request, reply) => {
      const file = lexiconExport(await lexicon.listAll(), request.query.format);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}
