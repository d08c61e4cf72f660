// Builds the Fastify app as a plugin tree: config -> errors -> security -> database -> auth -> routes -> static.
import speakersRoutes, { adminSpeakersRoutes } from './features/speakers/speakers.routes.ts';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../core/api/errors.ts';
import type { Config } from './config.ts';
import type { Database } from './db/driver.ts';
import { inputRulesHook, inputValidatorCompiler } from './lib/validation.ts';
import accountsRoutes from './features/auth/accounts.routes.ts';
import recordingsRoutes from './features/recordings/recordings.routes.ts';
import { adminPromptsRoutes, promptReportRoutes } from './features/prompts/prompts.routes.ts';
import consentRoutes from './features/consent/consent.routes.ts';
import dataRoutes from './features/data/data.routes.ts';
import exportsRoutes from './features/exports/exports.routes.ts';
import familiesRoutes from './features/families/families.routes.ts';
import trainingRoutes from './features/training/training.routes.ts';
import trainingPlugin from './features/training/training-plugin.ts';
import mtRoutes from './features/mt/mt.routes.ts';
import lexiconRoutes from './features/lexicon/lexicon.routes.ts';
import pairsImportRoutes from './features/translation/pairs-import.routes.ts';
import reviewRoutes from './features/review/review.routes.ts';
import i18nRoutes, { adminI18nRoutes } from './features/i18n/i18n.routes.ts';
import adminReviewRoutes from './features/review/admin-review.routes.ts';
import sentencesRoutes, { adminSentencesRoutes } from './features/sentences/sentences.routes.ts';
import transcriptsRoutes from './features/transcripts/transcripts.routes.ts';
import translationRoutes from './features/translation/translation.routes.ts';
import ttsRoutes from './features/tts/tts.routes.ts';
import repositoriesPlugin from './plugins/repositories.ts';
import type { RepositoryDefinitions } from './lib/repositories.ts';
import { usersRepository } from './features/auth/users.repository.ts';
import { consentRepository } from './features/consent/consent.repository.ts';
import { dataRepository } from './features/data/data.repository.ts';
import { exportsRepository } from './features/exports/exports.repository.ts';
import { interfaceMessagesRepository } from './features/i18n/interface-messages.repository.ts';
import { lexiconRepository } from './features/lexicon/lexicon.repository.ts';
import { adminPicturesRoutes, picturesRoutes } from './features/pictures/pictures.routes.ts';
import { picturesRepository } from './features/pictures/pictures.repository.ts';
import { promptsRepository } from './features/prompts/prompts.repository.ts';
import { storiesRepository } from './features/stories/stories.repository.ts';
import { inspectionsRepository } from './features/recordings/inspection-queue.ts';
import { recordingsRepository } from './features/recordings/recordings.repository.ts';
import { clipReviewRepository } from './features/review/clip-review.repository.ts';
import { lexiconReviewRepository } from './features/review/lexicon-review.repository.ts';
import { proposalsRepository } from './features/review/proposals.repository.ts';
import { sentencesRepository } from './features/sentences/sentences.repository.ts';
import { speakersRepository } from './features/speakers/speakers.repository.ts';
import { transcriptsRepository } from './features/transcripts/transcripts.repository.ts';
import { translationRepository } from './features/translation/translation.repository.ts';
import { voicesRepository } from './features/tts/voices.repository.ts';
import authRoutes from './features/auth/auth.routes.ts';
import healthRoutes from './features/health/health.routes.ts';
import controlRoutes from './features/internal/control.routes.ts';
import authPlugin from './plugins/auth.ts';
import admissionPlugin from './plugins/admission.ts';
import databasePlugin from './plugins/database.ts';
import errorsPlugin from './plugins/errors.ts';
import compressionPlugin from './plugins/compression.ts';
import securityPlugin from './plugins/security.ts';
import slowRequestsPlugin from './plugins/slow-requests.ts';
import staticPlugin from './plugins/static.ts';
import tempFilesPlugin from './plugins/temp-files.ts';
import openapiPlugin from './plugins/openapi.ts';

/** One route as registered: what the fuzz tier, the authorization matrix and the API contract read. */
export interface RouteInfo {
  method: string;
  url: string;
  schema?: { body?: unknown; querystring?: unknown; params?: unknown; headers?: unknown };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route of the app, filled as routes register (HEAD routes Fastify adds for GET are left out). */
    routeTable: RouteInfo[];
  }
}

/**
 * Each feature's repository, as the feature defined it: the type names every repository the features declared, so
 * one left out here fails the type check.
 */
export const repositoryDefinitions: RepositoryDefinitions = {
  users: usersRepository,
  consent: consentRepository,
  data: dataRepository,
  exports: exportsRepository,
  inspections: inspectionsRepository,
  interfaceMessages: interfaceMessagesRepository,
  lexicon: lexiconRepository,
  prompts: promptsRepository,
  pictures: picturesRepository,
  recordings: recordingsRepository,
  clipReview: clipReviewRepository,
  lexiconReview: lexiconReviewRepository,
  proposals: proposalsRepository,
  sentences: sentencesRepository,
  speakers: speakersRepository,
  stories: storiesRepository,
  transcripts: transcriptsRepository,
  translation: translationRepository,
  voices: voicesRepository,
};

