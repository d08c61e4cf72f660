// A zip archive streamed with yazl whose size is known before its first byte: every entry is stored
// uncompressed with its size given up front, so the response carries Content-Length and the browser shows
// progress. Entries are opened one at a time as the archive is read; nothing but the entry list stays in memory.
import crypto from 'node:crypto';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { ZipFile, type EndOptions } from 'yazl';

export class ZipArchive {
  private readonly zip = new ZipFile();
  private readonly open = new Set<Readable>();
  private readonly spools: Spool[] = [];
  private failed: Error | null = null;
  private disposed = false;
  /** At least the size of the central directory (see finish). */
  private centralDirectoryBound = 0;
  entries = 0;

  /** `mtime` of every entry (the export's creation time); temporary files go under `tempRoot`. */
  constructor(
    private readonly mtime: Date,
    readonly tempRoot: string,
  ) {
    this.zip.on('error', (error: Error) => this.fail(error));
  }

  addBuffer(name: string, data: Buffer): void {
    this.count(name);
    this.zip.addBuffer(data, name, { compress: false, mtime: this.mtime });
  }

  /** An entry of exactly `size` bytes read from the stream `open` gives when the archive reaches it. */
  addStream(name: string, size: number, open: () => Promise<Readable>): void {
    this.count(name);
    this.zip.addReadStreamLazy(name, { size, compress: false, mtime: this.mtime }, (callback) => {
      if (this.failed || this.disposed) return;
      open().then(
        (stream) => {
          this.open.add(stream);
          stream.once('close', () => this.open.delete(stream));
          stream.once('error', (error: Error) => this.fail(error));
          callback(null, stream);
        },
        (error: Error) => this.fail(error),
      );
    });
  }

  /** A temporary file to write a large text entry into; add it with addSpool once it is complete. */
  async spool(): Promise<Spool> {
    const spool = await Spool.create(this.tempRoot);
    this.spools.push(spool);
    return spool;
  }

  async addSpool(name: string, spool: Spool): Promise<void> {
    await spool.close();
    this.addStream(name, spool.bytes, () => Promise.resolve(fs.createReadStream(spool.path)));
  }

  private count(name: string): void {
    this.entries += 1;
    // Central directory record (46), universal timestamp (9), ZIP64 extra field (28 at most), name.
    this.centralDirectoryBound += 46 + 9 + 28 + Buffer.byteLength(name, 'utf8');
  }

  /**
   * No more entries: the stream of the archive and its exact size in bytes. yazl 3.3.1 counts the ZIP64 end
   * records (76 bytes) in the announced size once the central directory reaches 64 KiB but writes them only
   * from 4 GiB, so such archives ask for the ZIP64 end records outright: then size and bytes agree.
   */
  finish(): Promise<{ stream: Readable; size: number }> {
    return new Promise((resolve, reject) => {
      const end = this.zip.end.bind(this.zip) as unknown as (
        options: Partial<EndOptions> | null,
        callback: (size: number) => void,
      ) => void;
      end({ forceZip64Format: this.centralDirectoryBound >= 0xffff }, (size) => {
        if (size < 0) reject(new Error('The size of the archive could not be known in advance.'));
        else resolve({ stream: this.zip.outputStream as Readable, size });
      });
    });
  }

  /** Stops reading entries and ends the output with the error (the client sees an interrupted download). */
  fail(error: Error): void {
    if (this.failed) return;
    this.failed = error;
    for (const stream of this.open) stream.destroy();
    (this.zip.outputStream as Readable).destroy(error);
  }

  get error(): Error | null {
    return this.failed;
  }

  /** After the response ended or the client went away: closes what is open and removes temporary files. */
  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    for (const stream of this.open) stream.destroy();
    await Promise.all(this.spools.map((spool) => spool.remove()));
  }
}

/** A temporary file written line by line (with backpressure), counting its bytes, or by another program (measure). */
export class Spool {
  bytes = 0;
  private closed: Promise<void> | null = null;

  private constructor(
    readonly path: string,
    private readonly stream: fs.WriteStream,
  ) {}

  static async create(root: string): Promise<Spool> {
    await fsp.mkdir(root, { recursive: true });
    const file = path.join(root, `${Date.now()}-${crypto.randomBytes(8).toString('hex')}.spool`);
    return new Spool(file, fs.createWriteStream(file));
  }

  async write(text: string): Promise<void> {
    const data = Buffer.from(text, 'utf8');
    this.bytes += data.length;
    if (!this.stream.write(data)) {
      await new Promise<void>((resolve, reject) => {
        const onError = (error: Error) => reject(error);
        this.stream.once('error', onError);
        this.stream.once('drain', () => {
          this.stream.off('error', onError);
          resolve();
        });
      });
    }
  }

  /** After another program wrote the file (closed first): its size. */
  async measure(): Promise<void> {
    this.bytes = (await fsp.stat(this.path)).size;
  }

  close(): Promise<void> {
    this.closed ??= new Promise((resolve, reject) => {
      this.stream.once('error', reject);
      this.stream.end(() => resolve());
    });
    return this.closed;
  }

  async remove(): Promise<void> {
    await this.close().catch(() => undefined);
    await fsp.rm(this.path, { force: true });
  }
}

/** Removes spool files a crash left behind (older than `maxAgeMs`). */
export async function removeOldSpools(root: string, maxAgeMs: number): Promise<number> {
  const names = await fsp.readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const file = path.join(root, name);
    const stat = await fsp.stat(file).catch(() => null);
    if (stat?.isFile() && Date.now() - stat.mtimeMs > maxAgeMs) {
      await fsp.rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
