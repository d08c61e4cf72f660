// The model file an external worker uploads: raw bytes only, streamed to a temporary file within
// TRAINING_ARTIFACT_MAX_BYTES and into the content-addressed blob store.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest, onRequestHookHandler } from 'fastify';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { TRAINING_ERROR_CODES } from '../../../core/api/training.ts';
import { TRAINING_ARTIFACT_MAX_BYTES } from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore } from '../../lib/blob-store.ts';

/** Checked before any parser reads the body: only raw bytes are streamed to the store. */
export const rawBytesOnly: onRequestHookHandler = (request, _reply, done) => {
  if (/^application\/octet-stream\s*(;|$)/i.test(request.headers['content-type'] ?? '')) return done();
  done(
    new AppError(
      415,
      'Send the artifact as raw bytes with Content-Type: application/octet-stream.',
      TRAINING_ERROR_CODES.unsupportedArtifact,
    ),
  );
};

/** Streams the request body to a temporary file (at most TRAINING_ARTIFACT_MAX_BYTES) and into the blob store. */
export async function receiveArtifact(
  request: FastifyRequest,
  tempDir: string,
  blobs: BlobStore,
): Promise<{ sha256: string; size: number }> {
  const tooLarge = () =>
    new AppError(
      413,
      `The artifact is larger than ${TRAINING_ARTIFACT_MAX_BYTES / 1024 ** 3} GiB.`,
      TRAINING_ERROR_CODES.artifactTooLarge,
    );
  const declared = Number(request.headers['content-length'] ?? NaN);
  if (Number.isFinite(declared) && declared > TRAINING_ARTIFACT_MAX_BYTES) throw tooLarge();
  await fsp.mkdir(tempDir, { recursive: true });
  const temp = path.join(tempDir, `artifact-${crypto.randomBytes(8).toString('hex')}.upload`);
  let size = 0;
  try {
    await pipeline(
      request.raw,
      new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          callback(size > TRAINING_ARTIFACT_MAX_BYTES ? tooLarge() : null, chunk);
        },
      }),
      fs.createWriteStream(temp),
    );
    if (size === 0) throw new AppError(400, 'The artifact is empty.', ERROR_CODES.emptyFile);
    return await blobs.put(temp);
  } finally {
    await fsp.rm(temp, { force: true });
  }
}
