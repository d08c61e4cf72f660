// /api/transcripts: Transcribe (issue 16) for every signed-in contributor: the clips waiting for a transcript, a
// transcript proposed (or withdrawn), the transcripts to check and their reviews, and the contributor's counts.
// Saves and reviews honour Idempotency-Key, so the offline outbox can replay them. The audio of a clip comes
// from GET /api/audio/recordings/:id/audio, which lets others hear the clips this queue offers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { proposalReviewSchema } from '../../../core/api/review.ts';
import {
  reviewTranscriptsQuerySchema,
  reviewTranscriptsSchema,
  transcribeClipIdParamsSchema,
  transcribeQueueQuerySchema,
  transcribeQueueSchema,
  transcriptIdParamsSchema,
  transcriptResponseSchema,
  transcriptSaveSchema,
  transcriptStatsQuerySchema,
  transcriptStatsSchema,
} from '../../../core/api/transcripts.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dayStart } from '../review/review.service.ts';
import { reviewTranscript, saveTranscript } from './transcripts.service.ts';

export default function transcriptsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.addHook('onRequest', app.requireUser);

  app.get(
    '/queue',
    { schema: { querystring: transcribeQueueQuerySchema, response: { 200: transcribeQueueSchema } } },
    async (request) => ({
      clips: await app.repositories.transcripts.queue(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/clips/:id',
    {
      schema: {
        params: transcribeClipIdParamsSchema,
        body: transcriptSaveSchema,
        response: { 200: transcriptResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        saveTranscript(repositories, request.params.id, request.body.text, currentUser(request)),
      ),
  );

  app.get(
    '/proposals',
    { schema: { querystring: reviewTranscriptsQuerySchema, response: { 200: reviewTranscriptsSchema } } },
    async (request) => ({
      transcripts: await app.repositories.transcripts.pack(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/proposals/:id/review',
    {
      schema: {
        params: transcriptIdParamsSchema,
        body: proposalReviewSchema,
        response: { 200: transcriptResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reviewTranscript(repositories, request.params.id, currentUser(request), request.body),
      ),
  );

  app.get(
    '/stats',
    { schema: { querystring: transcriptStatsQuerySchema, response: { 200: transcriptStatsSchema } } },
    async (request) =>
      app.repositories.transcripts.stats(currentUser(request).id, dayStart(request.query.since)),
  );
}
