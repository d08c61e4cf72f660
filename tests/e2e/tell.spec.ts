// Tell (issue 32) on a 360 x 740 touch phone, the whole chain: an elder without an account (a field speaker whose
// spoken consent the server holds) tells a story into the fake microphone with no signal; back online it arrives once,
// as the elder's Lopit story, the server cuts it at its pauses into pieces of 2 to 15 s, Your recordings says so,
// another contributor writes each piece down on /transcribe (never the whole story), an admin approves the
// transcripts, two listeners validate the pieces, and the speech export holds exactly them as lpx rows with their
// Lopit text while /training, /data and the export count the same seconds, pieces and speaker. TELL_SHOTS=1 also
// writes .tmp/shots/tell-*.png at 360 and 1280, light and dark.
import crypto from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { toneWav } from '../server/audio-fixtures.ts';
import { readZip } from '../server/zip-reader.ts';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  bearer,
  expect,
  getJsonAs,
  outboxRows,
  signInContext,
  signUpByApi,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

/** A made-up name: no real person is named. */
const ELDER = 'Elder Vorantu';
/** How long the story is told for (the fake microphone repeats a few made-up words with pauses). */
const TOLD_SECONDS = 24;

test.use(WITH_FAKE_MICROPHONE);

// A server of its own: its transcription queue holds only this story's pieces.
const server = ownServer('tell');

const auth = bearer;
const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

