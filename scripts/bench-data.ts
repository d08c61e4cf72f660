// Data dashboard and dataset export timings at scale: seeds 100,000 recordings' rows (500 speakers over two
// years, one in ten withdrawn), 10,000 approved pairs, then times the dashboard endpoints and the exports of
// 10,000 transcribed recordings (one tiny shared WAV blob: metadata and archive work, not disk speed) and of the
// pairs, through a real server on loopback.
// Usage: npx tsx scripts/bench-data.ts [recordings=100000] [runs=5]
// With DATABASE_URL it works in a scratch database on that server (created and dropped); otherwise in-memory PGlite.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { CONSENT_FORM_VERSION } from '../core/api/consent.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';
import { createScratchDatabase } from '../server/db/scratch-database.ts';
import { rowsOf } from '../server/db/migrate.ts';
import { encodeWav, generateSamples } from '../server/features/recordings/wav.ts';
import { FileBlobStore } from '../server/lib/blob-store.ts';

const RECORDINGS = Number(process.argv[2] ?? 100_000);
const RUNS = Number(process.argv[3] ?? 5);
const SPEAKERS = 500;
const TRANSLATORS = 100;
const PAIRS = 10_000;
const VILLAGES = ['Zorvek', 'Quillan', 'Marrowby', 'Tessaly', 'Orvand', 'Pellim', 'Kestrel Hill'];

const dataDir = path.resolve('.tmp', `bench-data-${crypto.randomBytes(4).toString('hex')}`);
const scratch = process.env.DATABASE_URL
  ? await createScratchDatabase(process.env.DATABASE_URL, 'lopit_bench')
  : null;
