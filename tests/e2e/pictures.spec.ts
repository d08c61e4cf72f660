// Say it from a picture (issue 32) on a 360 x 740 touch phone: an admin uploads a picture with its rights; the
// contributor's phone keeps the pack; with no signal the picture is shown (its description as alt text, its
// credit under it) and answered aloud into the fake microphone; back online the clip arrives once, in Lopit,
// without a transcript, linked to the picture, and waits on Transcribe, where (as in Your recordings) the
// picture is shown with the clip. PICTURES_SHOTS=1 also writes
// .tmp/shots/pictures-*.png at 360 and 1280, light and dark.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  expect,
  getJsonAs,
  grantConsentByApi,
  outboxRows,
  signInContext,
  signUpByApi,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const DESCRIPTION = 'Two goats beside a clay water pot';

test.use(WITH_FAKE_MICROPHONE);

// A server of its own: its pack and its transcription queue hold only this test's picture and clip.
const server = ownServer('pictures');

const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

/** The pictures the phone keeps, with the size of each image. */
const keptPictures = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<{ id: string; bytes: number }[]>((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const all = open.result.transaction('pictures').objectStore('pictures').getAll();
          all.onsuccess = () => {
            resolve(
              (all.result as { id: string; data: ArrayBuffer }[]).map((row) => ({
                id: row.id,
                bytes: row.data.byteLength,
              })),
            );
            open.result.close();
          };
          all.onerror = () => reject(new Error(String(all.error)));
        };
      }),
  );

/**
 * Screenshots at 360 and 1280, light and dark: `ready` waits for what is shown (and chooses who speaks), `target`
 * is what is taken (the whole page when left out).
 */
async function shoot(page: Page, name: string, ready: () => Promise<void>, target?: () => Locator) {
  if (!process.env.PICTURES_SHOTS) return;
  const folder = path.resolve('.tmp', 'shots');
  fs.mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('lopit.theme', chosen), theme);
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      await page.setViewportSize(viewport);
      await page.reload();
      await ready();
      const file = path.join(folder, `${name}-${viewport.width}-${theme}.png`);
      if (target) await target().screenshot({ path: file });
      else await page.screenshot({ path: file, fullPage: true });
    }
  }
  await page.setViewportSize(PHONE);
}

