// /api/sentences: the sentence collection (issue 32) for every signed-in contributor: a Lopit sentence written,
// the caller's own sentences, the sentences to check and their reviews, and a reader's report of one offered to
// read. Writing, reviewing and reporting honour Idempotency-Key (core/api/mutations.ts: sentence.propose,
// sentence.review, sentence.report), so the offline outbox can replay them.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  mySentencesQuerySchema,
  reviewSentencesQuerySchema,
  reviewSentencesSchema,
  sentenceListSchema,
} from '../../../core/api/sentences.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';
import { currentUser } from '../../plugins/auth.ts';
import { proposeSentence, reportSentence, reviewSentence } from './sentences.service.ts';

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
