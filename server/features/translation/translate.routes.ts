// POST /api/translation/translate: public, rate-limited. Answers from the community's approved translations.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  NO_TRANSLATION_MESSAGE,
  translateRequestSchema,
  translateResponseSchema,
} from '../../../core/api/chat.ts';
import { sentenceKey } from '../../../core/mt/normalise.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { rateLimits } from '../../plugins/security.ts';
import { TranslationRepository } from './translation-repository.ts';

export default function translateRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const pairs = new TranslationRepository(app.database.db);

  app.post(
    '/translate',
    {
      config: { rateLimit: rateLimits(config).public },
      schema: { body: translateRequestSchema, response: { 200: translateResponseSchema } },
    },
    async (request) => {
      const { text, direction } = request.body;
      const key = sentenceKey(text);
      const approved = (await pairs.list()).filter((pair) => pair.status === 'approved');
      const match = approved.find(
        (pair) => sentenceKey(direction === 'en_to_lpx' ? pair.english : pair.lopit) === key,
      );
      if (!match) throw new AppError(404, NO_TRANSLATION_MESSAGE, 'NO_TRANSLATION_KNOWN');
      return {
        translated: direction === 'en_to_lpx' ? match.lopit : match.english,
        source: 'memory' as const,
        confidence: 1,
        alternatives: [],
        alignment: [],
      };
    },
  );
}
