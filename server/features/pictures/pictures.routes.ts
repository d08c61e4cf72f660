// Picture prompts (issue 32). /api/admin/pictures: admins upload a picture (multipart: the image in the field
// "image", its description, credit and licence as text fields), list every picture, and retire one.
// /api/pictures: the pack of active pictures the phone keeps offline, and each picture's image.
// The image kept is the server's re-encoding (picture-image.ts), in the store's pictures area named by its SHA-256 only.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
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
import { AppError } from '../../errors.ts';
import { blobStoreOf, type StorageConfig } from '../../lib/blob-store.ts';
import { idempotent, IDEMPOTENT_CONTRACT, idempotentContract } from '../../lib/idempotency.ts';
import { MultipartError, receiveMultipartFile } from '../../lib/multipart-file.ts';
import { fileAnswer, multipartBody } from '../../lib/route-contract.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import { parseInput } from '../../lib/validation.ts';
import { currentUser } from '../../plugins/auth.ts';
import { preparePicture } from './picture-image.ts';

/** Where the served images are kept: apart from recordings and consent evidence. */
export const pictureStoreOf = (config: StorageConfig) => blobStoreOf(config, 'pictures');

const PICTURE_NOT_FOUND = 'This picture was not found.';
const notFound = () => new AppError(404, PICTURE_NOT_FOUND, ERROR_CODES.notFound);
const badUpload = (message: string) => new AppError(400, message, ERROR_CODES.validation);
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
      if (!request.isMultipart())
        throw new AppError(
          415,
          'Send the picture as multipart/form-data with the image in the field "image".',
          ERROR_CODES.validation,
        );
      const user = currentUser(request);
      await fsp.mkdir(tempDir, { recursive: true });
      const uploadPath = path.join(tempDir, `${crypto.randomUUID()}.picture`);
      const servedPath = path.join(tempDir, `${crypto.randomUUID()}.jpg`);
      try {
        let received;
        try {
          received = await receiveMultipartFile(request.raw, uploadPath, MULTIPART_LIMITS, 'image');
        } catch (error) {
          if (!(error instanceof MultipartError)) throw error;
          if (error.reason === 'file-too-large')
            throw new AppError(
              413,
              `This image is too large; upload at most ${PICTURE_UPLOAD_MAX_BYTES / 1024 / 1024} MB.`,
              ERROR_CODES.fileTooLarge,
            );
          throw badUpload(error.message);
        }
        const { file, fields } = received;
        // The rights and the description first: nothing is decoded for an upload that must be refused anyway.
        const text = parseInput(pictureFieldsSchema, Object.fromEntries(fields));
        if (!file) throw badUpload('Attach the picture in the field "image".');
        const prepared = await preparePicture(file.path, file.size, servedPath, {
          ffmpegPath: config.FFMPEG_PATH,
        });
        const blob = await store.put(servedPath, { keepSource: true });
        try {
          const picture = await idempotent(
            request,
            reply,
            async (repositories) => {
              const id = await repositories.pictures.insert({
                ...text,
                sha256: blob.sha256,
                mimeType: prepared.mimeType,
                width: prepared.width,
                height: prepared.height,
                sizeBytes: blob.size,
                uploadedBy: user.id,
              });
              const [made] = await repositories.pictures.adminList(id);
              return { picture: made! };
            },
            { fingerprint: { sha256: file.sha256, fields: text } },
          );
          return reply.code(201).send(picture);
        } catch (error) {
          if (!(await app.repositories.pictures.usesImage(blob.sha256)))
            await store.delete(blob.sha256).catch(() => undefined);
          throw error;
        }
      } finally {
        await fsp.rm(uploadPath, { force: true });
        await fsp.rm(servedPath, { force: true });
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
      idempotent(request, reply, async (repositories) => {
        if (!(await repositories.pictures.retire(request.params.id, currentUser(request).id)))
          throw notFound();
        const [picture] = await repositories.pictures.adminList(request.params.id);
        return { picture: picture! };
      }),
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
      const found = await app.repositories.pictures.image(request.params.id);
      if (!found) throw notFound();
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
