// Field recording in Chromium with a fake microphone fed by a WAV spoken by espeak-ng: record, listen
// back, save, see it kept on the phone, and see it uploaded, with the server's duration close to the
// recorder's and the stored bytes matching the checksum.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { ensureFakeVoice, fakeMicrophoneArgs } from './fake-microphone.ts';
import { expect, signInContext, signUpByApi, test, waitForOfflineReady } from './fixtures.ts';
import { ownServer } from './server-process.ts';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: fakeMicrophoneArgs(),
  },
  permissions: ['microphone'],
  serviceWorkers: 'allow',
});

interface StoredRecording {
  id: string;
  duration: number;
  sha256: string;
  sizeBytes: number;
  title: string | null;
  fileName: string;
  createdAt: string;
  recordedAt: string | null;
}

async function serverRecordings(request: APIRequestContext, base: string, token: string) {
  const list = await request.get(`${base}/api/audio/recordings?limit=100`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(list.ok()).toBe(true);
  return ((await list.json()) as { recordings: StoredRecording[] }).recordings;
}

/** What the phone still holds, read straight from IndexedDB. */
function localRecordings(page: Page) {
  return page.evaluate(
    () =>
      new Promise<
        { id: string; state: string; durationSeconds: number; sha256: string | null; createdAt: number }[]
      >((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const all = open.result.transaction('recordings').objectStore('recordings').getAll();
          all.onsuccess = () => {
            resolve(all.result as never);
            open.result.close();
          };
        };
      }),
  );
}

