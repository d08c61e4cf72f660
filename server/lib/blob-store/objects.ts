// The storage interface every stored file of the server goes through: named objects (keys of lowercase hex,
// digits, dots, dashes and underscores in slash-separated segments, never a user's words), written whole and
// published at once, read as a stream or a byte range, listed by prefix. Two implementations: a local folder
// (file-objects.ts, the default) and any S3-compatible object store (s3-objects.ts, BLOB_STORE=s3://...).
import type { Readable } from 'node:stream';

/** Inclusive byte range, as in HTTP Range. */
export interface BlobRange {
  start: number;
  end: number;
}

export interface ObjectInfo {
  key: string;
  size: number;
  /** Last written (or touched), in milliseconds. */
  modifiedMs: number;
}

export interface ObjectStore {
  /** Where it stores, for logs and errors: a folder or s3://bucket/prefix. */
  readonly location: string;
  /**
   * Publishes a file under the key whole (a reader sees the old object, none, or all of the new). The file is
   * consumed, or with `keepSource` left where it is. `sha256` (hex), when the caller knows it, is checked by a
   * store that can check it.
   */
  putFile(key: string, filePath: string, options?: { keepSource?: boolean; sha256?: string }): Promise<void>;
  /** Publishes bytes under the key whole. */
  putBytes(key: string, bytes: Buffer): Promise<void>;
  /** Reads an object or a range of it; `size` is the whole object's. Throws BlobNotFoundError. */
  open(key: string, range?: BlobRange): Promise<{ stream: Readable; size: number }>;
  /** The object's whole bytes (for small objects only), or null. */
  read(key: string): Promise<Buffer | null>;
  stat(key: string): Promise<ObjectInfo | null>;
  /** Marks an object recently used (its modification time becomes now); false when it does not exist. */
  touch(key: string): Promise<boolean>;
  /** Removes it; removing what does not exist is not an error. */
  delete(key: string): Promise<void>;
  /** Every object whose key starts with `prefix` (a folder: ends with '/', or '' for all), in no set order. */
  list(prefix: string): AsyncIterable<ObjectInfo>;
  /** The object as a local file, when the store is a local folder (ffmpeg reads it in place); else null. */
  localPath(key: string): string | null;
}

export class BlobNotFoundError extends Error {
  constructor(key: string) {
    super(`No stored object ${key}`);
  }
}

const KEY_SEGMENT = /^[0-9a-z_-][0-9a-z._-]{0,127}$/;
const MAX_KEY_LENGTH = 512;

/** Whether a key is made of safe segments only (no '..', no empty segment, nothing a user typed). */
export function isObjectKey(key: string): boolean {
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) return false;
  return key.split('/').every((segment) => KEY_SEGMENT.test(segment) && segment !== '..');
}

export function checkObjectKey(key: string): string {
  if (!isObjectKey(key)) throw new Error(`Not a storage key: ${JSON.stringify(key.slice(0, 80))}`);
  return key;
}

/** A prefix to list: '' or safe segments ending with '/'. */
export function checkPrefix(prefix: string): string {
  if (prefix !== '' && !(prefix.endsWith('/') && isObjectKey(prefix.slice(0, -1))))
    throw new Error(`Not a storage prefix: ${JSON.stringify(prefix.slice(0, 80))}`);
  return prefix;
}

/** A store seen through a folder of another: keys below `prefix/`. */
export class ObjectArea implements ObjectStore {
  readonly location: string;
  constructor(
    private readonly store: ObjectStore,
    private readonly prefix: string,
  ) {
    checkObjectKey(prefix);
    this.location = `${store.location.replace(/\/$/, '')}/${prefix}`;
  }
  private key(key: string): string {
    return `${this.prefix}/${checkObjectKey(key)}`;
  }
  putFile(key: string, filePath: string, options?: { keepSource?: boolean; sha256?: string }) {
    return this.store.putFile(this.key(key), filePath, options);
  }
  putBytes(key: string, bytes: Buffer) {
    return this.store.putBytes(this.key(key), bytes);
  }
  open(key: string, range?: BlobRange) {
    return this.store.open(this.key(key), range);
  }
  read(key: string) {
    return this.store.read(this.key(key));
  }
  async stat(key: string) {
    const info = await this.store.stat(this.key(key));
    return info && { ...info, key };
  }
  touch(key: string) {
    return this.store.touch(this.key(key));
  }
  delete(key: string) {
    return this.store.delete(this.key(key));
  }
  async *list(prefix: string): AsyncIterable<ObjectInfo> {
    const start = this.prefix.length + 1;
    for await (const info of this.store.list(`${this.prefix}/${checkPrefix(prefix)}`))
      yield { ...info, key: info.key.slice(start) };
  }
  localPath(key: string) {
    return this.store.localPath(this.key(key));
  }
}
