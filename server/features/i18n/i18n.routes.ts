// /api/i18n: the interface's languages, their catalogues of approved messages (ETag; the app and its service
// worker revalidate them), and the community's translation of the interface: the messages of a language with
// their proposals, proposing (placeholders and plurals checked against the English source) and reviewing,
// both replayable by the outbox (Idempotency-Key). /api/admin/i18n: adding a language, PO export and import
// (po-import.ts).
import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { catalogueSchema } from '../../../core/api/i18n.ts';
import {
  addLanguageSchema,
  importPoReportSchema,
  importPoSchema,
  PO_IMPORT_BODY_MAX_BYTES,
  languageParamsSchema,
  languageResponseSchema,
  uiLanguagesSchema,
  uiMessagesSchema,
} from '../../../core/api/i18n.ts';
import { SOURCE_BY_ID, SOURCE_MESSAGES } from '../../../core/i18n/catalogue.ts';
import {
  compileChecked,
  placeholdersOf,
  PSEUDO_LOCALE,
  pseudoMessage,
  translationProblems,
  type CompiledMessage,
} from '../../../core/i18n/icu.ts';
import { SOURCE_LOCALE } from '../../../core/i18n/languages.ts';
import { writePo } from '../../../core/i18n/po.ts';
import { AppError, conflict, itemGone, notFound } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { etagMatches } from '../mt/mt.routes.ts';
import { ownContribution } from '../review/review.routes.ts';
import { planPoImport } from './po-import.ts';
import { mutationSchema } from '../../../core/api/mutations.ts';

export const LANGUAGE_NOT_FOUND = 'This language is not in the app.';
export const MESSAGE_NOT_FOUND = 'This message is not in the app.';
export const UI_PROPOSAL_NOT_FOUND = 'This proposed translation does not exist.';

/** The pseudo-language's catalogue is made once from the English source (it never changes while running). */
let pseudoCatalogue: Record<string, CompiledMessage> | null = null;
const pseudo = () =>
  (pseudoCatalogue ??= Object.fromEntries(
    SOURCE_MESSAGES.map(({ id, message }) => [id, pseudoMessage(message)]),
  ));

const etagOf = (body: string) =>
  `"${crypto.createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;

export default function i18nRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const repository = () => app.repositories.interfaceMessages;

  async function languageOrThrow(code: string) {
    const language = await repository().language(code);
    if (!language) throw notFound(LANGUAGE_NOT_FOUND);
    return language;
  }

  app.get('/languages', { schema: { response: { 200: uiLanguagesSchema } } }, async () => ({
    languages: await repository().languages(),
  }));

  app.get(
    '/catalogues/:code',
    // The body is catalogueSchema, sent as the text its ETag is computed from (a 304 when unchanged).
    { schema: { params: languageParamsSchema } },
    async (request, reply) => {
      const { code } = request.params;
      let messages: Record<string, CompiledMessage>;
      if (code === SOURCE_LOCALE) messages = {};
      else if (code === PSEUDO_LOCALE) messages = pseudo();
      else {
        await languageOrThrow(code);
        messages = {};
        for (const [id, text] of await repository().approvedTexts(code)) {
          const compiled = compileChecked(text);
          if ('compiled' in compiled) messages[id] = compiled.compiled;
        }
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
      schema: { params: languageParamsSchema, response: { 200: uiMessagesSchema } },
    },
    async (request) => {
      const language = await languageOrThrow(request.params.code);
      const approved = await repository().approvedTexts(language.code);
      const proposals = await repository().openProposals(language.code, currentUser(request).id);
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
        })),
      };
    },
  );

  app.post(
    '/proposals',
    {
      onRequest: app.requireUser,
      schema: mutationSchema('ui.propose'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ interfaceMessages }) => {
        const { language, messageId, text } = request.body;
        if (!(await interfaceMessages.language(language))) throw notFound(LANGUAGE_NOT_FOUND);
        const source = SOURCE_BY_ID.get(messageId);
        if (!source) throw notFound(MESSAGE_NOT_FOUND);
        const problems = translationProblems(source.message, text);
        if (problems.length > 0)
          throw new AppError(
            422,
            'The translation must keep the placeholders and plural forms of the English.',
            ERROR_CODES.translationProblems,
            { problems },
          );
        const proposal = await interfaceMessages.propose(
          language,
          messageId,
          source.message,
          text,
          currentUser(request).id,
        );
        return { messageId, proposal };
      }),
  );

  app.post(
    '/proposals/:id/review',
    {
      onRequest: app.requireUser,
      schema: mutationSchema('ui.review'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ interfaceMessages }) => {
        const user = currentUser(request);
        const { body } = request;
        const result = await interfaceMessages.review(
          request.params.id,
          user.id,
          body.verdict,
          body.verdict === 'reject' ? body.reason : null,
          user.role === 'admin',
        );
        if (result.kind === 'missing') throw itemGone(UI_PROPOSAL_NOT_FOUND);
        if (result.kind === 'own') throw ownContribution('translation');
        return { messageId: result.messageId, proposal: result.proposal };
      }),
  );
}

export function adminI18nRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireAdmin);
  const repository = () => app.repositories.interfaceMessages;

  app.post(
    '/languages',
    { schema: { body: addLanguageSchema, response: { 201: languageResponseSchema } } },
    async (request, reply) => {
      const { code, name } = request.body;
      if (code === SOURCE_LOCALE || code === PSEUDO_LOCALE)
        throw conflict('English is the source language of the app.');
      if (!(await repository().addLanguage(code, name, currentUser(request).id)))
        throw conflict('A language with this code is already in the app.');
      return reply.status(201).send({ language: (await repository().language(code))! });
    },
  );

  app.get(
    '/languages/:code/export.po',
    { schema: { params: languageParamsSchema, response: { 200: z.string() } } },
    async (request, reply) => {
      const language = await repository().language(request.params.code);
      if (!language) throw notFound(LANGUAGE_NOT_FOUND);
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
      schema: { params: languageParamsSchema, body: importPoSchema, response: { 200: importPoReportSchema } },
      // Above the app's 1 MiB default: a whole PO file may be as long as importPoSchema allows.
      bodyLimit: PO_IMPORT_BODY_MAX_BYTES,
    },
    async (request) => {
      const language = await repository().language(request.params.code);
      if (!language) throw notFound(LANGUAGE_NOT_FOUND);
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