/** Waits until the recorder's own timer has counted at least `seconds` (whole seconds, as it shows them). */
async function recordedFor(page: Page, seconds: number) {
  const shown = async () =>
    Number(/Recording (\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(shown, { timeout: seconds * 1000 + 10_000 }).toBeGreaterThanOrEqual(Math.ceil(seconds));
}

async function recordFor(page: Page, seconds: number, title: string) {
  const recorder = page.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByLabel('Title (optional)').fill(title);
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-live')).toBeVisible();
  await recordedFor(page, seconds);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('review-audio')).toBeVisible();
  await recorder.getByRole('button', { name: 'Save recording' }).click();
  await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeVisible();
}

async function consentingRecorder(request: APIRequestContext, base: string, name: string) {
  const me = await signUpByApi(request, base, name);
  const consent = await request.post(`${base}/api/consent/submit`, {
    headers: { Authorization: `Bearer ${me.token}` },
    data: { consent_type: 'recording' },
  });
  expect(consent.ok()).toBe(true);
  return me;
}

test('record offline, listen back, save, see it waiting, go online, see it uploaded intact', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const me = await consentingRecorder(request, baseURL!, 'Recorder');
  await signInContext(context, baseURL!, me);
  await page.goto(`${baseURL}/recording`);
  await expect(page.getByTestId('recorder')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toHaveCount(0);

  await context.setOffline(true);
  const recorder = page.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByLabel('Title (optional)').fill('zz test recording');
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-live')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await recordedFor(page, 3);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('review-audio')).toBeVisible();
  await recorder.getByRole('button', { name: 'Save recording' }).click();

  const row = page.getByTestId('recording-row').first();
  await expect(row.getByTestId('recording-status')).toContainText('Waiting to upload');
  const [local] = await localRecordings(page);
  expect(local!.state).toBe('waiting');

  await context.setOffline(false);
  // Stored, then its sound checked by the server (Checking the sound… meanwhile; the list reads again by itself).
  await expect(row.getByTestId('recording-status')).toContainText('Uploaded', { timeout: 45_000 });

  const recordings = await serverRecordings(request, baseURL!, me.token);
  expect(recordings).toHaveLength(1);
  const [stored] = recordings;
  expect(stored!.id).toBe(local!.id);
  expect(stored!.title).toBe('zz test recording');
  // The server measured the file itself; it agrees with the recorder within 10%.
  expect(Math.abs(stored!.duration - local!.durationSeconds)).toBeLessThanOrEqual(
    local!.durationSeconds * 0.1,
  );
  expect(stored!.duration).toBeGreaterThan(3);
  expect(stored!.sha256).toBe(local!.sha256);
  const audio = await request.get(`${baseURL}/api/audio/recordings/${stored!.id}/audio`, {
    headers: { Authorization: `Bearer ${me.token}` },
  });
  const bytes = await audio.body();
  expect(bytes.length).toBe(stored!.sizeBytes);
  expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(stored!.sha256);
  // Nothing is left waiting on the phone.
  expect(await localRecordings(page)).toHaveLength(0);
});

test('three recordings made offline survive a reload and arrive once each when the network returns', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const me = await consentingRecorder(request, baseURL!, 'Villager');
  await signInContext(context, baseURL!, me);
  await page.goto(`${baseURL}/recording`);
  await expect(page.getByTestId('recorder')).toBeVisible();
  await waitForOfflineReady(page);

  await context.setOffline(true);
  for (const index of [1, 2, 3]) await recordFor(page, 1.5, `zz offline ${index}`);
  await expect(page.getByTestId('recording-row')).toHaveCount(3);
  // Each row says what it is, who spoke and in which language (not only a file name), from the phone alone.
  const described = async () => {
    for (const index of [1, 2, 3]) {
      const row = page.getByTestId('recording-row').filter({ hasText: `zz offline ${index}` });
      await expect(row.getByTestId('recording-who')).toHaveText('You · Lopit');
      await expect(row).not.toContainText('recording-');
    }
  };
  await described();
  const before = await localRecordings(page);
  expect(before.map((item) => item.state)).toEqual(['waiting', 'waiting', 'waiting']);

  // Signing out now warns that three contributions have not left the phone; staying keeps everything.
  await page.getByRole('button', { name: 'Villager' }).click();
  await page.getByRole('button', { name: 'Sign out', exact: true }).filter({ visible: true }).click();
  const warning = page.getByRole('dialog', { name: 'Sign out with items waiting?' });
  await expect(warning).toContainText('3 contributions made on this phone have not reached the server yet');
  await warning.getByRole('button', { name: 'Stay signed in' }).click();
  await expect(warning).toBeHidden();

  // The page is reloaded with no network: the service worker serves it, the recordings are still there.
  await page.reload();
  await expect(page.getByTestId('recording-row')).toHaveCount(3);
  await expect(page.getByTestId('sync-indicator')).toContainText(/Offline|waiting/);
  expect(await serverRecordings(request, baseURL!, me.token)).toHaveLength(0);
  // One outbox: the indicator and Settings → Sync count and list the recordings like any other contribution.
  await expect(page.getByTestId('sync-indicator')).toContainText('3 waiting');
  await page.getByTestId('sync-indicator').getByRole('link').click();
  await expect(page.getByTestId('sync-pending-count')).toHaveText('3');
  await expect(page.getByTestId('outbox-item').filter({ hasText: 'Recording “zz offline' })).toHaveCount(3);
  await page.goto(`${baseURL}/recording`);
  await expect(page.getByTestId('recording-row')).toHaveCount(3);

  await context.setOffline(false);
  await expect
    .poll(async () => (await serverRecordings(request, baseURL!, me.token)).length, { timeout: 45_000 })
    .toBe(3);
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 30_000 });
  // Each stored, and its sound checked by the server (the list reads again until it is).
  await expect(page.getByTestId('recording-status').filter({ hasText: 'Uploaded' })).toHaveCount(3, {
    timeout: 45_000,
  });
  // Once each: the same three ids, the same checksums, nothing more after another sync.
  const stored = await serverRecordings(request, baseURL!, me.token);
  expect(stored.map((item) => item.id).sort()).toEqual(before.map((item) => item.id).sort());
  expect(stored.map((item) => item.sha256).sort()).toEqual(before.map((item) => item.sha256).sort());
  // Each keeps the time it was recorded on the phone, not the time it arrived (which is later).
  for (const local of before) {
    const server = stored.find((item) => item.id === local.id)!;
    expect(server.recordedAt).toBe(new Date(local.createdAt).toISOString());
    expect(Date.parse(server.createdAt)).toBeGreaterThan(local.createdAt);
  }
  // The list shows the recording times too (the page and this test share the machine's locale and zone).
  for (const local of before) {
    const shown = new Date(local.createdAt).toLocaleTimeString('en-US');
    await expect(page.getByTestId('recording-row').filter({ hasText: shown })).not.toHaveCount(0);
  }
  await page.reload();
  await expect(page.getByTestId('recording-row')).toHaveCount(3);
  // And from the server's list once they have left the phone.
  await described();
  expect(await serverRecordings(request, baseURL!, me.token)).toHaveLength(3);
  expect(await localRecordings(page)).toHaveLength(0);
});

