// The rules of picture prompts (issue 32): an uploaded image is kept only as the server's re-encoding
// (picture-image.ts), in the store's pictures area named by its SHA-256 only; a retired picture leaves the pack.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { z } from 'zod';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { AdminPicture, pictureFieldsSchema } from '../../../core/api/pictures.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../lib/blob-store.ts';
import type { ReceivedFile } from '../../lib/multipart-file.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';
import { preparePicture } from './picture-image.ts';

const PICTURE_NOT_FOUND = 'This picture was not found.';
const notFound = () => new AppError(404, PICTURE_NOT_FOUND, ERROR_CODES.notFound);

export interface PictureContext {
  store: BlobStore;
  repositories: Repositories;
  tempDir: string;
  ffmpegPath: string;
}

/**
 * Re-encodes an uploaded image (refusing one that does not decode or is too large), keeps the re-encoding and
 * records it with its rights through `within` (the caller's idempotent transaction). A kept image no row names
 * is removed again when recording it fails; the uploaded file stays where it is (the caller removes it).
 */
export async function keepPicture(
  upload: ReceivedFile,
  text: z.infer<typeof pictureFieldsSchema>,
  user: User,
  context: PictureContext,
  within: (
    effect: (repositories: TransactionRepositories) => Promise<{ picture: AdminPicture }>,
  ) => Promise<{ picture: AdminPicture }>,
): Promise<{ picture: AdminPicture }> {
  const servedPath = path.join(context.tempDir, `${crypto.randomUUID()}.jpg`);
  try {
    const prepared = await preparePicture(upload.path, upload.size, servedPath, {
      ffmpegPath: context.ffmpegPath,
    });
    const blob = await context.store.put(servedPath, { keepSource: true });
    try {
      return await within(async (repositories) => {
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
      });
    } catch (error) {
      if (!(await context.repositories.pictures.usesImage(blob.sha256)))
        await context.store.delete(blob.sha256).catch(() => undefined);
      throw error;
    }
  } finally {
    await fsp.rm(servedPath, { force: true });
  }
}

/** Retires a picture: it leaves the pack; clips recorded from it keep it. 404 when there is none. */
export async function retirePicture(
  repositories: TransactionRepositories,
  id: string,
  by: User,
): Promise<{ picture: AdminPicture }> {
  if (!(await repositories.pictures.retire(id, by.id))) throw notFound();
  const [picture] = await repositories.pictures.adminList(id);
  return { picture: picture! };
}

/** Where a picture's image is kept, or 404. */
export async function pictureImage(repositories: Repositories, id: string) {
  const found = await repositories.pictures.image(id);
  if (!found) throw notFound();
  return found;
}
