// Transcribe end to end, on phone-sized pages (360 x 740, touch) in Chromium: contributor A records a Lopit clip
// with the fake microphone and writes no transcript; B hears it on /transcribe and writes what is said (sent
// through the outbox); C and D approve it under "Check transcripts", D offline (the review waits in the outbox
// and goes on reconnect); the clip's transcript is then B's text.
// Then an admin imports prompt sentences on /admin and reads the report. Texts are in an obviously made-up
// language. Screenshots of both parts of the screen and of the import panel, at 360 (touch) and 1280 px, light
// and dark, go to .tmp/shots/transcribe-*.png.
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  bearer,
  expect,
  getJsonAs,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  test,
  waitForInspected,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const TRANSCRIPT = 'zorbel quandy mipple tessaro';

test.use(WITH_FAKE_MICROPHONE);

const server = ownServer('transcribe');
let admin: Account;
test.beforeAll(async ({ request }) => {
  // The first account of a fresh server is its admin.
  admin = await signUpByApi(request, server.url, 'Curator');
});

async function phone(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['microphone'],
    serviceWorkers: 'block',
  });
  await signInContext(context, server.url, account);
  return context.newPage();
}

const auth = bearer;

const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

/** Writes the screen at 360 (touch) and 1280 px, light and dark, each held to the layout checks. */
const shoot = (page: Page, name: string, prepare?: () => Promise<void>) =>
  shootThemes(page, `transcribe-${name}`, { prepare, checkLayout: true });

/** The clip on the card has its audio loaded (an object URL the player can play). */
async function expectAudioLoaded(page: Page) {
  await expect(page.locator('audio.transcribe-audio').first()).toHaveAttribute('src', /^blob:/, {
    timeout: 20_000,
  });
}

/** Skips the clip on the card until the one with a repetition to listen to is shown (at most once: two clips). */
async function showOriginal(page: Page) {
  await expectAudioLoaded(page);
  if ((await page.getByTestId('transcribe-help').count()) === 0) {
    await page.getByTestId('transcribe-card').getByRole('button', { name: 'Skip' }).click();
    await expectAudioLoaded(page);
  }
  await expect(page.getByTestId('transcribe-help-audio')).toHaveAttribute('src', /^blob:/);
}

/** Records a Lopit clip on /recording with the fake microphone, writing nothing of what is said; its id. */
async function recordFreely(page: Page, request: APIRequestContext, account: Account): Promise<string> {
  await page.goto(`${server.url}/recording`);
  const recorder = page.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await waitForSeconds(page, 2);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await recorder.getByRole('button', { name: 'Save recording' }).click();
  await expect(page.getByTestId('recording-status').first()).toContainText('Uploaded', { timeout: 30_000 });
  const [recorded] = (
    await getJson<{ recordings: { id: string; transcript: string | null; language: string }[] }>(
      request,
      account,
      '/api/audio/recordings',
    )
  ).recordings;
  expect(recorded).toMatchObject({ language: 'lpx' });
  expect(recorded!.transcript ?? '').toBe('');
  return recorded!.id;
}

