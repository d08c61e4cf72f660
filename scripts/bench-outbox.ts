// How long a 500-edit outbox takes to drain to a real server on loopback.
// The server: buildApp on a fresh embedded PGlite (or DATABASE_URL), listening on 127.0.0.1.
// The client: the app's own sync engine and outbox (src/offline) over fake-indexeddb in Node.
// Usage: npx tsx scripts/bench-outbox.ts [edits=500]
import 'fake-indexeddb/auto';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';
import { LocalDb } from '../src/offline/local-db.ts';
import { enqueue } from '../src/offline/outbox.ts';
import { SyncEngine } from '../src/offline/sync-engine.ts';

const edits = Number(process.argv[2] ?? 500);
const config = loadConfig({
  DATA_DIR: '.tmp/bench-outbox',
  STATIC_DIR: '.tmp/no-build',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
});
const database = await openDatabase({ databaseUrl: process.env.DATABASE_URL });
const app = await buildApp({ config, database, logger: false });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

const signup = await fetch(`${base}/auth/signup`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json' },
  body: JSON.stringify({
    name: 'Bench',
    email: `bench-${Date.now()}@example.org`,
    password: 'a long password',
  }),
});
const { token, user } = (await signup.json()) as { token: string; user: { id: string } };
// Translations need translation consent (the server refuses them without it).
await fetch(`${base}/consent/submit`, {
  method: 'POST',
  headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
  body: JSON.stringify({ consent_type: 'translation' }),
});
const { pairs } = (await (
  await fetch(`${base}/translation/pairs`, { headers: { Authorization: `Bearer ${token}` } })
).json()) as { pairs: { id: number; version: number; english: string }[] };

const db = new LocalDb(`bench-${Date.now()}`);
await db.open();
for (let index = 0; index < edits; index += 1) {
  const pair = pairs[index % pairs.length]!;
  // Every edit is its own entry (no folding), like edits made and sent one by one.
  await enqueue(
    db,
    user.id,
    'translation.save',
    { params: {}, body: { id: pair.id, translation: `zz-bench-${index}`, baseVersion: pair.version } },
    { english: pair.english },
    { coalesce: false },
  );
}

let networkMs = 0;
const timedFetch: typeof fetch = async (input, init) => {
  const begun = performance.now();
  try {
    return await fetch(input, init);
  } finally {
    networkMs += performance.now() - begun;
  }
};
const engine = new SyncEngine({
  db,
  apiBase: base,
  session: () => ({ userId: user.id, token }),
  fetch: timedFetch,
});
const started = performance.now();
await engine.trigger();
const seconds = (performance.now() - started) / 1000;
const left = await db.outbox.count();
console.log(
  `${edits} edits drained in ${seconds.toFixed(2)} s (${(edits / seconds).toFixed(0)} edits/s, ` +
    `${((seconds * 1000) / edits).toFixed(1)} ms each) on ${database.kind}; ` +
    `${((networkMs / (seconds * 1000)) * 100).toFixed(0)}% of it waiting for the server; left in outbox: ${left}`,
);
await app.close();
await database.close();
db.close();
if (left > 0) process.exit(1);
