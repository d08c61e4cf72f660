// /api/i18n: the interface's languages, their catalogues of approved messages (ETag; the app and its service
// worker revalidate them), a translator's preview of their language, and the community's translation of the
// interface: the messages of a language with their proposals (and what became of the viewer's own), proposing (placeholders and plurals checked against the English source) and reviewing,
// both replayable by the outbox (Idempotency-Key). /api/admin/i18n: adding a language, PO export and import
// (po-import.ts).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { catalogueSchema } from '../../../core/api/i18n.ts';
import {
  addLanguageSchema,
  importPoReportSchema,
  importPoSchema,
  PO_IMPORT_BODY_MAX_BYTES,
  languageParamsSchema,
  languageResponseSchema,
  previewCatalogueSchema,
  uiLanguagesSchema,
  uiMessagesSchema,
} from '../../../core/api/i18n.ts';
import { SOURCE_MESSAGES } from '../../../core/i18n/catalogue.ts';
import {
  compileChecked,
  placeholdersOf,
  PSEUDO_LOCALE,
  pseudoMessage,
  type CompiledMessage,
} from '../../../core/i18n/icu.ts';
import { SOURCE_LOCALE } from '../../../core/i18n/languages.ts';
import { writePo } from '../../../core/i18n/po.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';
import { emptyAnswer, jsonAnswer, textAnswer } from '../../lib/route-contract.ts';
import { currentUser } from '../../plugins/auth.ts';
import { etagMatches } from '../mt/mt.routes.ts';
import { addLanguage, languageOf, proposeMessage, reviewMessageProposal } from './i18n.service.ts';
import { planPoImport } from './po-import.ts';

/** The pseudo-language's catalogue is made once from the English source (it never changes while running). */
let pseudoCatalogue: Record<string, CompiledMessage> | null = null;
const pseudo = () =>
  (pseudoCatalogue ??= Object.fromEntries(
    SOURCE_MESSAGES.map(({ id, message }) => [id, pseudoMessage(message)]),
  ));

/** Translations by message id, compiled for the app's runtime (one that does not compile is left out). */
function compiledTexts(texts: ReadonlyMap<string, string>): Record<string, CompiledMessage> {
  const messages: Record<string, CompiledMessage> = {};
  for (const [id, text] of texts) {
    const compiled = compileChecked(text);
    if ('compiled' in compiled) messages[id] = compiled.compiled;
  }
  return messages;
}

