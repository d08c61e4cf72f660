// Content-addressed storage of audio: DATA_DIR/blobs/ab/cd/<sha256>. The same bytes are stored once. Only a
// validated lowercase hex SHA-256 ever becomes part of a path. Voices of real people: folders are 0700 and
// files 0600, readable by the server's user alone. An S3-compatible store can replace FileBlobStore behind the
// same interface.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Inclusive byte range, as in HTTP Range. */
export interface BlobRange {
  start: number;
  end: number;
}

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
}

export class BlobNotFoundError extends Error {
  constructor(sha256: string) {
    super(`No blob ${sha256}`);
  }
}

const SHA256_HEX = /^[0-9a-f]{64}$/;
const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

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

export class FileBlobStore implements BlobStore {
  constructor(private readonly root: string) {}

  /** The path of a blob; refuses anything but 64 lowercase hex digits. */
  pathOf(sha256: string): string {
    if (!isSha256Hex(sha256)) throw new Error('A blob is named by its lowercase hex SHA-256');
    return path.join(this.root, sha256.slice(0, 2), sha256.slice(2, 4), sha256);
  }

  private rootChecked = false;

  /** Creates the store's folder private, and makes an older, world-readable one private. */
  private async ensureRoot(): Promise<void> {
    if (this.rootChecked) return;
    await fsp.mkdir(this.root, { recursive: true, mode: DIRECTORY_MODE });
    await fsp.chmod(this.root, DIRECTORY_MODE);
    this.rootChecked = true;
  }

  async put(
    tempFilePath: string,
    { keepSource = false }: { keepSource?: boolean } = {},
  ): Promise<{ sha256: string; size: number }> {
    const { sha256, size } = await hashFile(tempFilePath);
    const target = this.pathOf(sha256);
    if (await this.exists(sha256)) {
      if (!keepSource) await fsp.rm(tempFilePath, { force: true });
      return { sha256, size };
    }
    await this.ensureRoot();
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
    // Flush the bytes before the rename publishes them, so a crash never leaves a short blob under its name.
    const handle = await fsp.open(tempFilePath, 'r+');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
    // Published under its name by one rename (atomic for readers), from the file itself or from a link or copy
    // beside the target (kept source, or another file system).
    const staging = `${target}.${crypto.randomBytes(6).toString('hex')}.tmp`;
    try {
      if (!keepSource) {
        try {
          await fsp.chmod(tempFilePath, FILE_MODE);
          await fsp.rename(tempFilePath, target);
          return { sha256, size };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      try {
        await fsp.link(tempFilePath, staging);
      } catch {
        await fsp.copyFile(tempFilePath, staging);
      }
      await fsp.chmod(staging, FILE_MODE);
      await fsp.rename(staging, target);
      if (!keepSource) await fsp.rm(tempFilePath, { force: true });
    } finally {
      await fsp.rm(staging, { force: true });
    }
    return { sha256, size };
  }

  async open(sha256: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    const filePath = this.pathOf(sha256);
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(filePath, 'r');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new BlobNotFoundError(sha256);
      throw error;
    }
    try {
      const { size } = await handle.stat();
      const stream = handle.createReadStream(range ? { start: range.start, end: range.end } : {});
      return { stream, size };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(sha256: string): Promise<void> {
    await fsp.rm(this.pathOf(sha256), { force: true });
  }

  async exists(sha256: string): Promise<boolean> {
    try {
      return (await fsp.stat(this.pathOf(sha256))).isFile();
    } catch {
      return false;
    }
  }
}
