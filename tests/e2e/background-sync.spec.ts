// Sending without the page: a clip and a translation saved offline, the app closed, the connection back, and
// the service worker's Background Sync (fired through the DevTools protocol, as Chromium fires it when the
// signal returns) sends both with no page open: the clip by resumable upload over fetch, once, with its bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, BrowserContext } from '@playwright/test';
import { ensureFakeVoice } from './fake-microphone.ts';
import {
  expect,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  test,
  waitForOfflineReady,
} from './fixtures.ts';
import { ownServer } from './server-process.ts';

test.use({ serviceWorkers: 'allow' });

const server = ownServer('background-sync');

async function serverRecordings(request: APIRequestContext, token: string) {
  const list = await request.get(`${server.url}/api/audio/recordings`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { recordings: { sha256: string; sizeBytes: number; fileName: string }[] })
    .recordings;
}

/** Fires the service worker's Background Sync event, as Chromium does when the connection returns. */
async function fireBackgroundSync(context: BrowserContext, tag: string) {
  // A blank page carries the DevTools session; it is not one of the app's pages (another origin).
  const blank = await context.newPage();
  const cdp = await context.newCDPSession(blank);
  const registrations = new Promise<{ registrationId: string; scopeURL: string }[]>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => resolve(event.registrations));
  });
  await cdp.send('ServiceWorker.enable');
  const registration = (await registrations).find((one) => one.scopeURL.startsWith(server.url));
  expect(registration, 'the app has a service worker registration').toBeDefined();
  await cdp.send('ServiceWorker.dispatchSyncEvent', {
    origin: new URL(server.url).origin,
    registrationId: registration!.registrationId,
    tag,
    lastChance: false,
  });
  return blank;
}

test('with the app closed, Background Sync sends a waiting clip and a translation once', async ({
  browser,
  request,
}) => {
  test.setTimeout(90_000);
  const me = await signUpByApi(request, server.url, 'Walker');
  await grantConsentByApi(request, server.url, me.token, 'full');
  const voice = fs.readFileSync(ensureFakeVoice());
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await signInContext(context, server.url, me);
  const page = await context.newPage();
  await page.goto(`${server.url}/recording`);
  await waitForOfflineReady(page);
  await page.goto(`${server.url}/translation`);
  const firstRow = page.getByTestId('pair-row').first();
  await expect(firstRow).toBeVisible();
  const pairId = Number(await firstRow.getAttribute('data-pair-id'));

  // No signal: a clip imported and a translation typed wait on the phone.
  await context.setOffline(true);
  await firstRow.getByRole('textbox').fill('zorbel quandy');
  await firstRow.getByRole('textbox').blur();
  await page.goto(`${server.url}/recording`);
  await page.getByLabel('Choose one or more audio files').setInputFiles({
    name: 'walk.wav',
    mimeType: 'audio/wav',
    buffer: voice,
  });
  await expect(page.getByText('walk.wav was added and will be uploaded.')).toBeVisible();
  expect(await serverRecordings(request, me.token)).toHaveLength(0);

  // The app is closed; later the signal returns and Chromium fires the worker's sync event.
  await page.close();
  await context.setOffline(false);
  const blank = await fireBackgroundSync(context, 'lopit-outbox');

  await expect
    .poll(async () => (await serverRecordings(request, me.token)).length, { timeout: 30_000 })
    .toBe(1);
  const [stored] = await serverRecordings(request, me.token);
  expect(stored!.sha256).toBe(crypto.createHash('sha256').update(voice).digest('hex'));
  expect(stored!.sizeBytes).toBe(voice.length);
  const pair = await request.get(`${server.url}/api/translation/pairs`, {
    headers: { Authorization: `Bearer ${me.token}` },
  });
  const saved = ((await pair.json()) as { pairs: { id: number; lopit: string }[] }).pairs.find(
    (one) => one.id === pairId,
  );
  expect(saved?.lopit).toBe('zorbel quandy');

  // Opened again: nothing waits, and a second sync event sends nothing twice.
  await fireBackgroundSync(context, 'lopit-outbox');
  const reopened = await context.newPage();
  await reopened.goto(`${server.url}/settings`);
  await expect(reopened.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 15_000 });
  expect(await serverRecordings(request, me.token)).toHaveLength(1);
  await blank.close();
  await context.close();
});
