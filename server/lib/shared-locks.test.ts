// Locks across processes: two PostgresLocks are two server processes (each its own session); ProcessLocks is the
// embedded database's single process. The PostgreSQL cases need TEST_DATABASE_URL.
import crypto from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { AbortedError, PostgresLocks, ProcessLocks, type SharedLocks } from './shared-locks.ts';

const NAMESPACE = 72_199;
const opened: SharedLocks[] = [];
afterEach(async () => {
  await Promise.all(opened.splice(0).map((locks) => locks.close()));
});

/** Whether the promise is still pending after the other side had time to act. */
async function pending(promise: Promise<unknown>): Promise<boolean> {
  const marker = Symbol('pending');
  return (
    (await Promise.race([promise, new Promise((resolve) => setTimeout(() => resolve(marker), 300))])) ===
    marker
  );
}

describe('ProcessLocks', () => {
  it('runs holders of one key one at a time, in order, and other keys beside them', async () => {
    const locks = new ProcessLocks();
    const events: string[] = [];
    const hold = (key: string, name: string) =>
      locks.run(NAMESPACE, key, async () => {
        events.push(`${name} in`);
        await new Promise((resolve) => setTimeout(resolve, 20));
        events.push(`${name} out`);
      });
    await Promise.all([hold('k', 'first'), hold('k', 'second'), hold('other', 'beside')]);
    expect(events.indexOf('first out')).toBeLessThan(events.indexOf('second in'));
    expect(events.indexOf('beside in')).toBeLessThan(events.indexOf('first out'));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('PostgresLocks (two processes on one database)', () => {
  const two = () => {
    const url = process.env.TEST_DATABASE_URL!;
    const pair = [new PostgresLocks(url), new PostgresLocks(url)] as const;
    opened.push(...pair);
    return pair;
  };

  it('lets one process hold a key; the other waits, asks it to let go, and gets it once released', async () => {
    const [serverA, serverB] = two();
    const key = crypto.randomUUID();
    let asked = 0;
    const releaseA = await serverA.acquire(NAMESPACE, key, { onReleaseRequested: () => (asked += 1) });
    const waiting = serverB.acquire(NAMESPACE, key);
    expect(await pending(waiting)).toBe(true);
    await expect.poll(() => asked, { timeout: 10_000 }).toBeGreaterThan(0);
    await releaseA();
    const releaseB = await waiting;
    // Now A waits for B.
    const again = serverA.acquire(NAMESPACE, key);
    expect(await pending(again)).toBe(true);
    await releaseB();
    await (
      await again
    )();
  });

  it('keeps one process’s own holders apart too, and other keys free', async () => {
    const [serverA] = two();
    const key = crypto.randomUUID();
    const release = await serverA.acquire(NAMESPACE, key);
    const second = serverA.acquire(NAMESPACE, key);
    expect(await pending(second)).toBe(true);
    await (
      await serverA.acquire(NAMESPACE, crypto.randomUUID())
    )();
    await release();
    await (
      await second
    )();
  });

  it('gives up after the timeout, and frees the keys of a process whose session ends', async () => {
    const [serverA, serverB] = two();
    const key = crypto.randomUUID();
    await serverA.acquire(NAMESPACE, key);
    await expect(serverB.acquire(NAMESPACE, key, { timeoutMs: 500 })).rejects.toBeInstanceOf(AbortedError);
    const waiting = serverB.acquire(NAMESPACE, key);
    await serverA.close(); // the process died: its connection, and its locks, are gone
    await (
      await waiting
    )();
  });
});
