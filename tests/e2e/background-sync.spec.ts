// Sending without the page (issue 31): work saved offline, the app closed, then the connection back. The app
// itself registers Background Sync when work joins the outbox (checked in the service worker after the page is
// gone, with registration.sync.getTags()), and Chromium fires the sync event on its own when the connection
// returns with no page open (context.setOffline(false); no DevTools dispatch). The service worker sends every kind
// once: a clip by resumable upload over fetch, the rest as JSON, including a waiting item kept in the shape of
// older versions ({ kind, path, body }). While the server cannot be reached the event fails, so Chromium keeps
// the registration and fires it again (its retry delay shortened to 2 s through its BackgroundSync field trial).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
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

const TAG = 'lopit-outbox';
// Chromium retries a failed sync event after 5 minutes by default; 2 s here, every attempt.
const FAST_RETRY = [
  '--force-fieldtrials=BackgroundSync/Fast',
  '--force-fieldtrial-params=BackgroundSync.Fast:initial_retry_delay_sec/2/retry_delay_factor/1/max_sync_attempts/20',
];

test.use({
  serviceWorkers: 'allow',
  // Saving the trace of this context failed at its close ("file data stream has unexpected number of bytes") after
  // every assertion had passed; the test's own checks say what went wrong.
  trace: 'off',
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', ...FAST_RETRY],
  },
});

const server = ownServer('background-sync');

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${server.url}/api/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

async function serverRecordings(request: APIRequestContext, token: string) {
  return (
    await apiGet<{ recordings: { sha256: string; sizeBytes: number }[] }>(request, token, 'audio/recordings')
  ).recordings;
}

/** The app's service worker, as Playwright sees it (it outlives the pages). */
async function appWorker(context: BrowserContext): Promise<Worker> {
  const existing = context.serviceWorkers().find((worker) => worker.url().startsWith(server.url));
  return existing ?? context.waitForEvent('serviceworker');
}

/** The tags of the Background Sync registrations the app's service worker holds (Chromium's SyncManager). */
const syncTags = (worker: Worker) =>
  worker.evaluate(() => {
    const registration = (self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } })
      .registration;
    return registration.sync.getTags();
  });

/** The kinds of the items waiting in the app's outbox (IndexedDB), in their order. */
function waitingKinds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lopit');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const rows = await new Promise<{ kind: string }[]>((resolve, reject) => {
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => resolve(all.result as { kind: string }[]);
      all.onerror = () => reject(new Error(String(all.error)));
    });
    db.close();
    return rows.map((row) => row.kind);
  });
}

/**
 * Waiting items of the kinds this test has no screen step for, stored in IndexedDB as the app stores them (new
 * rows keep their route's params; the consent row is in the shape of versions before the mutation registry).
 */
async function storeWaitingRows(page: Page, userId: string, rows: Record<string, unknown>[]) {
  await page.evaluate(
    async ({ userId, rows }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const tx = db.transaction('outbox', 'readwrite');
      rows.forEach((row, index) =>
        tx.objectStore('outbox').add({
          id: crypto.randomUUID(),
          userId,
          createdAt: Date.now() + index,
          attempts: 0,
          state: 'pending',
          ...row,
        }),
      );
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error(String(tx.error)));
      });
      db.close();
    },
    { userId, rows },
  );
}

