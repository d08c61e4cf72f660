// POST /api/tts/synthesize: public, rate-limited. Answers audio/wav and says where it came from in headers.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { SPEECH_HEADERS, SPEECH_MISSING_WORDS_MAX, ttsRequestSchema } from '../../../core/api/tts.ts';
import type { Config } from '../../config.ts';
import { fileAnswer } from '../../lib/route-contract.ts';
import { rateLimits } from '../../plugins/security.ts';
import { SpeechService } from './speech.service.ts';

export default function ttsRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const service = new SpeechService(app.database.db, app.repositories.voices, app.blobs, config, {
    locks: app.sharedLocks,
  });
  app.addHook('onClose', () => service.close());

  app.post(
    '/synthesize',
    {
      config: {
        rateLimit: rateLimits(config).public,
        answers: [
          {
            ...fileAnswer('The speech as WAV audio.', ['audio/wav']),
            headers: {
              [SPEECH_HEADERS.source]: { description: 'recording, assembled or synthesis.' },
              [SPEECH_HEADERS.approximation]: {
                description: 'true when the audio only approximates Lopit pronunciation.',
              },
              [SPEECH_HEADERS.language]: { description: 'en or lpx: the language the text was read as.' },
            },
          },
        ],
      },
      schema: { summary: 'Speak a text in Lopit or English (WAV)', body: ttsRequestSchema },
    },
    async (request, reply) => {
      const result = await service.speak(request.body, request.log);
      const missing = result.missingWords.slice(0, SPEECH_MISSING_WORDS_MAX).map(encodeURIComponent);
      void reply
        .type('audio/wav')
        .header('Content-Length', String(result.audio.length))
        .header('Content-Disposition', 'inline; filename="speech.wav"')
        // Audio made from someone's voice must not outlive their consent in any cache but this server's,
        // which re-checks consent on every request.
        .header('Cache-Control', result.source === 'synthesis' ? 'private, max-age=86400' : 'no-store')
        .header('ETag', `"${result.key}"`)
        .header(SPEECH_HEADERS.source, result.source)
        .header(SPEECH_HEADERS.approximation, String(result.approximation))
        .header(SPEECH_HEADERS.language, result.language)
        .header(SPEECH_HEADERS.cache, result.cached ? 'hit' : 'miss');
      if (missing.length > 0) void reply.header(SPEECH_HEADERS.missingWords, missing.join(','));
      if (result.speakers.length > 0) void reply.header(SPEECH_HEADERS.speakers, result.speakers.join(','));
      return reply.send(result.audio);
    },
  );
}
