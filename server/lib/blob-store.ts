// Where the server keeps files: one storage interface (blob-store/objects.ts) with two stores, the local folder
// DATA_DIR (the default) or an S3-compatible object store (BLOB_STORE=s3://bucket/prefix), in areas:
//   blobs/ab/cd/<sha256>             recordings, trained models, uploaded artifacts (content-addressed)
//   consent-evidence/ab/cd/<sha256>  consent evidence, apart from recordings (no dataset or player reaches it)
//   pictures/ab/cd/<sha256>          pictures prompts are recorded about
//   tts-cache/ab/<key>.wav           spoken results, bounded, least recently used go first
//   families/family-data.json        the imported family lineage
//   tus-uploads/<id>/...             unfinished resumable uploads (S3 only; DATA_DIR/uploads/tus locally)
// Content-addressed areas keep the same bytes once; only a validated lowercase hex SHA-256 becomes a key.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { S3Client } from '@aws-sdk/client-s3';
import type { Config } from '../config.ts';
import { FileObjectStore } from './blob-store/file-objects.ts';
import { ObjectArea, type BlobRange, type ObjectStore } from './blob-store/objects.ts';
import { parseS3Url } from './blob-store/s3-url.ts';
import { S3ObjectStore } from './blob-store/s3-objects.ts';
import { checkStoreWritable } from './blob-store/start-check.ts';

export { StorageUnavailableError } from './blob-store/start-check.ts';
export {
  BlobNotFoundError,
  type BlobRange,
  type ObjectInfo,
  type ObjectStore,
} from './blob-store/objects.ts';

export interface BlobStore {
  /**
   * Stores the file under its SHA-256; the same bytes are kept once. The file is consumed (moved in), or with
   * `keepSource` left where it is (linked or copied), for a caller that must still have it if what follows fails.
   */
  put(tempFilePath: string, options?: { keepSource?: boolean }): Promise<{ sha256: string; size: number }>;
  /** Reads a blob or a range of it; `size` is the whole blob's size. Throws BlobNotFoundError. */
  open(sha256: string, range?: BlobRange): Promise<{ stream: Readable; size: number }>;
  delete(sha256: string): Promise<void>;
  exists(sha256: string): Promise<boolean>;
  /** The blob as a local file when the store is a local folder (a decoder reads it in place), else null. */
  localPath(sha256: string): string | null;
}

const SHA256_HEX = /^[0-9a-f]{64}$/;

export function isSha256Hex(value: string): boolean {
  return SHA256_HEX.test(value);
}

/** SHA-256 (hex) and size of a file, read as a stream. */
export async function hashFile(filePath: string): Promise<{ sha256: string; size: number }> {
  const hash = crypto.createHash('sha256');
  let size = 0;
  await pipeline(fs.createReadStream(filePath), async (source: AsyncIterable<Buffer>) => {
    for await (const chunk of source) {
      size += chunk.length;
      hash.update(chunk);
    }
  });
  return { sha256: hash.digest('hex'), size };
}

/** The key of a blob; refuses anything but 64 lowercase hex digits. */
export function blobKey(sha256: string): string {
  if (!isSha256Hex(sha256)) throw new Error('A blob is named by its lowercase hex SHA-256');
  return `${sha256.slice(0, 2)}/${sha256.slice(2, 4)}/${sha256}`;
}

/** A local file holding a stored blob; `done()` removes it when it is a copy (at most once, whenever called). */
export interface LocalBlobFile {
  path: string;
  done: () => Promise<void>;
}

/** A copy of a stored blob in `tempDir` (0600, in a 0700 folder), read through the store. */
export async function spoolBlob(blobs: BlobStore, sha256: string, tempDir: string): Promise<LocalBlobFile> {
  await fs.promises.mkdir(tempDir, { recursive: true, mode: 0o700 });
  const copy = path.join(tempDir, `stored-${crypto.randomUUID()}`);
  let removed: Promise<void> | null = null;
  const done = () => (removed ??= fs.promises.rm(copy, { force: true }));
  try {
    const { stream } = await blobs.open(sha256);
    await pipeline(stream, fs.createWriteStream(copy, { mode: 0o600 }));
  } catch (error) {
    await done();
    throw error;
  }
  return { path: copy, done };
}

/**
 * A stored blob as a file a reader can seek in (ffmpeg reading MP4, whose index may sit at the end: a pipe cannot
 * go back to it): the store's own file when it is a local folder, else a copy spooled into `tempDir`. Call `done()`
 * on every way out; a copy left by a process that died is swept with the other temporary files.
 */
