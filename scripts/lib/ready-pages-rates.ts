// bench:pairs --rates (scripts/bench-pairs.ts): pairs and translation-memory pages per second, as phones getting
// ready read them, against a Fastify hello world in the same run.
import fs from 'node:fs';
import path from 'node:path';
import { constants, brotliCompressSync } from 'node:zlib';
import { MEMORY_PAGE_SIZE } from '../../core/api/chat.ts';
import { PAIRS_PAGE_SIZE, type ImportReport } from '../../core/api/translation.ts';
import { TRANSLATION_CATEGORIES } from '../../core/constants.ts';
import { createScratchDatabase } from '../../server/db/scratch-database.ts';
import { api } from './json-api.ts';
import { helloWorld, requestRate, type RateResult } from './request-rate.ts';
import { RAISED_RATE_LIMITS, serverProcess, TEST_PASSWORD_HASHING } from './server-process.ts';

export interface RatesOptions {
  target: number;
  sentence: (number: number) => string;
  seconds: number;
  connections: number;
  databaseUrl: string | undefined;
  serverDir: string | undefined;
  port: number;
}

/** What a browser offers (Chromium over http to 127.0.0.1 offers these). */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

export async function measureRates(options: RatesOptions): Promise<void> {
  const scratch = options.databaseUrl
    ? await createScratchDatabase(options.databaseUrl, 'lopit_bench_pairs')
    : null;
  const dataDir = path.resolve('.tmp', 'bench-pairs-rates', String(options.port));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const server = serverProcess({
    port: options.port,
    dataDir,
    databaseUrl: scratch?.url ?? null,
    env: { ...RAISED_RATE_LIMITS, ...TEST_PASSWORD_HASHING },
    startTimeoutMs: 300_000,
    ...(options.serverDir ? { cwd: path.resolve(options.serverDir) } : {}),
  });
  await server.start();
  const hello = await helloWorld(options.port + 1);
  try {
    const base = `${server.url}/api`;
    const admin = await api<{ token: string }>(fetch, base, 'POST', '/auth/signup', {
      name: 'Bench Admin',
      email: `bench-admin-${Date.now()}@example.org`,
      password: 'a long password',
    });
    await api(fetch, base, 'POST', '/consent/submit', { consent_type: 'full' }, admin.token);
    // Every other pair with a Lopit text (approved, so in the translation memory); invented words only.
    for (let start = 0; start < options.target; start += 2000) {
      const pairs = Array.from({ length: Math.min(2000, options.target - start) }, (_, index) => {
        const number = start + index;
        return {
          english: options.sentence(number),
          category: TRANSLATION_CATEGORIES[number % TRANSLATION_CATEGORIES.length],
          ...(number % 2 === 0 ? { lopit: `zq ${options.sentence(number + 1_000_000).toLowerCase()}` } : {}),
        };
      });
      const report = await api<ImportReport>(
        fetch,
        base,
        'POST',
        '/admin/import/pairs',
        { pairs },
        admin.token,
      );
      if (report.accepted !== pairs.length)
        throw new Error(`The import kept ${report.accepted} of ${pairs.length}`);
    }

    // The pages a phone walks through, by cursor, as its sync engine asks for them.
    const walk = async (route: string, first: string, auth: boolean) => {
      const urls: string[] = [];
      let query = first;
      for (;;) {
        urls.push(`${base}${route}?${query}`);
        const page = await api<{ cursor: string; more: boolean }>(
          fetch,
          base,
          'GET',
          `${route}?${query}`,
          undefined,
          auth ? admin.token : undefined,
        );
        if (!page.more) return urls;
        query = `${first}&since=${encodeURIComponent(page.cursor)}`;
      }
    };
    const pairPages = await walk('/translation/pairs', `limit=${PAIRS_PAGE_SIZE}`, true);
    const memoryPages = await walk('/translation/memory', `limit=${MEMORY_PAGE_SIZE}`, false);
    console.log(
      `Server (${scratch ? 'PostgreSQL' : 'PGlite'}${options.serverDir ? `, code of ${options.serverDir}` : ''}) holds ${options.target} pairs: ${pairPages.length} pairs pages of ${PAIRS_PAGE_SIZE}, ${memoryPages.length} memory pages of ${MEMORY_PAGE_SIZE}.`,
    );

    // A pairs page's size in brotli: at the quality answers are made with (plugins/compression.ts), and at 9.
    const plain = Buffer.from(
      await (
        await fetch(pairPages[0]!, { headers: { authorization: `Bearer ${admin.token}` } })
      ).arrayBuffer(),
    );
    for (const quality of [5, 9]) {
      const started = performance.now();
      const size = brotliCompressSync(plain, {
        params: { [constants.BROTLI_PARAM_QUALITY]: quality },
      }).length;
      console.log(
        `Pairs page of ${PAIRS_PAGE_SIZE}: ${(plain.length / 1000).toFixed(1)} kB as JSON, brotli quality ${quality}: ${(size / 1000).toFixed(1)} kB in ${(performance.now() - started).toFixed(1)} ms`,
      );
    }

    const run = { seconds: options.seconds, connections: options.connections };
    const line = (label: string, result: RateResult, yardstick?: RateResult) =>
      console.log(
        `${label.padEnd(30)} ${result.perSecond.toFixed(1).padStart(9)} requests/s  ${(result.meanBytes / 1000).toFixed(1).padStart(7)} kB each as sent${yardstick ? `  ${((100 * result.perSecond) / yardstick.perSecond).toFixed(2).padStart(6)} % of hello world` : ''}${result.failures ? `  (${result.failures} failed)` : ''}`,
      );
    const yardstick = await requestRate([hello.url], { 'accept-encoding': BROWSER_ENCODINGS }, run);
    line('Fastify hello world', yardstick);
    const pairs = await requestRate(
      pairPages,
      { authorization: `Bearer ${admin.token}`, 'accept-encoding': BROWSER_ENCODINGS },
      run,
    );
    line(`Pairs pages of ${PAIRS_PAGE_SIZE}`, pairs, yardstick);
    const memory = await requestRate(memoryPages, { 'accept-encoding': BROWSER_ENCODINGS }, run);
    line(`Memory pages of ${MEMORY_PAGE_SIZE}`, memory, yardstick);
    console.log(`(${options.connections} connections, ${options.seconds} s each, one after another)`);
  } finally {
    await hello.stop();
    await server.stop();
    await scratch?.drop();
  }
}
