// Spoken results on disk: DATA_DIR/tts-cache/ab/<sha-256 key>.wav. Only the key (a hash) ever becomes part of a
// path, never the text. Bounded in size: past the bound the least recently used files go.
import crypto from 'node:crypto';
import fsp from 'node:fs/promises';
import path from 'node:path';

const KEY = /^[0-9a-f]{64}$/;
/** Files being written end so (and not in .wav): eviction never counts or removes them. */
const TEMP_SUFFIX = '.tmp';

export class SpeechCache {
  /** Bytes in the cache as last counted plus what was added since; null until first counted. */
  private total: number | null = null;
  private evicting: Promise<void> | null = null;

  constructor(
    readonly dir: string,
    private readonly maxBytes: number,
  ) {}

  private fileOf(key: string): string {
    if (!KEY.test(key)) throw new Error('A speech cache key is a lowercase hex SHA-256');
    return path.join(this.dir, key.slice(0, 2), `${key}.wav`);
  }

  /** The cached bytes, or null. A hit marks the file as recently used. */
  async get(key: string): Promise<Buffer | null> {
    const file = this.fileOf(key);
    try {
      const bytes = await fsp.readFile(file);
      const now = new Date();
      await fsp.utimes(file, now, now).catch(() => undefined);
      return bytes;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /** Stores the bytes (written beside, then renamed, so a reader never sees half a file). */
  async put(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.maxBytes) return;
    const file = this.fileOf(key);
    await fsp.mkdir(path.dirname(file), { recursive: true });
    const temp = `${file}.${crypto.randomBytes(6).toString('hex')}${TEMP_SUFFIX}`;
    try {
      await fsp.writeFile(temp, bytes);
      await fsp.rename(temp, file);
    } finally {
      await fsp.rm(temp, { force: true });
    }
    if (this.total === null) this.total = await this.size();
    else this.total += bytes.length;
    if (this.total > this.maxBytes) await this.evict();
  }

  /** Bytes held now (walks the folder). */
  async size(): Promise<number> {
    return (await this.files()).reduce((sum, file) => sum + file.size, 0);
  }

  private evict(): Promise<void> {
    this.evicting ??= (async () => {
      try {
        const files = (await this.files()).sort((a, b) => a.mtimeMs - b.mtimeMs);
        let total = files.reduce((sum, file) => sum + file.size, 0);
        // Down to 90% of the bound, so not every later put evicts again.
        const goal = this.maxBytes * 0.9;
        for (const file of files) {
          if (total <= goal) break;
          await fsp.rm(file.path, { force: true });
          total -= file.size;
        }
        this.total = total;
      } finally {
        this.evicting = null;
      }
    })();
    return this.evicting;
  }

  private async files(): Promise<{ path: string; size: number; mtimeMs: number }[]> {
    const out: { path: string; size: number; mtimeMs: number }[] = [];
    let folders: string[];
    try {
      folders = await fsp.readdir(this.dir);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return out;
      throw error;
    }
    for (const folder of folders) {
      let names: string[];
      try {
        names = await fsp.readdir(path.join(this.dir, folder));
      } catch {
        continue;
      }
      for (const name of names) {
        if (!name.endsWith('.wav')) continue;
        const file = path.join(this.dir, folder, name);
        try {
          const stat = await fsp.stat(file);
          out.push({ path: file, size: stat.size, mtimeMs: stat.mtimeMs });
        } catch {
          // Removed meanwhile.
        }
      }
    }
    return out;
  }
}
