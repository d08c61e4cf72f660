// Lopit speech, the whole chain (issue 32), on 360 x 740 touch phones with the fake microphone. One contributor's
// phone gets ready for the field, then with no signal records every way of giving Lopit speech: *Read Lopit*
// (an approved Lopit sentence, in their own voice), *Say it in Lopit* from an English sentence (their own voice),
// and for an elder without an account (a field speaker whose spoken consent the server holds) an answer to a
// picture and a two-minute *Tell*. Back online everything arrives once, the story as the elder's Lopit story; the
// server cuts it at its pauses into pieces of 2 to 15 s; another contributor writes down every piece and both
// spoken answers on /transcribe (never the whole story); an admin approves the transcripts (the spoken
// translation's also becomes a proposal of that English sentence's Lopit); two listeners validate every clip;
// the speech export holds exactly those clips as lpx rows with their Lopit text, and /training, /data and the
// export count the same seconds, clips and speakers. Prints (does not assert) the time per item of each flow,
// from one item to the next with speaking excluded, and the table of hours, speakers and clips.
// LOPIT_CHAIN_SHOTS=1 also writes .tmp/shots/tell-*.png at 360 and 1280, light and dark.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import type { APIRequestContext, Locator, Page } from '@playwright/test';
import { toneWav } from '../server/audio-fixtures.ts';
import { readZip } from '../server/zip-reader.ts';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  approveLopitTexts,
  bearer,
  expect,
  getJsonAs,
  grantConsentByApi,
  outboxRows,
  signInContext,
  signUpByApi,
  test,
  waitForInspected,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

/** A made-up name: no real person is named. */
const ELDER = 'Elder Vorantu';
const ME = 'Me (this account)';
/** How long the story is told for (the fake microphone repeats a few made-up words with pauses). */
const TOLD_SECONDS = 120;
const DESCRIPTION = 'Two goats beside a clay water pot';

test.use(WITH_FAKE_MICROPHONE);

// A server of its own: its transcription queue and its export hold only this test's clips.
const server = ownServer('lopit-chain');

const auth = bearer;
const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

/** Writes the screen at 360 (touch) and 1280 px, light and dark, when LOPIT_CHAIN_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (!process.env.LOPIT_CHAIN_SHOTS) return;
  const choose = () =>
    page
      .getByLabel('Who is speaking?')
      .selectOption({ label: ELDER })
      .then(() => undefined);
  await shootThemes(page, name, { prepare: choose });
}

/** Chooses who speaks on this screen, and checks the choice is what the screen shows. */
async function speaking(page: Page, label: string) {
  const who = page.getByLabel('Who is speaking?');
  await expect(who.locator('option', { hasText: label })).toHaveCount(1);
  await who.selectOption({ label });
  await expect(who.locator('option:checked')).toHaveText(label);
}

/** Seconds the recorder's timer shows. */
async function timerSeconds(page: Page): Promise<number> {
  return Number(/(\d+) s/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1] ?? 0);
}

/** Records into `scope` from its `start` button for about `seconds`, then stops and waits for the clip. */
async function record(page: Page, scope: Locator, start: string, seconds: number) {
  await scope.getByRole('button', { name: start, exact: true }).click();
  await expect
    .poll(() => timerSeconds(page), { timeout: (seconds + 60) * 1000, intervals: [1_000] })
    .toBeGreaterThanOrEqual(seconds);
  expect(await layoutProblems(page)).toEqual([]);
  await scope.getByRole('button', { name: 'Stop' }).click();
  // Under load the recorder takes long to hand the clip back (speak.spec.ts): up to 45 s.
  await expect(scope.getByTestId('review-audio')).toBeVisible({ timeout: 45_000 });
}

/** Saves the clip on screen; answers the milliseconds until `next` holds (the next item is ready). */
async function saveAndTime(scope: Locator, next: () => Promise<void>): Promise<number> {
  const saving = Date.now();
  await scope.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  await next();
  return Date.now() - saving;
}

