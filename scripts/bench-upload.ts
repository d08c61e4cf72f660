// What a one-minute clip costs a phone on a 2G uplink, measured in Debian's Chromium against the built app on its
// own server, through a throttled link (scripts/lib/throttled-link.ts: 100 kbit/s down, 50 kbit/s up, 600 ms
// round trip, bytes counted as they arrive): the time from saving the clip until the server holds it, with the
// app's own resumable upload (pieces sized to the link); then a second clip whose upload loses the signal for
// 15 s, from 15 s after it started: the time it takes and how many bytes went over the air twice.
// Usage: npm run build && npm run bench:upload
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { startServer } from '../tests/e2e/server-process.ts';
import { api } from './lib/json-api.ts';
import { throttledLink } from './lib/throttled-link.ts';
import { clipFile, makeClips } from './sync-storm/clips.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const LINK = { downBitsPerSecond: 100_000, upBitsPerSecond: 50_000, roundTripMs: 600 };
// The signal is lost for 15 s in the middle of the upload (which takes about 40 s at this rate).
const CUT_AFTER_MS = 15_000;
const CUT_FOR_MS = 15_000;
const kB = (bytes: number) => `${(bytes / 1000).toFixed(1)} kB`;

// Two one-minute clips as the app records them (Opus in WebM, 32 kbit/s, mono), each its own bytes.
const clipDir = path.resolve('.tmp', 'bench-upload');
await makeClips(2, clipDir);
const clip = (index: number) => clipFile(clipDir, index);
const server = await startServer('bench-upload');
const link = await throttledLink({ host: '127.0.0.1', port: Number(new URL(server.url).port) }, LINK);
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  const base = `${server.url}/api`;
  const account = await api<{ token: string; user: unknown }>(fetch, base, 'POST', '/auth/signup', {
    name: 'Bench',
    email: `bench-${Date.now()}@example.org`,
    password: 'a long password',
  });
  await api(fetch, base, 'POST', '/consent/submit', { consent_type: 'recording' }, account.token);
  const held = async () =>
    (await api<{ total: number }>(fetch, base, 'GET', '/audio/recordings', undefined, account.token)).total;

  const context = await browser.newContext({ serviceWorkers: 'block' });
  await context.addInitScript(
    ([token, user]) => {
      localStorage.setItem('lopit.auth.token', token);
      localStorage.setItem('lopit.auth.user', user);
    },
    [account.token, JSON.stringify(account.user)] as const,
  );
  const page = await context.newPage();
  const pieces: number[] = [];
  page.on('request', (request) => {
    const offset = request.headers()['upload-offset'];
    if (request.method() === 'PATCH' && offset !== undefined) pieces.push(Number(offset));
  });
  await page.goto(`${link.url}/recording`, { timeout: 300_000 });
  await page.getByLabel('Choose one or more audio files').waitFor({ timeout: 300_000 });

  const send = async (file: string, cut: boolean) => {
    const before = await held();
    pieces.length = 0;
    link.resetCounts();
    const started = Date.now();
    await page.getByLabel('Choose one or more audio files').setInputFiles(file);
    if (cut) {
      await new Promise((resolve) => setTimeout(resolve, CUT_AFTER_MS));
      link.cut();
      await new Promise((resolve) => setTimeout(resolve, CUT_FOR_MS));
      link.restore();
    }
    while ((await held()) === before) {
      if (Date.now() - started > 15 * 60_000) throw new Error('The clip did not arrive within 15 minutes.');
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    return { seconds: (Date.now() - started) / 1000, up: link.bytes().up, size: fs.statSync(file).size };
  };

  const first = await send(clip(0), false);
  const sizes = pieces.map((offset, index) => (pieces[index + 1] ?? first.size) - offset);
  console.log(
    `One-minute clip (${kB(first.size)}), 2G uplink: on the server after ${first.seconds.toFixed(1)} s; ` +
      `${kB(first.up)} sent up in ${pieces.length} pieces (first ${kB(sizes[0] ?? 0)})`,
  );
  const second = await send(clip(1), true);
  const secondPieces = pieces.map((offset) => kB(offset)).join(', ');
  const overhead = first.up - first.size;
  const resent = second.up - second.size - overhead;
  console.log(
    `Same with the signal lost for ${CUT_FOR_MS / 1000} s, ${CUT_AFTER_MS / 1000} s into the upload: on the server after ` +
      `${second.seconds.toFixed(1)} s; ${kB(second.up)} sent up, about ${kB(Math.max(0, resent))} of it twice ` +
      `(${pieces.length} pieces, from ${secondPieces})`,
  );
} finally {
  await browser.close();
  await link.close();
  await server.stop();
}
