// The API's published contract: an OpenAPI 3.1 document generated from the same zod schemas the routes validate
// with (fastify-type-provider-zod's transform), served at /api/openapi.json, and Swagger UI at /api/docs (its
// own files, loaded only on that page, under the app's strict Content-Security-Policy). Registered before the
// routes, so every route added afterwards is in the document.
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { completeDocument, routeOperation, type OpenApiObject } from './openapi-operations.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const API_DOCS_PATH = '/api/docs';
/** The hash of the one inline <style> element of @fastify/swagger-ui 6.1.3's page. */
const SWAGGER_UI_STYLE = "'sha256-RL3ie0nH+Lzz2YNqQN83mnU0J1ot4QL7b99vMdIX99w='";

const DESCRIPTION = `The REST API of the Lopit community platform: heritage content, English–Lopit translation, and the
voice recordings and translations from which open Lopit language models are trained.

Every error answers \`{ message, code?, details? }\` (the ApiError schema); each operation lists the statuses and
codes it can answer. Signed-in requests carry \`Authorization: Bearer <session token>\`
(from \`POST /api/auth/login\`). Contributions (\`POST\`s under /api/translation, /api/consent, /api/review) accept an
\`Idempotency-Key\` header: a replay answers the first result and applies nothing twice. Recordings upload over tus 1.0
at /api/audio/tus.

## External training workers

An admin issues a worker token (\`POST /api/training/workers\`); the worker sends it as
\`Authorization: Bearer <worker token>\` to the routes under /api/training/worker (\`npm run worker\` is a complete
client):

1. \`POST /api/training/worker/claim\`: take the next queued job of the model types the token allows; the answer
   holds the job and its lease (none when nothing waits).
2. \`GET /api/training/worker/jobs/{id}/dataset\`: the job's dataset (accepted data only: validated clips and approved
   pairs of consenting contributors), and \`GET .../recordings/{recordingId}/audio\` for each clip it names.
3. \`POST /api/training/worker/jobs/{id}/heartbeat\` while training, to keep the lease and report progress; a lapsed
   lease returns the job to the queue, and an admin's stop is answered there (then \`POST .../stopped\`).
4. \`PUT /api/training/worker/jobs/{id}/artifact\` with the trained model, then \`POST .../complete\`, or
   \`POST .../fail\` with the reason.`;

/** What each domain's operations are about (the tags of the document, shown as Swagger UI's sections). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  health: 'Is the server up, and its database reachable.',
  auth: 'Sign-up, sign-in, sessions and the signed-in account.',
  accounts: "Admins' management of accounts and roles.",
  lexicon: 'The Lopit lexicon: imports and exports (admins).',
  translation: 'English–Lopit sentence pairs, machine translation and the translation memory.',
  exports: 'Training data sets for download (admins).',
  consent: "A contributor's consent to the use of their recordings and translations.",
  review: 'Community review of clips, translations and lexicon entries.',
  data: 'Statistics of the contributions, and the public lexicon.',
  audio: 'Voice recordings: uploads (tus and multipart), playback, prompts.',
  prompts: 'The sentences contributors read aloud (admins).',
  speakers: 'Field speakers recorded by a contributor, with their consent evidence.',
  transcripts: 'Transcripts of recordings, proposed and reviewed.',
  training: 'Model training: status, jobs, and the protocol of external training workers.',
  tts: 'Speech synthesis of Lopit text.',
  families: 'The community family tree (JSON and GEDCOM).',
  i18n: 'Interface languages, their message catalogues and their translation.',
};

/** A phone's browser lays Swagger UI's page out at its own width only with this (the package's page lacks it). */
const VIEWPORT_META = '<meta name="viewport" content="width=device-width, initial-scale=1">';

export default fp(
  async function openapiPlugin(app: FastifyInstance) {
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Lopit Community Platform API',
          version: '1',
          description: DESCRIPTION,
          license: { name: 'AGPL-3.0-or-later', identifier: 'AGPL-3.0-or-later' },
        },
        // Relative: the document describes the installation that serves it.
        servers: [{ url: '/', description: 'The installation serving this document' }],
        components: {
          securitySchemes: {
            session: { type: 'http', scheme: 'bearer', description: 'A session token from /api/auth/login.' },
            worker: { type: 'http', scheme: 'bearer', description: 'A worker token issued by an admin.' },
          },
        },
      },
      // Each route under its domain, with its security and error answers derived from how it is protected.
      transform: routeOperation,
      transformObject: (documentObject) =>
        'openapiObject' in documentObject
          ? (completeDocument(
              documentObject.openapiObject as OpenApiObject,
              TAG_DESCRIPTIONS,
            ) as typeof documentObject.openapiObject)
          : documentObject.swaggerObject,
    });
    app.get(OPENAPI_PATH, { schema: { hide: true } }, () => app.swagger());
    await app.register(async (docs) => {
      // Swagger UI's page gets the viewport meta it lacks, so it reads on a 360 px phone.
      docs.addHook('onSend', async (_request, reply, payload) =>
        typeof payload === 'string' && String(reply.getHeader('content-type')).startsWith('text/html')
          ? payload.replace('<meta charset="UTF-8">', `<meta charset="UTF-8">${VIEWPORT_META}`)
          : payload,
      );
      await docs.register(swaggerUi, {
        routePrefix: API_DOCS_PATH,
        theme: {
          title: 'Lopit Community Platform API',
          // Long paths in inline code (the workers' protocol) break where they must instead of widening a phone's page.
          css: [{ filename: 'phone.css', content: '.swagger-ui code { overflow-wrap: anywhere; }' }],
        },
        // No request to validator.swagger.io: the page talks to this server only.
        uiConfig: { validatorUrl: null, docExpansion: 'none', deepLinking: true } as never,
        // Swagger UI adds one <style> element of its own: allowed by its hash on these pages only.
        transformStaticCSP: (header) =>
          header.replace("style-src 'self'", `style-src 'self' ${SWAGGER_UI_STYLE}`),
      });
    });
  },
  { name: 'openapi' },
);
