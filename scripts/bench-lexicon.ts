// Lexicon search latency at 100,000 entries (figures, not a test): `npx tsx scripts/bench-lexicon.ts`.
// Runs on a fresh in-memory PGlite; with `--postgres postgres://user@host/db` also on a scratch PostgreSQL
// database created beside it (and dropped). Entries are made-up words, never real Lopit. Prints p50/p95 per
// kind of search, as GET /api/data/lexicon runs it (the repository's query, without HTTP).
import { sql } from 'drizzle-orm';
import { seededRandom } from '../core/mt/random.ts';
import { createScratchDatabase } from '../server/db/scratch-database.ts';
import { openDatabase, type Database } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { LexiconRepository } from '../server/features/lexicon/lexicon.repository.ts';

const ENTRIES = 100_000;
const RUNS = 100;
const LIMIT = 50;

// Reseeded for each database, so both get the same entries and searches.
let rand = seededRandom(42);
const pick = <T>(items: readonly T[]): T => items[Math.floor(rand() * items.length)] as T;
const ONSETS = ['b', 'd', 'g', 'k', 'kw', 'l', 'm', 'n', 'ŋ', 'ɲ', 'p', 'r', 's', 't', 'v', 'z', 'zr', 'dr'];
const VOWELS = ['a', 'e', 'i', 'o', 'u', 'á', 'é', 'ɔ', 'ɛ', 'ó'];
const ENGLISH = [
  'river',
  'stone',
  'water',
  'small',
  'house',
  'goat',
  'cow',
  'rain',
  'sun',
  'moon',
  'path',
  'hill',
  'child',
  'mother',
  'father',
  'fire',
  'grain',
  'bowl',
  'song',
  'dance',
  'old',
  'new',
  'red',
  'black',
  'to see',
  'to go',
  'to eat',
  'to carry',
  'to sing',
  'honey',
  'tree',
  'root',
  'seed',
  'field',
  'market',
  'friend',
  'drum',
];

function word(): string {
  let out = '';
  const syllables = 2 + Math.floor(rand() * 3);
  for (let i = 0; i < syllables; i++) out += pick(ONSETS) + pick(VOWELS);
  return rand() < 0.3 ? out + pick(['t', 'n', 'k', 'l']) : out;
}

function entries(): { lopit: string; english: string; partOfSpeech: string | null }[] {
  const out = [];
  for (let i = 0; i < ENTRIES; i++) {
    const english = rand() < 0.5 ? pick(ENGLISH) : `${pick(ENGLISH)} ${pick(ENGLISH)}`;
    // A serial number keeps the made-up pairs distinct (duplicates would be skipped).
    out.push({
      lopit: `${word()}${i % 7 === 0 ? '' : ` ${word()}`}`,
      english: `${english} ${i}`,
      partOfSpeech: pick(['noun', 'verb', null]),
    });
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
}

async function bench(name: string, database: Database): Promise<void> {
  rand = seededRandom(42);
  await migrate(database);
  const repository = new LexiconRepository(database.db);
  const data = entries();
  let started = performance.now();
  const inserted = await repository.insertMany(data);
  console.log(
    `\n${name}: ${inserted.toLocaleString('en')} entries inserted in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );
  await database.db.execute(sql`analyze lexicon_entries`);
  const sample = (f: () => string) => Array.from({ length: RUNS }, f);
  const existing = () => pick(data).lopit.split(' ')[0] as string;
  const kinds: [string, string[]][] = [
    ['exact Lopit word', sample(existing)],
    ['prefix, 2 letters', sample(() => pick(ONSETS) + pick(VOWELS))],
    ['prefix, 4+ letters', sample(() => existing().slice(0, 4))],
    ['contains, 3 letters', sample(() => existing().slice(1, 4))],
    ['English word (many hits)', sample(() => pick(ENGLISH))],
    ['English exact with number', sample(() => pick(data).english)],
    [
      'accents typed differently',
      sample(() => existing().normalize('NFD').replace(/\p{M}/gu, '').toUpperCase()),
    ],
    ['one letter', sample(() => pick(['a', 'k', 'z', 'o']))],
    ['no match', sample(() => `qx${Math.floor(rand() * 1000)}`)],
    ['empty (first entries)', sample(() => '')],
  ];
  const all: number[] = [];
  console.log(`${'search'.padEnd(28)} ${'p50 ms'.padStart(8)} ${'p95 ms'.padStart(8)}  hits`);
  for (const [kind, terms] of kinds) {
    const times: number[] = [];
    let hits = 0;
    for (const term of terms) {
      started = performance.now();
      hits += (await repository.search(term, LIMIT)).length;
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    all.push(...times);
    console.log(
      `${kind.padEnd(28)} ${percentile(times, 0.5).toFixed(2).padStart(8)} ${percentile(times, 0.95).toFixed(2).padStart(8)}  ${(hits / terms.length).toFixed(1)}`,
    );
  }
  all.sort((a, b) => a - b);
  console.log(
    `${'all searches'.padEnd(28)} ${percentile(all, 0.5).toFixed(2).padStart(8)} ${percentile(all, 0.95).toFixed(2).padStart(8)}`,
  );
}

async function main() {
  const pglite = await openDatabase({});
  try {
    await bench('PGlite (in memory)', pglite);
  } finally {
    await pglite.close();
  }
  const index = process.argv.indexOf('--postgres');
  const adminUrl = index >= 0 ? process.argv[index + 1] : undefined;
  if (!adminUrl) return;
  const scratch = await createScratchDatabase(adminUrl, 'lopit_bench');
  const database = await openDatabase({ databaseUrl: scratch.url });
  try {
    await bench('PostgreSQL', database);
  } finally {
    await database.close();
    await scratch.drop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
