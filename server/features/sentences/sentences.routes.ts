// /api/sentences: the sentence collection (issue 32) for every signed-in contributor: a Lopit sentence written,
// the caller's own sentences, the sentences to check and their reviews, and a reader's report of one offered to
// read. Writing, reviewing and reporting honour Idempotency-Key (core/api/mutations.ts: sentence.propose,
// sentence.review, sentence.report), so the offline outbox can replay them. /api/admin/sentences (admins): the
// written sentences with their reports, retire and restore (adminSentencesRoutes).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { adminPromptsQuerySchema, retirePromptSchema } from '../../../core/api/prompts.ts';
import {
  adminWrittenSentenceResponseSchema,
  adminWrittenSentencesSchema,
  mySentencesQuerySchema,
  reviewSentencesQuerySchema,
  reviewSentencesSchema,
  sentenceIdParamsSchema,
  sentenceListSchema,
} from '../../../core/api/sentences.ts';
import { idempotent, IDEMPOTENT_CONTRACT } from '../../lib/idempotency.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';
import { currentUser } from '../../plugins/auth.ts';
import {
  proposeSentence,
  reportSentence,
  restoreSentence,
  retireSentence,
  reviewSentence,
} from './sentences.service.ts';

export default function sentencesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('user');

  app.post('/', { ...mutationRoute('sentence.propose') }, (request, reply) =>
    idempotent(request, reply, (repositories) =>
      proposeSentence(repositories, request.body, currentUser(request)),
    ),
  );

  app.get(
    '/mine',
    {
      schema: {
        summary: "The caller's written sentences, newest first",
        querystring: mySentencesQuerySchema,
        response: { 200: sentenceListSchema },
      },
    },
    async (request) => ({
      sentences: await app.repositories.sentences.mine(currentUser(request).id, request.query.limit),
    }),
  );

  app.get(
    '/review',
    {
      schema: {
        summary: 'Written sentences to check',
        querystring: reviewSentencesQuerySchema,
        response: { 200: reviewSentencesSchema },
      },
    },
    async (request) => ({
      sentences: await app.repositories.sentences.pack(currentUser(request).id, request.query.limit),
    }),
  );

  app.post('/:id/review', { ...mutationRoute('sentence.review') }, (request, reply) =>
    idempotent(request, reply, (repositories) =>
      reviewSentence(repositories, request.params.id, currentUser(request), request.body),
    ),
  );

  app.post('/:id/report', { ...mutationRoute('sentence.report') }, (request, reply) =>
    idempotent(request, reply, (repositories) =>
      reportSentence(repositories, request.params.id, currentUser(request), request.body),
    ),
  );
}

export function adminSentencesRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');

  app.get(
    '/',
    {
      schema: {
        summary: 'The written sentences, with their counts and reports',
        querystring: adminPromptsQuerySchema,
        response: { 200: adminWrittenSentencesSchema },
      },
    },
    async (request) => {
      const { reported, page, limit } = request.query;
      const { sentences, total } = await app.repositories.sentences.adminList(
        { reported: reported === 'true' },
        page,
        limit,
      );
      return { sentences, total, page };
    },
  );

  app.post(
    '/:id/retire',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Retire a written sentence from reading',
        params: sentenceIdParamsSchema,
        body: retirePromptSchema,
        response: { 200: adminWrittenSentenceResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        retireSentence(repositories, request.params.id, currentUser(request).id, request.body.reason),
      ),
  );

  app.post(
    '/:id/restore',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Restore a retired written sentence',
        params: sentenceIdParamsSchema,
        response: { 200: adminWrittenSentenceResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) => restoreSentence(repositories, request.params.id)),
  );
}