/** Waits until the recorder's timer shows at least `seconds`. */
async function waitForSeconds(page: Page, seconds: number) {
  await expect
    .poll(
      async () => Number(/Recording (\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1]),
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

test('a clip without a transcript: written by one contributor, approved by two, then the clip’s', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [a, b, c, d] = [
    await signUpByApi(request, server.url, 'Speaker'),
    await signUpByApi(request, server.url, 'Writer'),
    await signUpByApi(request, server.url, 'Checker'),
    await signUpByApi(request, server.url, 'Second'),
  ];
  await grantConsentByApi(request, server.url, a.token, 'full');

  // --- A records a Lopit clip freely, writing nothing of what is said.
  const phoneA = await phone(browser, a);
  const clipId = await recordFreely(phoneA, request, a);

  // A is never offered their own clip.
  await phoneA.goto(`${server.url}/transcribe`);
  await expect(phoneA.getByTestId('transcribe-empty')).toContainText('No clip is waiting');

  // --- B hears it and writes what is said.
  const phoneB = await phone(browser, b);
  await phoneB.goto(`${server.url}/transcribe`);
  const card = phoneB.getByTestId('transcribe-card');
  await expect(card).toContainText('Clip 1 of 1');
  await expectAudioLoaded(phoneB);
  await shoot(phoneB, 'write', () => expectAudioLoaded(phoneB));
  // Saving nothing is refused on the field.
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(card.getByRole('alert')).toContainText('Write what is said');
  await phoneB.getByTestId('transcribe-text').fill(TRANSCRIPT);
  await card.getByRole('button', { name: 'Save' }).click();
  await expect(phoneB.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
  await expect(phoneB.getByTestId('transcribe-empty')).toBeVisible();
  // Sent through the outbox: the server counts it.
  await expect(phoneB.getByTestId('review-count-total')).toHaveText('1');
  await expect(phoneB.getByTestId('review-counts')).not.toContainText('waiting', { timeout: 20_000 });

  // --- C and D approve it.
  for (const [account, name] of [
    [c, 'check'],
    [d, null],
  ] as const) {
    const page = await phone(browser, account);
    await page.goto(`${server.url}/transcribe`);
    await page.getByTestId('transcribe-tab-check').click();
    const review = page.getByTestId('transcript-review');
    await expect(review.getByTestId('transcript-text')).toHaveText(TRANSCRIPT);
    await expect(review).toContainText('by Writer');
    await expectAudioLoaded(page);
    if (name) {
      await shoot(page, name, async () => {
        await page.getByTestId('transcribe-tab-check').click();
        await expectAudioLoaded(page);
      });
      await page.getByTestId('transcribe-tab-check').click();
      // A rejection needs a reason.
      await review.getByRole('button', { name: 'Reject' }).click();
      await review.getByRole('button', { name: 'Send rejection' }).click();
      await expect(review).toContainText('Say why');
      await review.getByRole('button', { name: 'Cancel' }).click();
    }
    // D approves offline, from the list already on the phone: the review waits in the outbox.
    if (!name) await page.context().setOffline(true);
    await review.getByRole('button', { name: 'Approve' }).click();
    await expect(page.getByTestId('transcribe-notice')).toContainText('Approved');
    if (!name) {
      await expect(page.getByTestId('review-counts')).toContainText('1 waiting on this phone to be sent');
      await page.context().setOffline(false);
    }
    await expect(page.getByTestId('review-counts')).not.toContainText('waiting', { timeout: 20_000 });
  }

  // --- The clip's transcript is B's text.
  await expect
    .poll(
      async () =>
        (
          await getJson<{ recording: { transcript: string | null } }>(
            request,
            admin,
            `/api/audio/recordings/${clipId}`,
          )
        ).recording.transcript,
      { timeout: 20_000 },
    )
    .toBe(TRANSCRIPT);
});

test('an admin imports prompt sentences and reads the report', async ({ browser, request }) => {
  test.setTimeout(120_000);
  // The file's server and its admin: the sentences imported here are prompts, which no clip above depends on.
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(context, server.url, admin);
  const page = await context.newPage();
  await page.goto(`${server.url}/admin`);
  const panel = page.getByTestId('import-prompts');
  const csv = [
    'english,category',
    'The goats came home early.,family',
    'Bring 2 cups of water.,food',
    '',
  ].join('\n');
  await panel.getByLabel('CSV or TSV file of sentences').setInputFiles({
    name: 'prompts.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await panel.getByRole('button', { name: 'Import sentences' }).click();
  const report = panel.getByTestId('import-prompts-report');
  await expect(report).toContainText('Refused');
  await expect(report).toContainText('Row 2: Hard to read aloud: has digits');
  const folder = path.resolve('.tmp', 'shots');
  fs.mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    // As the theme toggle applies it (src/features/theme/theme.ts): data-theme="light", else dark.
    await page.evaluate((chosen) => {
      localStorage.setItem('lopit.theme', chosen);
      if (chosen === 'light') document.documentElement.dataset.theme = 'light';
      else delete document.documentElement.dataset.theme;
    }, theme);
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      expect(await layoutProblems(page)).toEqual([]);
      // From the top, nothing focused: a full-page shot of a scrolled page draws the sticky bar mid-page.
      await page.evaluate(() => {
        (document.activeElement as HTMLElement | null)?.blur();
        window.scrollTo(0, 0);
      });
      await page.screenshot({
        path: path.join(folder, `transcribe-import-${viewport.width}-${theme}.png`),
        fullPage: true,
      });
    }
  }
  // Imported anyway when asked: the sentence reaches the prompt pack.
  await page.setViewportSize(PHONE);
  await panel.getByLabel(/Import sentences that are hard to read aloud anyway/).check();
  await panel.getByRole('button', { name: 'Import sentences' }).click();
  await expect(panel.getByTestId('import-prompts-hard')).toContainText('Bring 2 cups of water.');
  const pack = await request.get(`${server.url}/api/audio/prompts?limit=500`, { headers: auth(admin) });
  expect(await pack.text()).toContain('Bring 2 cups of water.');
  await context.close();
});

test('Repeat: a clip is repeated slowly on /repeat and /transcribe offers the repetition as help, at a slower speed the phone remembers', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const [teller, repeater, writer] = [
    await signUpByApi(request, server.url, 'Teller'),
    await signUpByApi(request, server.url, 'Repeater'),
    await signUpByApi(request, server.url, 'Helped'),
  ];
  await grantConsentByApi(request, server.url, teller.token, 'full');
  await grantConsentByApi(request, server.url, repeater.token, 'full');
  const clipId = await recordFreely(await phone(browser, teller), request, teller);

  // --- The repeater hears the clip, slower, and repeats it slowly.
  const phoneR = await phone(browser, repeater);
  await phoneR.goto(`${server.url}/repeat`);
  await expect(phoneR.getByRole('link', { name: 'Repeat a clip slowly' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  const card = phoneR.getByTestId('repeat-card');
  const original = phoneR.getByTestId('repeat-audio');
  await expect(original).toHaveAttribute('src', /^blob:/, { timeout: 20_000 });
  await shoot(phoneR, 'repeat', () =>
    expect(phoneR.getByTestId('repeat-audio')).toHaveAttribute('src', /^blob:/),
  );
  await card.getByRole('button', { name: '0.5×' }).click();
  expect(
    await original.evaluate((audio: HTMLAudioElement) => [audio.playbackRate, audio.preservesPitch]),
  ).toEqual([0.5, true]);
  await card.getByRole('button', { name: 'Repeat it slowly' }).click();
  await waitForSeconds(phoneR, 2);
  await card.getByRole('button', { name: 'Stop' }).click();
  const saving = Date.now();
  await card.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  await expect(phoneR.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
  console.log(
    `[repeat figures] Repeat: ${Date.now() - saving} ms from saving a repetition to the next state`,
  );
  // Sent by the outbox, once, linked to the clip it repeats; the clip is not offered again.
  await expect
    .poll(
      async () =>
        (
          await getJson<{ recordings: { repeatsId: string | null }[] }>(
            request,
            repeater,
            '/api/audio/recordings',
          )
        ).recordings.map((recording) => recording.repeatsId),
      { timeout: 30_000 },
    )
    .toEqual([clipId]);
  await expect(phoneR.getByTestId('transcribe-empty')).toBeVisible();
  await waitForInspected(request, server.url, repeater);

  // --- The writer gets the original with its repetition to listen to (the repetition is a clip to write too).
  const phoneW = await phone(browser, writer);
  await phoneW.goto(`${server.url}/transcribe`);
  const writeCard = phoneW.getByTestId('transcribe-card');
  await expect(writeCard).toContainText('Clip 1 of 2');
  await showOriginal(phoneW);
  const clip = writeCard.locator('audio.transcribe-audio').first();
  await writeCard.getByRole('button', { name: '0.75×' }).click();
  expect(await clip.evaluate((audio: HTMLAudioElement) => audio.playbackRate)).toBe(0.75);
  await shoot(phoneW, 'help', () => showOriginal(phoneW));
  // Remembered on the phone, after the reloads: the clip plays at 0.75×.
  await showOriginal(phoneW);
  await expect
    .poll(() =>
      writeCard
        .locator('audio.transcribe-audio')
        .first()
        .evaluate((audio: HTMLAudioElement) => audio.playbackRate),
    )
    .toBe(0.75);
});
