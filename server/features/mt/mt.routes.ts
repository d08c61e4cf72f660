// Public, rate-limited translation: POST /api/translation/translate answers from the translation engine
// (memory of approved pairs, trained model, lexicon); GET /api/translation/model hands out the latest trained
// model file for offline use in the browser, and GET /api/translation/memory the approved pairs of the memory,
// page by page and then only what changed, which a phone keeps beside the model (coded with the words of the
// model it holds when that is the latest).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MODEL_NOT_TRAINED_CODE,
  MODEL_NOT_TRAINED_MESSAGE,
  memoryPageSchema,
  memoryQuerySchema,
  NO_TRANSLATION_CODE,
  NO_TRANSLATION_MESSAGE,
  toTranslateResponse,
  translateRequestSchema,
  translateResponseSchema,
} from '../../../core/api/chat.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { MODEL_CONTENT_TYPE } from '../../../core/mt/serialise.ts';
import { emptyAnswer, fileAnswer } from '../../lib/route-contract.ts';
import { acceptsEncoding, etagMatches, sendPage } from '../../lib/precompressed.ts';
import { ReadyPages } from '../translation/ready-pages.ts';
import {
  encodeMemoryPage,
  MEMORY_PAGE_CODED_TYPE,
  type MemoryVocabularies,
} from '../../../core/api/memory-page-coding.ts';
import { ModelFormatError, parseModelFile, phoneFile } from '../../../core/mt/index.ts';
import type { Config } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { BlobNotFoundError } from '../../lib/blob-store.ts';
import { rateLimits } from '../../plugins/security.ts';
import { ArtifactStore, type ModelArtifact } from '../models/artifact-store.ts';
import { EngineService } from './mt.service.ts';

// Moved to server/lib/precompressed.ts; named here too for the routes that import them from this file.
export { acceptsEncoding, etagMatches } from '../../lib/precompressed.ts';

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

interface PhoneModel {
  plain: Buffer;
  gzip: Buffer;
  /** Brotli at its best quality: about a tenth smaller than gzip (795 against 891 kB at 10,000 pairs). */
  brotli: Buffer;
  /** The vocabularies a phone holding this file reads coded memory pages with. */
  vocab: MemoryVocabularies;
}

/**
 * The file a phone downloads for the latest model, plain, gzipped and in brotli, made once per version and
 * process: the server's copy without the server's fuller model and memory (core/mt phoneFile; older JSON files as
 * they are). Binary files shrink by a third more on the wire (about 0.9 MB gzip at 10,000 pairs, 0.8 MB brotli),
 * which matters on a 2G link. Both compress in libuv's thread pool, so the server keeps answering meanwhile.
 */
function phoneModels(artifacts: ArtifactStore) {
  let cached: { version: string; bytes: Promise<PhoneModel> } | null = null;
  return (artifact: ModelArtifact): Promise<PhoneModel> => {
    if (cached?.version !== artifact.version) {
      const bytes = artifacts.read(artifact).then(async (stored) => {
        const file = phoneFile(stored);
        const plain = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
        const [zipped, brotli] = await Promise.all([
          gzipAsync(plain),
          brotliAsync(plain, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
            },
          }),
        ]);
        return { plain, gzip: zipped, brotli, vocab: parseModelFile(file).model.vocab };
      });
      cached = { version: artifact.version, bytes };
      // A failure is not kept: the next request tries again.
      bytes.catch(() => {
        if (cached?.bytes === bytes) cached = null;
      });
    }
    return cached.bytes;
  };
}

export default function mtRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const artifacts = ArtifactStore.fromConfig(app.database.db, config);
  const engine = new EngineService(app.database.db, app.repositories, artifacts, app.log);
  const phoneModel = phoneModels(artifacts);
  const memoryPages = new ReadyPages(app.database.db, app.repositories);

  /**
   * The vocabularies of the latest model when it is the version a phone holds, else null (the page then goes as
   * JSON, which any phone reads): a phone whose model is older, or a file that cannot be read.
   */
  async function latestVocabularies(
    version: string,
    log: FastifyBaseLogger,
  ): Promise<MemoryVocabularies | null> {
    const artifact = await artifacts.latest('mt');
    if (artifact?.version !== version) return null;
    try {
      return (await phoneModel(artifact)).vocab;
    } catch (error) {
      log.warn(
        { artifact: artifact.id, err: error },
        'memory page sent as JSON: the model file cannot be read',
      );
      return null;
    }
  }

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
    async (request) => {
      const answer = await engine.translate(request.body.text, request.body.direction);
      if (!answer) throw new AppError(404, NO_TRANSLATION_MESSAGE, NO_TRANSLATION_CODE);
      return toTranslateResponse(answer);
    },
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
        const vocab = model && (await latestVocabularies(model, request.log));
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
      const artifact = await artifacts.latest('mt');
      if (!artifact) throw new AppError(404, MODEL_NOT_TRAINED_MESSAGE, MODEL_NOT_TRAINED_CODE);
      const etag = `"${artifact.version}"`;
      // no-cache: the browser keeps its copy but asks each time; an unchanged model costs a 304.
      void reply
        .header('ETag', etag)
        .header('Cache-Control', 'no-cache')
        .header('Vary', 'Accept-Encoding')
        .header('X-Model-Created-At', artifact.createdAt);
      if (etagMatches(request.headers['if-none-match'], etag)) return reply.status(304).send();
      try {
        void reply.header('Content-Type', artifact.contentType);
        const model = await phoneModel(artifact);
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
      } catch (error) {
        if (error instanceof ModelFormatError) {
          request.log.error(
            { artifact: artifact.id, err: error },
            'the latest translation model file is damaged',
          );
          throw new AppError(
            503,
            'The translation model file on the server is damaged. An admin can retrain the model.',
            ERROR_CODES.unavailable,
          );
        }
        if (!(error instanceof BlobNotFoundError)) throw error;
        request.log.error({ artifact: artifact.id }, 'the file of the latest translation model is missing');
        throw new AppError(
          503,
          'The translation model file is missing on the server. An admin can retrain the model.',
          ERROR_CODES.unavailable,
        );
      }
    },
  );
}
