// Field recording in Chromium with a fake microphone fed by a WAV spoken by espeak-ng: record, listen
// back, save, see it kept on the phone, and see it uploaded, with the server's duration close to the
// recorder's and the stored bytes matching the checksum.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { expect, signInContext, signUpByApi, test } from './fixtures.ts';

const voice = path.resolve('.tmp', 'e2e-voice.wav');
fs.mkdirSync(path.dirname(voice), { recursive: true });
if (!fs.existsSync(voice)) {
  // Obviously made-up words: no Lopit is invented.
  execFileSync('espeak-ng', [
    '-w',
    voice,
    'zorbel quandy mipple, tessaro vint. zorbel quandy mipple, tessaro vint.',
  ]);
}

test.use({
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${voice}`,
    ],
  },
  permissions: ['microphone'],
  serviceWorkers: 'allow',
});

test('record, listen back, save, and see it uploaded intact', async ({ page, context, request, baseURL }) => {
  test.setTimeout(60_000);
  const me = await signUpByApi(request, baseURL!, 'Recorder');
  const auth = { Authorization: `Bearer ${me.token}` };
  await request.post('/api/consent/submit', { headers: auth, data: { consent_type: 'recording' } });
  await signInContext(context, baseURL!, me);

  await page.goto(`${baseURL}/recording`);
  const recorder = page.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByLabel('Title (optional)').fill('zz test recording');
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect(page.getByTestId('recording-live')).toBeVisible();
  await expect(page.getByRole('meter', { name: 'Microphone level' })).toBeVisible();
  await page.waitForTimeout(3_000);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('review-audio')).toBeVisible();
  await recorder.getByRole('button', { name: 'Save recording' }).click();

  const row = page.getByTestId('recording-row').first();
  await expect(row.getByTestId('recording-status')).toContainText('Uploaded', { timeout: 20_000 });

  const list = await request.get('/api/audio/recordings', { headers: auth });
  const { recordings } = (await list.json()) as {
    recordings: { id: string; duration: number; sha256: string; sizeBytes: number; title: string }[];
  };
  expect(recordings).toHaveLength(1);
  const [stored] = recordings;
  expect(stored!.title).toBe('zz test recording');
  // About 3.5 s were recorded (3 s plus the kept tail); the server measured the file itself.
  expect(stored!.duration).toBeGreaterThan(3.5 * 0.9 - 0.5);
  expect(stored!.duration).toBeLessThan(3.5 * 1.1 + 0.5);
  const audio = await request.get(`/api/audio/recordings/${stored!.id}/audio`, { headers: auth });
  const bytes = await audio.body();
  expect(bytes.length).toBe(stored!.sizeBytes);
  expect(crypto.createHash('sha256').update(bytes).digest('hex')).toBe(stored!.sha256);
  // Nothing is left waiting on the phone.
  const left = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        const open = indexedDB.open('lopit');
        open.onsuccess = () => {
          const count = open.result.transaction('recordings').objectStore('recordings').count();
          count.onsuccess = () => resolve(count.result);
        };
      }),
  );
  expect(left).toBe(0);
});