test('a picture kept on the phone is answered aloud in Lopit offline, and arrives once linked to it', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const admin = await signUpByApi(request, server.url, 'Curator');
  const field = await signUpByApi(request, server.url, 'Fieldworker');
  await grantConsentByApi(request, server.url, field.token, 'full');

  // The admin uploads a picture (ffmpeg's test pattern stands for a drawing) with its rights.
  const image = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=1600x1200:rate=1', '-frames:v', '1'],
    ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2pipe', 'pipe:1'],
  ]);
  // On a phone too: the picture's rights are required before anything is sent.
  const adminContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(adminContext, server.url, admin);
  const adminPage = await adminContext.newPage();
  await adminPage.goto(`${server.url}/admin`);
  const panel = adminPage.getByTestId('admin-pictures');
  await expect(panel).toContainText('No pictures yet.');
  await panel
    .getByLabel('Picture (JPEG, PNG or WebP)')
    .setInputFiles({ name: 'goats.jpg', mimeType: 'image/jpeg', buffer: image });
  await panel.getByLabel('Short English description').fill(DESCRIPTION);
  await panel.getByLabel('Who made it, or its source').fill('A made-up illustrator');
  await panel.getByRole('button', { name: 'Upload picture' }).click();
  const licence = panel.getByLabel('Licence or permission');
  await expect(licence).toHaveAttribute('aria-invalid', 'true');
  await expect(panel).toContainText('The licence or permission is required.');
  await licence.fill('CC BY 4.0');
  await panel.getByRole('button', { name: 'Upload picture' }).click();
  await expect(panel.getByRole('status')).toContainText('Uploaded.');
  const listed = panel.getByTestId('admin-picture-list');
  await expect(listed).toContainText(DESCRIPTION);
  await expect(listed).toContainText('A made-up illustrator · CC BY 4.0 · 0 clips · in the pack');
  expect(await layoutProblems(adminPage)).toEqual([]);
  await shoot(
    adminPage,
    'pictures-admin',
    () => expect(adminPage.getByTestId('admin-picture-list')).toBeVisible(),
    () => adminPage.getByTestId('admin-pictures'),
  );
  await adminContext.close();
  const { pictures: uploaded } = await getJson<{ pictures: { id: string }[] }>(
    request,
    admin,
    '/api/admin/pictures',
  );
  expect(uploaded).toHaveLength(1);
  const picture = uploaded[0]!;

  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['microphone'],
    serviceWorkers: 'block',
  });
  await signInContext(context, server.url, field);
  const page = await context.newPage();
  // Getting ready for the field brings the pictures onto the phone with the rest.
  await page.goto(`${server.url}/settings`);
  await expect(page.getByTestId('field-step-pictures')).toContainText(/Done.*1 picture \([\d.]+ kB\)/, {
    timeout: 60_000,
  });
  await page.goto(`${server.url}/translate?answer=picture`);
  await expect(page.getByRole('button', { name: 'From a picture' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByTestId('picture-card');
  const shown = card.getByTestId('picture-image');
  await expect(shown).toHaveAttribute('alt', DESCRIPTION);
  await expect(card).toContainText('Picture: A made-up illustrator');
  // Nothing is recorded until it is clear who speaks: here the contributor themself.
  await page.getByLabel('Who is speaking?').selectOption({ label: 'Me (this account)' });
  expect(await layoutProblems(page)).toEqual([]);

  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1024);
  // The phone keeps the picture with its image bytes.
  const kept = await keptPictures(page);
  expect(kept.map((row) => row.id)).toEqual([picture.id]);
  expect(kept[0]!.bytes).toBeGreaterThan(1000);

  // --- No signal: the picture comes back from the phone's copy, and is answered aloud.
  await context.setOffline(true);
  await page.getByRole('button', { name: 'Say it', exact: true }).click();
  await expect(page.getByTestId('picture-card')).toHaveCount(0);
  await page.getByRole('button', { name: 'From a picture' }).click();
  await expect(shown).toHaveAttribute('alt', DESCRIPTION);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(1024);
  await card.getByRole('button', { name: 'Say it in Lopit' }).click();
  await expect
    .poll(async () => Number(/(\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0), {
      timeout: 30_000,
      intervals: [500],
    })
    .toBeGreaterThanOrEqual(3);
  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByTestId('review-audio')).toBeVisible();
  const saving = Date.now();
  await card.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  await expect(page.getByTestId('picture-saved')).toBeVisible();
  console.log(
    `[picture figures] From a picture: ${Date.now() - saving} ms from saving an answer to the next state`,
  );
  expect(await outboxRows(page)).toBe(1);
  expect(await layoutProblems(page)).toEqual([]);

  // --- Back online: it arrives once, in Lopit, without a transcript, linked to the picture.
  await context.setOffline(false);
  await expect.poll(() => outboxRows(page), { timeout: 90_000 }).toBe(0);
  const { recordings } = await getJson<{
    recordings: { pictureId: string | null; language: string | null; transcript: string | null }[];
  }>(request, field, '/api/audio/recordings?limit=100');
  expect(recordings).toHaveLength(1);
  expect(recordings[0]).toMatchObject({ pictureId: picture.id, language: 'lpx', transcript: null });
  const { pictures } = await getJson<{ pictures: { id: string; clips: number }[] }>(
    request,
    admin,
    '/api/admin/pictures',
  );
  expect(pictures.find((one) => one.id === picture.id)?.clips).toBe(1);
  await shoot(page, 'pictures', async () => {
    await expect(page.getByTestId('picture-image')).toBeVisible();
    await page.getByLabel('Who is speaking?').selectOption({ label: 'Me (this account)' });
  });

  // --- Where the clip is seen, its picture is too, the description as its text alternative: Your recordings
  // (from the phone's pack) ...
  const loaded = (image: Locator) =>
    expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1024);
  await page.goto(`${server.url}/recording`);
  const inList = page.getByTestId('recording-row').first().getByTestId('clip-picture');
  await expect(inList).toHaveAttribute('alt', DESCRIPTION);
  await loaded(inList);
  expect(await layoutProblems(page)).toEqual([]);
  await shoot(page, 'pictures-recordings', () => loaded(inList));
  await context.close();

  // ... and /transcribe, on a phone that never got ready for the field: it fetches the pack to show it.
  const writerContext = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(writerContext, server.url, admin);
  const writer = await writerContext.newPage();
  await writer.goto(`${server.url}/transcribe`);
  const inCard = writer.getByTestId('transcribe-card').getByTestId('clip-picture');
  await expect(inCard).toHaveAttribute('alt', DESCRIPTION, { timeout: 30_000 });
  await loaded(inCard);
  expect(await layoutProblems(writer)).toEqual([]);
  await shoot(writer, 'pictures-transcribe', () => loaded(inCard));
  await writerContext.close();
});
