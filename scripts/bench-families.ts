// Benchmark of the family graph at real size (figures, not tests): the layout computed at import in Node, then the
// built page on its own server for 88 (the shipped sample), 2,157 (Gramps' example tree, Debian's `gramps`) and
// 5,000 persons (generated, made-up), at 360 px (a mid-range phone: touch, Chromium's CPU slowed 4x) and 1280 px:
// the time until the first named person is visible within the screen, the longest main-thread task (longtask
// PerformanceObserver) while loading, during a tap that moves to a person and while opening the whole lineage,
// and the bytes on the wire (as sent, compressed): the page's own requests and the service worker's (on a first
// visit it installs and fetches the app's precache, whichever page is opened), counted until the service worker
// is ready.
// Usage: npm run bench:families -- [--runs 3] [--no-layout]    (after `npm run build`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Request } from '@playwright/test';
import { buildFamilyGraph } from '../core/families/family-graph.ts';
import { importGedcom } from '../core/families/gedcom-import.ts';
import type { FamilyData } from '../core/families/family-schema.ts';
import { directRelatives } from '../core/families/relatives.ts';
import { startServer } from '../tests/e2e/server-process.ts';
import { readFamilyData, generatedLineage } from './families.ts';
import { withLayout, type LayoutTimings } from './families-layout.ts';
import { grampsExampleGedcom, hasGrampsExample } from './lib/family-datasets.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '3' }, 'no-layout': { type: 'boolean' } },
});
const runs = Number(values.runs);
const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? NaN;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`;

const PROFILES = [
  { name: '360 px phone, CPU 4x slower', width: 360, height: 740, touch: true, cpuSlowdown: 4 },
  { name: '1280 px', width: 1280, height: 900, touch: false, cpuSlowdown: 1 },
] as const;

/**
 * Installed before the page's own scripts: long tasks, and when a named person is first within the screen. A
 * string, as tsx would wrap a function's inner functions in a helper the page does not have.
 */
const OBSERVE = `(() => {
  const state = { longest: 0, longestFamilies: 0, firstNamedAt: null, pageShownAt: null };
  window.__bench = state;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      state.longest = Math.max(state.longest, entry.duration);
      if (state.pageShownAt !== null && entry.startTime >= state.pageShownAt)
        state.longestFamilies = Math.max(state.longestFamilies, entry.duration);
    }
  }).observe({ type: 'longtask', buffered: true });
  // The app started and the families page shown (saying it loads the data): what follows is the families' own work.
  const shown = () => {
    if (document.querySelector('[data-testid="families-loading"]')) state.pageShownAt = performance.now();
    else requestAnimationFrame(shown);
  };
  requestAnimationFrame(shown);
  const check = () => {
    if (state.firstNamedAt !== null) return;
    const width = document.documentElement.clientWidth;
    const height = window.innerHeight;
    const named = [...document.querySelectorAll('[data-testid="families-circle"] .families-circle-name')].some((name) => {
      const box = name.getBoundingClientRect();
      return name.textContent.trim() !== '' && box.width > 0 && box.left >= 0 && box.right <= width && box.top >= 0 && box.bottom <= height;
    });
    // The whole lineage (a small tree on a wide screen opens on it): cytoscape has drawn its named nodes.
    const hook = window.__familiesGraph;
    if (named) state.firstNamedAt = performance.now();
    else if (hook && hook.readyAt) state.firstNamedAt = hook.readyAt;
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

interface Figures {
  firstNamedMs: number;
  loadLongestMs: number;
  /** The longest task once the families page was shown: reading the data, building the graph, the first view. */
  familiesLongestMs: number;
  tapLongestMs: number;
  lineageLongestMs: number;
  lineageDrawnMs: number;
  bytes: number;
  serviceWorkerBytes: number;
}

/** Bytes as sent (headers and compressed body) of a finished request; 0 when it never reached the network. */
async function bytesOf(request: Request): Promise<number> {
  const response = await request.response();
  if (!response || response.fromServiceWorker()) return 0;
  const sizes = await request.sizes();
  return sizes.responseHeadersSize + sizes.responseBodySize;
}

async function measure(browser: Browser, url: string, data: FamilyData, profile: (typeof PROFILES)[number]) {
  const context = await browser.newContext({
    viewport: { width: profile.width, height: profile.height },
    hasTouch: profile.touch,
    isMobile: profile.touch,
  });
  const page = await context.newPage();
  await page.addInitScript(OBSERVE);
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: profile.cpuSlowdown });
  // Every request of the page and of its service worker (Playwright reports both on the context); a page
  // request the service worker answered is counted once, as the service worker's own fetch.
  const counted: Promise<{ worker: boolean; bytes: number }>[] = [];
  context.on('requestfinished', (request) =>
    counted.push(bytesOf(request).then((bytes) => ({ worker: request.serviceWorker() !== null, bytes }))),
  );
  await page.goto(`${url}/families`);
  await page.waitForFunction(
    () => (window as unknown as { __bench: { firstNamedAt: number | null } }).__bench.firstNamedAt !== null,
    undefined,
    { timeout: 180_000 },
  );
  await page.waitForTimeout(1500);
  const bench = () =>
    page.evaluate(
      () =>
        (
          window as unknown as {
            __bench: {
              longest: number;
              longestFamilies: number;
              firstNamedAt: number;
              pageShownAt: number | null;
            };
          }
        ).__bench,
    );
  const load = await bench();
  // The service worker installed: its precache is fetched.
  await page.evaluate(() =>
    Promise.race([
      navigator.serviceWorker?.ready.then(() => true),
      new Promise((resolve) => setTimeout(resolve, 120_000)),
    ]),
  );
  await page.waitForTimeout(500);
  const finished = await Promise.all(counted);
  const bytes = finished.reduce((sum, item) => sum + (item.worker ? 0 : item.bytes), 0);
  const serviceWorkerBytes = finished.reduce((sum, item) => sum + (item.worker ? item.bytes : 0), 0);
  const reset = () =>
    page.evaluate(() => ((window as unknown as { __bench: { longest: number } }).__bench.longest = 0));

  // A tap on a child with children of their own: the view moves to them and shows their family.
  const graph = buildFamilyGraph(data);
  const child = directRelatives(graph, graph.rootId).children.find(
    (id) => directRelatives(graph, id).children.length > 0,
  );
  let tapLongestMs = NaN;
  const circle = page.getByTestId('families-circle');
  if ((await circle.count()) === 1 && child) {
    await reset();
    await circle
      .locator(`[data-person-id="${child}"]`)
      .tap({ force: true })
      .catch(() => circle.locator(`[data-person-id="${child}"]`).click());
    await page.waitForSelector(`[data-testid="families-circle"][data-focus-id="${child}"]`);
    await page.waitForTimeout(1000);
    tapLongestMs = (await bench()).longest;
  }

  // The whole lineage: its chunk loaded and every person added.
  let lineageLongestMs = NaN;
  let lineageDrawnMs = NaN;
  const lineageButton = page.getByRole('button', { name: 'Whole lineage' });
  if ((await lineageButton.getAttribute('aria-pressed')) !== 'true') {
    await reset();
    const start = Date.now();
    await lineageButton.click();
    await page.waitForFunction((count) => window.__familiesGraph?.nodeCount === count, graph.nodes.length, {
      timeout: 180_000,
    });
    lineageDrawnMs = Date.now() - start;
    await page.waitForTimeout(2500);
    lineageLongestMs = (await bench()).longest;
  }
  await context.close();
  return {
    firstNamedMs: load.firstNamedAt,
    loadLongestMs: load.longest,
    // Not seen saying it loads (the data came at once): no figure rather than a wrong one.
    familiesLongestMs: load.pageShownAt === null ? NaN : load.longestFamilies,
    tapLongestMs,
    lineageLongestMs,
    lineageDrawnMs,
    bytes,
    serviceWorkerBytes,
  } satisfies Figures;
}

