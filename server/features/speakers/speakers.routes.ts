// /api/speakers: field speakers a contributor records who have no account (issue 16). A contributor adds a
// speaker, records their consent with what shows it (a spoken consent recording or a photo of the signed form,
// one file per request, decoded before it counts) and records their withdrawal; every write honours
// Idempotency-Key, so the phone's outbox replays it safely. Only who added a speaker (or an admin) uses them.
// /api/admin/speakers: every speaker with who added them, and the evidence files, for admins only. Evidence
// files live apart from recordings (the store's consent-evidence area): no dataset, export or player can reach them.
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import fsp from 'node:fs/promises';
import path from 'node:path';
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
import { AppError } from '../../errors.ts';
import { blobStoreOf } from '../../lib/blob-store.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { MultipartError, receiveMultipartFile } from '../../lib/multipart-file.ts';
import { parseInput } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import {
  addConsentEvidence,
  addSpeaker,
  evidenceOf,
  evidenceType,
  grantConsent,
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

const badEvidence = (message: string) => new AppError(400, message, ERROR_CODES.validation);

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
    if (!request.isMultipart())
      throw new AppError(
        415,
        'Send the evidence as multipart/form-data in the field "evidence".',
        ERROR_CODES.validation,
      );
    await fsp.mkdir(tempDir, { recursive: true });
    const tempPath = path.join(tempDir, `${crypto.randomUUID()}.evidence`);
    let received;
    try {
      received = await receiveMultipartFile(
        request.raw,
        tempPath,
        { fileSize: EVIDENCE_MAX_BYTES, fields: 4, fieldSize: 4096, parts: 6 },
        'evidence',
      );
    } catch (error) {
      if (!(error instanceof MultipartError)) throw error;
      if (error.reason === 'file-too-large')
        throw new AppError(413, 'This file is too large to keep as evidence.', ERROR_CODES.fileTooLarge);
      throw badEvidence(error.message);
    }
    try {
      const { file, fields } = received;
      if (!file) throw badEvidence('Attach the spoken consent or the photo in the field "evidence".');
      const kind = kindOf(fields);
      const mimeType = await evidenceType(file.path, file.size, kind, config);
      await evidenceStore.put(file.path, { keepSource: true });
      try {
        return await idempotent(
          request,
          reply,
          (repositories) => record(repositories, { sha256: file.sha256, size: file.size, mimeType }, fields),
          {
            fingerprint: { sha256: file.sha256, fields: Object.fromEntries(fields), params: request.params },
          },
        );
      } catch (error) {
        if (!(await app.repositories.speakers.evidenceUsesFile(file.sha256)))
          await evidenceStore.delete(file.sha256).catch(() => undefined);
        throw error;
      }
    } finally {
      await fsp.rm(tempPath, { force: true });
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
      const parse = (fields: Map<string, string>) => {
        if (consent) return consent;
        let value: unknown;
        try {
          value = JSON.parse(fields.get('consent') ?? '');
        } catch {
          throw badEvidence('The field "consent" must be JSON with id, consentType and kind.');
        }
        consent = parseInput(speakerConsentFieldsSchema, value);
        return consent;
      };
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