const database = await openDatabase({ databaseUrl: scratch?.url });
const config = loadConfig({
  DATA_DIR: dataDir,
  STATIC_DIR: '.tmp/no-build',
  LOG_LEVEL: 'silent',
  AUTH_RATE_LIMIT_PER_MINUTE: '1000',
});
// Errors only: an export that breaks off says why.
const app = await buildApp({ config: { ...config, LOG_LEVEL: 'error' }, database, logger: true });
await app.listen({ host: '127.0.0.1', port: 0 });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/api`;

try {
  const signup = await fetch(`${base}/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench Admin',
      email: `bench-${Date.now()}@example.org`,
      password: 'a long password',
    }),
  });
  const { token } = (await signup.json()) as { token: string };
  const auth = { Authorization: `Bearer ${token}` };

  const seedStart = performance.now();
  await seed();
  const seedMs = performance.now() - seedStart;
  const [counts] = rowsOf<{ recordings: number; pairs: number; users: number }>(
    await database.db.execute(sql`select (select count(*)::int from recordings) as recordings,
      (select count(*)::int from translation_pairs where status = 'approved') as pairs,
      (select count(*)::int from users) as users`),
  );
  console.log(`database: ${database.kind}${scratch ? ' (scratch database)' : ' (in memory)'}`);
  console.log(`seeded in ${(seedMs / 1000).toFixed(1)} s: ${JSON.stringify(counts)}`);

  console.log(`\nDashboard (GET, ${RUNS} runs after one warm-up; median / slowest):`);
  for (const url of [
    'data/statistics',
    'data/speakers',
    'data/timeline',
    'data/timeline?bucket=day',
    'data/dialects',
  ]) {
    const times: number[] = [];
    let bytes = 0;
    for (let run = 0; run <= RUNS; run += 1) {
      const start = performance.now();
      const response = await fetch(`${base}/${url}`, { headers: auth });
      const body = await response.arrayBuffer();
      if (!response.ok) throw new Error(`${url}: ${response.status} ${Buffer.from(body).toString()}`);
      if (run > 0) times.push(performance.now() - start);
      bytes = body.byteLength;
    }
    times.sort((a, b) => a - b);
    console.log(
      `  ${url.padEnd(26)} ${ms(times[Math.floor(times.length / 2)] ?? 0)} / ${ms(times.at(-1) ?? 0)}  (${bytes} bytes)`,
    );
  }

  console.log('\nExports (admin, streamed zip with Content-Length):');
  // The audio as stored (audio=original): the archive's own work, not ffmpeg's (WAV is the export's default).
  for (const url of ['admin/exports', 'admin/exports/asr.zip?audio=original', 'admin/exports/mt.zip']) {
    const start = performance.now();
    const response = await fetch(`${base}/${url}`, { headers: auth });
    const headersAt = performance.now() - start;
    let received = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      received += value.byteLength;
    }
    const total = performance.now() - start;
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    const length = response.headers.get('content-length');
    console.log(
      `  ${url.padEnd(26)} headers after ${ms(headersAt)}, complete after ${ms(total)}, ${(received / 1e6).toFixed(1)} MB` +
        (length ? ` (Content-Length ${length === String(received) ? 'matches' : `MISMATCH ${length}`})` : ''),
    );
  }
  const memory = process.memoryUsage();
  console.log(
    `\nprocess memory after the exports: rss ${(memory.rss / 1e6).toFixed(0)} MB, heap ${(memory.heapUsed / 1e6).toFixed(0)} MB`,
  );
} finally {
  await app.close();
  await database.close();
  await scratch?.drop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/**
 * Speakers 1..500 (one in ten withdrew), translators; recordings spread over 700 days, every tenth transcribed
 * (all of consenting speakers: exactly RECORDINGS / 10 clips to export, sharing one tiny real WAV blob).
 */
async function seed(): Promise<void> {
  const blob = await new FileBlobStore(path.join(dataDir, 'blobs')).put(
    writeTemp(
      encodeWav({
        sampleRate: 16_000,
        samples: generateSamples(0.1, 16_000, (t) => 0.3 * Math.sin(2 * Math.PI * 440 * t)),
      }),
    ),
  );
  const db = database.db;
  await db.execute(sql`create table bench_people (n int primary key, id uuid not null, role text not null)`);
  await db.execute(sql`insert into bench_people
    select n, gen_random_uuid(), 'speaker' from generate_series(1, ${SPEAKERS}) n
    union all select ${SPEAKERS} + n, gen_random_uuid(), 'translator' from generate_series(1, ${TRANSLATORS}) n`);
  await db.execute(sql`insert into users (id, email, name, password_hash, age_group, gender, dialect)
    select id, 'bench-' || n || '@example.org', 'Bench Person ' || n, 'not-a-hash',
      (array['18-29', '30-44', '45-59', '60+', null])[1 + n % 5],
      (array['female', 'male', 'other', null])[1 + n % 4],
      (string_to_array(${VILLAGES.join('|')}, '|'))[1 + n % ${VILLAGES.length}]
    from bench_people`);
  await db.execute(sql`insert into consent_events (user_id, action, consent_type, form_version, created_at)
    select id, 'grant', case when role = 'speaker' then 'full' else 'translation' end, ${CONSENT_FORM_VERSION},
      now() - interval '800 days' from bench_people`);
  await db.execute(sql`insert into consent_events (user_id, action, consent_type, form_version)
    select id, 'withdraw', 'full', ${CONSENT_FORM_VERSION} from bench_people where role = 'speaker' and n % 10 = 0`);
  await db.execute(sql`insert into recordings (id, owner_id, file_name, mime_type, size_bytes, sha256,
      duration_seconds, transcript, language, age_group, gender, dialect, quality, created_at,
      review_state, up_votes, down_votes)
    select gen_random_uuid(), p.id, 'take-' || i || '.wav', 'audio/wav',
      case when i % 10 = 0 then ${blob.size} else 64000 end,
      case when i % 10 = 0 then ${blob.sha256} else md5(i::text) || md5((i + 1)::text) end,
      2 + (i % 13) + (i % 7) / 10.0,
      case when i % 10 = 0 then 'zorbel kwintafa ' || i else null end, 'lpx', u.age_group, u.gender, u.dialect, '{}',
      now() - (i % 700) * interval '1 day' - (i % 1440) * interval '1 minute',
      -- Most clips reviewed: 8 in 10 validated, 1 invalidated, 1 still pending.
      (array['validated', 'validated', 'validated', 'validated', 'validated', 'validated', 'validated',
        'validated', 'invalidated', 'pending'])[1 + (i / 10) % 10],
      case when (i / 10) % 10 < 8 then 2 else 0 end, case when (i / 10) % 10 = 8 then 2 else 0 end
    from generate_series(1, ${RECORDINGS}) i
    join bench_people p on p.n = 1 + i % ${SPEAKERS}
    join users u on u.id = p.id`);
  await db.execute(sql`insert into translation_pairs (english, lopit, category, status, version, updated_by, created_at, updated_at)
    select 'bench sentence ' || i, 'zorbel ' || i, (array['greetings', 'family', 'numbers', 'food', 'time'])[1 + i % 5],
      'approved', 2, case when i % 4 = 0 then null else p.id end,
      now() - interval '800 days', now() - (i % 600) * interval '1 day'
    from generate_series(1, ${PAIRS}) i
    join bench_people p on p.n = ${SPEAKERS} + 1 + i % ${TRANSLATORS}`);
  await db.execute(sql`drop table bench_people`);
  await db.execute(sql`analyze`);
}

function writeTemp(bytes: Buffer): string {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'tone.wav');
  fs.writeFileSync(file, bytes);
  return file;
}

function ms(value: number): string {
  return `${value.toFixed(0)} ms`.padStart(8);
}