interface StoredRecording {
  id: string;
  kind: 'clip' | 'story';
  speakerId: string | null;
  language: string | null;
  title: string | null;
  duration: number;
  transcript: string | null;
  promptPairId: number | null;
  sourcePairId: number | null;
  pictureId: string | null;
  story: { state: string; segments: number | null } | null;
}

interface SpeechTotals {
  seconds: number;
  hours: number;
  clips: number;
  speakers: number;
}

test('Lopit speech from every flow, offline, for a contributor and an elder without an account: it arrives once, is cut, written down, validated and exported as Lopit', async ({
  browser,
  request,
}) => {
  test.setTimeout(900_000);
  // The server's first account is its admin; the contributor with the phone, and another who writes down.
  const admin = await signUpByApi(request, server.url, 'Curator');
  await grantConsentByApi(request, server.url, admin.token, 'full');
  // Read Lopit reads approved Lopit only: the admin gives some sentences a (made-up) Lopit text.
  const readable = await approveLopitTexts(request, server.url, admin.token, 4);
  const field = await signUpByApi(request, server.url, 'Fieldworker');
  await grantConsentByApi(request, server.url, field.token, 'full');
  const writer = await signUpByApi(request, server.url, 'Writer');
  await grantConsentByApi(request, server.url, writer.token, 'full');

  // A picture to answer (ffmpeg's test pattern stands for a drawing), with its rights.
  const image = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', 'testsrc=size=800x600:rate=1', '-frames:v', '1'],
    ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2pipe', 'pipe:1'],
  ]);
  const uploaded = await request.post(`${server.url}/api/admin/pictures`, {
    headers: { ...auth(admin), 'Idempotency-Key': crypto.randomUUID() },
    multipart: {
      image: { name: 'goats.jpg', mimeType: 'image/jpeg', buffer: image },
      description: DESCRIPTION,
      credit: 'A made-up illustrator',
      licence: 'CC BY 4.0',
    },
  });
  expect(uploaded.ok(), await uploaded.text()).toBe(true);

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
  // Getting ready for the field brings the sentences, the picture and the speakers onto the phone.
  const speak = await context.newPage();
  await speak.goto(`${server.url}/settings`);
  await expect(speak.getByTestId('field-step-pictures')).toContainText(/Done.*1 picture/, {
    timeout: 90_000,
  });
  // Three screens opened while online (without a service worker a page cannot load offline).
  await speak.goto(`${server.url}/speak`);
  const prompt = speak.getByTestId('prompt');
  await expect(prompt).toBeVisible();
  const translate = await context.newPage();
  await translate.goto(`${server.url}/translate?answer=say`);
  const say = translate.getByTestId('say-card');
  await expect(say.getByTestId('translate-english')).toBeVisible();
  const tell = await context.newPage();
  await tell.goto(`${server.url}/tell`);
  const recorder = tell.getByTestId('tell-recorder');
  // Nothing can be recorded until it is clear who speaks; the elder comes from the server's list.
  await speaking(tell, ELDER);
  await expect(recorder).toBeVisible();
  expect(await layoutProblems(tell)).toEqual([]);

  // --- No signal from here on.
  await context.setOffline(true);
  const perItem: Record<string, number[]> = { read: [], say: [], picture: [], tell: [] };

  // Read Lopit, in the contributor's own voice: two approved Lopit sentences, one after another.
  await speak.bringToFront();
  await speaking(speak, ME);
  const speakCard = speak.getByTestId('speak-card');
  const read: string[] = [];
  for (let clip = 0; clip < 2; clip += 1) {
    const text = (await prompt.textContent()) ?? '';
    expect(readable.map((sentence) => sentence.lopit)).toContain(text);
    await record(speak, speakCard, 'Record', 2);
    perItem.read!.push(
      await saveAndTime(speakCard, async () => {
        await expect(prompt).not.toHaveText(text);
        await expect(speakCard.getByRole('button', { name: 'Record', exact: true })).toBeEnabled();
      }),
    );
    read.push(text);
  }

  // Say it in Lopit from an English sentence, in the contributor's own voice.
  await translate.bringToFront();
  await speaking(translate, ME);
  const sayEnglish = (await say.getByTestId('translate-english').textContent()) ?? '';
  await record(translate, say, 'Say it in Lopit', 2);
  perItem.say!.push(
    await saveAndTime(say, async () => {
      await expect(translate.getByTestId('translate-notice')).toContainText('spoken translation is saved');
      await expect(say.getByTestId('translate-english')).not.toHaveText(sayEnglish);
    }),
  );
  expect(await layoutProblems(translate)).toEqual([]);

  // Say it from a picture, in the elder's voice: the picture comes from the phone's copy.
  await translate.getByRole('button', { name: 'From a picture' }).click();
  await speaking(translate, ELDER);
  const pictureCard = translate.getByTestId('picture-card');
  const shown = pictureCard.getByTestId('picture-image');
  await expect(shown).toHaveAttribute('alt', DESCRIPTION);
  await expect
    .poll(() => shown.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBeGreaterThan(0);
  await record(translate, pictureCard, 'Say it in Lopit', 3);
  perItem.picture!.push(
    await saveAndTime(pictureCard, () => expect(translate.getByTestId('picture-saved')).toBeVisible()),
  );
  expect(await layoutProblems(translate)).toEqual([]);

  // Tell: the elder tells a story for two minutes, recorded as one piece.
  await tell.bringToFront();
  await speaking(tell, ELDER);
  await recorder.getByLabel('Topic or title (optional)').fill('How the zorbel well was dug');
  await record(tell, recorder, 'Start telling', TOLD_SECONDS);
  perItem.tell!.push(
    await saveAndTime(recorder, async () => {
      await expect(tell.getByTestId('tell-saved')).toBeVisible();
      // Ready for the next story.
      await expect(recorder.getByRole('button', { name: 'Start telling' })).toBeEnabled();
    }),
  );
  const row = tell.getByTestId('recording-row').filter({ hasText: 'How the zorbel well was dug' });
  await expect(row).toContainText('Story: will be cut into pieces');
  await expect(row.getByTestId('recording-who')).toContainText(ELDER);
  // Five recordings wait on the phone, nothing else.
  expect(await outboxRows(tell)).toBe(5);

  // --- Back online: everything arrives once; the story as the elder's Lopit story, which the server cuts.
  await context.setOffline(false);
  await expect.poll(() => outboxRows(tell), { timeout: 120_000 }).toBe(0);
  const recordingsOf = async () =>
    (await getJson<{ recordings: StoredRecording[] }>(request, field, '/api/audio/recordings?limit=100'))
      .recordings;
  await expect
    .poll(async () => (await recordingsOf()).map((recording) => recording.story?.state ?? recording.kind), {
      timeout: 120_000,
    })
    .toEqual(expect.arrayContaining(['cut']));
  // Every clip inspected, so all of them are offered to write down.
  await waitForInspected(request, server.url, field);
  const arrived = await recordingsOf();
  expect(arrived).toHaveLength(5);
  expect(arrived.map((recording) => recording.language)).toEqual(arrived.map(() => 'lpx'));
  const stories = arrived.filter((recording) => recording.kind === 'story');
  expect(stories).toHaveLength(1);
  const story = stories[0]!;
  expect(story).toMatchObject({ speakerId, title: 'How the zorbel well was dug' });
  expect(story.duration).toBeGreaterThanOrEqual(TOLD_SECONDS - 1);
  const readClips = arrived.filter((recording) => recording.promptPairId !== null);
  expect(readClips.map((recording) => recording.transcript).sort()).toEqual([...read].sort());
  expect(readClips.every((recording) => recording.speakerId === null)).toBe(true);
  const sayClip = arrived.find((recording) => recording.sourcePairId !== null)!;
  expect(sayClip).toMatchObject({ speakerId: null, transcript: null });
  const pictureClip = arrived.find((recording) => recording.pictureId !== null)!;
  expect(pictureClip).toMatchObject({ speakerId, transcript: null });
  const segments = story.story!.segments!;
  expect(segments).toBeGreaterThanOrEqual(4);
  await tell.reload();
  await expect(row).toContainText(`Story: cut into ${segments} pieces, 0 written down`);
  expect(await layoutProblems(tell)).toEqual([]);
  await shoot(tell, 'tell');

  // --- Another contributor is offered the pieces and both spoken answers to write down, each piece 2 to 15 s,
  // never the whole story.
  const { clips: queued } = await getJson<{ clips: { id: string; duration: number }[] }>(
    request,
    writer,
    '/api/transcripts/queue?limit=50',
  );
  expect(queued).toHaveLength(segments + 2);
  const queuedIds = queued.map((clip) => clip.id);
  expect(queuedIds).not.toContain(story.id);
  expect(queuedIds).toEqual(expect.arrayContaining([sayClip.id, pictureClip.id]));
  const pieces = queued.filter((clip) => clip.id !== sayClip.id && clip.id !== pictureClip.id);
  for (const clip of pieces) {
    expect(clip.duration).toBeGreaterThanOrEqual(2);
    expect(clip.duration).toBeLessThanOrEqual(15);
  }
  expect(pieces.reduce((sum, clip) => sum + clip.duration, 0)).toBeLessThanOrEqual(story.duration + 0.5);
  const other = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(other, server.url, writer);
  const transcribe = await other.newPage();
  await transcribe.goto(`${server.url}/transcribe`);
  const card = transcribe.getByTestId('transcribe-card');
  await expect(card).toBeVisible();
  expect(await layoutProblems(transcribe)).toEqual([]);

  // --- The writer writes each one down on the phone, one after another (made-up words: no Lopit invented).
  const written = Array.from({ length: queued.length }, (_, index) => `zorbel vintaro kelo ${index + 1}`);
  const perPiece: number[] = [];
  let sawStory = false;
  const textField = transcribe.getByTestId('transcribe-text');
  const nextReady = async () =>
    (await transcribe.getByTestId('transcribe-empty').count()) > 0 ||
    ((await textField.count()) > 0 &&
      (await textField.inputValue()) === '' &&
      (await textField.isEditable()));
  for (const text of written) {
    // The phone holds a pack of clips; the one on screen is always the first of what is left.
    await expect(card.getByRole('heading', { level: 2 })).toHaveText(/^Clip 1 of \d+$/);
    // A piece of the story says which story it comes from.
    sawStory ||= ((await card.textContent()) ?? '').includes('How the zorbel well was dug');
    await textField.fill(text);
    const savedAt = Date.now();
    await card.getByRole('button', { name: 'Save' }).click();
    await expect(transcribe.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
    // The next clip is on screen with an empty field (the notice of the last save stays, so it cannot tell).
    await expect.poll(nextReady, { timeout: 30_000, intervals: [100] }).toBe(true);
    perPiece.push(Date.now() - savedAt);
  }
  expect(sawStory).toBe(true);
  await expect(transcribe.getByTestId('transcribe-empty')).toBeVisible();
  await expect.poll(() => outboxRows(transcribe), { timeout: 60_000 }).toBe(0);
  await other.close();

  // --- The admin approves the transcripts; two listeners say yes to every clip.
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
    '/api/transcripts/proposals?limit=100',
  );
  expect(transcripts.map((item) => item.text).sort()).toEqual([...written].sort());
  for (const item of transcripts)
    await post(admin, `/api/transcripts/proposals/${item.id}/review`, { verdict: 'approve' });
  // The spoken translation's transcript is now also a proposal of that English sentence's Lopit.
  const sayText = transcripts.find((item) => item.recordingId === sayClip.id)!.text;
  const { pairs } = await getJson<{
    pairs: { english: string; proposals: { text: string }[] }[];
  }>(request, admin, '/api/translation/pairs');
  expect(pairs.find((pair) => pair.english === sayEnglish)?.proposals).toEqual([
    expect.objectContaining({ text: sayText }),
  ]);
  const validated = [...readClips.map((clip) => clip.id), ...queuedIds];
  for (const name of ['ListenerOne', 'ListenerTwo']) {
    const listener = await signUpByApi(request, server.url, name);
    for (const id of validated) await post(listener, `/api/review/clips/${id}/vote`, { vote: 'up' });
  }

  // --- The speech recognition export holds exactly these clips, as Lopit with their Lopit text, and /training,
  // /data and the export count the same hours, clips and speakers.
  // The export turns every clip into WAV (an ffmpeg run each): under CI's load its 4.5 MB took longer than the
  // 45 s an action may (one whole run of 2026-11-28), so it has the test's own budget.
  const archive = await request.get(`${server.url}/api/admin/exports/asr.zip`, {
    headers: auth(admin),
    timeout: 240_000,
  });
  expect(archive.ok(), await archive.text()).toBe(true);
  const entries = readZip(await archive.body());
  const entry = (name: string) => [...entries.values()].find((item) => item.name.endsWith(`/${name}`));
  const [header, ...rows] = entry('validated.tsv')!.data.toString('utf8').trimEnd().split('\n');
  const columns = header!.split('\t');
  const cells = rows.map((line) => line.split('\t'));
  expect(cells).toHaveLength(validated.length);
  expect(cells.map((cell) => cell[columns.indexOf('locale')])).toEqual(validated.map(() => 'lpx'));
  expect(cells.map((cell) => cell[columns.indexOf('sentence')]).sort()).toEqual([...written, ...read].sort());
  const manifest = JSON.parse(entry('manifest.json')!.data.toString('utf8')) as { lopitSpeech: SpeechTotals };
  // Two speakers: the contributor (reading and saying) and the elder (the picture and the story).
  expect(manifest.lopitSpeech).toMatchObject({ clips: validated.length, speakers: 2 });
  const totals = ({ seconds, hours, clips, speakers }: SpeechTotals) => ({ seconds, hours, clips, speakers });
  const statistics = await getJson<{ lopitSpeech: SpeechTotals }>(request, admin, '/api/data/statistics');
  const models = await getJson<{ modelType: string; readiness: { speech: SpeechTotals | null } }[]>(
    request,
    admin,
    '/api/training/status',
  );
  const asr = models.find((model) => model.modelType === 'asr')!.readiness.speech!;
  expect(totals(statistics.lopitSpeech)).toEqual(totals(manifest.lopitSpeech));
  expect(totals(asr)).toEqual(totals(manifest.lopitSpeech));
  const durations = new Map([...readClips, sayClip, pictureClip].map((clip) => [clip.id, clip.duration]));
  for (const piece of pieces) durations.set(piece.id, piece.duration);
  expect(manifest.lopitSpeech.seconds).toBeCloseTo(
    validated.reduce((sum, id) => sum + durations.get(id)!, 0),
    0,
  );

  // The figures of issue 32 (printed, not asserted).
  const list = (values: number[]) => values.map((ms) => `${ms} ms`).join(', ');
  console.log(
    `[chain figures] Read Lopit: ${list(perItem.read!)} from saving a clip to the next sentence ready`,
  );
  console.log(`[chain figures] Say it: ${list(perItem.say!)} from saving to the next English sentence`);
  console.log(`[chain figures] From a picture: ${list(perItem.picture!)} from saving to the next state`);
  console.log(`[chain figures] Tell: ${list(perItem.tell!)} from saving a story to ready for the next`);
  console.log(`[chain figures] Transcribe: ${list(perPiece)} from saving one clip to the next on screen`);
  console.log(`[chain figures] story: ${story.duration.toFixed(1)} s cut into ${segments} pieces`);
  for (const [where, counted] of [
    ['/training', asr],
    ['/data', statistics.lopitSpeech],
    ['export', manifest.lopitSpeech],
  ] as const)
    console.log(
      `[chain figures] ${where}: ${counted.hours} h (${counted.seconds} s), ${counted.speakers} speakers, ${counted.clips} clips`,
    );
  await context.close();
});
