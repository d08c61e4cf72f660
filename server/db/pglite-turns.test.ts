// PGlite under a queue of queries: with yieldBetweenQueries the event loop turns while the queue drains, so
// connections and other requests are served meanwhile; results and transactions are unchanged.
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { yieldBetweenQueries } from './pglite-turns.ts';

// Starting PGlite takes seconds on a loaded machine: one instance for the file, generous timeouts.
const TIMEOUT_MS = 120_000;
let db: PGlite;
beforeAll(async () => {
  db = new PGlite();
  await db.waitReady;
  // A slice of 0 ms: every query lets the loop turn first (the default waits 20 ms of back-to-back work).
  yieldBetweenQueries(db, 0);
}, TIMEOUT_MS);
afterAll(() => db.close(), TIMEOUT_MS);

describe('yieldBetweenQueries', () => {
  it(
    'lets the event loop turn before a queue of queries has drained',
    async () => {
      let done = 0;
      const queries = Array.from({ length: 50 }, (_, index) =>
        db.query<{ n: number }>('select $1::int as n', [index]).then((result) => {
          done += 1;
          return result.rows[0]!.n;
        }),
      );
      const doneWhenTheLoopTurned = await new Promise<number>((resolve) => setImmediate(() => resolve(done)));
      expect(doneWhenTheLoopTurned).toBeLessThan(50);
      expect(await Promise.all(queries)).toEqual(Array.from({ length: 50 }, (_, index) => index));
    },
    TIMEOUT_MS,
  );

  it(
    'keeps transactions whole: a rolled-back transaction leaves nothing, a committed one everything',
    async () => {
      await db.exec('create table t (v int)');
      const failing = db.transaction(async (tx) => {
        await tx.query('insert into t values (1)');
        throw new Error('rolled back');
      });
      const committing = db.transaction(async (tx) => {
        await tx.query('insert into t values (2)');
        await tx.query('insert into t values (3)');
      });
      await expect(failing).rejects.toThrow('rolled back');
      await committing;
      expect((await db.query<{ v: number }>('select v from t order by v')).rows.map((row) => row.v)).toEqual([
        2, 3,
      ]);
    },
    TIMEOUT_MS,
  );
});
