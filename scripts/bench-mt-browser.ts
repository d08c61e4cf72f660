// The phone's translation model in Debian's Chromium: how long loading the model file and the translation memory
// takes, how much memory the engine holds, the latency of one sentence (p50 / p95), and whether the page freezes
// meanwhile. The model is the one a phone downloads (the compact model file of core/mt phoneFile), with the memory
// it keeps apart (the approved pairs, as GET /api/translation/memory sends them), trained on the Bible corpus.
// Two runs of the same core/mt code, bundled with esbuild:
//   - in a Web Worker, as the chat runs it (src/features/chat/offline-engine.worker.ts): load time and latency,
//     and the longest task the page's main thread saw meanwhile (Long Tasks API);
//   - on the page itself, to weigh the engine's memory (performance.memory after a forced GC) and to show the
//     freeze the worker avoids (the longest main-thread task).
// Then the chat's own worker (src/features/chat/offline-engine.worker.ts, bundled as it is), against a server
// answering GET /api/translation/model and /memory as ours does (pages coded with the model's words for a phone
// naming it): the first refresh (download, parse, pages kept in IndexedDB), then a phone reopened: its first sentence (the model and pairs read back from IndexedDB) and each
// sentence after it as the page sees it (a message round trip, the worker's IndexedDB reads included).
// The page runs with 4x CPU throttling (DevTools' "mid-tier mobile") unless --throttle 1. CDP's throttling applies
// to the page's target only, not to the worker: compare the worker's figures with a --throttle 1 run.
// Usage: npm run bench:mt-browser -- [--pairs 10000] [--sentences 200] [--throttle 4]
import { chromium } from '@playwright/test';
import { build } from 'esbuild';
import { gzipSync } from 'node:zlib';
import { createHash } from 'node:crypto';
import { MEMORY_PAGE_SIZE, memoryColumns, type MemoryPage } from '../core/api/chat.ts';
import { encodeMemoryPage, MEMORY_PAGE_CODED_TYPE } from '../core/api/memory-page-coding.ts';
import { splitHeldOut } from '../core/mt/evaluate.ts';
import { compactModel } from '../core/mt/prune.ts';
import { parseModelFile, phoneFile, serialiseModel } from '../core/mt/serialise.ts';
import { trainModel } from '../core/mt/train.ts';
import { loadBibleCorpus } from './lib/bible-corpus.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}

const pairsWanted = Number(arg('pairs', '10000'));
const sentenceCount = Number(arg('sentences', '200'));
const throttle = Number(arg('throttle', '4'));

// The engine's side: load the file, then translate each sentence, timing both. Runs in a worker or on the page.
const ENGINE = `
import { createEngineStateFromFile, translate } from './core/mt/index.ts';
export async function run(bytes, pairs, sentences) {
  const t0 = performance.now();
  const state = createEngineStateFromFile(bytes, pairs);
  // The first sentence of each direction builds that direction's phrase index: part of loading.
  translate(state, 'x', 'en_to_lpx');
  translate(state, 'x', 'lpx_to_en');
  const loadMs = performance.now() - t0;
  const times = [];
  for (const [text, direction] of sentences) {
    const s = performance.now();
    translate(state, text, direction);
    times.push(performance.now() - s);
  }
  return { loadMs, times, keep: state };
}
`;
// The worker reads the model file and the memory itself, as the chat's worker reads them from IndexedDB: the page
// never holds them.
const WORKER = `
import { run } from './engine.js';
self.onmessage = async (event) => {
  const bytes = new Uint8Array(await (await fetch('/model.bin')).arrayBuffer());
  const pairs = await (await fetch('/memory.json')).json();
  const { loadMs, times } = await run(bytes, pairs, event.data.sentences);
  self.postMessage({ loadMs, times });
};
`;
const PAGE = `
import { run } from './engine.js';
let held = null;
window.longest = 0;
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.longest = Math.max(window.longest, entry.duration);
}).observe({ type: 'longtask', buffered: false });
async function download() {
  return new Uint8Array(await (await fetch('/model.bin')).arrayBuffer());
}
async function memory() {
  return (await fetch('/memory.json')).json();
}
window.inWorker = async (sentences) => {
  window.longest = 0;
  const worker = new Worker('/worker.js', { type: 'module' });
  const started = performance.now();
  const result = await new Promise((resolve) => {
    worker.onmessage = (event) => resolve(event.data);
    worker.postMessage({ sentences });
  });
  worker.terminate();
  await new Promise((r) => setTimeout(r, 100));
  return { ...result, wallMs: performance.now() - started, longestTaskMs: window.longest };
};
function ask(worker, request) {
  return new Promise((resolve, reject) => {
    const listen = (event) => {
      if (event.data.id !== request.id || 'progress' in event.data) return;
      worker.removeEventListener('message', listen);
      if (event.data.ok) resolve(event.data.value);
      else reject(new Error(event.data.message));
    };
    worker.addEventListener('message', listen);
    worker.postMessage(request);
  });
}
window.chatWorker = async (sentences) => {
  let worker = new Worker('/chat-worker.js', { type: 'module' });
  let id = 0;
  const t0 = performance.now();
  const copy = await ask(worker, { id: ++id, kind: 'refresh', base: location.origin + '/api/translation' });
  const keepMs = performance.now() - t0;
  worker.terminate();
  // Reopened: nothing in the worker's memory, everything read back from IndexedDB.
  worker = new Worker('/chat-worker.js', { type: 'module' });
  window.longest = 0;
  const t1 = performance.now();
  await ask(worker, { id: ++id, kind: 'translate', text: 'x', direction: 'en_to_lpx' });
  await ask(worker, { id: ++id, kind: 'translate', text: 'x', direction: 'lpx_to_en' });
  const loadMs = performance.now() - t1;
  const times = [];
  for (const [text, direction] of sentences) {
    const s = performance.now();
    await ask(worker, { id: ++id, kind: 'translate', text, direction });
    times.push(performance.now() - s);
  }
  worker.terminate();
  return { keepMs, loadMs, times, longestTaskMs: window.longest, pairs: copy.memory.pairs };
};
window.onPage = async (sentences) => {
  const bytes = await download();
  const pairs = await memory();
  gc(); gc();
  const before = performance.memory.usedJSHeapSize;
  window.longest = 0;
  const result = await run(bytes, pairs, sentences);
  held = result.keep;
  await new Promise((r) => setTimeout(r, 100));
  gc(); gc();
  const heapBytes = performance.memory.usedJSHeapSize - before;
  return { loadMs: result.loadMs, times: result.times, heapBytes, longestTaskMs: window.longest, held: !!held };
};
`;

