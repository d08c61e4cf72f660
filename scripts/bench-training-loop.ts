// How long the server's event loop is held while the translation model trains (the server must keep
// answering uploads and pages meanwhile). Trains with trainMtModel (in its worker thread) on a synthetic
// corpus in a made-up language of the given size, on a fresh embedded database, and reports the longest and
// 99th-percentile event-loop delay, next to the same training run in the main thread.
// Usage: npx tsx scripts/bench-training-loop.ts [pairs=10000]
import fs from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { seededRandom } from '../core/mt/random.ts';
import { trainModel } from '../core/mt/train.ts';
import { openDatabase } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { trainMtModel } from '../server/features/mt/mt-training.ts';
import { TranslationRepository } from '../server/features/translation/translation.repository.ts';

const count = Number(process.argv[2] ?? 10_000);
const dir = '.tmp/bench-training-loop';
fs.rmSync(dir, { recursive: true, force: true });

// Sentences of 8-27 words over a 6,000-word vocabulary with a skewed frequency, reordered on the other side.
const rand = seededRandom(5);
const vocab = Array.from({ length: 6000 }, (_, i) => `w${i.toString(36)}`);
const pairs = Array.from({ length: count }, (_, index) => {
  const words = Array.from(
    { length: 8 + Math.floor(rand() * 20) },
    () => vocab[Math.floor(Math.pow(rand(), 2) * vocab.length)]!,
  );
  return {
    english: `${words.join(' ')} ${index}`,
    lopit: `${words
      .map((w) => `z${w}`)
      .reverse()
      .join(' ')} ${index}`,
    category: 'family' as const,
  };
});

async function measure(label: string, run: () => Promise<unknown>) {
  let last = performance.now();
  const ticker = process.env.TRACE
    ? setInterval(() => {
        const now = performance.now();
        if (now - last > 300) console.log(Math.round(now), 'BLOCKED', Math.round(now - last));
        last = now;
      }, 20)
    : undefined;
  const histogram = monitorEventLoopDelay({ resolution: 10 });
  histogram.enable();
  const started = performance.now();
  await run();
  histogram.disable();
  clearInterval(ticker);
  console.log(
    `${label}: ${((performance.now() - started) / 1000).toFixed(1)} s; event loop held at most ${Math.round(histogram.max / 1e6)} ms (p99 ${Math.round(histogram.percentile(99) / 1e6)} ms)`,
  );
}

const database = await openDatabase({ pgliteDir: `${dir}/db` });
await migrate(database);
await new TranslationRepository(database.db).insertPrompts(pairs);
console.log(`${count} synthetic pairs`);
await measure('trainMtModel (training, scoring and writing the model file in a worker thread)', () =>
  trainMtModel({
    db: database.db,
    config: { DATA_DIR: dir },
    onProgress: process.env.TRACE ? (p, m) => console.log(Math.round(performance.now()), p, m) : undefined,
  }),
);
await measure('trainModel in the server thread, once (for comparison)', () =>
  trainModel(pairs, {}, () => undefined),
);
await database.close();
