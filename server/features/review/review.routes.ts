// /api/review: the community's review of clips (listen and vote, report) and of proposed translations
// (approve, reject), for every signed-in contributor; votes and reviews honour Idempotency-Key, so the offline
// outbox can replay them. Nobody reviews their own contribution (403 OWN_CONTRIBUTION).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
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
import { AppError, itemGone } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { ClipChange } from './clip-review.repository.ts';
import { mutationSchema } from '../../../core/api/mutations.ts';

export const CLIP_NOT_FOUND = 'This clip is no longer available for review.';
export const PROPOSAL_NOT_FOUND = 'This proposed translation does not exist.';
export const LEXICON_ENTRY_NOT_FOUND = 'This lexicon entry does not exist.';
export const ownContribution = (what: string) =>
  new AppError(403, `You cannot review your own ${what}.`, ERROR_CODES.ownContribution);

/** The answer of a clip change, or the error it calls for. */
export function clipChangeAnswer(change: ClipChange) {
  if (change.kind === 'missing') throw itemGone(CLIP_NOT_FOUND);
  if (change.kind === 'own') throw ownContribution('clip');
  return { review: change.review };
}

/** The start of the reviewer's day as the phone says it, else the last 24 hours. */
export const dayStart = (since: string | undefined) =>
  since ? new Date(since) : new Date(Date.now() - 86_400_000);

export default function reviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/clips',
    { schema: { querystring: reviewPackQuerySchema, response: { 200: reviewPackSchema } } },
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
      schema: mutationSchema('clip.vote'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ clipReview }) =>
        clipChangeAnswer(
          await clipReview.vote(request.params.id, currentUser(request).id, request.body.vote),
        ),
      ),
  );

  app.post(
    '/clips/:id/report',
    {
      schema: mutationSchema('clip.report'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ clipReview }) =>
        clipChangeAnswer(await clipReview.report(request.params.id, currentUser(request).id, request.body)),
      ),
  );

  app.get(
    '/proposals',
    { schema: { querystring: reviewProposalsQuerySchema, response: { 200: reviewProposalsSchema } } },
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
      schema: mutationSchema('proposal.review'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ proposals }) => {
        const { body } = request;
        const result = await proposals.review(
          request.params.id,
          currentUser(request).id,
          body.verdict,
          body.verdict === 'reject' ? body.reason : null,
        );
        if (result.kind === 'missing') throw itemGone(PROPOSAL_NOT_FOUND);
        if (result.kind === 'own') throw ownContribution('translation');
        return { proposal: result.proposal };
      }),
  );

  app.get(
    '/lexicon',
    { schema: { querystring: reviewLexiconQuerySchema, response: { 200: reviewLexiconSchema } } },
    async (request) => ({
      entries: await app.repositories.lexiconReview.pack(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/lexicon/:id/review',
    {
      schema: mutationSchema('lexicon.review'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ lexiconReview }) => {
        const { body } = request;
        const result = await lexiconReview.review(
          request.params.id,
          currentUser(request).id,
          body.verdict,
          body.verdict === 'reject' ? body.reason : null,
        );
        if (result.kind === 'missing') throw itemGone(LEXICON_ENTRY_NOT_FOUND);
        if (result.kind === 'own') throw ownContribution('import');
        return { entry: result.entry };
      }),
  );

  app.get(
    '/stats',
    { schema: { querystring: reviewStatsQuerySchema, response: { 200: reviewStatsSchema } } },
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
