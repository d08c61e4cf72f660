// Public, rate-limited translation: POST /api/translation/translate answers from the translation engine
// (memory of approved pairs, trained model, lexicon); GET /api/translation/model hands out the latest trained
// model file for offline use in the browser, and GET /api/translation/memory the approved pairs of the memory,
// page by page and then only what changed, which a phone keeps beside the model (coded with the words of the
// model it holds when that is the latest).
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MODEL_NOT_TRAINED_CODE,
  memoryPageSchema,
  memoryQuerySchema,
  NO_TRANSLATION_CODE,
  toTranslateResponse,
  translateRequestSchema,
  translateResponseSchema,
} from '../../../core/api/chat.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { MODEL_CONTENT_TYPE } from '../../../core/mt/serialise.ts';
import { emptyAnswer, fileAnswer } from '../../lib/route-contract.ts';
import { acceptsEncoding, etagMatches, sendPage } from '../../lib/precompressed.ts';
import { ReadyPages } from '../translation/ready-pages.ts';
import { encodeMemoryPage, MEMORY_PAGE_CODED_TYPE } from '../../../core/api/memory-page-coding.ts';
import type { Config } from '../../config.ts';
import { rateLimits } from '../../plugins/security.ts';
import { ArtifactStore } from '../models/artifact-store.ts';
import { EngineService } from './mt.service.ts';
import { PhoneModels } from './phone-models.service.ts';

// Moved to server/lib/precompressed.ts; named here too for the routes that import them from this file.
export { acceptsEncoding, etagMatches } from '../../lib/precompressed.ts';

export default function mtRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const artifacts = ArtifactStore.fromConfig(app.database.db, config);
  const engine = new EngineService(app.database.db, app.repositories, artifacts, app.log);
  const models = new PhoneModels(artifacts);
  const memoryPages = new ReadyPages(app.database.db, app.repositories);

  app.post(
    '/translate',
    {
      config: {
        rateLimit: rateLimits(config).public,
        errors: [{ status: 404, code: NO_TRANSLATION_CODE }],
      },
      schema: {
        summary: 'Translate a sentence (English to Lopit or back)',
        body: translateRequestSchema,
        response: { 200: translateResponseSchema },
      },
    },
    async (request) => toTranslateResponse(await engine.answer(request.body.text, request.body.direction)),
  );

  app.get(
    '/memory',
    {
      config: {
        rateLimit: rateLimits(config).public,
        answers: [
          fileAnswer('The page coded with the words of the model the phone holds (when it is the latest).', [
            MEMORY_PAGE_CODED_TYPE,
          ]),
          emptyAnswer(304, 'The page the phone holds (If-None-Match) is still current.'),
        ],
      },
      schema: {
        summary: 'A page of the translation memory (approved pairs), or what changed since a cursor',
        querystring: memoryQuerySchema,
        response: { 200: memoryPageSchema },
      },
    },
    async (request, reply) => {
      // The same pairs the server's engine answers from, for anyone: the chat is public, and so is the model.
      void reply.header('Cache-Control', 'no-store');
      const { model } = request.query;
      // Made once per change and kept as bytes (translation/ready-pages.ts), JSON or coded for the phone's model.
      const page = await memoryPages.memory(request.query, async (memory) => {
        const vocab = model && (await models.vocabularies(model, request.log));
        return vocab ? { type: MEMORY_PAGE_CODED_TYPE, bytes: encodeMemoryPage(memory, vocab) } : null;
      });
      return sendPage(request, reply, page);
    },
  );

  app.get(
    '/model',
    {
      config: {
        rateLimit: rateLimits(config).public,
        answers: [
          {
            ...fileAnswer('The model file (gzip or br Content-Encoding when accepted).', [
              MODEL_CONTENT_TYPE,
            ]),
            headers: {
              ETag: { description: "The model's version." },
              'X-Model-Created-At': { description: 'When the model was trained (ISO 8601).' },
            },
          },
          {
            status: 200,
            description: 'A model trained by an earlier version, kept as JSON until the next training.',
            types: ['application/json'],
            schema: { type: 'object' },
          },
          emptyAnswer(304, 'The model the phone holds (If-None-Match) is still the latest.'),
        ],
        errors: [
          { status: 404, code: MODEL_NOT_TRAINED_CODE },
          { status: 503, code: ERROR_CODES.unavailable },
        ],
      },
      schema: { summary: 'Download the latest trained translation model', querystring: z.looseObject({}) },
    },
    async (request, reply) => {
      const artifact = await models.latest();
      const etag = `"${artifact.version}"`;
      // no-cache: the browser keeps its copy but asks each time; an unchanged model costs a 304.
      void reply
        .header('ETag', etag)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .header('X-Model-Created-At', artifact.createdAt);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      void reply.header('Content-Type', artifact.contentType);
      const model = await models.file(artifact, request.log);
      const accepted = request.headers['accept-encoding'];
      if (acceptsEncoding(accepted, 'br')) {
        return reply
          .header('Content-Encoding', 'br')
          .header('Content-Length', String(model.brotli.length))
          .send(model.brotli);
      }
      if (acceptsEncoding(accepted, 'gzip')) {
        return reply
          .header('Content-Encoding', 'gzip')
          .header('Content-Length', String(model.gzip.length))
          .send(model.gzip);
      }
      return reply.header('Content-Length', String(model.plain.length)).send(model.plain);
    },
  );
}