test.describe('an upload interrupted by a server crash', () => {
  const server = ownServer('upload-crash');

  test('resumes from the last acknowledged byte after a restart; the stored file is the original', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    // About 3.2 MB of 16 kHz speech-band audio: four 1 MB chunks.
    const big = path.resolve('.tmp', 'e2e-long.wav');
    if (!fs.existsSync(big)) {
      execFileSync('sox', [
        '-n',
        '-r',
        '16000',
        '-c',
        '1',
        '-b',
        '16',
        big,
        'synth',
        '100',
        'sine',
        '300-900',
      ]);
    }
    const original = fs.readFileSync(big);
    const originalSha = crypto.createHash('sha256').update(original).digest('hex');

    const me = await consentingRecorder(request, server.url, 'Importer');
    await signInContext(context, server.url, me);
    await page.goto(`${server.url}/recording`);
    await expect(page.getByTestId('recorder')).toBeVisible();

    // Count what goes up: each tus PATCH sends the file from its Upload-Offset, one chunk at most
    // (tus-js-client slices the file; the request body itself is not visible to the test).
    const chunk = 1024 * 1024;
    const sent: number[] = [];
    page.on('request', (sentRequest) => {
      if (sentRequest.method() === 'PATCH' && sentRequest.url().includes('/api/audio/tus/')) {
        const offset = Number(sentRequest.headers()['upload-offset']);
        sent.push(Math.min(chunk, original.length - offset));
      }
    });
    let acknowledged = 0;
    page.on('response', (response) => {
      if (response.request().method() === 'PATCH' && response.url().includes('/api/audio/tus/')) {
        if (response.status() === 204) acknowledged += 1;
      }
    });
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 20,
      downloadThroughput: -1,
      uploadThroughput: 400 * 1024,
    });

    await page.getByLabel('Choose one or more audio files').setInputFiles(big);
    await expect(page.getByText('e2e-long.wav was added and will be uploaded.')).toBeVisible();
    await expect.poll(() => acknowledged, { timeout: 30_000 }).toBeGreaterThanOrEqual(1);
    await server.kill();
    const [interrupted] = await localRecordings(page);
    expect(interrupted!.state).toBe('uploading');

    await server.start();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(`${server.url}/settings#sync`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect
      .poll(async () => (await serverRecordings(request, server.url, me.token)).length, { timeout: 60_000 })
      .toBe(1);

    const [stored] = await serverRecordings(request, server.url, me.token);
    expect(stored!.sha256).toBe(originalSha);
    expect(stored!.sizeBytes).toBe(original.length);
    const audio = await request.get(`${server.url}/api/audio/recordings/${stored!.id}/audio`, {
      headers: { Authorization: `Bearer ${me.token}` },
    });
    expect(
      crypto
        .createHash('sha256')
        .update(await audio.body())
        .digest('hex'),
    ).toBe(originalSha);
    // Resumed, not restarted: at most the one chunk in flight at the crash went up twice.
    const total = sent.reduce((sum, size) => sum + size, 0);
    expect(total - original.length).toBeLessThanOrEqual(chunk);
    expect(total).toBeGreaterThanOrEqual(original.length);
  });
});

