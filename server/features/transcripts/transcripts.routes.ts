// /api/transcripts: Transcribe (issue 16) for every signed-in contributor: the clips waiting for a transcript, a
// transcript proposed (or withdrawn), the transcripts to check and their reviews, and the contributor's counts.
// Saves and reviews honour Idempotency-Key, so the offline outbox can replay them. The audio of a clip comes
// from GET /api/audio/recordings/:id/audio, which lets others hear the clips this queue offers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  reviewTranscriptsQuerySchema,
  reviewTranscriptsSchema,
  transcribeQueueQuerySchema,
  transcribeQueueSchema,
  transcriptStatsQuerySchema,
  transcriptStatsSchema,
} from '../../../core/api/transcripts.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dayStart } from '../review/review.service.ts';
import { reviewTranscript, saveTranscript } from './transcripts.service.ts';
import { mutationRoute } from '../../lib/mutation-route.ts';

export default function transcriptsRoutes(instance: FastifyInstance) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  app.guardRoutes('user');

  app.get(
    '/queue',
    {
      schema: {
        summary: 'Clips waiting for a transcript',
        querystring: transcribeQueueQuerySchema,
        response: { 200: transcribeQueueSchema },
      },
    },
    async (request) => ({
      clips: await app.repositories.transcripts.queue(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/clips/:id',
    {
      ...mutationRoute('transcript.save'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        saveTranscript(repositories, request.params.id, request.body.text, currentUser(request)),
      ),
  );

  app.get(
    '/proposals',
    {
      schema: {
        summary: 'Transcripts to check',
        querystring: reviewTranscriptsQuerySchema,
        response: { 200: reviewTranscriptsSchema },
      },
    },
    async (request) => ({
      transcripts: await app.repositories.transcripts.pack(currentUser(request).id, request.query.limit),
    }),
  );

  app.post(
    '/proposals/:id/review',
    {
      ...mutationRoute('transcript.review'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        reviewTranscript(repositories, request.params.id, currentUser(request), request.body),
      ),
  );

  app.get(
    '/stats',
    {
      schema: {
        summary: "The contributor's transcript counts",
        querystring: transcriptStatsQuerySchema,
        response: { 200: transcriptStatsSchema },
      },
    },
    async (request) =>
      app.repositories.transcripts.stats(currentUser(request).id, dayStart(request.query.since)),
  );
}
