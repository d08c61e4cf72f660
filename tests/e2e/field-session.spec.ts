// A field session on a 360 x 740 touch phone, offline for the whole session (issue 16): the contributor (who has
// given no recording consent of their own) adds a speaker who has no account, records their spoken consent,
// records three prompted clips as that speaker on Speak, skips and reports a prompt, and says one translation
// aloud on Translate. Back online, everything arrives once and every clip is the speaker's; a second contributor
// then transcribes the spoken translation (kept on their phone with its audio: a page opened while the server cannot
// be reached still offers it). FIELD_SHOTS=1 writes .tmp/shots/speakers-*.png and
// translate-say-*.png (360 touch and 1280, light and dark).
import type { APIRequestContext, Page } from '@playwright/test';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  approveLopitTexts,
  expect,
  getJsonAs,
  grantConsentByApi,
  outboxRows,
  signInContext,
  signUpByApi,
  waitForInspected,
  storeCount,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

/** An obviously made-up language: no Lopit is invented. */
const TRANSCRIPT = 'zorbel kwinta mipa';
const ELDER = 'Elder Quombo';

test.use(WITH_FAKE_MICROPHONE);

const server = ownServer('field-session');

const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

/** Lets the fake microphone run about two seconds, then stops. */
async function recordFor2s(page: Page, scope: ReturnType<Page['getByTestId']>, start: string) {
  await scope.getByRole('button', { name: start }).click();
  await expect
    .poll(
      async () => Number(/Recording (\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1]),
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await scope.getByRole('button', { name: 'Stop' }).click();
  // Under load the recorder takes long to hand the clip back (as on Speak, speak.spec.ts): up to 45 s.
  await expect(scope.getByTestId('review-audio')).toBeVisible({ timeout: 45_000 });
}

/** Writes the screen at 360 (touch) and 1280 px, light and dark, when FIELD_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (process.env.FIELD_SHOTS) await shootThemes(page, name, { reload: false });
}

test('a field session offline: a speaker without an account, their consent, their clips, arriving once', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const admin = await signUpByApi(request, server.url, 'Curator');
  // Speak reads approved Lopit only: the admin gives some sentences a (made-up) Lopit text.
  await grantConsentByApi(request, server.url, admin.token, 'full');
  const readable = await approveLopitTexts(request, server.url, admin.token, 8);
  const field = await signUpByApi(request, server.url, 'Fieldworker');
  const transcriber = await signUpByApi(request, server.url, 'Transcriber');

  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['microphone'],
    serviceWorkers: 'block',
  });
  await signInContext(context, server.url, field);
  // Three tabs opened with a signal (without a service worker a page cannot load offline).
  const speakersTab = await context.newPage();
  await speakersTab.goto(`${server.url}/speakers`);
  await expect(speakersTab.getByTestId('speakers-empty')).toBeVisible();
  const speak = await context.newPage();
  await speak.goto(`${server.url}/speak`);
  await expect(speak.getByTestId('speaker-chooser')).toBeVisible();
  const translate = await context.newPage();
  await translate.goto(`${server.url}/translate`);
  await expect(translate.getByTestId('translate-english')).toBeVisible();

  await context.setOffline(true);

  // --- Add the speaker and record their spoken consent, offline.
  await speakersTab.bringToFront();
  await speakersTab.getByRole('button', { name: 'Add a speaker' }).click();
  // A name is required: the field says so.
  await speakersTab.getByRole('button', { name: 'Add and record consent' }).click();
  await expect(speakersTab.getByRole('alert')).toContainText('Give a name or a pseudonym');
  await speakersTab.getByLabel('Name or pseudonym, as they wish').fill(ELDER);
  await speakersTab.getByLabel('Age group').selectOption('60+');
  await speakersTab.getByLabel('Prefer not to say').check();
  await speakersTab.getByRole('button', { name: 'Add and record consent' }).click();
  const capture = speakersTab.getByTestId('consent-capture');
  await expect(capture.getByTestId('consent-text')).toContainText(ELDER);
  // Saving with nothing captured is refused with a reason.
  await capture.getByRole('button', { name: 'Save consent' }).click();
  await expect(capture.getByTestId('consent-error')).toContainText('Choose what the speaker agrees to');
  await capture.getByLabel('Voice recordings and translations').check();
  await capture.getByRole('button', { name: 'Record their consent' }).click();
  await speakersTab.waitForTimeout(2000);
  await capture.getByRole('button', { name: 'Stop' }).click();
  await expect(capture.getByRole('button', { name: 'Record again' })).toBeVisible();
  expect(await layoutProblems(speakersTab)).toEqual([]);
  await shoot(speakersTab, 'speakers-consent');
  await capture.getByRole('button', { name: 'Save consent' }).click();
  await expect(speakersTab.getByTestId('speakers-notice')).toContainText(`Consent of ${ELDER} is saved`);
  const card = speakersTab.getByTestId('speaker-card');
  await expect(card.getByTestId('speaker-consent')).toContainText('Consent recorded (full): spoken');
  await expect(card.getByRole('button', { name: 'Speaking now' })).toBeDisabled();
  expect(await layoutProblems(speakersTab)).toEqual([]);
  await shoot(speakersTab, 'speakers-list');

  // --- Three prompted clips as the speaker; one prompt skipped, one reported.
  await speak.bringToFront();
  await expect(speak.getByLabel('Who is speaking?')).toHaveValue(/[0-9a-f-]{36}/);
  await expect(speak.getByLabel('Who is speaking?').locator('option:checked')).toHaveText(ELDER);
  const speakCard = speak.getByTestId('speak-card');
  const prompt = speak.getByTestId('prompt');
  const recorded: string[] = [];
  for (let clip = 0; clip < 3; clip += 1) {
    const text = (await prompt.textContent()) ?? '';
    await recordFor2s(speak, speakCard, 'Record');
    await speakCard.getByRole('button', { name: /Save recording|Save anyway/ }).click();
    await expect(prompt).not.toHaveText(text);
    recorded.push(text);
  }
  const skipped = (await prompt.textContent()) ?? '';
  await speak.getByRole('button', { name: 'Skip' }).click();
  await expect(prompt).not.toHaveText(skipped);
  const reported = (await prompt.textContent()) ?? '';
  await speak.getByRole('button', { name: 'Report the sentence' }).click();
  const dialog = speak.getByRole('dialog', { name: 'Report this sentence' });
  await dialog.getByLabel('It is hard to read').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(prompt).not.toHaveText(reported);
  expect(await layoutProblems(speak)).toEqual([]);

  // --- One translation said aloud.
  await translate.bringToFront();
  await translate.getByRole('button', { name: 'Say it' }).click();
  await expect(translate.getByLabel('Who is speaking?').locator('option:checked')).toHaveText(ELDER);
  const say = translate.getByTestId('say-card');
  const english = (await say.getByTestId('translate-english').textContent()) ?? '';
  await recordFor2s(translate, say, 'Say it in Lopit');
  expect(await layoutProblems(translate)).toEqual([]);
  await shoot(translate, 'translate-say');
  await say.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  await expect(translate.getByTestId('translate-notice')).toContainText('spoken translation is saved');

  // --- Back online: everything arrives once, every clip the speaker's.
  await context.setOffline(false);
  await expect.poll(() => outboxRows(speak), { timeout: 90_000 }).toBe(0);
  const { speakers } = await getJson<{
    speakers: {
      id: string;
      name: string;
      clips: number;
      consent: { recording: boolean; updatedAt: string };
      evidence: { kind: string }[];
      createdAt: string;
      addedAt: string | null;
    }[];
  }>(request, field, '/api/speakers');
  expect(speakers).toHaveLength(1);
  const [speaker] = speakers;
  expect(speaker).toMatchObject({ name: ELDER, clips: 4, consent: { recording: true } });
  expect(speaker!.evidence.map((item) => item.kind)).toEqual(['spoken']);
  // Added and consenting offline: the server keeps when each happened on the phone, before they arrived.
  expect(Date.parse(speaker!.addedAt!)).toBeLessThan(Date.parse(speaker!.createdAt));
  expect(Date.parse(speaker!.consent.updatedAt)).toBeLessThan(Date.parse(speaker!.createdAt));
  expect(Date.parse(speaker!.consent.updatedAt)).toBeGreaterThanOrEqual(Date.parse(speaker!.addedAt!));
  // The spoken consent, recorded by the phone's MediaRecorder (WebM, which sniffs as video/webm), is kept and
  // served as audio.
  const kept = await getJson<{ speakers: { id: string; evidence: { id: number; kind: string }[] }[] }>(
    request,
    admin,
    '/api/admin/speakers',
  );
  const evidenceId = kept.speakers.find((item) => item.id === speaker!.id)!.evidence[0]!.id;
  const evidence = await request.get(
    `${server.url}/api/admin/speakers/${speaker!.id}/evidence/${evidenceId}`,
    {
      headers: { Authorization: `Bearer ${admin.token}` },
    },
  );
  expect(evidence.status()).toBe(200);
  expect(evidence.headers()['content-type']).toMatch(/^audio\/webm/);
  const { recordings, total } = await getJson<{
    recordings: {
      id: string;
      transcript: string | null;
      speakerId: string | null;
      promptPairId: number | null;
      sourcePairId: number | null;
      language: string | null;
    }[];
    total: number;
  }>(request, field, '/api/audio/recordings');
  expect(total).toBe(4);
  expect(recordings.every((recording) => recording.speakerId === speaker!.id)).toBe(true);
  expect(
    recordings
      .filter((recording) => recording.promptPairId !== null)
      .map((r) => r.transcript)
      .sort(),
  ).toEqual([...recorded].sort());
  const spoken = recordings.filter((recording) => recording.sourcePairId !== null);
  expect(spoken).toHaveLength(1);
  expect(spoken[0]).toMatchObject({ transcript: null, language: 'lpx' });
  const reports = await getJson<{ prompts: { english: string }[] }>(
    request,
    admin,
    '/api/admin/prompts?reported=true',
  );
  expect(reports.prompts.map((item) => item.english)).toContain(
    readable.find((sentence) => sentence.lopit === reported)?.english,
  );

  // --- The app opened again (a new page): the elder is offered, but nothing is recorded until someone is chosen,
  // so a contributor's own voice is not filed as the elder's.
  const reopened = await context.newPage();
  await reopened.goto(`${server.url}/speak`);
  const who = reopened.getByLabel('Who is speaking?');
  await expect(reopened.getByTestId('speaker-ask')).toBeVisible();
  await expect(who.locator('option:checked')).toHaveText('Choose who is speaking');
  await expect(who).toHaveAccessibleDescription(/^Choose who is speaking now, before you record/);
  await expect(reopened.getByTestId('speak-card')).toHaveCount(0);
  expect(await layoutProblems(reopened)).toEqual([]);
  await shoot(reopened, 'speak-ask-speaker');
  await who.selectOption({ label: ELDER });
  await expect(reopened.getByTestId('speak-card')).toBeVisible();
  await expect(reopened.getByTestId('speaker-ask')).toHaveCount(0);
  await expect(who.locator('option:checked')).toHaveText(ELDER);
  await reopened.close();

  // --- A second contributor transcribes the spoken translation, online.
  await waitForInspected(request, server.url, field);
  const other = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'block',
  });
  await signInContext(other, server.url, transcriber);
  const first = await other.newPage();
  await first.goto(`${server.url}/transcribe`);
  await expect(first.getByTestId('transcribe-card')).toContainText(english);
  // The clip is kept on the phone with its audio: a page opened later, when the server cannot be reached for the
  // list or the audio, still offers it.
  await expect.poll(() => storeCount(first, 'transcribePack'), { timeout: 20_000 }).toBe(1);
  await first.close();
  const page = await other.newPage();
  await page.route(/\/api\/(transcripts\/queue|audio\/recordings\/)/, (route) =>
    route.abort('internetdisconnected'),
  );
  await page.goto(`${server.url}/transcribe`);
  const transcribe = page.getByTestId('transcribe-card');
  await expect(transcribe).toContainText(english);
  await expect
    .poll(() =>
      page.evaluate(
        () => document.querySelector('[data-testid="transcribe-card"] audio')?.getAttribute('src') ?? '',
      ),
    )
    .toMatch(/^blob:/);
  await page.unroute(/\/api\/(transcripts\/queue|audio\/recordings\/)/);
  await page.getByTestId('transcribe-text').fill(TRANSCRIPT);
  await transcribe.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
  await expect.poll(() => outboxRows(page), { timeout: 30_000 }).toBe(0);
  // It waits for review: the admin (anyone but its author) is offered it, with the English it translates.
  const waiting = await getJson<{
    transcripts: { recordingId: string; text: string; english: string | null }[];
  }>(request, admin, '/api/transcripts/proposals');
  expect(waiting.transcripts).toContainEqual(
    expect.objectContaining({ recordingId: spoken[0]!.id, text: TRANSCRIPT, english }),
  );
  await other.close();
  await context.close();
});
