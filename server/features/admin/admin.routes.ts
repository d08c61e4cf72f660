// /api/admin: users and roles, one-time password-reset links, imports, the lexicon export (admins only).
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  resetLinkResponseSchema,
  setRoleRequestSchema,
  userResponseSchema,
  usersResponseSchema,
} from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { findInputProblem } from '../../../core/api/input.ts';
import { importPairsBodySchema, importReportSchema } from '../../../core/api/translation.ts';
import { importLexiconBodySchema, lexiconExportQuerySchema } from '../../../core/api/lexicon.ts';
import { IMPORT_MAX_BYTES } from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import { currentUser } from '../../plugins/auth.ts';
import { LexiconRepository } from '../lexicon/lexicon-repository.ts';
import { TranslationRepository } from '../translation/translation-repository.ts';
import { AccountsService } from './accounts.service.ts';
import { decodeUtf8, importPairs, invalidImport, jsonCandidates, parseDelimited } from './pairs-import.ts';
import { importLexicon, lexiconExport, lexiconJsonCandidates, parseLexiconFile } from './lexicon-import.ts';

const idParams = z.object({ id: z.uuid('Unknown user') });

export default async function adminRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const accounts = new AccountsService(app.users);
  app.addHook('onRequest', app.requireAdmin);

  app.get('/users', { schema: { response: { 200: usersResponseSchema } } }, async () => ({
    users: await accounts.listUsers(),
  }));

  app.patch(
    '/users/:id/role',
    {
      schema: {
        params: idParams,
        body: setRoleRequestSchema,
        response: { 200: userResponseSchema },
      },
    },
    async (request) => ({ user: await accounts.setRole(request.params.id, request.body.role) }),
  );

  app.post(
    '/users/:id/reset-link',
    { schema: { params: idParams, response: { 201: resetLinkResponseSchema } } },
    async (request, reply) => {
      const link = await accounts.createResetLink(request.params.id, currentUser(request).id);
      return reply.status(201).send(link);
    },
  );

  // Multipart parsing only for the import route; everywhere else multipart stays an unsupported media type.
  // Fastify validates a multipart body (parsed later, as a stream) as null.
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    });
    const pairs = new TranslationRepository(scope.database.db);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import/pairs',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { body: importPairsBodySchema.nullish(), response: { 200: importReportSchema } },
      },
      async (request) => {
        if (request.isMultipart()) return importPairs(pairs, parseDelimited(await readUploadedFile(request)));
        if (request.body == null) {
          throw invalidImport('Send a CSV or TSV file in the form field "file", or JSON { "pairs": [...] }.');
        }
        return importPairs(pairs, jsonCandidates(request.body));
      },
    );

    // Lexicon: a CSV, TSV or JSON file in the field "file", or a JSON body (a list or { entries }).
    const lexicon = new LexiconRepository(scope.database.db);
    scope.withTypeProvider<ZodTypeProvider>().post(
      '/import/lexicon',
      {
        bodyLimit: IMPORT_MAX_BYTES,
        schema: { body: importLexiconBodySchema.nullish(), response: { 200: importReportSchema } },
      },
      async (request) => {
        if (request.isMultipart())
          return importLexicon(
            lexicon,
            parseLexiconFile(await readUploadedFile(request, 'Choose a CSV, TSV or JSON file to import.')),
          );
        if (request.body == null) {
          throw invalidImport(
            'Send a CSV, TSV or JSON file in the form field "file", or JSON [{ "lopit", "english", "part_of_speech" }].',
          );
        }
        return importLexicon(lexicon, lexiconJsonCandidates(request.body));
      },
    );
  });

  app.get(
    '/export/lexicon',
    { schema: { querystring: lexiconExportQuerySchema } },
    async (request, reply) => {
      const file = lexiconExport(
        await new LexiconRepository(app.database.db).listAll(),
        request.query.format,
      );
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename="${file.fileName}"`)
        .header('Cache-Control', 'no-store')
        .send(file.body);
    },
  );
}

/** The text of the multipart field `file` (UTF-8, at most 5 MB). */
async function readUploadedFile(
  request: FastifyRequest,
  missing = 'Choose a CSV or TSV file to import.',
): Promise<string> {
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file) throw invalidImport(missing);
    bytes = await file.toBuffer();
    if (file.fieldname !== 'file') throw invalidImport('Send the file in the form field named "file".');
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
        ERROR_CODES.importTooLarge,
      );
    }
    request.log.info({ err: error }, 'unreadable import upload');
    throw invalidImport('The upload could not be read. Choose a CSV or TSV file and try again.');
  }
  const text = decodeUtf8(bytes);
  const problem = findInputProblem(text);
  if (problem)
    throw invalidImport(
      `The file cannot be imported: ${problem.message} Save it as UTF-8 text (CSV or TSV).`,
    );
  return text;
}
