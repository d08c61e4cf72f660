// ConcurrencyLimit: never more than N at once, all run, in order, failures release their place.
import { describe, expect, it } from 'vitest';
import { ConcurrencyLimit } from './concurrency.ts';

describe('ConcurrencyLimit', () => {
  it('runs at most N tasks at a time and every task once, in order', async () => {
    const limit = new ConcurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, index) =>
        limit
          .run(async () => {
            started.push(index);
            running += 1;
            most = Math.max(most, running);
            await new Promise((resolve) => setTimeout(resolve, 5));
            running -= 1;
            if (index === 3) throw new Error('fails');
            return index;
          })
          .catch((error: Error) => error.message),
      ),
    );
    expect(most).toBe(2);
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(results).toEqual([0, 1, 2, 'fails', 4, 5, 6]);
  });
});
