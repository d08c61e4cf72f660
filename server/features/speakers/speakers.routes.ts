// /api/speakers: field speakers a contributor records who have no account (issue 16). A contributor adds a
// speaker, records their consent with what shows it (a spoken consent recording or a photo of the signed form,
// one file per request, decoded before it counts) and records their withdrawal; every write honours
// Idempotency-Key, so the phone's outbox replays it safely. Only who added a speaker (or an admin) uses them.
// /api/admin/speakers: every speaker with who added them, and the evidence files, for admins only. Evidence
// files live apart from recordings (DATA_DIR/consent-evidence): no dataset, export or player can reach them.
import crypto from 'node:crypto';
import multipart from '@fastify/multipart';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  adminSpeakersQuerySchema,
  CONSENT_EVIDENCE_AUDIO_MAX_BYTES,
  CONSENT_EVIDENCE_PHOTO_MAX_BYTES,
  speakerConsentFieldsSchema,
  speakerEvidenceFileParamsSchema,
  speakersResponseSchema,
  type ConsentEvidenceKind,
  type Speaker,
} from '../../../core/api/speakers.ts';
import { plausibleRecordedAt } from '../../../core/api/recordings.ts';
import type { Config } from '../../config.ts';
import { AppError, notFound } from '../../errors.ts';
import { FileBlobStore } from '../../lib/blob-store.ts';
import { idempotent } from '../../lib/idempotency.ts';
import { MultipartError, receiveMultipartFile } from '../../lib/multipart-file.ts';
import { parseInput } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import type { TransactionRepositories } from '../../plugins/repositories.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import { decoders } from '../../lib/concurrency.ts';
import { inspectAudio } from '../recordings/inspect-audio.ts';
import { checkPhoto } from './evidence-photo.ts';
import { multipartMutationSchema, mutationSchema } from '../../../core/api/mutations.ts';

export const SPEAKER_NOT_FOUND = 'This speaker was not found on your account.';
const EVIDENCE_MAX_BYTES = Math.max(CONSENT_EVIDENCE_AUDIO_MAX_BYTES, CONSENT_EVIDENCE_PHOTO_MAX_BYTES);

/** Where consent evidence is kept: apart from recordings, so no dataset, export or player reaches it. */
const evidenceStoreOf = (config: Config) => new FileBlobStore(path.join(config.DATA_DIR, 'consent-evidence'));

const badEvidence = (message: string) => new AppError(400, message, ERROR_CODES.validation);

/** The speaker if this user may act for them (who added them, or an admin). */
async function speakerFor(repositories: TransactionRepositories, id: string, user: User) {
  const row = await repositories.speakers.find(id);
  if (!row || (row.addedBy !== user.id && user.role !== 'admin')) throw notFound(SPEAKER_NOT_FOUND);
  return row;
}

async function shown(repositories: TransactionRepositories, id: string): Promise<Speaker> {
  const speaker = await repositories.speakers.one(id);
  if (!speaker) throw notFound(SPEAKER_NOT_FOUND);
  return speaker;
}

/**
 * Checks an evidence file by decoding it, and answers the type it is kept and served as: a spoken consent must
 * decode as audio (the recordings' own inspection; an audio type even when the container sniffs as video/webm),
 * a photo of the form as a whole image of bounded size. Nothing is kept of a file refused here.
 */
async function evidenceType(
  filePath: string,
  size: number,
  kind: ConsentEvidenceKind,
  config: Config,
): Promise<string> {
  if (kind === 'photo') return checkPhoto(filePath, size, { ffmpegPath: config.FFMPEG_PATH });
  if (size > CONSENT_EVIDENCE_AUDIO_MAX_BYTES)
    throw new AppError(413, 'This spoken consent is too large.', ERROR_CODES.fileTooLarge);
  const inspection = await decoders.run(() =>
    inspectAudio(filePath, { ffmpegPath: config.FFMPEG_PATH, maxSeconds: config.AUDIO_MAX_SECONDS }),
  );
  return inspection.mimeType;
}

