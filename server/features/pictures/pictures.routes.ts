// Picture prompts (issue 32). /api/admin/pictures: admins upload a picture (multipart: the image in the field
// "image", its description, credit and licence as text fields), list every picture, and retire one.
// /api/pictures: the pack of active pictures the phone keeps offline, and each picture's image.
// The image kept is the server's re-encoding (picture-image.ts), in the store's pictures area named by its SHA-256 only.
import fsp from 'node:fs/promises';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  adminPictureResponseSchema,
  adminPicturesSchema,
  PICTURE_LICENCE_MAX,
  PICTURE_UPLOAD_MAX_BYTES,
  pictureFieldsSchema,
  pictureIdParamsSchema,
  picturePackSchema,
} from '../../../core/api/pictures.ts';
import type { Config } from '../../config.ts';
import { blobStoreOf, type StorageConfig } from '../../lib/blob-store.ts';
import { idempotent, IDEMPOTENT_CONTRACT, idempotentContract } from '../../lib/idempotency.ts';
import { receiveFormFile } from '../../lib/multipart-file.ts';
import { fileAnswer, multipartBody } from '../../lib/route-contract.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import { parseInput } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { keepPicture, pictureImage, retirePicture } from './pictures.service.ts';

/** Where the served images are kept: apart from recordings and consent evidence. */
export const pictureStoreOf = (config: StorageConfig) => blobStoreOf(config, 'pictures');

const MULTIPART_LIMITS = {
  fileSize: PICTURE_UPLOAD_MAX_BYTES,
  fields: 3,
  fieldSize: PICTURE_LICENCE_MAX * 4,
  parts: 4,
};

/** /api/admin/pictures: upload, list and retire pictures; admins only. */
export async function adminPicturesRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  // Multipart bodies are read by receiveMultipartFile; the plugin only lets them through to it.
  await app.register(multipart, { limits: { ...MULTIPART_LIMITS, files: 1 } });
  const store = pictureStoreOf(config);
  const tempDir = uploadTempDir(config);
  app.guardRoutes('admin');

  app.get(
    '/',
    {
      schema: {
        summary: 'Every picture prompt, retired ones too, with its rights and clips',
        response: { 200: adminPicturesSchema },
      },
    },
    async () => ({ pictures: await app.repositories.pictures.adminList() }),
  );

  app.post(
    '/',
    {
      bodyLimit: PICTURE_UPLOAD_MAX_BYTES + 64 * 1024,
      config: {
        ...idempotentContract(
          { status: 400, code: ERROR_CODES.validation },
          { status: 413, code: ERROR_CODES.fileTooLarge },
          { status: 415, code: ERROR_CODES.validation },
          { status: 422, code: ERROR_CODES.unreadableImage },
          { status: 422, code: ERROR_CODES.imageTooLarge },
          { status: 503, code: ERROR_CODES.unavailable },
        ),
        requestBody: multipartBody({
          description:
            'The image (JPEG, PNG or WebP) in the field "image"; the text fields description, credit (who made it or its source) and licence (the licence or permission).',
          files: { image: 'image/jpeg, image/png, image/webp' },
        }),
      },
      schema: {
        summary: 'Upload a picture prompt with its rights and description',
        response: { 201: adminPictureResponseSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { file, read: text } = await receiveFormFile(request, {
        tempDir,
        suffix: '.picture',
        field: 'image',
        limits: MULTIPART_LIMITS,
        answers: {
          notMultipart: {
            message: 'Send the picture as multipart/form-data with the image in the field "image".',
            code: ERROR_CODES.validation,
          },
          tooLarge: `This image is too large; upload at most ${PICTURE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
          missing: 'Attach the picture in the field "image".',
        },
        // The rights and the description first: nothing is decoded for an upload that must be refused anyway.
        fields: (fields) => parseInput(pictureFieldsSchema, Object.fromEntries(fields)),
        fieldsFirst: true,
      });
      try {
        const picture = await keepPicture(
          file,
          text,
          user,
          { store, repositories: app.repositories, tempDir, ffmpegPath: config.FFMPEG_PATH },
          (effect) =>
            idempotent(request, reply, effect, { fingerprint: { sha256: file.sha256, fields: text } }),
        );
        return reply.code(201).send(picture);
      } finally {
        await fsp.rm(file.path, { force: true });
      }
    },
  );

  app.post(
    '/:id/retire',
    {
      config: IDEMPOTENT_CONTRACT,
      schema: {
        summary: 'Retire a picture: it leaves the pack; clips recorded from it keep it',
        params: pictureIdParamsSchema,
        response: { 200: adminPictureResponseSchema },
      },
    },
    (request, reply) =>
      idempotent(request, reply, (repositories) =>
        retirePicture(repositories, request.params.id, currentUser(request)),
      ),
  );
}

/** /api/pictures: the pack of active pictures and their images, for every signed-in contributor. */
export function picturesRoutes(instance: FastifyInstance, { config }: { config: Config }) {
  const app = instance.withTypeProvider<ZodTypeProvider>();
  const store = pictureStoreOf(config);
  app.guardRoutes('user');

  app.get(
    '/pack',
    {
      schema: {
        summary: 'The active picture prompts, for the phone to keep offline',
        response: { 200: picturePackSchema },
      },
    },
    async () => ({ pictures: await app.repositories.pictures.pack() }),
  );

  app.get(
    '/:id/image',
    {
      config: {
        answers: [fileAnswer('The picture, re-encoded as JPEG without metadata.', ['image/jpeg'])],
        errors: [{ status: 404, code: ERROR_CODES.notFound }],
      },
      schema: { summary: "A picture prompt's image", params: pictureIdParamsSchema },
    },
    async (request, reply) => {
      const found = await pictureImage(app.repositories, request.params.id);
      const { stream, size } = await store.open(found.sha256);
      return (
        reply
          .header('Content-Type', found.mimeType)
          .header('Content-Length', String(size))
          // The image of an id never changes; it is private to signed-in contributors.
          .header('Cache-Control', 'private, max-age=31536000, immutable')
          .header('ETag', `"${found.sha256}"`)
          .header('Content-Disposition', 'inline; filename="picture.jpg"')
          .send(stream)
      );
    },
  );
}
