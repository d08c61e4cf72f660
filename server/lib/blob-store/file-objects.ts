// The local folder store (the default): each key a file below the root, published by one rename after its bytes
// are flushed, so a crash never leaves a short object under its name. Voices of real people: folders are 0700 and
// files 0600, readable by the server's user alone. Staging files start with a dot, which no key segment does.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import {
  BlobNotFoundError,
  checkObjectKey,
  checkPrefix,
  isObjectKey,
  type BlobRange,
  type ObjectInfo,
  type ObjectStore,
} from './objects.ts';

const DIRECTORY_MODE = 0o700;
const FILE_MODE = 0o600;

const isMissing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/** Flushes a file's bytes (or a folder's entries) to the disk. */
async function flush(target: string, flags: 'r' | 'r+'): Promise<void> {
  const handle = await fsp.open(target, flags);
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Flushes the folder after a rename into it, so that the new name survives a power cut as the bytes do. Where
 * the system cannot flush a folder (Windows refuses to open one), the rename is as durable as it gets there.
 */
async function flushFolderOf(target: string): Promise<void> {
  try {
    await flush(path.dirname(target), 'r');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'EISDIR' && code !== 'EPERM' && code !== 'EINVAL') throw error;
  }
}

export class FileObjectStore implements ObjectStore {
  readonly location: string;
  private rootChecked = false;

  constructor(private readonly root: string) {
    this.location = root;
  }

  pathOf(key: string): string {
    return path.join(this.root, ...checkObjectKey(key).split('/'));
  }

  localPath(key: string): string {
    return this.pathOf(key);
  }

  /** Creates the store's folder private, and makes an older, world-readable one private. */
  private async ensureFolderOf(target: string): Promise<void> {
    if (!this.rootChecked) {
      await fsp.mkdir(this.root, { recursive: true, mode: DIRECTORY_MODE });
      await fsp.chmod(this.root, DIRECTORY_MODE);
      this.rootChecked = true;
    }
    await fsp.mkdir(path.dirname(target), { recursive: true, mode: DIRECTORY_MODE });
  }

  private stagingOf(target: string): string {
    return path.join(
      path.dirname(target),
      `.${path.basename(target)}.${crypto.randomBytes(6).toString('hex')}.tmp`,
    );
  }

  async putFile(key: string, filePath: string, { keepSource = false }: { keepSource?: boolean } = {}) {
    const target = this.pathOf(key);
    await this.ensureFolderOf(target);
    // Flush the bytes before the rename publishes them, and the folder after it.
    await flush(filePath, 'r+');
    // Published under its name by one rename (atomic for readers), from the file itself or from a link or copy
    // beside the target (kept source, or another file system).
    const staging = this.stagingOf(target);
    try {
      if (!keepSource) {
        try {
          await fsp.chmod(filePath, FILE_MODE);
          await fsp.rename(filePath, target);
          await flushFolderOf(target);
          return;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        }
      }
      try {
        await fsp.link(filePath, staging);
      } catch {
        // A copy's bytes are its own: flushed before they are published.
        await fsp.copyFile(filePath, staging);
        await flush(staging, 'r+');
      }
      await fsp.chmod(staging, FILE_MODE);
      await fsp.rename(staging, target);
      await flushFolderOf(target);
      if (!keepSource) await fsp.rm(filePath, { force: true });
    } finally {
      await fsp.rm(staging, { force: true });
    }
  }

  async putBytes(key: string, bytes: Buffer): Promise<void> {
    const target = this.pathOf(key);
    await this.ensureFolderOf(target);
    const staging = this.stagingOf(target);
    try {
      const handle = await fsp.open(staging, 'w', FILE_MODE);
      try {
        await handle.writeFile(bytes);
        await handle.sync();
      } finally {
        await handle.close();
      }
      await fsp.rename(staging, target);
      await flushFolderOf(target);
    } finally {
      await fsp.rm(staging, { force: true });
    }
  }

  async open(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }> {
    let handle: fsp.FileHandle;
    try {
      handle = await fsp.open(this.pathOf(key), 'r');
    } catch (error) {
      if (isMissing(error)) throw new BlobNotFoundError(key);
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

  async read(key: string): Promise<Buffer | null> {
    try {
      return await fsp.readFile(this.pathOf(key));
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async stat(key: string): Promise<ObjectInfo | null> {
    try {
      const stat = await fsp.stat(this.pathOf(key));
      return stat.isFile() ? { key, size: stat.size, modifiedMs: stat.mtimeMs } : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  }

  async touch(key: string): Promise<boolean> {
    const now = new Date();
    try {
      await fsp.utimes(this.pathOf(key), now, now);
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fsp.rm(this.pathOf(key), { force: true });
  }

  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    checkPrefix(prefix);
    const start = prefix === '' ? this.root : path.join(this.root, ...prefix.slice(0, -1).split('/'));
    yield* this.walk(start, prefix);
  }

  private async *walk(folder: string, keyPrefix: string): AsyncIterable<ObjectInfo> {
    let entries;
    try {
      entries = await fsp.readdir(folder, { withFileTypes: true });
    } catch (error) {
      if (isMissing(error)) return;
      throw error;
    }
    for (const entry of entries) {
      const key = `${keyPrefix}${entry.name}`;
      if (!isObjectKey(key)) continue; // staging files and anything not written by a store
      if (entry.isDirectory()) {
        yield* this.walk(path.join(folder, entry.name), `${key}/`);
      } else if (entry.isFile()) {
        const stat = await fsp.stat(path.join(folder, entry.name)).catch(() => null);
        if (stat) yield { key, size: stat.size, modifiedMs: stat.mtimeMs };
      }
    }
  }
}