async function bundle(entry: string, name: string, files: Record<string, string>): Promise<string> {
  const result = await build({
    stdin: { contents: entry, resolveDir: process.cwd(), sourcefile: name, loader: 'js' },
    bundle: true,
    format: 'esm',
    write: false,
    minify: true,
    plugins: [
      {
        name: 'virtual',
        setup(b) {
          b.onResolve({ filter: /^\.\/engine\.js$/ }, () => ({ path: 'engine.js', namespace: 'virtual' }));
          b.onLoad({ filter: /.*/, namespace: 'virtual' }, (a) => ({
            contents: files[a.path] ?? '',
            resolveDir: process.cwd(),
            loader: 'js',
          }));
        },
      },
    ],
  });
  return result.outputFiles[0]?.text ?? '';
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

const corpus = loadBibleCorpus();
const { train: pool, test } = splitHeldOut(corpus, { fraction: 0.1, seed: 42 });
const train = pool.slice(0, pairsWanted);
const data = await trainModel(train);
const file = phoneFile(serialiseModel(compactModel(data), { pairs: train, lexicon: [] }));
const gzip = gzipSync(file).length;
const memoryJson = JSON.stringify(train);
const sentences = test
  .slice(0, Math.ceil(sentenceCount / 2))
  .flatMap((p) => [
    [p.english, 'en_to_lpx'],
    [p.lopit, 'lpx_to_en'],
  ])
  .slice(0, sentenceCount);
const files = { 'engine.js': ENGINE };
const chatWorkerJs =
  (
    await build({
      entryPoints: ['src/features/chat/offline-engine.worker.ts'],
      bundle: true,
      format: 'esm',
      write: false,
      minify: true,
    })
  ).outputFiles[0]?.text ?? '';
/** The model file's version as our server names it (its SHA-256), and the words memory pages are coded with. */
const modelVersion = createHash('sha256').update(file).digest('hex');
const vocab = parseModelFile(file).model.vocab;
/** The memory as GET /api/translation/memory pages it, by cursor (ids in training order). */
const EPOCH = '00000000-0000-4000-8000-000000000000';
function memoryPage(since: string | null): MemoryPage {
  const start = since ? Number(since.split(':')[1]) : 0;
  const chunk = train.slice(start, start + MEMORY_PAGE_SIZE);
  const end = start + chunk.length;
  return {
    ...memoryColumns(chunk.map((p, i) => ({ id: start + i + 1, english: p.english, lopit: p.lopit }))),
    removed: [],
    cursor: `${EPOCH}:${end}:0`,
    more: end < train.length,
    remaining: train.length - end,
    reset: start === 0,
  };
}
const workerJs = await bundle(WORKER, 'worker.js', files);
const pageJs = await bundle(PAGE, 'page.js', files);

const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--enable-precise-memory-info', '--js-flags=--expose-gc'],
});
try {
  const page = await browser.newPage();
  const origin = 'http://bench.invalid';
  await page.route(`${origin}/**`, (route) => {
    const path = new URL(route.request().url()).pathname;
    if (path === '/model.bin')
      return route.fulfill({ body: Buffer.from(file), contentType: 'application/octet-stream' });
    if (path === '/memory.json') return route.fulfill({ body: memoryJson, contentType: 'application/json' });
    if (path === '/worker.js') return route.fulfill({ body: workerJs, contentType: 'text/javascript' });
    if (path === '/chat-worker.js')
      return route.fulfill({ body: chatWorkerJs, contentType: 'text/javascript' });
    if (path === '/api/translation/model')
      return route.fulfill({
        body: Buffer.from(file),
        contentType: 'application/octet-stream',
        headers: { ETag: `"${modelVersion}"` },
      });
    if (path === '/api/translation/memory') {
      // As the server answers: coded with the model's words for a phone naming it, else JSON.
      const query = new URL(route.request().url()).searchParams;
      const page = memoryPage(query.get('since'));
      if (query.get('model') !== modelVersion) return route.fulfill({ json: page });
      return route.fulfill({
        body: Buffer.from(encodeMemoryPage(page, vocab)),
        contentType: MEMORY_PAGE_CODED_TYPE,
      });
    }
    if (path === '/page.js') return route.fulfill({ body: pageJs, contentType: 'text/javascript' });
    return route.fulfill({
      body: '<!doctype html><title>bench</title><script type="module" src="/page.js"></script>',
      contentType: 'text/html',
    });
  });
  await page.goto(`${origin}/`);
  await page.waitForFunction(() => 'onPage' in window);
  const cdp = await page.context().newCDPSession(page);
  if (throttle > 1) await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttle });
  type Result = {
    loadMs: number;
    times: number[];
    longestTaskMs: number;
    wallMs?: number;
    heapBytes?: number;
  };
  const worker = await page.evaluate(
    (s) => (window as unknown as { inWorker: (s: unknown) => Promise<Result> }).inWorker(s),
    sentences,
  );
  const chat = await page.evaluate(
    (s) =>
      (
        window as unknown as {
          chatWorker: (s: unknown) => Promise<Result & { keepMs: number; pairs: number }>;
        }
      ).chatWorker(s),
    sentences,
  );
  const inPage = await page.evaluate(
    (s) => (window as unknown as { onPage: (s: unknown) => Promise<Result> }).onPage(s),
    sentences,
  );
  const f = (x: number) => x.toFixed(0);
  const latency = (r: Result) => {
    const sorted = [...r.times].sort((a, b) => a - b);
    return `p50 ${percentile(sorted, 50).toFixed(1)} ms, p95 ${percentile(sorted, 95).toFixed(1)} ms`;
  };
  const version = browser.version();
  console.log(
    `Chromium ${version}, page CPU throttled ${throttle}x (the worker is not). Model file for ${train.length} pairs: ${(file.length / 1000).toFixed(0)} kB, ` +
      `${(gzip / 1000).toFixed(0)} kB gzip (${((gzip * 8) / 100_000).toFixed(0)} s at 2G's 100 kbit/s); the engine loads it with the ${train.length} pairs of the memory kept apart.`,
  );
  console.log(
    `In a worker (as the chat runs it): load ${f(worker.loadMs)} ms; ${sentences.length} sentences ${latency(worker)}; ` +
      `longest main-thread task meanwhile ${f(worker.longestTaskMs)} ms.`,
  );
  console.log(
    `The chat's own worker, IndexedDB included: first refresh (download on loopback, parse, ${chat.pairs} pairs kept) ${f(chat.keepMs)} ms; ` +
      `reopened, first sentence (model and pairs read back) ${f(chat.loadMs)} ms; then ${sentences.length} sentences ${latency(chat)} as the page waits for them; ` +
      `longest main-thread task meanwhile ${f(chat.longestTaskMs)} ms.`,
  );
  console.log(
    `On the page (for comparison): load ${f(inPage.loadMs)} ms; ${latency(inPage)}; engine heap ${((inPage.heapBytes ?? 0) / 1e6).toFixed(1)} MB; ` +
      `longest main-thread task ${f(inPage.longestTaskMs)} ms (the freeze the worker avoids).`,
  );
} finally {
  await browser.close();
}