const etagOf = (body: string) =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export default function i18nRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const repository = () => app.repositories.interfaceMessages;

  const languageOrThrow = (code: string) => languageOf(app.repositories, code);

  app.get(
    '/languages',
    { schema: { summary: "The interface's languages", response: { 200: uiLanguagesSchema } } },
    async () => ({ languages: await repository().languages() }),
  );

  app.get(
    '/catalogues/:code',
    // The body is catalogueSchema, sent as the text its ETag is computed from (a 304 when unchanged).
    {
      schema: { summary: "A language's catalogue of approved messages", params: languageParamsSchema },
      config: {
        answers: [
          jsonAnswer('The compiled approved messages (with an ETag).', catalogueSchema),
          emptyAnswer(304, 'The catalogue the client holds (If-None-Match) is current.'),
        ],
      },
    },
    async (request, reply) => {
      const { code } = request.params;
      let messages: Record<string, CompiledMessage>;
      if (code === SOURCE_LOCALE) messages = {};
      else if (code === PSEUDO_LOCALE) messages = pseudo();
      else {
        await languageOrThrow(code);
        messages = compiledTexts(await repository().approvedTexts(code));
      }
      const body = JSON.stringify({ language: code, messages } satisfies z.infer<typeof catalogueSchema>);
      const etag = etagOf(body);
      void reply.header('ETag', etag).header('Cache-Control', 'no-cache').type('application/json');
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      return reply.send(body);
    },
  );

  app.get(
    '/languages/:code/messages',
    {
      onRequest: app.requireUser,
      schema: {
        summary: 'The messages of a language, with their approved text and open proposals',
        params: languageParamsSchema,
        response: { 200: uiMessagesSchema },
      },
    },
    async (request) => {
      const language = await languageOrThrow(request.params.code);
      const viewer = currentUser(request).id;
      const approved = await repository().approvedTexts(language.code);
      const proposals = await repository().openProposals(language.code, viewer);
      const outcomes = await repository().outcomes(language.code, viewer);
      return {
        language,
        messages: SOURCE_MESSAGES.map(({ id, screen, message, note }) => ({
          id,
          screen,
          source: message,
          note,
          placeholders: placeholdersOf(message),
          approved: approved.get(id) ?? null,
          proposals: proposals.get(id) ?? [],
          outcomes: outcomes.get(id) ?? [],
        })),
      };
    },
  );

  app.get(
    '/languages/:code/preview',
    {
      onRequest: app.requireUser,
      schema: {
        summary:
          "A translator's preview: the approved messages with the viewer's own proposals in their place",
        params: languageParamsSchema,
        response: { 200: previewCatalogueSchema },
      },
    },
    async (request) => {
      const language = await languageOrThrow(request.params.code);
      const texts = await repository().approvedTexts(language.code);
      const own = await repository().ownOpenTexts(language.code, currentUser(request).id);
      for (const [id, text] of own) texts.set(id, text);
      return { language: language.code, messages: compiledTexts(texts), proposed: [...own.keys()] };
    },
  );

  app.post(
    '/proposals',
    {
      onRequest: app.requireUser,
      ...mutationRoute('ui.propose'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        proposeMessage(repositories, currentUser(request), request.body),
      ),
  );

  app.post(
    '/proposals/:id/review',
    {
      onRequest: app.requireUser,
      ...mutationRoute('ui.review'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reviewMessageProposal(repositories, request.params.id, currentUser(request), request.body),
      ),
  );
}

export function adminI18nRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');
  const repository = () => app.repositories.interfaceMessages;

  app.post(
    '/languages',
    {
      schema: {
        summary: 'Add an interface language',
        body: addLanguageSchema,
        response: { 201: languageResponseSchema },
      },
      config: { errors: [{ status: 409, code: ERROR_CODES.conflict }] },
    },
    async (request, reply) => {
      const { code, name } = request.body;
      return reply.status(201).send(await addLanguage(app.repositories, code, name, currentUser(request).id));
    },
  );

  app.get(
    '/languages/:code/export.po',
    {
      schema: { summary: "Export a language's messages as a gettext PO file", params: languageParamsSchema },
      config: {
        answers: [textAnswer('The PO file (an attachment).', ['text/x-gettext-translation'])],
      },
    },
    async (request, reply) => {
      const language = await languageOf(app.repositories, request.params.code);
      const approved = await repository().approvedTexts(language.code);
      const po = writePo(
        language,
        SOURCE_MESSAGES.map(({ id, screen, message, note }) => ({
          id,
          screen,
          note,
          source: message,
          translation: approved.get(id) ?? '',
        })),
      );
      return reply
        .type('text/x-gettext-translation; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="lopit-interface-${language.code}.po"`)
        .send(po);
    },
  );

  app.post(
    '/languages/:code/import',
    {
      schema: {
        summary: 'Import translations of a language from a PO file',
        params: languageParamsSchema,
        body: importPoSchema,
        response: { 200: importPoReportSchema },
      },
      config: { errors: [{ status: 400, code: ERROR_CODES.invalidImport }] },
      // Above the app's 1 MiB default: a whole PO file may be as long as importPoSchema allows.
      bodyLimit: PO_IMPORT_BODY_MAX_BYTES,
    },
    async (request) => {
      const language = await languageOf(app.repositories, request.params.code);
      const { approve, propose, skipped } = await planPoImport(request.body.po);
      const result = await repository().importEntries(
        language.code,
        { approve, propose },
        currentUser(request).id,
      );
      return { ...result, skipped };
    },
  );
}
