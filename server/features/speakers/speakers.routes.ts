// /api/speakers: field speakers a contributor records who have no account (issue 16). A contributor adds a
// speaker, records their consent with what shows it (a spoken consent recording or a photo of the signed form,
// one file per request, decoded before it counts) and records their withdrawal; every write honours
// Idempotency-Key, so the phone's outbox replays it safely. Only who added a speaker (or an admin) uses them.
// /api/admin/speakers: every speaker with who added them, and the evidence files, for admins only. Evidence
// files live apart from recordings (the store's consent-evidence area): no dataset, export or player can reach them.
import multipart from '@fastify/multipart';
import fsp from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  adminSpeakersQuerySchema,
  CONSENT_EVIDENCE_AUDIO_MAX_BYTES,
  CONSENT_EVIDENCE_PHOTO_MAX_BYTES,
  speakerConsentFieldsSchema,
  speakerEvidenceFileParamsSchema,
  speakersResponseSchema,
  type ConsentEvidenceKind,
} from '../../../core/api/speakers.ts';
import type { Config } from '../../config.ts';
import { blobStoreOf } from '../../lib/blob-store.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { receiveFormFile } from '../../lib/multipart-file.ts';
import { parseJsonField } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import {
  addConsentEvidence,
  addSpeaker,
  evidenceOf,
  grantConsent,
  keepEvidence,
  speakerFor,
  withdrawSpeaker,
  type ConsentAnswer,
  type EvidenceFile,
} from './speakers.service.ts';
import { CONSENT_WITH_EVIDENCE, EVIDENCE_FILE, MORE_EVIDENCE } from './speakers-contract.ts';
import { multipartMutationRoute, mutationRoute } from '../../lib/mutation-route.ts';

const EVIDENCE_MAX_BYTES = Math.max(CONSENT_EVIDENCE_AUDIO_MAX_BYTES, CONSENT_EVIDENCE_PHOTO_MAX_BYTES);

/** Where consent evidence is kept: apart from recordings, so no dataset, export or player reaches it. */
const evidenceStoreOf = (config: Config) => blobStoreOf(config, 'consent-evidence');

export default async function speakersRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Multipart bodies are read by receiveMultipartFile; the plugin only lets them through to it.
  await app.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 4, parts: 6 } });
  const evidenceStore = evidenceStoreOf(config);
  const tempDir = uploadTempDir(config);
  app.guardRoutes('user');

  app.get(
    '/',
    {
      schema: {
        summary: 'The field speakers of the signed-in contributor',
        response: { 200: speakersResponseSchema },
      },
    },
    async (request) => ({ speakers: await app.repositories.speakers.list(currentUser(request).id) }),
  );

  app.post(
    '/',
    {
      ...mutationRoute('speaker.create'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        addSpeaker(repositories, currentUser(request), request.body),
      ),
  );

  /**
   * Receives one evidence file (multipart field `evidence`) and the JSON field `consent` when asked; checks the
   * file by its bytes, keeps it, and runs `record` (inside the idempotent transaction) to write the rows. The
   * temporary file is removed on every way out; a kept file no row names is removed again.
   */
  async function receiveEvidence(
    request: FastifyRequest,
    reply: FastifyReply,
    kindOf: (fields: Map<string, string>) => ConsentEvidenceKind,
    record: (
      repositories: TransactionRepositories,
      file: EvidenceFile,
      fields: Map<string, string>,
    ) => Promise<ConsentAnswer>,
  ) {
    const {
      file,
      fields,
      read: kind,
    } = await receiveFormFile(request, {
      tempDir,
      suffix: '.evidence',
      field: 'evidence',
      limits: { fileSize: EVIDENCE_MAX_BYTES, fields: 4, fieldSize: 4096, parts: 6 },
      answers: {
        notMultipart: {
          message: 'Send the evidence as multipart/form-data in the field "evidence".',
          code: ERROR_CODES.validation,
        },
        tooLarge: 'This file is too large to keep as evidence.',
        missing: 'Attach the spoken consent or the photo in the field "evidence".',
      },
      fields: kindOf,
    });
    try {
      return await keepEvidence(
        file,
        kind,
        { config, store: evidenceStore, repositories: app.repositories },
        (evidence) =>
          idempotent(request, reply, (repositories) => record(repositories, evidence, fields), {
            fingerprint: { sha256: file.sha256, fields: Object.fromEntries(fields), params: request.params },
          }),
      );
    } finally {
      await fsp.rm(file.path, { force: true });
    }
  }

  app.post(
    '/:id/consent',
    {
      ...multipartMutationRoute('speaker.consent', CONSENT_WITH_EVIDENCE),
    },
    async (request, reply) => {
      const user = currentUser(request);
      await speakerFor(app.repositories, request.params.id, user);
      let consent: ReturnType<typeof speakerConsentFieldsSchema.parse> | null = null;
      const parse = (fields: Map<string, string>) =>
        (consent ??= parseJsonField(
          fields.get('consent'),
          speakerConsentFieldsSchema,
          'The field "consent" must be JSON with id, consentType and kind.',
        ));
      return receiveEvidence(
        request,
        reply,
        (fields) => parse(fields).kind,
        (repositories, file, fields) =>
          grantConsent(repositories, user, request.params.id, parse(fields), file),
      );
    },
  );

  app.post(
    '/:id/consent/:consentId/evidence/:kind',
    {
      ...multipartMutationRoute('speaker.evidence', MORE_EVIDENCE),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, consentId, kind } = request.params;
      await speakerFor(app.repositories, id, user);
      return receiveEvidence(
        request,
        reply,
        () => kind,
        (repositories, file) => addConsentEvidence(repositories, id, consentId, kind, file),
      );
    },
  );

  app.post(
    '/:id/withdraw',
    {
      ...mutationRoute('speaker.withdraw'),
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        withdrawSpeaker(
          repositories,
          currentUser(request),
          request.params.id,
          request.body.reason || null,
          request.body.withdrawnAt,
        ),
      ),
  );
}

/** /api/admin/speakers: every speaker, and the files that show their consent. */
export function adminSpeakersRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const evidenceStore = evidenceStoreOf(config);
  app.guardRoutes('admin');

  app.get(
    '/',
    {
      schema: {
        summary: 'Every field speaker, with who added them',
        querystring: adminSpeakersQuerySchema,
        response: { 200: speakersResponseSchema },
      },
    },
    async (request) => {
      const speakers = await app.repositories.speakers.list(null);
      const { withdrawn } = request.query;
      return {
        speakers: withdrawn
          ? speakers.filter((speaker) => String(speaker.withdrawn) === withdrawn)
          : speakers,
      };
    },
  );

  app.get(
    '/:id/evidence/:evidenceId',
    {
      schema: { summary: 'A consent evidence file', params: speakerEvidenceFileParamsSchema },
      config: EVIDENCE_FILE,
    },
    async (request, reply) => {
      const found = await evidenceOf(app.repositories, request.params.id, Number(request.params.evidenceId));
      const { stream, size } = await evidenceStore.open(found.sha256);
      return reply
        .header('Content-Type', found.mimeType)
        .header('Content-Length', String(size))
        .header('Cache-Control', 'private, no-store')
        .header('Content-Disposition', `inline; filename="consent-${found.kind}"`)
        .send(stream);
    },
  );
}