async function main() {
  const work = path.resolve('.tmp', 'bench-families');
  const sample = await readFamilyData();
  const datasets: [string, () => FamilyData][] = [
    ['shipped sample (88 persons)', () => sample],
    ...(hasGrampsExample()
      ? ([
          [
            "Gramps' example (2,157 persons)",
            () => importGedcom(readFileSync(grampsExampleGedcom(work))).data,
          ],
        ] as [string, () => FamilyData][])
      : []),
    ['generated (5,000 persons)', () => generatedLineage(5000)],
  ];
  if (!hasGrampsExample()) console.log("Gramps' example skipped: apt-get install gramps");
  const laidOut: [string, FamilyData][] = [];
  console.log('Layout computed at import in Node (both views, every tree), median of', runs, 'runs:');
  for (const [name, make] of datasets) {
    const data = make();
    const samples: LayoutTimings[] = [];
    let result = data;
    for (let run = 0; run < (values['no-layout'] ? 1 : runs); run++) {
      const timings: LayoutTimings = { generationsMs: 0, organicMs: 0 };
      result = withLayout(data, timings);
      samples.push(timings);
    }
    laidOut.push([name, result]);
    console.log(
      `  ${name}: generations ${ms(median(samples.map((t) => t.generationsMs)))}, organic ${ms(median(samples.map((t) => t.organicMs)))}`,
    );
  }

  const server = await startServer('bench-families');
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu'],
  });
  try {
    console.log(
      `\nThe page (median of ${runs}): first named person visible | longest task loading (of it, after the app started) | tapping a person | opening the whole lineage (drawn in) | bytes on the wire: the page + its service worker`,
    );
    for (const [name, data] of laidOut) {
      const file = path.join(server.dataDir, 'families', 'family-data.json');
      mkdirSync(path.dirname(file), { recursive: true });
      writeFileSync(file, JSON.stringify(data));
      for (const profile of PROFILES) {
        const results: Figures[] = [];
        for (let run = 0; run < runs; run++) results.push(await measure(browser, server.url, data, profile));
        const m = (key: keyof Figures) => median(results.map((result) => result[key]));
        console.log(
          `  ${name}, ${profile.name}: ${ms(m('firstNamedMs'))} | ${ms(m('loadLongestMs'))} (${ms(m('familiesLongestMs'))}) | ${Number.isNaN(m('tapLongestMs')) ? '-' : ms(m('tapLongestMs'))} | ${Number.isNaN(m('lineageLongestMs')) ? '(opens on it)' : `${ms(m('lineageLongestMs'))} (${ms(m('lineageDrawnMs'))})`} | ${kB(m('bytes'))} + ${kB(m('serviceWorkerBytes'))}`,
        );
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
