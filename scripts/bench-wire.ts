// What travels to a phone, measured in Debian's Chromium against the built app on its own server:
// 1. bytes on the wire for a first visit to / (document, initial JavaScript, CSS), as sent and decoded (CDP
//    Network events: encodedDataLength against the decoded body), and for the whole offline copy (the service
//    worker's precache: every entry fetched as the worker fetches it, offering br and gzip);
// 2. on a 2G link (100 kbit/s down, 50 kbit/s up, 600 ms round trip; a TCP proxy shared by the page and its
//    service worker, scripts/lib/throttled-link.ts): the time until the sign-in form takes typing, and until
//    the offline copy is complete (the service worker is installed and controls the page), from a fresh profile;
//    then, signed in through the form, until the phone is "ready for the field" (consent, prompt pack, pairs,
//    model, storage and offline copy: src/features/field), with what each step holds.
// Usage: npm run build && npm run bench:wire
import { chromium } from '@playwright/test';
import { api } from './lib/json-api.ts';
import { watchNetwork, type Resource } from './lib/network-watch.ts';
import { throttledLink } from './lib/throttled-link.ts';
import { startServer } from '../tests/e2e/server-process.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const LINK = { downBitsPerSecond: 100_000, upBitsPerSecond: 50_000, roundTripMs: 600 };
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`.padStart(10);

const server = await startServer('bench-wire');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});

try {
  // 1. Bytes of the first visit and of the offline copy (no throttling: the bytes are the same).
  {
    const context = await browser.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    const resources = watchNetwork(cdp);
    await page.goto(`${server.url}/`, { waitUntil: 'networkidle' });
    const groups: Record<string, Resource[]> = { Document: [], Script: [], Stylesheet: [] };
    for (const resource of resources) groups[resource.type]?.push(resource);
    console.log('First visit to / (fresh profile):');
    console.log(
      `  ${'kind'.padEnd(12)}${'files'.padStart(6)}${'decoded'.padStart(10)}${'as sent'.padStart(10)}`,
    );
    let decoded = 0;
    let encoded = 0;
    for (const [kind, list] of Object.entries(groups)) {
      const d = list.reduce((sum, r) => sum + r.decoded, 0);
      const e = list.reduce((sum, r) => sum + r.encoded, 0);
      decoded += d;
      encoded += e;
      console.log(`  ${kind.padEnd(12)}${String(list.length).padStart(6)}${kB(d)}${kB(e)}`);
    }
    console.log(`  ${'total'.padEnd(12)}${''.padStart(6)}${kB(decoded)}${kB(encoded)}`);

    // The precache list, as the built worker carries it; each entry fetched as the worker would.
    const sw = await (await fetch(`${server.url}/sw.js`)).text();
    const urls = [...sw.matchAll(/"url":"([^"]+)"/g)].map((match) => match[1]!);
    const copy = await page.evaluate(async (list) => {
      let raw = 0;
      for (const url of list)
        raw += (await (await fetch(`/${url.replace(/^\//, '')}`, { cache: 'no-store' })).arrayBuffer())
          .byteLength;
      return raw;
    }, urls);
    const before = resources.length;
    await page.evaluate(async (list) => {
      for (const url of list) await fetch(`/${url.replace(/^\//, '')}`, { cache: 'no-store' });
    }, urls);
    await page.waitForTimeout(500);
    const sent = resources.slice(before).reduce((sum, r) => sum + r.encoded, 0);
    console.log(
      `Offline copy (precache): ${urls.length} entries, ${kB(copy).trim()} decoded, ${kB(sent).trim()} as sent`,
    );
    await context.close();
  }

  // 2. Times on a 2G link, fresh profile, service worker allowed.
  const link = await throttledLink({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, LINK);
  try {
    const email = `bench-wire-${Date.now()}@example.org`;
    await api(fetch, `${server.url}/api`, 'POST', '/auth/signup', {
      name: 'Bench',
      email,
      password: 'a long password',
    });
    const context = await browser.newContext({ serviceWorkers: 'allow' });
    const page = await context.newPage();
    const begun = performance.now();
    await page.goto(`${link.url}/login`, { waitUntil: 'commit', timeout: 300_000 });
    await page.getByLabel('Email').fill(email, { timeout: 300_000 });
    const formReady = (performance.now() - begun) / 1000;
    const atForm = link.bytes();
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise<void>((resolve) =>
          navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
        );
      }
    });
    const offlineReady = (performance.now() - begun) / 1000;
    const bytes = link.bytes();
    console.log(
      `2G link (${LINK.downBitsPerSecond / 1000} kbit/s down, ${LINK.upBitsPerSecond / 1000} kbit/s up, ${LINK.roundTripMs} ms RTT), fresh profile:`,
    );
    console.log(
      `  sign-in form takes typing after ${formReady.toFixed(1)} s (${kB(atForm.down).trim()} down)`,
    );
    console.log(
      `  offline copy complete after ${offlineReady.toFixed(1)} s (${kB(bytes.down).trim()} down, ${kB(bytes.up).trim()} up)`,
    );
    // Signed in through the form: the field preparation starts, with its banner, and ends when it goes.
    await page.getByLabel('Password', { exact: true }).fill('a long password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    const banner = page.getByTestId('field-banner');
    await banner.waitFor({ timeout: 300_000 });
    await banner.waitFor({ state: 'hidden', timeout: 900_000 });
    const fieldReady = (performance.now() - begun) / 1000;
    const kept = await page.evaluate(
      () =>
        new Promise<{ label: string; status: string; detail: string }[]>((resolve, reject) => {
          const open = indexedDB.open('keyval-store');
          open.onerror = () => reject(new Error(String(open.error)));
          open.onsuccess = () => {
            const read = open.result.transaction('keyval').objectStore('keyval').get('lopit.field.readiness');
            read.onsuccess = () => resolve((read.result as { steps: never[] } | undefined)?.steps ?? []);
          };
        }),
    );
    const total = link.bytes();
    console.log(
      `  ready for the field after ${fieldReady.toFixed(1)} s (${kB(total.down).trim()} down, ${kB(total.up).trim()} up in all):`,
    );
    for (const step of kept) console.log(`    ${step.status.padEnd(8)} ${step.label}: ${step.detail}`);
    await context.close();
  } finally {
    await link.close();
  }
} finally {
  await browser.close();
  await server.stop();
}
