// Spoken results in the store's tts-cache area: ab/<sha-256 key>.wav. Only the key (a hash) ever becomes part of a
// name, never the text. Bounded in size: past the bound the least recently used entries go (with several servers
// on one store each counts what it adds, and any of them evicts for all).
import type { ObjectStore } from '../../lib/blob-store.ts';

const KEY = /^[0-9a-f]{64}$/;

export class SpeechCache {
  /** Bytes in the cache as last counted plus what was added since; null until first counted. */
  private total: number | null = null;
  private evicting: Promise<void> | null = null;

  constructor(
    readonly store: ObjectStore,
    private readonly maxBytes: number,
  ) {}

  /** The entry's key in the store. */
  entryOf(key: string): string {
    if (!KEY.test(key)) throw new Error('A speech cache key is a lowercase hex SHA-256');
    return `${key.slice(0, 2)}/${key}.wav`;
  }

  /** The cached bytes, or null. A hit marks the entry as recently used. */
  async get(key: string): Promise<Buffer | null> {
    const entry = this.entryOf(key);
    const bytes = await this.store.read(entry);
    if (bytes) await this.store.touch(entry).catch(() => false);
    return bytes;
  }

  /** Stores the bytes (published whole, so a reader never sees half an entry). */
  async put(key: string, bytes: Buffer): Promise<void> {
    if (bytes.length > this.maxBytes) return;
    await this.store.putBytes(this.entryOf(key), bytes);
    if (this.total === null) this.total = await this.size();
    else this.total += bytes.length;
    if (this.total > this.maxBytes) await this.evict();
  }

  /** Bytes held now (lists the area). */
  async size(): Promise<number> {
    return (await this.entries()).reduce((sum, entry) => sum + entry.size, 0);
  }

  private evict(): Promise<void> {
    this.evicting ??= (async () => {
      try {
        const entries = (await this.entries()).sort((a, b) => a.modifiedMs - b.modifiedMs);
        let total = entries.reduce((sum, entry) => sum + entry.size, 0);
        // Down to 90% of the bound, so not every later put evicts again.
        const goal = this.maxBytes * 0.9;
        for (const entry of entries) {
          if (total <= goal) break;
          await this.store.delete(entry.key);
          total -= entry.size;
        }
        this.total = total;
      } finally {
        this.evicting = null;
      }
    })();
    return this.evicting;
  }

  private async entries() {
    const out = [];
    for await (const entry of this.store.list('')) if (entry.key.endsWith('.wav')) out.push(entry);
    return out;
  }
}
