// A contributor's day in the field, on a 360 x 740 touch phone with a fresh browser profile: sign in at the
// office, wait for "Ready for the field", lose the signal at once (browser offline and the server stopped),
// give consent, record a prompted clip and translate a sentence, close the browser, open it again days later
// still offline, then reach a signal: everything arrives once, consent first, and the clip keeps the time it
// was recorded.
import fs from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from '@playwright/test';
import { fakeMicrophoneArgs } from './fake-microphone.ts';
import { approveLopitTexts, expect, grantConsentByApi, signUpByApi, test } from './fixtures.ts';
import { ownServer } from './server-process.ts';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

interface StoredRecording {
  id: string;
  createdAt: string;
  recordedAt: string | null;
  transcript: string | null;
  promptPairId: number | null;
}

const server = ownServer('field');

test('ready for the field, then a day without signal: everything arrives once, consent first', async ({
  playwright,
  request,
}) => {
  test.setTimeout(180_000);
  const base = server.url;
  // The server's first account, its admin, gives some sentences a (made-up) Lopit text to read.
  const curator = await signUpByApi(request, base, 'Curator');
  await grantConsentByApi(request, base, curator.token, 'translation');
  await approveLopitTexts(request, base, curator.token, 6);
  const me = await signUpByApi(request, base, 'Field');
  const auth = { Authorization: `Bearer ${me.token}` };
  const profile = path.resolve('.tmp', 'e2e-own', `field-profile-${Date.now()}`);
  fs.rmSync(profile, { recursive: true, force: true });
  const openPhone = (offline: boolean): Promise<BrowserContext> =>
    playwright.chromium.launchPersistentContext(profile, {
      executablePath: E2E_CHROMIUM_PATH,
      args: fakeMicrophoneArgs(),
      viewport: { width: 360, height: 740 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
      serviceWorkers: 'allow',
      permissions: ['microphone'],
      offline,
    });

  // At the office: sign in on a fresh phone; the app gets it ready for the field without being asked.
  let phone = await openPhone(false);
  let page = phone.pages()[0] ?? (await phone.newPage());
  await page.goto(`${base}/login`);
  await page.getByLabel('Email').fill(me.user.email);
  await page.getByLabel('Password', { exact: true }).fill(me.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('link', { name: /^Sync:/ })).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('link', { name: 'Settings', exact: true }).click();
  const summary = page.getByTestId('field-summary');
  await expect(summary).toContainText('Ready for the field', { timeout: 90_000 });
  await expect(page.getByTestId('field-step-app')).toContainText(/Done.*\d+ files, [\d.]+ (kB|MB)/);
  await expect(page.getByTestId('field-step-prompts')).toContainText(/Done.*\d+ sentences/);
  await expect(page.getByTestId('field-step-pairs')).toContainText(/Done.*\d+ sentences/);
  await expect(page.getByTestId('field-step-consent')).toContainText('No consent yet');
  await expect(page.getByTestId('field-step-model')).toContainText(/Done|No model has been trained yet/);
  await expect(page.getByTestId('field-step-storage')).toContainText(/will not clear|did not promise/);
  const pairs = (await (await request.get(`${base}/api/translation/pairs`, { headers: auth })).json()) as {
    pairs: { id: number; english: string; lopit: string }[];
  };
  const target = pairs.pairs[3]!;

  // The signal is gone: the phone is offline and the server is out of reach for the rest of the day.
  await phone.setOffline(true);
  await server.stop();

  await page.goto(`${base}/consent`);
  await page.getByLabel(/Full Contribution/).check();
  await page.getByRole('button', { name: 'Give consent' }).click();
  await expect(page.getByText(/saved on this device and will be sent/)).toBeVisible();
  // The checklist, prepared before any consent, now says the consent given (not "No consent yet").
  await page.goto(`${base}/settings`);
  await expect(page.getByTestId('field-step-consent')).toContainText(
    'Recording and translation consent (chosen on this phone, waiting to be sent).',
  );
  await expect(page.getByTestId('field-step-consent')).not.toContainText('No consent yet');

  await page.goto(`${base}/recording`);
  const recorder = page.getByTestId('recorder');
  await expect(recorder).toBeVisible();
  const prompt = (await recorder.getByTestId('prompt').textContent())?.trim() ?? '';
  expect(pairs.pairs.map((pair) => pair.lopit)).toContain(prompt);
  const startedAt = Date.now();
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect
    .poll(
      async () =>
        Number(/Recording (\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(2);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  const stoppedAt = Date.now();
  await expect(page.getByTestId('review-audio')).toBeVisible();
  await recorder.getByRole('button', { name: 'Save recording' }).click();
  await expect(recorder.getByRole('button', { name: 'Start recording' })).toBeVisible();

  await page.goto(`${base}/translation`);
  const input = page.locator(`[data-testid="pair-row"][data-pair-id="${target.id}"]`).getByRole('textbox');
  await expect(input).toBeEditable();
  await input.fill('zq-field-day');
  await input.blur();
  await expect(page.getByTestId('sync-indicator')).toContainText('3 waiting');
  await phone.close();

  // Days later, still without signal: the phone opens the app and still holds all three.
  phone = await openPhone(true);
  page = phone.pages()[0] ?? (await phone.newPage());
  await page.goto(`${base}/settings`);
  await expect(page.getByTestId('outbox-item')).toHaveCount(3);
  await expect(page.getByTestId('sync-indicator')).toContainText('3 waiting');

  // A signal: everything is sent, once.
  await server.start();
  await phone.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 60_000 });
  await phone.close();

  const consent = (await (await request.get(`${base}/api/consent/status`, { headers: auth })).json()) as {
    recording: boolean;
    translation: boolean;
    updatedAt: string;
  };
  expect(consent).toMatchObject({ recording: true, translation: true });
  const list = (await (
    await request.get(`${base}/api/audio/recordings?limit=100`, { headers: auth })
  ).json()) as { recordings: StoredRecording[] };
  expect(list.recordings).toHaveLength(1);
  const [clip] = list.recordings;
  expect(clip!.transcript).toBe(prompt);
  // Consent reached the server before the clip recorded under it.
  expect(Date.parse(consent.updatedAt)).toBeLessThanOrEqual(Date.parse(clip!.createdAt));
  // The clip keeps when it was recorded (the start of recording), not when it arrived.
  const recordedAt = Date.parse(clip!.recordedAt!);
  expect(recordedAt).toBeGreaterThanOrEqual(startedAt - 2000);
  expect(recordedAt).toBeLessThanOrEqual(stoppedAt);
  expect(Date.parse(clip!.createdAt)).toBeGreaterThan(stoppedAt);
  // A contributor's translation arrives once, as a proposal for review.
  const after = (await (await request.get(`${base}/api/translation/pairs`, { headers: auth })).json()) as {
    pairs: { id: number; proposals: { text: string; mine: boolean }[] }[];
  };
  expect(after.pairs.find((pair) => pair.id === target.id)?.proposals).toEqual([
    expect.objectContaining({ text: 'zq-field-day', mine: true }),
  ]);
  fs.rmSync(profile, { recursive: true, force: true });
});
