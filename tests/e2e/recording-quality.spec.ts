// The quality verdict after each clip, with a fake microphone that hears nothing (a silent WAV made by sox):
// the level meter warns while recording, the review says the clip is silent in words and offers to record
// again, and once saved anyway and uploaded, the list shows the server's own verdict.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect, grantConsentByApi, signInContext, signUpByApi, test } from './fixtures.ts';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

const SILENCE = path.resolve('.tmp', 'e2e-silence.wav');
fs.mkdirSync(path.dirname(SILENCE), { recursive: true });
if (!fs.existsSync(SILENCE))
  execFileSync('sox', ['-n', '-r', '48000', '-c', '1', '-b', '16', SILENCE, 'trim', '0', '10']);

test.use({
  launchOptions: {
    executablePath: E2E_CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${SILENCE}`,
    ],
  },
  permissions: ['microphone'],
  viewport: { width: 360, height: 740 },
});

/** Records until the recorder's timer shows `seconds`, then stops and waits for the review. */
async function recordSeconds(page: Page, seconds: number) {
  const recorder = page.getByTestId('recorder');
  const shown = async () =>
    Number(/Recording (\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0);
  await expect.poll(shown, { timeout: seconds * 1000 + 10_000 }).toBeGreaterThanOrEqual(seconds);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(page.getByTestId('review-audio')).toBeVisible();
}

test('a silent clip: warned while recording, told why after, recorded again, and flagged by the server', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const me = await signUpByApi(request, baseURL!, 'Quiet');
  await grantConsentByApi(request, baseURL!, me.token, 'recording');
  await signInContext(page.context(), baseURL!, me);
  await page.goto(`${baseURL}/recording`);
  const recorder = page.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByLabel('Title (optional)').fill('Silence test');
  await recorder.getByRole('button', { name: 'Start recording' }).click();

  // While recording: the meter hears nothing and says so.
  await expect(page.getByTestId('live-warning')).toContainText('We hear almost nothing', { timeout: 10_000 });
  await recordSeconds(page, 3);

  // After: the phone's verdict in words, and Record again in first place.
  const verdict = page.getByTestId('quality-verdict');
  await expect(verdict).toContainText('Silent');
  await expect(verdict).toContainText('microphone is not covered');
  await recorder.getByRole('button', { name: 'Record again' }).click();
  await expect(page.getByTestId('recording-live')).toBeVisible();
  await recordSeconds(page, 2);
  await expect(verdict).toContainText('Silent');

  // Saved anyway: one recording reaches the server (the first was discarded), flagged there too once the server
  // has checked its sound (after answering the upload: Checking the sound… until then, and the list reads again).
  await recorder.getByRole('button', { name: 'Save anyway' }).click();
  const row = page.getByTestId('recording-row');
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('recording-status')).toContainText('Uploaded', { timeout: 45_000 });
  await expect(row.getByTestId('quality-flags')).toContainText('Silent');
  const list = await request.get(`${baseURL}/api/audio/recordings`, {
    headers: { Authorization: `Bearer ${me.token}` },
  });
  const { recordings } = (await list.json()) as {
    recordings: { inspection: string; quality: { silent: boolean } }[];
  };
  expect(recordings).toHaveLength(1);
  expect(recordings[0]).toMatchObject({ inspection: 'inspected', quality: { silent: true } });
});
