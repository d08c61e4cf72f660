// Keeps the event loop turning while PGlite works through a queue of queries. PGlite runs each query
// synchronously in WebAssembly on the main thread and hands its lock to the next waiting query through promise
// callbacks, so a queue of hundreds of queries runs as one unbroken chain: no connection is accepted, no
// request read and no answer sent until the queue is empty (a reconnect burst stalled the server for 20-31 s).
// Here a query that would extend such a chain past PGLITE_TURN_SLICE_MS first lets the event loop turn.
import type { PGlite } from '@electric-sql/pglite';

/** The longest stretch of back-to-back queries before the event loop gets a turn. */
export const PGLITE_TURN_SLICE_MS = 20;

export function yieldBetweenQueries(client: PGlite, sliceMs = PGLITE_TURN_SLICE_MS): void {
  let turnedAt = performance.now();
  let watching = false;
  /** Notes when the event loop next turns (setImmediate runs only then). */
  const watchForTurn = () => {
    if (watching) return;
    watching = true;
    setImmediate(() => {
      watching = false;
      turnedAt = performance.now();
    });
  };
  const runExclusiveQuery = client._runExclusiveQuery.bind(client);
  client._runExclusiveQuery = <T>(query: () => Promise<T>): Promise<T> =>
    runExclusiveQuery(async () => {
      if (performance.now() - turnedAt >= sliceMs) {
        await new Promise((resolve) => setImmediate(resolve));
        turnedAt = performance.now();
      }
      watchForTurn();
      return query();
    });
}
