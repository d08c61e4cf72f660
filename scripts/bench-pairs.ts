// What the Translation Editor costs a phone with 10,000 pairs on the server, measured in Debian's Chromium
// against the built app on its own server: bytes of /api/translation/pairs as sent and decoded (CDP), for a
// first visit (the whole copy, in pages), a second visit (nothing changed) and a visit after 20 edits by
// someone else; and the time the first visit's download takes on 2G (Chromium's network emulation:
// 100 kbit/s down, 50 kbit/s up, 600 ms round trip).
// Usage: npm run build && npm run bench:pairs [pairs=10000]
//
// With --rates (no browser, no build): what the server answers per second of the pages a phone reads to get
// ready, against a Fastify hello world in a process of its own in the same run: pairs pages of PAIRS_PAGE_SIZE
// and translation-memory pages of MEMORY_PAGE_SIZE, each phone walking the pages in order by cursor, with the
// Accept-Encoding a browser sends; and a pairs page's size in brotli at the quality answers are made with and at 9.
// Usage: npm run bench:pairs -- --rates [pairs=10000] [--seconds 15] [--connections 8]
//   [--database-url postgres://...   (a scratch database made from it; else embedded PGlite)]
//   [--server-dir DIR                (run the server of another checkout there, e.g. the commit before)]
//   Ports: BENCH_PORT (default 3500) for the server, the next one for the hello world.
import { chromium, type Page } from '@playwright/test';
import { TRANSLATION_CATEGORIES } from '../core/constants.ts';
import type { ImportReport } from '../core/api/translation.ts';
import { api } from './lib/json-api.ts';
import { startServer } from '../tests/e2e/server-process.ts';
import { watchNetwork } from './lib/network-watch.ts';
import { measureRates } from './lib/ready-pages-rates.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const args = process.argv.slice(2);
const option = (name: string) => {
  const index = args.indexOf(name);
  return index === -1 ? undefined : args[index + 1];
};
/** The options that take a value (the word after them is not the pair count). */
const VALUED = ['--seconds', '--connections', '--database-url', '--server-dir'];
const positional = args.filter(
  (arg, index) => !arg.startsWith('--') && !VALUED.includes(args[index - 1] ?? ''),
);
const target = Number(positional[0] ?? 10_000);

