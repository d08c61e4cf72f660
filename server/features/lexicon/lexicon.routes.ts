// /api/admin lexicon routes: import of a CSV, TSV or JSON file (or a JSON body) and the export (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importLexiconBodySchema, lexiconExportQuerySchema } from '../../../core/api/lexicon.ts';
import { importPairsQuerySchema, importReportSchema } from '../../../core/api/translation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { invalidImport, readUploadedFile, withImportUploads } from '../../lib/import-file.ts';
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
        schema: {
          querystring: importPairsQuerySchema,
          body: importLexiconBodySchema.nullish(),
          response: { 200: importReportSchema },
        },
      },
      async (request) => {
        const options = { importedBy: currentUser(request).id, review: request.query.review === 'true' };
        if (request.isMultipart())
          return importLexicon(
            lexicon,
            parseLexiconFile(await readUploadedFile(request, 'Choose a CSV, TSV or JSON file to import.')),
            options,
          );
        if (request.body == null) {
          throw invalidImport(
            'Send a CSV, TSV or JSON file in the form field "file", or JSON [{ "lopit", "english", "part_of_speech" }].',
          );
        }
        return importLexicon(lexicon, lexiconJsonCandidates(request.body), options);
      },
    );
  });

  app.get(
    '/export/lexicon',
    { schema: { querystring: lexiconExportQuerySchema } },
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
