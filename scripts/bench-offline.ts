// Offline figures of the built app in Debian's Chromium:
// - precache: entries and bytes the service worker stores on the first visit;
// - time to render the home page from the service worker with the server stopped and the network off
//   (reload → the home page's heading visible), median of 10.
// Usage: npm run build && npx tsx scripts/bench-offline.ts
import { chromium } from '@playwright/test';
import { startServer } from '../tests/e2e/server-process.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const server = await startServer('bench-offline');
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await page.goto(`${server.url}/`);
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  const precache = await page.evaluate(async () => {
    let entries = 0;
    let bytes = 0;
    for (const name of await caches.keys()) {
      if (!name.includes('precache')) continue;
      const cache = await caches.open(name);
      for (const request of await cache.keys()) {
        const response = await cache.match(request);
        entries += 1;
        bytes += (await response!.arrayBuffer()).byteLength;
      }
    }
    return { entries, bytes };
  });
  await server.stop();
  await context.setOffline(true);
  const times: number[] = [];
  for (let run = 0; run < 10; run += 1) {
    const started = performance.now();
    await page.reload();
    await page
      .getByRole('heading', { level: 1, name: 'Preserving the Lopit language and heritage' })
      .waitFor();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  const median = (times[4]! + times[5]!) / 2;
  console.log(
    `precache: ${precache.entries} entries, ${(precache.bytes / 1024).toFixed(0)} KiB uncompressed\n` +
      `home page from the service worker, server stopped and network off: median ${median.toFixed(0)} ms ` +
      `(min ${times[0]!.toFixed(0)}, max ${times.at(-1)!.toFixed(0)}) over ${times.length} reloads`,
  );
} finally {
  await browser.close();
  await server.stop();
}