// Sentences as varied as real ones (so compression is not flattered by repetition): words drawn from a list by
// a seeded generator, the same on every run, with the sentence number at the end so none repeats.
const WORDS = (
  'the a my our their this that one two three many old young small big good new water fire house village ' +
  'river road market cow goat chicken dog child mother father brother sister grandmother elder friend ' +
  'teacher chief farmer rain sun moon morning evening night day year season field garden tree grass hill ' +
  'stone milk sorghum beans bread salt honey meat fish song dance story name word language school church ' +
  'clinic well path fence door cup pot knife basket rope drum is are was will can must goes comes eats ' +
  'drinks sees hears knows brings takes gives carries cooks builds sings tells walks runs sleeps wakes ' +
  'calls waits stays leaves returns today tomorrow yesterday now here there near far slowly quickly well ' +
  'again together alone always never often under over behind beside with without for from into about'
).split(' ');
function sentence(number: number): string {
  let seed = (number + 1) * 2654435761;
  const next = () => {
    seed = (seed ^ (seed >>> 15)) * 2246822519 + 0x6d2b79f5;
    seed ^= seed >>> 13;
    return (seed >>> 0) / 4294967296;
  };
  const length = 4 + Math.floor(next() * 9);
  const words = Array.from({ length }, () => WORDS[Math.floor(next() * WORDS.length)]);
  const text = words.join(' ');
  return `${text.charAt(0).toUpperCase()}${text.slice(1)} (${number}).`;
}
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;
if (args.includes('--rates')) {
  await measureRates({
    target,
    sentence,
    seconds: Number(option('--seconds') ?? 15),
    connections: Number(option('--connections') ?? 8),
    databaseUrl: option('--database-url'),
    serverDir: option('--server-dir'),
    port: Number(process.env.BENCH_PORT ?? 3500),
  });
  process.exit(0);
}
const server = await startServer('bench-pairs');
/** A JSON call: GET without a body, POST with one. */
const call = <T>(path: string, token: string, body?: unknown) =>
  api<T>(fetch, `${server.url}/api`, body === undefined ? 'GET' : 'POST', `/${path}`, body, token);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  // The first account is the admin; it imports English prompts until the server holds `target` pairs.
  const admin = await api<{ token: string; user: { id: string } }>(
    fetch,
    `${server.url}/api`,
    'POST',
    '/auth/signup',
    { name: 'Bench Admin', email: `bench-admin-${Date.now()}@example.org`, password: 'a long password' },
  );
  await call('consent/submit', admin.token, { consent_type: 'full' });
  const held = (await call<{ pairs: { id: number }[] }>('translation/pairs', admin.token)).pairs.length;
  const categories = TRANSLATION_CATEGORIES;
  for (let start = held; start < target; start += 2000) {
    const pairs = Array.from({ length: Math.min(2000, target - start) }, (_, index) => ({
      english: sentence(start + index),
      category: categories[(start + index) % categories.length],
    }));
    const report = await call<ImportReport>('admin/import/pairs', admin.token, { pairs });
    if (report.accepted !== pairs.length)
      throw new Error(
        `The import kept ${report.accepted} of ${pairs.length}: ${JSON.stringify(report).slice(0, 500)}`,
      );
  }
  const total = (await call<{ pairs: { id: number }[] }>('translation/pairs', admin.token)).pairs;
  console.log(`Server holds ${total.length} pairs.`);

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lopit.auth.token', token);
      localStorage.setItem('lopit.auth.user', user);
    },
    [admin.token, JSON.stringify(admin.user)] as const,
  );
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const resources = watchNetwork(cdp);

  /** Opens the editor and waits until this device's copy holds every pair; returns the pairs requests. */
  const visit = async (label: string, into: Page) => {
    const before = resources.length;
    const started = Date.now();
    await into.goto(`${server.url}/translation`);
    await into.getByText(`of ${total.length} translated`, { exact: false }).waitFor({ timeout: 600_000 });
    await into.waitForLoadState('networkidle');
    const seconds = (Date.now() - started) / 1000;
    const pairs = resources
      .slice(before)
      .filter((resource) => resource.url.includes('/api/translation/pairs'));
    const encoded = pairs.reduce((sum, resource) => sum + resource.encoded, 0);
    const decoded = pairs.reduce((sum, resource) => sum + resource.decoded, 0);
    console.log(
      `${label.padEnd(34)} ${String(pairs.length).padStart(3)} requests  ${kB(encoded).padStart(10)} as sent  ${kB(decoded).padStart(10)} decoded  ${seconds.toFixed(1)} s`,
    );
  };

  await visit('First visit (empty phone)', page);
  await visit('Second visit (nothing changed)', page);
  for (const pair of total.slice(0, 20)) {
    await call('translation/save', admin.token, { id: pair.id, translation: `zq-bench-${pair.id}` });
  }
  await visit('Third visit (20 pairs edited)', page);

  // The first visit again on 2G, from an empty phone.
  const slow = await browser.newContext({ serviceWorkers: 'block' });
  await slow.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lopit.auth.token', token);
      localStorage.setItem('lopit.auth.user', user);
    },
    [admin.token, JSON.stringify(admin.user)] as const,
  );
  const slowPage = await slow.newPage();
  const slowCdp = await slow.newCDPSession(slowPage);
  await slowCdp.send('Network.enable');
  const slowResources = watchNetwork(slowCdp);
  await slowCdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 600,
    downloadThroughput: 100_000 / 8,
    uploadThroughput: 50_000 / 8,
  });
  const started = Date.now();
  await slowPage.goto(`${server.url}/translation`, { timeout: 600_000 });
  await slowPage.getByText(`of ${total.length} translated`, { exact: false }).waitFor({ timeout: 900_000 });
  const pairs = slowResources.filter((resource) => resource.url.includes('/api/translation/pairs'));
  console.log(
    `First visit on 2G: every pair on the phone after ${((Date.now() - started) / 1000).toFixed(1)} s (page and data; pairs ${kB(pairs.reduce((sum, resource) => sum + resource.encoded, 0))} as sent)`,
  );
} finally {
  await browser.close();
  await server.stop();
}
