// How long speech playback takes: POST /api/tts/synthesize through app.inject on a fresh embedded database.
// Cold start (worker and WebAssembly loaded on the first request), synthesis with the engine warm but nothing
// cached, and the same requests answered from the cache; English and (made-up) Lopit-looking text.
// Usage: npx tsx scripts/bench-tts.ts [sentences=10]
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';

const count = Number(process.argv[2] ?? 10);
const dataDir = path.resolve('.tmp', `bench-tts-${Date.now()}`);
const config = loadConfig({
  DATA_DIR: dataDir,
  STATIC_DIR: '.tmp/no-build',
  LOG_LEVEL: 'silent',
  PUBLIC_RATE_LIMIT_PER_MINUTE: '100000',
});
const database = await openDatabase({});
const app = await buildApp({ config, database, logger: false });
await app.ready();

// English is ordinary prose; the other language's words are invented (no real Lopit is used).
const ENGLISH = [
  'Good morning, and welcome to the village.',
  'The river is wide after the rains, and the cattle are home.',
  'Please sit down; the elders will speak after the meal.',
  'We planted sorghum and groundnuts on the hill this year.',
  'How many people came to the dance last night?',
];
const MADE_UP = [
  'zorbel kwintafa nyoŋ plimdo',
  'vaskor grunvel, trosko melvandi!',
  'ɲaŋo bélutá kwaa dimbor',
];
const sentences = (list: string[], salt: string) =>
  Array.from({ length: count }, (_, i) => `${list[i % list.length] ?? ''} ${salt}${i}`);

interface Timing {
  ms: number;
  seconds: number;
  source: string;
  cache: string;
}
async function speak(text: string, language: 'en' | 'lpx'): Promise<Timing> {
  const begun = performance.now();
  const response = await app.inject({
    method: 'POST',
    url: '/api/tts/synthesize',
    payload: { text, language },
  });
  const ms = performance.now() - begun;
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
  const rate = response.rawPayload.readUInt32LE(24);
  return {
    ms,
    seconds: (response.rawPayload.length - 44) / 2 / rate,
    source: String(response.headers['x-speech-source']),
    cache: String(response.headers['x-speech-cache']),
  };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
const max = (values: number[]) => Math.max(...values);
const row = (label: string, timings: Timing[]) => {
  const ms = timings.map((t) => t.ms);
  const audio = timings.reduce((sum, t) => sum + t.seconds, 0);
  const compute = timings.reduce((sum, t) => sum + t.ms, 0) / 1000;
  console.log(
    `${label.padEnd(34)} n=${String(timings.length).padStart(3)}  median ${median(ms).toFixed(1).padStart(7)} ms` +
      `  max ${max(ms).toFixed(1).padStart(7)} ms  audio ${(audio / timings.length).toFixed(2)} s each` +
      `  real-time factor ${(compute / audio).toFixed(3)}  [${timings[0]?.source}, cache ${timings[0]?.cache}]`,
  );
};

console.log(`Speech playback benchmark (${count} sentences per row; Node ${process.version})`);
row('cold start (first request, en)', [await speak('Hello, and welcome.', 'en')]);
row('first Lopit request (voice switch)', [await speak('zorbel kwintafa', 'lpx')]);
for (const [language, list] of [
  ['en', ENGLISH],
  ['lpx', MADE_UP],
] as const) {
  const texts = sentences(list, language === 'en' ? 'number ' : 'tak');
  const misses: Timing[] = [];
  for (const text of texts) misses.push(await speak(text, language));
  row(`${language}: synthesis, cache cold`, misses);
  const hits: Timing[] = [];
  for (const text of texts) hits.push(await speak(text, language));
  row(`${language}: same text, cache warm`, hits);
}
const long = 'The river is wide after the rains, and the cattle are home. '.repeat(9).slice(0, 500);
row('en: 500 characters, cache cold', [await speak(long, 'en')]);
row('en: 500 characters, cache warm', [await speak(long, 'en')]);
const concurrent = performance.now();
await Promise.all(sentences(ENGLISH, 'parallel ').map((text) => speak(text, 'en')));
console.log(
  `${`en: ${count} requests at once`.padEnd(34)} total ${(performance.now() - concurrent).toFixed(0)} ms (one synthesis at a time)`,
);

await app.close();
await database.close();
fs.rmSync(dataDir, { recursive: true, force: true });