export interface BuildAppOptions {
  config: Config;
  database?: Database;
  /** Secret the local `npm run admin` command presents to the running server. */
  controlSecret?: string;
  logger?: boolean;
}

export async function buildApp({
  config,
  database,
  controlSecret,
  logger = true,
}: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.LOG_LEVEL } : false,
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 1024 * 1024,
    // Creating a fresh embedded database (initdb in WebAssembly) takes 10-20 s on a small machine.
    pluginTimeout: 120_000,
    // Errors of the router itself (a path that does not decode, a parameter over maxParamLength) answer in
    // the API's shape like every other, without echoing the URL back.
    frameworkErrors: (error, _request, reply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void (reply as FastifyReply).status(tooLong ? 414 : 400).send({
        message: tooLong ? 'A part of the address is too long.' : 'The address is not valid.',
        code: ERROR_CODES.validation,
      });
    },
  });
  const routeTable: RouteInfo[] = [];
  app.decorate('routeTable', routeTable);
  app.addHook('onRoute', (route) => {
    // Last of the route's own preValidation hooks (a rate limit counts a refused attempt first).
    route.preValidation = [...[route.preValidation ?? []].flat(), inputRulesHook];
    const url = route.url.length > 1 ? route.url.replace(/\/$/, '') : route.url;
    for (const method of [route.method].flat()) {
      // Fastify's own HEAD twin of a GET, and the trailing-slash twin of a prefix route, are the same route.
      if (
        routeTable.some(
          (known) =>
            known.url === url && (known.method === method || (method === 'HEAD' && known.method === 'GET')),
        )
      )
        continue;
      routeTable.push({ method, url, schema: route.schema });
    }
  });
  app.setValidatorCompiler(inputValidatorCompiler);
  // A POST without a payload is bodiless however the client labels it (fetch often sends
  // `content-type: application/json` with no body); every other JSON body goes through Fastify's own parser.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body.toString();
    if (text.trim() === '') {
      done(null, undefined);
      return;
    }
    void parseJson(request, text, done);
  });
  app.setSerializerCompiler(serializerCompiler);

  await app.register(errorsPlugin);
  await app.register(slowRequestsPlugin, { config });
  await app.register(securityPlugin, { config });
  await app.register(compressionPlugin);
  await app.register(databasePlugin, { config, ...(database ? { database } : {}) });
  // Before auth: the session lookup is database work too.
  await app.register(admissionPlugin, { config });
  await app.register(repositoriesPlugin, { config, definitions: repositoryDefinitions });
  await app.register(tempFilesPlugin, { config });
  await app.register(authPlugin);
  await app.register(trainingPlugin, { config });
  await app.register(openapiPlugin);

  await app.register(
    async (api) => {
      api.setNotFoundHandler((request, reply) =>
        reply.status(404).send({
          message: `No API route for ${request.method} ${request.url.split('?')[0]}`,
          code: ERROR_CODES.notFound,
        }),
      );
      await api.register(healthRoutes, { config });
      await api.register(authRoutes, { prefix: '/auth', config });
      await api.register(accountsRoutes, { prefix: '/admin' });
      await api.register(lexiconRoutes, { prefix: '/admin' });
      await api.register(pairsImportRoutes, { prefix: '/admin' });
      await api.register(exportsRoutes, { prefix: '/admin/exports', config });
      await api.register(consentRoutes, { prefix: '/consent' });
      await api.register(translationRoutes, { prefix: '/translation' });
      await api.register(reviewRoutes, { prefix: '/review' });
      await api.register(adminReviewRoutes, { prefix: '/admin/review' });
      await api.register(mtRoutes, { prefix: '/translation', config });
      await api.register(dataRoutes, { prefix: '/data', config });
      await api.register(recordingsRoutes, { prefix: '/audio', config });
      await api.register(promptReportRoutes, { prefix: '/audio/prompts' });
      await api.register(adminPromptsRoutes, { prefix: '/admin/prompts' });
      await api.register(picturesRoutes, { prefix: '/pictures', config });
      await api.register(adminPicturesRoutes, { prefix: '/admin/pictures', config });
      await api.register(speakersRoutes, { prefix: '/speakers', config });
      await api.register(adminSpeakersRoutes, { prefix: '/admin/speakers', config });
      await api.register(sentencesRoutes, { prefix: '/sentences' });
      await api.register(adminSentencesRoutes, { prefix: '/admin/sentences' });
      await api.register(transcriptsRoutes, { prefix: '/transcripts' });
      await api.register(trainingRoutes, { prefix: '/training' });
      await api.register(ttsRoutes, { prefix: '/tts', config });
      await api.register(familiesRoutes, { config });
      await api.register(i18nRoutes, { prefix: '/i18n' });
      await api.register(adminI18nRoutes, { prefix: '/admin/i18n' });
      if (controlSecret) await api.register(controlRoutes, { prefix: '/internal', secret: controlSecret });
    },
    { prefix: '/api' },
  );

  await app.register(staticPlugin, { config });
  return app;
}
