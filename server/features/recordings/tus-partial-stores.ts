// Where the bytes of unfinished resumable uploads wait, behind one interface (PartialStore):
// - FilePartialStore: @tus/file-store in DATA_DIR/uploads/tus (a data file and its info, both 0600), for one server;
// - ObjectPartialStore: the store's tus-uploads area of an S3-compatible store, shared by every server: each PATCH's
//   bytes an object of their own (<id>/<offset, 16 digits>) beside the info (<id>/info.json), so an upload begun
//   on one server goes on from any other. It uses only what every S3-compatible store does (put, ranged get,
//   list, delete); a PATCH's bytes are spooled to a local file first (S3 takes an object of a known length), and
//   what arrived of a PATCH cut short is kept, as the file store keeps it.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import type stream from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { FileConfigstore, FileStore } from '@tus/file-store';
import { DataStore, ERRORS, Upload } from '@tus/server';
import type { ObjectStore } from '../../lib/blob-store.ts';
import { TusHookError } from './tus-answers.ts';

/** One of tus's answers (ERRORS) as an Error, which tus answers as it answers the plain object. */
export const tusError = (answer: { status_code: number; body: string }) =>
  new TusHookError(answer.status_code, answer.body);

export const UPLOAD_ID = /^[0-9a-f]{48}$/;

/** Partial uploads and their info files are readable by the server's user alone (the folder is 0700 too). */
const PRIVATE_FILE = 0o600;

/** What a partial upload's info holds, as stored. */
export interface UploadInfo {
  size?: unknown;
  creation_date?: unknown;
  metadata?: { ownerId?: unknown };
}

/** The storage of partial uploads a RecordingUploadStore keeps its rules over. */
export interface PartialStore {
  /** Makes a new, empty upload (replacing what its id held). */
  create(upload: Upload): Promise<Upload>;
  write(readable: stream.Readable, id: string, offset: number): Promise<number>;
  /** The upload with its offset; throws tus's FILE_NOT_FOUND when there is none. */
  getUpload(id: string): Promise<Upload>;
  /** Termination: throws FILE_NOT_FOUND when there is none. */
  remove(id: string): Promise<void>;
  /** Removes whatever is left of an upload. */
  discard(id: string): Promise<void>;
  /** The whole upload as a local file, for the recording service; `done` when it is no longer needed. */
  localFile(id: string): Promise<{ path: string; done: () => Promise<void> }>;
  /** Every upload held, with its info (null: unreadable) and when its bytes last changed. */
  uploads(): AsyncIterable<{ id: string; info: UploadInfo | null; modifiedMs: number }>;
}

/** The info file beside each partial upload (id.json), written private. */
class PrivateInfoStore extends FileConfigstore {
  constructor(private readonly folder: string) {
    super(folder);
  }

  override async set(key: string, value: Upload): Promise<void> {
    if (!UPLOAD_ID.test(key)) throw new Error('not an upload id');
    const file = path.join(this.folder, `${key}.json`);
    await fsp.writeFile(file, JSON.stringify(value), { mode: PRIVATE_FILE });
  }
}

export class FilePartialStore extends FileStore implements PartialStore {
  constructor(directory: string) {
    super({ directory, configstore: new PrivateInfoStore(directory) });
  }

  /** Makes the folder private, and files an earlier version left private. */
  async prepare(): Promise<void> {
    await fsp.mkdir(this.directory, { recursive: true, mode: 0o700 });
    await fsp.chmod(path.dirname(this.directory), 0o700);
    await fsp.chmod(this.directory, 0o700);
    for (const name of await fsp.readdir(this.directory)) {
      if (UPLOAD_ID.test(name.replace(/\.json$/, '')))
        await fsp.chmod(path.join(this.directory, name), PRIVATE_FILE).catch(() => undefined);
    }
  }

  /** FileStore.create, with the data file private (the info file is written by PrivateInfoStore). */
  override async create(upload: Upload): Promise<Upload> {
    const filePath = this.filePath(upload.id);
    await fsp.writeFile(filePath, '', { mode: PRIVATE_FILE });
    await this.configstore.set(upload.id, upload);
    upload.storage = { type: 'file', path: filePath };
    return upload;
  }

  async discard(id: string): Promise<void> {
    await fsp.rm(this.filePath(id), { force: true });
    await fsp.rm(`${this.filePath(id)}.json`, { force: true });
  }

  localFile(id: string): Promise<{ path: string; done: () => Promise<void> }> {
    return Promise.resolve({ path: this.filePath(id), done: () => Promise.resolve() });
  }

  filePath(id: string): string {
    if (!UPLOAD_ID.test(id)) throw new Error('not an upload id');
    return path.join(this.directory, id);
  }

  async *uploads(): AsyncIterable<{ id: string; info: UploadInfo | null; modifiedMs: number }> {
    const seen = new Set<string>();
    for (const name of await fsp.readdir(this.directory)) {
      const id = name.replace(/\.json$/, '');
      if (!UPLOAD_ID.test(id) || seen.has(id)) continue;
      seen.add(id);
      let info: UploadInfo | null = null;
      try {
        info = JSON.parse(await fsp.readFile(path.join(this.directory, `${id}.json`), 'utf8')) as UploadInfo;
      } catch {
        info = null;
      }
      const stat = await fsp.stat(path.join(this.directory, id)).catch(() => null);
      yield { id, info, modifiedMs: stat?.mtimeMs ?? 0 };
    }
  }
}

const INFO = 'info.json';
const PIECE = /^\d{16}$/;
const pieceKey = (id: string, offset: number) => `${id}/${String(offset).padStart(16, '0')}`;