test('with the app closed, Background Sync sends every kind of waiting work once, and retries while the server is down', async ({
  browser,
  request,
}) => {
  test.setTimeout(150_000);
  // The server's first account is its admin: it may add an interface language and read the reported sentences.
  const me = await signUpByApi(request, server.url, 'Walker');
  await grantConsentByApi(request, server.url, me.token, 'full');
  const language = await request.post(`${server.url}/api/admin/i18n/languages`, {
    headers: { Authorization: `Bearer ${me.token}` },
    data: { code: 'bsy', name: 'Background Sync' },
  });
  expect(language.ok()).toBe(true);
  const voice = fs.readFileSync(ensureFakeVoice());
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await signInContext(context, server.url, me);
  const page = await context.newPage();
  await page.goto(`${server.url}/recording`);
  await waitForOfflineReady(page);
  const worker = await appWorker(context);
  await page.goto(`${server.url}/translation`);
  const firstRow = page.getByTestId('pair-row').first();
  await expect(firstRow).toBeVisible();
  const pairId = Number(await firstRow.getAttribute('data-pair-id'));
  const reportedId = Number(await page.getByTestId('pair-row').nth(1).getAttribute('data-pair-id'));
  const speakerId = crypto.randomUUID();

  // No signal: a translation typed and a clip imported on their screens, and the other kinds waiting beside them.
  await context.setOffline(true);
  await firstRow.getByRole('textbox').fill('zorbel quandy');
  await firstRow.getByRole('textbox').blur();
  await expect.poll(() => waitingKinds(page)).toEqual(['translation.save']);
  await page.goto(`${server.url}/recording`);
  await page.getByLabel('Choose one or more audio files').setInputFiles({
    name: 'walk.wav',
    mimeType: 'audio/wav',
    buffer: voice,
  });
  await expect(page.getByText('walk.wav was added and will be uploaded.')).toBeVisible();
  await storeWaitingRows(page, me.user.id, [
    {
      kind: 'speaker.create',
      subject: `speaker:${speakerId}`,
      params: {},
      body: { id: speakerId, name: 'Lodu', ageGroup: null, gender: null, dialect: null },
      label: 'New speaker',
    },
    {
      kind: 'speaker.withdraw',
      subject: `speaker:${speakerId}`,
      params: { id: speakerId },
      body: { reason: 'Moved away' },
      label: 'Withdrawal',
    },
    {
      kind: 'prompt.report',
      subject: `prompt:${reportedId}`,
      params: { id: reportedId },
      body: { reason: 'spelling' },
      label: 'Report',
    },
    {
      kind: 'ui.propose',
      subject: 'ui:bsy:outbox.consentWithdrawal',
      params: {},
      body: { language: 'bsy', messageId: 'outbox.consentWithdrawal', text: 'Zorbel quandy' },
      label: 'Background Sync: Withdrawal of consent',
    },
    // As versions before the mutation registry kept it: the path, no params.
    {
      kind: 'consent.submit',
      subject: 'consent',
      path: 'consent/submit',
      body: { consent_type: 'full' },
      label: 'Consent: Full contribution',
    },
  ]);
  expect((await waitingKinds(page)).sort()).toEqual(
    [
      'consent.submit',
      'prompt.report',
      'recording.upload',
      'speaker.create',
      'speaker.withdraw',
      'translation.save',
      'ui.propose',
    ].sort(),
  );
  const consentBefore = await apiGet<{ updatedAt: string }>(request, me.token, 'consent/status');
  expect(await serverRecordings(request, me.token)).toHaveLength(0);

  // The app is closed. Its registration outlives it.
  await page.close();
  await expect.poll(() => syncTags(worker)).toEqual([TAG]);

  // The connection returns while the server is down: the event fails and the registration stays for a retry.
  await server.stop();
  await context.setOffline(false);
  await expect.poll(() => syncTags(worker), { timeout: 15_000 }).toEqual([TAG]);
  expect(context.pages()).toHaveLength(0);

  // The server is back; Chromium fires the registration again by itself, still with no page open.
  await server.start();
  await expect
    .poll(async () => (await serverRecordings(request, me.token)).length, { timeout: 60_000 })
    .toBe(1);
  await expect.poll(() => syncTags(worker), { timeout: 30_000 }).toEqual([]);
  expect(context.pages()).toHaveLength(0);

  const [stored] = await serverRecordings(request, me.token);
  expect(stored!.sha256).toBe(crypto.createHash('sha256').update(voice).digest('hex'));
  expect(stored!.sizeBytes).toBe(voice.length);
  const { pairs } = await apiGet<{ pairs: { id: number; lopit: string }[] }>(
    request,
    me.token,
    'translation/pairs',
  );
  expect(pairs.find((one) => one.id === pairId)?.lopit).toBe('zorbel quandy');
  const { speakers } = await apiGet<{ speakers: { id: string; withdrawn: boolean }[] }>(
    request,
    me.token,
    'speakers',
  );
  expect(speakers.filter((one) => one.id === speakerId)).toMatchObject([{ withdrawn: true }]);
  const reported = await apiGet<{ prompts: { id: number; openReports: number }[] }>(
    request,
    me.token,
    'admin/prompts?reported=true',
  );
  expect(reported.prompts.filter((one) => one.id === reportedId)).toMatchObject([{ openReports: 1 }]);
  const { messages } = await apiGet<{ messages: { id: string; proposals: { text: string }[] }[] }>(
    request,
    me.token,
    'i18n/languages/bsy/messages',
  );
  expect(messages.find((one) => one.id === 'outbox.consentWithdrawal')?.proposals).toMatchObject([
    { text: 'Zorbel quandy' },
  ]);
  // The consent row in the old shape was read and sent: the server recorded the grant again, later.
  const consent = await apiGet<{ recording: boolean; translation: boolean; updatedAt: string }>(
    request,
    me.token,
    'consent/status',
  );
  expect(consent).toMatchObject({ recording: true, translation: true });
  expect(Date.parse(consent.updatedAt)).toBeGreaterThan(Date.parse(consentBefore.updatedAt));

  // Opened again: nothing waits, and nothing went twice.
  const reopened = await context.newPage();
  await reopened.goto(`${server.url}/settings`);
  await expect(reopened.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 15_000 });
  expect(await serverRecordings(request, me.token)).toHaveLength(1);
  await context.close();
});