export async function seekableBlobFile(
  blobs: BlobStore,
  sha256: string,
  tempDir: string,
): Promise<LocalBlobFile> {
  const local = blobs.localPath(sha256);
  if (local) return { path: local, done: () => Promise.resolve() };
  return spoolBlob(blobs, sha256, tempDir);
}

/** Content-addressed blobs in an object store: ab/cd/<sha256>. */
export class ContentStore implements BlobStore {
  constructor(readonly objects: ObjectStore) {}

  async put(
    tempFilePath: string,
    { keepSource = false }: { keepSource?: boolean } = {},
  ): Promise<{ sha256: string; size: number }> {
    const { sha256, size } = await hashFile(tempFilePath);
    if (await this.exists(sha256)) {
      if (!keepSource) await fs.promises.rm(tempFilePath, { force: true });
      return { sha256, size };
    }
    await this.objects.putFile(blobKey(sha256), tempFilePath, { keepSource, sha256 });
    return { sha256, size };
  }

  async open(sha256: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    return this.objects.open(blobKey(sha256), range);
  }

  async delete(sha256: string): Promise<void> {
    await this.objects.delete(blobKey(sha256));
  }

  /** Whether the blob is stored (false for anything but a SHA-256). */
  async exists(sha256: string): Promise<boolean> {
    return isSha256Hex(sha256) && (await this.objects.stat(blobKey(sha256))) !== null;
  }

  localPath(sha256: string): string | null {
    return this.objects.localPath(blobKey(sha256));
  }
}

/** Content-addressed blobs in a local folder (DATA_DIR/blobs/ab/cd/<sha256>, folders 0700, files 0600). */
export class FileBlobStore extends ContentStore {
  constructor(root: string) {
    super(new FileObjectStore(root));
  }

  /** The path of a blob; refuses anything but 64 lowercase hex digits. */
  pathOf(sha256: string): string {
    return (this.objects as FileObjectStore).pathOf(blobKey(sha256));
  }
}

/** The areas of the store (see the top of this file). */
export type StorageArea =
  'blobs' | 'consent-evidence' | 'pictures' | 'tts-cache' | 'families' | 'tus-uploads';

export type StorageConfig = Pick<Config, 'DATA_DIR'> &
  Partial<Pick<Config, 'BLOB_STORE' | 'BLOB_STORE_S3_PATH_STYLE'>>;

/** Whether files live in an S3-compatible store (shared by every server) rather than DATA_DIR. */
export const usesObjectStore = (config: StorageConfig): boolean => Boolean(config.BLOB_STORE);

/** One client per store address and addressing style, shared by every area. */
const clients = new Map<string, () => Promise<S3Client>>();

function s3ClientFor(config: StorageConfig): () => Promise<S3Client> {
  const id = `${config.BLOB_STORE}|${config.BLOB_STORE_S3_PATH_STYLE}`;
  let client = clients.get(id);
  if (!client) {
    client = S3ObjectStore.client(config.BLOB_STORE_S3_PATH_STYLE ?? false);
    clients.set(id, client);
  }
  return client;
}

/** The store's root: DATA_DIR, or the bucket and prefix of BLOB_STORE. */
export function objectStoreOf(config: StorageConfig): ObjectStore {
  if (!config.BLOB_STORE) return new FileObjectStore(config.DATA_DIR);
  const { bucket, prefix } = parseS3Url(config.BLOB_STORE);
  return new S3ObjectStore(s3ClientFor(config), bucket, prefix);
}

/**
 * At start, with BLOB_STORE: writes, reads back and deletes a small object, and throws StorageUnavailableError
 * (a message saying what to check) when the store cannot be reached or written. The local folder needs none.
 */
export async function checkObjectStore(config: StorageConfig): Promise<void> {
  if (!config.BLOB_STORE) return;
  const endpoint = process.env.AWS_ENDPOINT_URL_S3 ?? process.env.AWS_ENDPOINT_URL;
  await checkStoreWritable(objectStoreOf(config), config.BLOB_STORE, endpoint);
}

/** One area of the installation's store. */
export function storageArea(config: StorageConfig, area: StorageArea): ObjectStore {
  if (!config.BLOB_STORE) return new FileObjectStore(path.join(config.DATA_DIR, area));
  return new ObjectArea(objectStoreOf(config), area);
}

/** A content-addressed area of the installation's store (blobs, consent evidence, pictures). */
export function blobStoreOf(
  config: StorageConfig,
  area: Extract<StorageArea, 'blobs' | 'consent-evidence' | 'pictures'> = 'blobs',
): BlobStore {
  return new ContentStore(storageArea(config, area));
}
