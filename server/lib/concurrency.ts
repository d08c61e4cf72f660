// At most N tasks at a time; the rest wait in order. For work that is heavy per item (decoding audio with
// ffmpeg): 200 phones finishing uploads at once otherwise start 200 decoders on a 2-core server.
import os from 'node:os';
export class ConcurrencyLimit {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limit: number) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error('The limit must be a whole number from 1');
  }

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.limit) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.running += 1;
    try {
      return await task();
    } finally {
      this.running -= 1;
      this.waiting.shift()?.();
    }
  }
}

/**
 * The decoders (ffmpeg) of the whole process, one per core: recordings, spoken consents and consent photos
 * finishing at once queue here instead of starting a decoder each (the sync storm had 200 at once on 2 cores;
 * p50 26 s per PATCH).
 */
export const decoders = new ConcurrencyLimit(Math.max(1, os.availableParallelism()));
