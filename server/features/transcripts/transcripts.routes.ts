// /api/transcripts: Transcribe (issue 16) for every signed-in contributor: the clips waiting for a transcript, a
// transcript proposed (or withdrawn), the transcripts to check and their reviews, and the contributor's counts.
// Saves and reviews honour Idempotency-Key, so the offline outbox can replay them. The audio of a clip comes
// from GET /api/audio/recordings/:id/audio, which lets others hear the clips this queue offers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  reviewTranscriptsQuerySchema,
  reviewTranscriptsSchema,
  transcribeQueueQuerySchema,
  transcribeQueueSchema,
  transcriptStatsQuerySchema,
  transcriptStatsSchema,
} from '../../../core/api/transcripts.ts';
import { AppError, itemGone } from '../../errors.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { currentUser } from '../../plugins/auth.ts';
import { dayStart, ownContribution } from '../review/review.routes.ts';
import { mutationSchema } from '../../../core/api/mutations.ts';

export const TRANSCRIBE_CLIP_NOT_FOUND = 'This clip is no longer waiting for a transcript.';
export const TRANSCRIPT_NOT_FOUND = 'This transcript is no longer open for review.';

const actorOf = (request: Parameters<typeof currentUser>[0]) => {
  const user = currentUser(request);
  return { id: user.id, role: user.role };
};

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
      schema: mutationSchema('transcript.save'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ transcripts }) => {
        const result = await transcripts.save(request.params.id, request.body.text, actorOf(request));
        if (result.kind === 'missing') throw itemGone(TRANSCRIBE_CLIP_NOT_FOUND);
        if (result.kind === 'own') {
          throw new AppError(403, 'You cannot transcribe your own clip.', ERROR_CODES.ownContribution);
        }
        if (result.kind === 'transcribed') {
          throw new AppError(409, 'This clip already has an approved transcript.', ERROR_CODES.conflict);
        }
        return { transcript: result.transcript };
      }),
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
      schema: mutationSchema('transcript.review'),
    },
    (request, reply) =>
      idempotent(request, reply, async ({ transcripts }) => {
        const { body } = request;
        const result = await transcripts.review(
          request.params.id,
          actorOf(request),
          body.verdict,
          body.verdict === 'reject' ? body.reason : null,
        );
        if (result.kind === 'missing') throw itemGone(TRANSCRIPT_NOT_FOUND);
        if (result.kind === 'own') throw ownContribution('transcript');
        return { transcript: result.transcript };
      }),
  );

  app.get(
    '/stats',
    { schema: { querystring: transcriptStatsQuerySchema, response: { 200: transcriptStatsSchema } } },
    async (request) =>
      app.repositories.transcripts.stats(currentUser(request).id, dayStart(request.query.since)),
  );
}
