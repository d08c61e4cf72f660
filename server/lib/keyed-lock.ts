// In-process mutual exclusion per key: `run(key, fn)` waits for earlier runs with the same key to settle.
export class KeyedLock {
  private readonly tails = new Map<string, Promise<unknown>>();

  async run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const current = previous.then(fn, fn);
    const tail = current.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    try {
      return await current;
    } finally {
      // The last one out removes the key, so the map does not grow.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    }
  }
}