test('a recording the server refused says why and goes when tried again, in cards at 360 px', async ({
  page,
  context,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  // No recording consent yet: the server will refuse the upload.
  const me = await signUpByApi(request, baseURL!, 'Refused');
  await signInContext(context, baseURL!, me);
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto(`${baseURL}/recording`);
  await expect(page.getByRole('heading', { name: 'Your Recordings' })).toBeVisible();
  const bytes = fs.readFileSync(ensureFakeVoice());
  const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
  const id = crypto.randomUUID();
  // A saved recording as the recorder leaves it: the row, its audio and its upload in the outbox.
  await page.evaluate(
    async ({ id, userId, sha256, audio }) => {
      const open = indexedDB.open('lopit');
      const db: IDBDatabase = await new Promise((resolve, reject) => {
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const tx = db.transaction(['recordings', 'recordingChunks', 'outbox'], 'readwrite');
      tx.objectStore('recordings').put({
        id,
        userId,
        createdAt: Date.now(),
        state: 'waiting',
        fileName: 'zz-refused-then-sent.wav',
        title: 'zz refused then sent',
        transcript: null,
        language: 'lpx',
        promptPairId: null,
        mimeType: 'audio/wav',
        durationSeconds: 4,
        sizeBytes: audio.length,
        sha256,
        chunkCount: 1,
        uploadedBytes: 0,
        uploadUrl: null,
      });
      tx.objectStore('recordingChunks').put({
        recordingId: id,
        index: 0,
        data: new Uint8Array(audio).buffer,
      });
      tx.objectStore('outbox').add({
        id: crypto.randomUUID(),
        userId,
        kind: 'recording.upload',
        subject: `recording:${id}`,
        path: 'audio/tus',
        body: { recordingId: id },
        label: 'Recording “zz refused then sent” (0:04)',
        createdAt: Date.now(),
        attempts: 0,
        state: 'pending',
      });
      await new Promise((resolve) => (tx.oncomplete = resolve));
      db.close();
    },
    { id, userId: me.user.id, sha256, audio: [...bytes] },
  );
  await page.reload();
  const row = page.locator(`[data-recording-id="${id}"]`);
  await expect(row.getByTestId('recording-status')).toContainText(
    'Not accepted: Recording consent is needed',
    {
      timeout: 30_000,
    },
  );
  await expect(page.getByTestId('sync-indicator')).toContainText('Needs attention (1)');

  // Geometry at 360 px: nothing wider than the screen, no button broken over two lines.
  const geometry = await page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    brokenButtons: [...document.querySelectorAll('[data-testid="recording-row"] button')]
      .filter((button) => {
        const style = getComputedStyle(button);
        const line = parseFloat(style.lineHeight) || parseFloat(style.fontSize) * 1.5;
        const padding = parseFloat(style.paddingTop) + parseFloat(style.paddingBottom);
        return button.getBoundingClientRect().height - padding > line * 1.5;
      })
      .map((button) => button.textContent),
  }));
  expect(geometry).toEqual({ overflow: 0, brokenButtons: [] });

  // Consent given, tried again: it goes, once, with the bytes recorded.
  const consent = await request.post(`${baseURL}/api/consent/submit`, {
    headers: { Authorization: `Bearer ${me.token}` },
    data: { consent_type: 'full' },
  });
  expect(consent.ok()).toBe(true);
  await row.getByRole('button', { name: 'Try uploading zz refused then sent again' }).click();
  await expect
    .poll(async () => (await serverRecordings(request, baseURL!, me.token)).map((item) => item.sha256), {
      timeout: 30_000,
    })
    .toEqual([sha256]);
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 30_000 });
  expect(await localRecordings(page)).toHaveLength(0);
});