/** Writes the screen at 360 (touch) and 1280 px, light and dark, when TELL_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (!process.env.TELL_SHOTS) return;
  const choose = () =>
    page
      .getByLabel('Who is speaking?')
      .selectOption({ label: ELDER })
      .then(() => undefined);
  await shootThemes(page, name, { prepare: choose });
}

interface StoredRecording {
  id: string;
  kind: 'clip' | 'story';
  speakerId: string | null;
  language: string | null;
  title: string | null;
  duration: number;
  story: { state: string; segments: number | null } | null;
}

test('an elder without an account tells a story offline: it arrives once and is cut into pieces to write down', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The server's first account is its admin; the contributor with the phone, and another who writes down.
  const admin = await signUpByApi(request, server.url, 'Curator');
  const field = await signUpByApi(request, server.url, 'Fieldworker');
  const writer = await signUpByApi(request, server.url, 'Writer');
  const consentOf = await request.post(`${server.url}/api/consent/submit`, {
    headers: auth(writer),
    data: { consent_type: 'full' },
  });
  expect(consentOf.ok()).toBe(true);

  // The elder was added on another day, their consent spoken into the phone (a tone stands for it here).
  const speakerId = crypto.randomUUID();
  const added = await request.post(`${server.url}/api/speakers`, {
    headers: { ...auth(field), 'Idempotency-Key': crypto.randomUUID() },
    data: { id: speakerId, name: ELDER, ageGroup: '60+', gender: null, dialect: null },
  });
  expect(added.ok(), await added.text()).toBe(true);
  const consented = await request.post(`${server.url}/api/speakers/${speakerId}/consent`, {
    headers: { ...auth(field), 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'recording', kind: 'spoken' }),
      evidence: { name: 'consent.wav', mimeType: 'audio/wav', buffer: toneWav(2, { frequency: 330 }) },
    },
  });
  expect(consented.ok(), await consented.text()).toBe(true);

  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['microphone'],
    serviceWorkers: 'block',
  });
  await signInContext(context, server.url, field);
  const page = await context.newPage();
  await page.goto(`${server.url}/tell`);
  // Nothing can be recorded until it is clear who speaks; the elder comes from the server's list.
  const who = page.getByLabel('Who is speaking?');
  await expect(who.locator('option', { hasText: ELDER })).toHaveCount(1);
  await who.selectOption({ label: ELDER });
  const recorder = page.getByTestId('tell-recorder');
  await expect(recorder).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);

  // --- No signal: the story is told and saved on the phone.
  await context.setOffline(true);
  await recorder.getByLabel('Topic or title (optional)').fill('How the zorbel well was dug');
  await recorder.getByRole('button', { name: 'Start telling' }).click();
  await expect
    .poll(async () => Number(/(\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0), {
      timeout: 60_000,
      intervals: [1_000],
    })
    .toBeGreaterThanOrEqual(TOLD_SECONDS);
  expect(await layoutProblems(page)).toEqual([]);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await expect(recorder.getByTestId('review-audio')).toBeVisible();
  const saving = Date.now();
  await recorder.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  await expect(page.getByTestId('tell-saved')).toBeVisible();
  // Ready for the next story (the figure of issue 32: from one item to the next, speaking excluded).
  await expect(recorder.getByRole('button', { name: 'Start telling' })).toBeEnabled();
  console.log(`[tell figures] Tell: ${Date.now() - saving} ms from saving a story to ready for the next`);
  const row = page.getByTestId('recording-row').filter({ hasText: 'How the zorbel well was dug' });
  await expect(row).toContainText('Story: will be cut into pieces');
  await expect(row.getByTestId('recording-who')).toContainText(ELDER);
  expect(await outboxRows(page)).toBe(1);

  // --- Back online: it arrives once, as the elder's Lopit story, and the server cuts it.
  await context.setOffline(false);
  await expect.poll(() => outboxRows(page), { timeout: 90_000 }).toBe(0);
  const storyOf = async () =>
    (await getJson<{ recordings: StoredRecording[] }>(request, field, '/api/audio/recordings?limit=100'))
      .recordings;
  await expect
    .poll(async () => (await storyOf()).map((recording) => recording.story?.state), { timeout: 90_000 })
    .toEqual(['cut']);
  const [story] = await storyOf();
  expect(story).toMatchObject({
    kind: 'story',
    speakerId,
    language: 'lpx',
    title: 'How the zorbel well was dug',
  });
  expect(story!.duration).toBeGreaterThanOrEqual(TOLD_SECONDS - 1);
  const segments = story!.story!.segments!;
  expect(segments).toBeGreaterThanOrEqual(2);
  await page.reload();
  await expect(row).toContainText(`Story: cut into ${segments} pieces, 0 written down`);
  expect(await layoutProblems(page)).toEqual([]);
  await shoot(page, 'tell');

  // --- Another contributor is offered the pieces to write down, each 2 to 15 s, never the whole story.
  const { clips } = await getJson<{ clips: { id: string; duration: number }[] }>(
    request,
    writer,
    '/api/transcripts/queue?limit=50',
  );
  expect(clips).toHaveLength(segments);
  expect(clips.map((clip) => clip.id)).not.toContain(story!.id);
  for (const clip of clips) {
    expect(clip.duration).toBeGreaterThanOrEqual(2);
    expect(clip.duration).toBeLessThanOrEqual(15);
  }
  expect(clips.reduce((sum, clip) => sum + clip.duration, 0)).toBeLessThanOrEqual(story!.duration + 0.5);
  const other = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(other, server.url, writer);
  const transcribe = await other.newPage();
  await transcribe.goto(`${server.url}/transcribe`);
  const card = transcribe.getByTestId('transcribe-card');
  await expect(card).toBeVisible();
  await expect(card).toContainText('How the zorbel well was dug');
  expect(await layoutProblems(transcribe)).toEqual([]);

  // --- The writer writes each piece down on the phone, one after another (made-up words: no Lopit invented).
  const written = Array.from({ length: segments }, (_, index) => `zorbel vintaro kelo ${index + 1}`);
  const perPiece: number[] = [];
  let savedAt = 0;
  for (const [index, text] of written.entries()) {
    // The next piece is on screen (the notice of the last save stays, so it cannot tell).
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(`Clip 1 of ${segments - index}`);
    if (savedAt) perPiece.push(Date.now() - savedAt);
    await transcribe.getByTestId('transcribe-text').fill(text);
    savedAt = Date.now();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(transcribe.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
  }
  await expect(transcribe.getByTestId('transcribe-empty')).toBeVisible();
  console.log(
    `[tell figures] Transcribe: ${perPiece.map((ms) => `${ms} ms`).join(', ')} from saving one piece to the next on screen`,
  );
  await expect.poll(() => outboxRows(transcribe), { timeout: 60_000 }).toBe(0);
  await other.close();

  // --- The admin approves the transcripts; two listeners say yes to every piece.
  const post = async (account: Account, url: string, data: unknown) => {
    const response = await request.post(`${server.url}${url}`, {
      headers: { ...auth(account), 'Idempotency-Key': crypto.randomUUID() },
      data,
    });
    expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  };
  const { transcripts } = await getJson<{ transcripts: { id: number; recordingId: string; text: string }[] }>(
    request,
    admin,
    '/api/transcripts/proposals',
  );
  expect(transcripts.map((item) => item.text).sort()).toEqual([...written].sort());
  for (const item of transcripts)
    await post(admin, `/api/transcripts/proposals/${item.id}/review`, { verdict: 'approve' });
  for (const name of ['ListenerOne', 'ListenerTwo']) {
    const listener = await signUpByApi(request, server.url, name);
    for (const clip of clips) await post(listener, `/api/review/clips/${clip.id}/vote`, { vote: 'up' });
  }

  // --- The speech recognition export holds exactly these pieces, as Lopit with their Lopit text, and /training,
  // /data and the export count the same hours, pieces and speaker.
  const archive = await request.get(`${server.url}/api/admin/exports/asr.zip`, { headers: auth(admin) });
  expect(archive.ok(), await archive.text()).toBe(true);
  const entries = readZip(await archive.body());
  const entry = (name: string) => [...entries.values()].find((item) => item.name.endsWith(`/${name}`));
  const [header, ...rows] = entry('validated.tsv')!.data.toString('utf8').trimEnd().split('\n');
  const columns = header!.split('\t');
  const cells = rows.map((row) => row.split('\t'));
  expect(cells).toHaveLength(segments);
  expect(cells.map((row) => row[columns.indexOf('locale')])).toEqual(written.map(() => 'lpx'));
  expect(cells.map((row) => row[columns.indexOf('sentence')]).sort()).toEqual([...written].sort());
  const manifest = JSON.parse(entry('manifest.json')!.data.toString('utf8')) as {
    lopitSpeech: { seconds: number; hours: number; clips: number; speakers: number };
  };
  expect(manifest.lopitSpeech).toMatchObject({ clips: segments, speakers: 1 });
  const totals = ({ seconds, hours, clips: count, speakers }: typeof manifest.lopitSpeech) => ({
    seconds,
    hours,
    clips: count,
    speakers,
  });
  const statistics = await getJson<{ lopitSpeech: typeof manifest.lopitSpeech }>(
    request,
    admin,
    '/api/data/statistics',
  );
  const models = await getJson<
    { modelType: string; readiness: { speech: typeof manifest.lopitSpeech | null } }[]
  >(request, admin, '/api/training/status');
  const asr = models.find((model) => model.modelType === 'asr')!.readiness.speech!;
  expect(totals(statistics.lopitSpeech)).toEqual(totals(manifest.lopitSpeech));
  expect(totals(asr)).toEqual(totals(manifest.lopitSpeech));
  expect(manifest.lopitSpeech.seconds).toBeCloseTo(
    clips.reduce((sum, clip) => sum + clip.duration, 0),
    0,
  );
  await context.close();
});