export default async function speakersRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Multipart bodies are read by receiveMultipartFile; the plugin only lets them through to it.
  await app.register(multipart, { limits: { fileSize: EVIDENCE_MAX_BYTES, files: 1, fields: 4, parts: 6 } });
  const evidenceStore = evidenceStoreOf(config);
  const tempDir = uploadTempDir(config);
  app.addHook('onRequest', app.requireUser);

  app.get('/', { schema: { response: { 200: speakersResponseSchema } } }, async (request) => ({
    speakers: await app.repositories.speakers.list(currentUser(request).id),
  }));

  app.post(
    '/',
    {
      schema: mutationSchema('speaker.create'),
    },
    (request, reply) =>
      idempotent(request, reply, async (repositories) => {
        const user = currentUser(request);
        const { addedAt, ...fields } = request.body;
        const { row } = await repositories.speakers.create(
          { ...fields, addedAt: plausibleRecordedAt(addedAt, Date.now()) },
          user.id,
        );
        if (row.addedBy !== user.id)
          throw new AppError(409, 'Another speaker already has this id.', ERROR_CODES.conflict);
        return { speaker: await shown(repositories, row.id) };
      }),
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
      file: { sha256: string; size: number; mimeType: string },
      fields: Map<string, string>,
    ) => Promise<{ speaker: Speaker; consentId: string; created: boolean }>,
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
      schema: multipartMutationSchema('speaker.consent'),
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
        async (repositories, file, fields) => {
          const fieldsOf = parse(fields);
          const speaker = await speakerFor(repositories, request.params.id, user);
          const granted = await repositories.speakers.grant(
            speaker.id,
            fieldsOf.id,
            fieldsOf.consentType,
            user.id,
          );
          if (!granted) throw new AppError(409, 'Another consent already has this id.', ERROR_CODES.conflict);
          const added = await repositories.speakers.addEvidence(granted.eventId, {
            kind: fieldsOf.kind,
            mimeType: file.mimeType,
            sizeBytes: file.size,
            sha256: file.sha256,
          });
          return {
            speaker: await shown(repositories, speaker.id),
            consentId: fieldsOf.id,
            created: granted.created || added,
          };
        },
      );
    },
  );

  app.post(
    '/:id/consent/:consentId/evidence/:kind',
    {
      schema: multipartMutationSchema('speaker.evidence'),
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { id, consentId, kind } = request.params;
      await speakerFor(app.repositories, id, user);
      return receiveEvidence(
        request,
        reply,
        () => kind,
        async (repositories, file) => {
          const eventId = await repositories.speakers.consentEvent(id, consentId);
          if (eventId === null) throw notFound('This consent was not found. Send the consent first.');
          const created = await repositories.speakers.addEvidence(eventId, {
            kind,
            mimeType: file.mimeType,
            sizeBytes: file.size,
            sha256: file.sha256,
          });
          return { speaker: await shown(repositories, id), consentId, created };
        },
      );
    },
  );

  app.post(
    '/:id/withdraw',
    {
      schema: mutationSchema('speaker.withdraw'),
    },
    (request, reply) =>
      idempotent(request, reply, async (repositories) => {
        const user = currentUser(request);
        const speaker = await speakerFor(repositories, request.params.id, user);
        await repositories.speakers.withdraw(speaker.id, user.id, request.body.reason || null);
        return { speaker: await shown(repositories, speaker.id) };
      }),
  );
}

/** /api/admin/speakers: every speaker, and the files that show their consent. */
export function adminSpeakersRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const evidenceStore = evidenceStoreOf(config);
  app.addHook('onRequest', app.requireAdmin);

  app.get(
    '/',
    { schema: { querystring: adminSpeakersQuerySchema, response: { 200: speakersResponseSchema } } },
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
    { schema: { params: speakerEvidenceFileParamsSchema } },
    async (request, reply) => {
      const found = await app.repositories.speakers.evidence(
        request.params.id,
        Number(request.params.evidenceId),
      );
      if (!found) throw notFound('This evidence was not found.');
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