export class ObjectPartialStore extends DataStore implements PartialStore {
  /**
   * @param objects the tus-uploads area of the store
   * @param tempDir where a PATCH's bytes are spooled before they are put (DATA_DIR/uploads/tmp)
   */
  constructor(
    private readonly objects: ObjectStore,
    private readonly tempDir: string,
  ) {
    super();
    this.extensions = ['creation', 'creation-with-upload', 'termination'];
  }

  private checkId(id: string): string {
    if (!UPLOAD_ID.test(id)) throw tusError(ERRORS.FILE_NOT_FOUND);
    return id;
  }

  private tempFile(): string {
    return path.join(this.tempDir, `tus-${crypto.randomBytes(8).toString('hex')}.part`);
  }

  /** The pieces of an upload in order, each starting where the one before ended. */
  private async pieces(id: string): Promise<{ key: string; offset: number; size: number }[]> {
    const found: { key: string; offset: number; size: number }[] = [];
    for await (const info of this.objects.list(`${id}/`)) {
      const name = info.key.slice(id.length + 1);
      if (PIECE.test(name)) found.push({ key: info.key, offset: Number(name), size: info.size });
    }
    found.sort((a, b) => a.offset - b.offset);
    const contiguous = [];
    let end = 0;
    for (const piece of found) {
      if (piece.offset !== end || piece.size === 0) continue; // never written by write(): ignored
      contiguous.push(piece);
      end += piece.size;
    }
    return contiguous;
  }

  override async create(upload: Upload): Promise<Upload> {
    const id = this.checkId(upload.id);
    await this.discard(id);
    await this.objects.putBytes(`${id}/${INFO}`, Buffer.from(JSON.stringify(upload)));
    upload.storage = { type: 'object', path: `${this.objects.location}/${id}` };
    return upload;
  }

  override async write(readable: stream.Readable, id: string, offset: number): Promise<number> {
    this.checkId(id);
    await fsp.mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const temp = this.tempFile();
    let received = 0;
    let failure: unknown = null;
    try {
      // Every byte read is written and flushed, also when the request breaks off (a pipeline would destroy the
      // file with writes still pending): what arrived is kept, as the file store keeps it.
      const out = fs.createWriteStream(temp, { mode: PRIVATE_FILE });
      try {
        for await (const chunk of readable as AsyncIterable<Buffer>) {
          received += chunk.length;
          if (!out.write(chunk)) await once(out, 'drain');
        }
      } catch (error) {
        failure = error;
      }
      await new Promise<void>((resolve, reject) =>
        out.end((error?: Error | null) => (error ? reject(error) : resolve())),
      );
      if (received > 0) await this.objects.putFile(pieceKey(id, offset), temp);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    if (failure) throw tusError(ERRORS.FILE_WRITE_ERROR);
    return offset + received;
  }

  override async getUpload(id: string): Promise<Upload> {
    const bytes = await this.objects.read(`${this.checkId(id)}/${INFO}`);
    if (!bytes) throw tusError(ERRORS.FILE_NOT_FOUND);
    const info = JSON.parse(bytes.toString('utf8')) as Upload;
    const offset = (await this.pieces(id)).reduce((sum, piece) => sum + piece.size, 0);
    return new Upload({
      id,
      size: info.size,
      offset,
      metadata: info.metadata,
      creation_date: info.creation_date,
      storage: { type: 'object', path: `${this.objects.location}/${id}` },
    });
  }

  override async remove(id: string): Promise<void> {
    if (!(await this.objects.stat(`${this.checkId(id)}/${INFO}`))) throw tusError(ERRORS.FILE_NOT_FOUND);
    await this.discard(id);
  }

  async discard(id: string): Promise<void> {
    this.checkId(id);
    const keys: string[] = [];
    for await (const info of this.objects.list(`${id}/`)) keys.push(info.key);
    // The info last: an upload with pieces but no info is never resumed, and the clean-up finds it.
    for (const key of keys.filter((key) => !key.endsWith(`/${INFO}`))) await this.objects.delete(key);
    await this.objects.delete(`${id}/${INFO}`);
  }

  async localFile(id: string): Promise<{ path: string; done: () => Promise<void> }> {
    this.checkId(id);
    await fsp.mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    const temp = this.tempFile();
    const done = () => fsp.rm(temp, { force: true });
    try {
      const out = fs.createWriteStream(temp, { mode: PRIVATE_FILE });
      await pipeline(
        (async function* (pieces: AsyncIterable<stream.Readable>) {
          for await (const piece of pieces) yield* piece;
        })(this.openPieces(id)),
        out,
      );
      return { path: temp, done };
    } catch (error) {
      await done();
      throw error;
    }
  }

  private async *openPieces(id: string): AsyncIterable<stream.Readable> {
    for (const piece of await this.pieces(id)) yield (await this.objects.open(piece.key)).stream;
  }

  async *uploads(): AsyncIterable<{ id: string; info: UploadInfo | null; modifiedMs: number }> {
    const latest = new Map<string, { info: boolean; modifiedMs: number }>();
    for await (const object of this.objects.list('')) {
      const id = object.key.split('/')[0]!;
      if (!UPLOAD_ID.test(id)) continue;
      const seen = latest.get(id) ?? { info: false, modifiedMs: 0 };
      if (object.key === `${id}/${INFO}`) seen.info = true;
      seen.modifiedMs = Math.max(seen.modifiedMs, object.modifiedMs);
      latest.set(id, seen);
    }
    for (const [id, seen] of latest) {
      let info: UploadInfo | null = null;
      if (seen.info) {
        try {
          info = JSON.parse(
            (await this.objects.read(`${id}/${INFO}`))?.toString('utf8') ?? 'null',
          ) as UploadInfo;
        } catch {
          info = null;
        }
      }
      yield { id, info, modifiedMs: seen.modifiedMs };
    }
  }
}
