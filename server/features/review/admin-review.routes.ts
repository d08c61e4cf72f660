// /api/admin/review: the admins' queues of clips and proposals, settling a clip and deciding proposals, each
// with a reason that is kept (admins only).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  adminClipsQuerySchema,
  adminClipsSchema,
  adminProposalsQuerySchema,
  adminProposalsSchema,
  clipIdParamsSchema,
  clipReviewResponseSchema,
  clipSettleSchema,
  proposalDecisionResponseSchema,
  proposalDecisionSchema,
  adminLexiconQuerySchema,
  adminLexiconSchema,
  lexiconDecisionResponseSchema,
} from '../../../core/api/review.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { idempotent, idempotentContract, IDEMPOTENT_CONTRACT } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { clipChangeAnswer } from './review.service.ts';

export default function adminReviewRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('admin');

  app.get(
    '/clips',
    {
      schema: {
        summary: "The admins' queue of clips",
        querystring: adminClipsQuerySchema,
        response: { 200: adminClipsSchema },
      },
    },
    async (request) => {
      const { state, flag, page, limit } = request.query;
      const { clips, total } = await app.repositories.clipReview.adminList({ state, flag }, page, limit);
      return { clips, total, page };
    },
  );

  app.post(
    '/clips/:id/settle',
    {
      config: idempotentContract(
        { status: 403, code: ERROR_CODES.ownContribution },
        { status: 404, code: ERROR_CODES.itemGone },
      ),
      schema: {
        summary: 'Settle a clip (accept or reject it, with a reason)',
        params: clipIdParamsSchema,
        body: clipSettleSchema,
        response: { 200: clipReviewResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async ({ clipReview }) =>
        clipChangeAnswer(await clipReview.settle(request.params.id, currentUser(request).id, request.body)),
      ),
  );

  app.get(
    '/proposals',
    {
      schema: {
        summary: "The admins' queue of proposed translations",
        querystring: adminProposalsQuerySchema,
        response: { 200: adminProposalsSchema },
      },
    },
    async (request) => {
      const { state, category, author, page, limit } = request.query;
      const { proposals, total } = await app.repositories.proposals.adminList(
        { state, category, author },
        page,
        limit,
        currentUser(request).id,
      );
      return { proposals, total, page };
    },
  );

  app.post(
    '/proposals/decide',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Approve or reject proposed translations',
        body: proposalDecisionSchema,
        response: { 200: proposalDecisionResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async ({ proposals }) => {
        const { ids, verdict, reason } = request.body;
        return { proposals: await proposals.decide(ids, currentUser(request).id, verdict, reason) };
      }),
  );

  app.get(
    '/lexicon',
    {
      schema: {
        summary: "The admins' queue of imported lexicon entries",
        querystring: adminLexiconQuerySchema,
        response: { 200: adminLexiconSchema },
      },
    },
    async (request) => {
      const { state, page, limit } = request.query;
      const { entries, total } = await app.repositories.lexiconReview.adminList(state, page, limit);
      return { entries, total, page };
    },
  );

  app.post(
    '/lexicon/decide',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Approve or reject imported lexicon entries',
        body: proposalDecisionSchema,
        response: { 200: lexiconDecisionResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, async ({ lexiconReview }) => {
        const { ids, verdict, reason } = request.body;
        return { entries: await lexiconReview.decide(ids, currentUser(request).id, verdict, reason) };
      }),
  );
}
