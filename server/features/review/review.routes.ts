// /api/review: the community's review of clips (listen and vote, report) and of proposed translations
// (approve, reject), for every signed-in contributor; votes and reviews honour Idempotency-Key, so the offline
// outbox can replay them. Nobody reviews their own contribution (403 OWN_CONTRIBUTION).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reviewPackQuerySchema,
  reviewPackSchema,
  reviewProposalsQuerySchema,
  reviewProposalsSchema,
  reviewStatsQuerySchema,
  reviewStatsSchema,
  reviewLexiconQuerySchema,
  reviewLexiconSchema,
} from '../../../core/api/review.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dayStart, reportClip, reviewLexiconEntry, reviewProposal, voteOnClip } from './review.service.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';

export default function reviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('user');

  app.get(
    '/clips',
    {
      schema: {
        summary: 'Clips to listen to and vote on',
        querystring: reviewPackQuerySchema,
        response: { 200: reviewPackSchema },
      },
    },
    async (request) => {
      const reviewerId = currentUser(request).id;
      const { held = [], exclude = [] } = request.query;
      return {
        clips: await app.repositories.clipReview.pack(reviewerId, {
          ...request.query,
          exclude: [...exclude, ...held],
        }),
        gone: await app.repositories.clipReview.gone(reviewerId, held),
      };
    },
  );

  app.post(
    '/clips/:id/vote',
    {
      ...mutationRoute('clip.vote'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        voteOnClip(repositories, request.params.id, currentUser(request).id, request.body.vote),
      ),
  );

  app.post(
    '/clips/:id/report',
    {
      ...mutationRoute('clip.report'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reportClip(repositories, request.params.id, currentUser(request).id, request.body),
      ),
  );

  app.get(
    '/proposals',
    {
      schema: {
        summary: 'Proposed translations to review',
        querystring: reviewProposalsQuerySchema,
        response: { 200: reviewProposalsSchema },
      },
    },
    async (request) => ({
      proposals: await app.repositories.proposals.pack(
        currentUser(request).id,
        request.query.limit,
        request.query.category,
      ),
    }),
  );

  app.post(
    '/proposals/:id/review',
    {
      ...mutationRoute('proposal.review'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reviewProposal(repositories, request.params.id, currentUser(request).id, request.body),
      ),
  );

  app.get(
    '/lexicon',
    {
      schema: {
        summary: 'Imported lexicon entries to review',
        querystring: reviewLexiconQuerySchema,
        response: { 200: reviewLexiconSchema },
      },
    },
    async (request) => ({
      entries: await app.repositories.lexiconReview.pack(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/lexicon/:id/review',
    {
      ...mutationRoute('lexicon.review'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reviewLexiconEntry(repositories, request.params.id, currentUser(request).id, request.body),
      ),
  );

  app.get(
    '/stats',
    {
      schema: {
        summary: "The reviewer's counts, today and in all",
        querystring: reviewStatsQuerySchema,
        response: { 200: reviewStatsSchema },
      },
    },
    async (request) => {
      const userId = currentUser(request).id;
      const since = dayStart(request.query.since);
      // Texts reviewed: translations and lexicon entries alike.
      const translations = await app.repositories.proposals.reviewCounts(userId, since);
      const words = await app.repositories.lexiconReview.reviewCounts(userId, since);
      return {
        clips: await app.repositories.clipReview.voteCounts(userId, since),
        proposals: { today: translations.today + words.today, total: translations.total + words.total },
      };
    },
  );
}
