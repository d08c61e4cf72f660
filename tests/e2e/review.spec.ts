// The review loop end to end, on phone-sized pages (360 x 740, touch) in Chromium: contributor A records a clip
// with the fake microphone; B and C listen to it on /listen and vote yes, C offline (the vote waits in the
// outbox and goes on reconnect); the clip becomes validated and is in the ASR export's validated.tsv with
// up_votes 2. A translation by A reaches the chat's answer only after B's and C's approvals on /review. Then a
// fourth reviewer goes through a pack of clips on the phone, for the figures of the closing note (time from
// one clip to the next, pack size, state counts: printed, not asserted). Texts are in an obviously made-up
// language. REVIEW_SHOTS=1 also writes screenshots of both screens to .tmp/shots/review-*.png.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { CLIP_REVIEW_STATES, PROPOSAL_STATES } from '../../core/review/rules.ts';
import { multipartBody, toneWav } from '../server/audio-fixtures.ts';
import { readZip } from '../server/zip-reader.ts';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  type Account,
  bearer,
  expect,
  getJsonAs,
  grantConsentByApi,
  playClipThrough,
  signInContext,
  signUpByApi,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const CLIP_TEXT = 'zorbel quandy mipple tessaro vint';
const PROPOSAL = 'kwinta zorbel mipa';
const RIVAL = 'kwinta zorbelo mipaa';
const NO_TRANSLATION = 'No translation is known for this yet';

test.use(WITH_FAKE_MICROPHONE);

const server = ownServer('review');
/** The phones' Content-Security-Policy violations (the fixture watches only its own page). */
const cspViolations: string[] = [];

/** A contributor's phone: its own browser context, signed in, at 360 x 740 with touch. */
async function phone(browser: Browser, account: Account): Promise<Page> {
  const context = await browser.newContext({
    viewport: PHONE,
    isMobile: true,
    hasTouch: true,
    permissions: ['microphone'],
    serviceWorkers: 'block',
  });
  await signInContext(context, server.url, account);
  context.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy/i.test(message.text()))
      cspViolations.push(message.text());
  });
  return context.newPage();
}

const auth = bearer;

const getJson = <T>(request: APIRequestContext, account: Account, url: string) =>
  getJsonAs<T>(request, server.url, account, url);

interface AdminClip {
  id: string;
  state: string;
  upVotes: number;
  downVotes: number;
}
const adminClip = async (request: APIRequestContext, admin: Account, id: string) =>
  (await getJson<{ clips: AdminClip[] }>(request, admin, '/api/admin/review/clips?limit=200')).clips.find(
    (clip) => clip.id === id,
  );

/** Asks the chat for `english` on a new tab of A's phone (the chat keeps a tab's conversation): its reply. */
async function chatAnswer(phone: Page, english: string): Promise<string> {
  const page = await phone.context().newPage();
  try {
    await page.goto(`${server.url}/chat`);
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(english);
    await input.press('Enter');
    const reply = page.getByTestId('assistant-message').first();
    // Either answer, typed out in full.
    await expect(reply).toContainText(new RegExp(`${NO_TRANSLATION}|${PROPOSAL}`));
    return (await reply.textContent()) ?? '';
  } finally {
    await page.close();
  }
}

/** Plays the clip on screen to its end (Yes and No are offered only then, as Common Voice does), then answers Yes. */
async function listenAndSayYes(page: Page) {
  const card = page.getByTestId('listen-clip');
  const yes = card.getByRole('button', { name: 'Yes' });
  const no = card.getByRole('button', { name: 'No', exact: true });
  for (const answer of [yes, no]) {
    await expect(answer).toBeDisabled();
    await expect(answer).toHaveAccessibleDescription('Listen to the whole clip before you answer Yes or No.');
  }
  await playClipThrough(card);
  await expect(yes).toBeEnabled();
  await expect(card.getByTestId('answer-hint')).toBeHidden();
  await yes.click();
}

/** Writes the screen at 360 (touch) and 1280 px, light and dark, when REVIEW_SHOTS is set. */
async function shoot(page: Page, name: string) {
  if (process.env.REVIEW_SHOTS) await shootThemes(page, `review-${name}`);
}

test('three contributors: a clip validated by two votes (one offline), a translation approved by two', async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  // The first account of a fresh server is its admin.
  const admin = await signUpByApi(request, server.url, 'Curator');
  const [a, b, c] = [
    await signUpByApi(request, server.url, 'Speaker'),
    await signUpByApi(request, server.url, 'Listener'),
    await signUpByApi(request, server.url, 'Hearer'),
  ];
  await grantConsentByApi(request, server.url, a.token, 'full');
  const [phoneA, phoneB, phoneC] = [
    await phone(browser, a),
    await phone(browser, b),
    await phone(browser, c),
  ];

  // --- A records a clip on the phone; it is uploaded.
  await phoneA.goto(`${server.url}/recording`);
  const recorder = phoneA.getByTestId('recorder');
  await recorder.getByLabel(/Record freely/).check();
  await recorder.getByLabel('What is said (optional)').fill(CLIP_TEXT);
  await recorder.getByRole('button', { name: 'Start recording' }).click();
  await expect
    .poll(
      async () =>
        Number(/Recording (\d+) s/.exec((await phoneA.getByRole('timer').textContent()) ?? '')?.[1]),
      {
        timeout: 15_000,
      },
    )
    .toBeGreaterThanOrEqual(3);
  await recorder.getByRole('button', { name: 'Stop' }).click();
  await recorder.getByRole('button', { name: 'Save recording' }).click();
  await expect(phoneA.getByTestId('recording-status').first()).toContainText('Uploaded', { timeout: 30_000 });
  const [recorded] = (await getJson<{ recordings: { id: string }[] }>(request, a, '/api/audio/recordings'))
    .recordings;
  const clipId = recorded!.id;
  expect((await adminClip(request, admin, clipId))?.state).toBe('pending');

  // A never gets their own clip to review.
  await phoneA.goto(`${server.url}/listen`);
  await expect(phoneA.getByTestId('review-empty')).toContainText('Nothing to review right now');

  // --- B listens online and votes yes.
  await phoneB.goto(`${server.url}/listen`);
  await expect(phoneB.getByTestId('clip-text')).toHaveText(CLIP_TEXT);
  expect(await layoutProblems(phoneB)).toEqual([]);
  await listenAndSayYes(phoneB);
  await expect(phoneB.getByTestId('review-empty')).toBeVisible();
  await expect.poll(async () => (await adminClip(request, admin, clipId))?.upVotes).toBe(1);
  await expect(phoneB.getByTestId('review-count-today')).toHaveText('1');

  // --- C takes the clip onto the phone, loses the signal, votes yes: the vote waits.
  await phoneC.goto(`${server.url}/listen`);
  await expect(phoneC.getByTestId('clip-text')).toHaveText(CLIP_TEXT);
  await phoneC.context().setOffline(true);
  await expect(phoneC.getByTestId('review-offline')).toContainText(
    'Offline: 1 clip on this phone, votes will be sent when you are back online',
  );
  await listenAndSayYes(phoneC);
  await expect(phoneC.getByTestId('review-counts')).toContainText('1 waiting on this phone to be sent');
  await expect(phoneC.getByTestId('review-count-today')).toHaveText('1');
  expect(await adminClip(request, admin, clipId)).toMatchObject({ state: 'pending', upVotes: 1 });

  // Back online: the vote is sent once, and the clip is validated.
  await phoneC.context().setOffline(false);
  await expect
    .poll(async () => await adminClip(request, admin, clipId), { timeout: 30_000 })
    .toMatchObject({ state: 'validated', upVotes: 2, downVotes: 0 });
  await expect(phoneC.getByTestId('review-counts')).not.toContainText('waiting');
  await expect(phoneC.getByTestId('review-count-total')).toHaveText('1');

  // --- The ASR export lists it in validated.tsv with up_votes 2.
  const zip = await request.get(`${server.url}/api/admin/exports/asr.zip`, { headers: auth(admin) });
  expect(zip.ok()).toBe(true);
  const entries = readZip(await zip.body());
  const validated = [...entries.entries()].find(([name]) => name.endsWith('/validated.tsv'))?.[1];
  const [header, ...rows] = validated!.data
    .toString('utf8')
    .trim()
    .split('\n')
    .map((line) => line.split('\t'));
  const row = rows.find((cells) => cells[header!.indexOf('sentence')] === CLIP_TEXT);
  expect(row, 'the clip is in validated.tsv').toBeDefined();
  expect(row![header!.indexOf('up_votes')]).toBe('2');
  expect(row![header!.indexOf('down_votes')]).toBe('0');

  // --- A proposes a translation (and D a rival one for the same sentence); the chat does not know it yet.
  const d = await signUpByApi(request, server.url, 'Teller');
  await grantConsentByApi(request, server.url, d.token, 'full');
  const { pairs } = await getJson<{
    pairs: { id: number; english: string; lopit: string; version: number }[];
  }>(request, a, '/api/translation/pairs?category=greetings');
  const pair = pairs.find((candidate) => candidate.lopit === '')!;
  for (const [author, text] of [
    [a, PROPOSAL],
    [d, RIVAL],
  ] as const) {
    const saved = await request.post(`${server.url}/api/translation/save`, {
      headers: auth(author),
      data: { id: pair.id, translation: text, baseVersion: pair.version },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
  }
  expect(await chatAnswer(phoneA, pair.english)).toContain(NO_TRANSLATION);

  /** Approves A's proposal on /review (skipping D's if it comes first). */
  async function approveA(page: Page, check?: (page: Page) => Promise<void>) {
    await page.goto(`${server.url}/review`);
    const card = page.getByTestId('review-proposal');
    await expect(card.getByTestId('proposal-english')).toHaveText(pair.english);
    if ((await card.getByTestId('proposal-text').textContent()) === RIVAL) {
      await card.getByRole('button', { name: 'Skip' }).click();
    }
    await expect(card.getByTestId('proposal-text')).toHaveText(PROPOSAL);
    await expect(card.getByTestId('proposal-other')).toContainText(RIVAL);
    if (check) await check(page);
    await card.getByRole('button', { name: 'Approve' }).click();
  }

  await approveA(phoneB, async (page) => {
    expect(await layoutProblems(page)).toEqual([]);
    await shoot(page, 'translations');
    // A rejection needs a reason: an empty one is a field error, nothing is sent.
    const card = page.getByTestId('review-proposal');
    await card.getByRole('button', { name: 'Reject' }).click();
    await card.getByRole('button', { name: 'Send rejection' }).click();
    await expect(card.getByText('Say why this translation is wrong')).toBeVisible();
    await expect(card.getByLabel('Why is it wrong?')).toHaveAttribute('aria-invalid', 'true');
    await card.getByRole('button', { name: 'Cancel' }).click();
  });
  await expect(phoneB.getByTestId('review-counts')).not.toContainText('waiting');
  // One approval is not enough.
  expect(await chatAnswer(phoneA, pair.english)).toContain(NO_TRANSLATION);

  await approveA(phoneC);
  await expect(phoneC.getByTestId('review-counts')).not.toContainText('waiting');
  await expect.poll(() => chatAnswer(phoneA, pair.english), { timeout: 20_000 }).toContain(PROPOSAL);

  // --- A fourth reviewer and a pack of clips on the phone: the time from one clip to the next.
  const speaker = await signUpByApi(request, server.url, 'Narrator');
  await grantConsentByApi(request, server.url, speaker.token, 'recording');
  const CLIPS = 12;
  for (let n = 1; n <= CLIPS; n += 1) {
    // Quiet tones: the server flags them, and the Listen screen says so.
    const body = multipartBody(
      { bytes: toneWav(1.5, { amplitude: 0.004, frequency: 180 + n * 20 }), fileName: `tone-${n}.wav` },
      { transcript: `zz vintaro clip ${n}`, language: 'lpx' },
    );
    const uploaded = await request.post(`${server.url}/api/audio/upload`, {
      headers: { ...auth(speaker), ...body.headers },
      data: body.payload,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }
  const e = await signUpByApi(request, server.url, 'Timer');
  const phoneE = await phone(browser, e);
  await phoneE.goto(`${server.url}/listen`);
  const card = phoneE.getByTestId('listen-clip');
  await expect(card.getByTestId('clip-flags')).toContainText('The server flagged this clip:');
  await expect(card).toContainText(`of ${CLIPS} on this phone`);
  expect(await layoutProblems(phoneE)).toEqual([]);
  await shoot(phoneE, 'listen');

  // Report: a reason is required; the clip then leaves the pack.
  await card.getByRole('button', { name: 'Report' }).click();
  const dialog = phoneE.locator('dialog[open]');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Choose why you report it')).toBeVisible();
  await dialog.getByLabel('Too much noise').check();
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(card).toContainText(`of ${CLIPS - 1} on this phone`);

  const pack = await phoneE.evaluate(
    () =>
      new Promise<{ clips: number; bytes: number }>((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const all = open.result.transaction('reviewClips').objectStore('reviewClips').getAll();
          all.onsuccess = () => {
            const clips = all.result as { sizeBytes: number }[];
            resolve({ clips: clips.length, bytes: clips.reduce((sum, clip) => sum + clip.sizeBytes, 0) });
            open.result.close();
          };
        };
      }),
  );

  // From the tap on an answer to the next clip on screen with its audio ready to play, measured in the page.
  const times: number[] = [];
  for (let n = 0; n < 8; n += 1) {
    const answer = n % 2 === 0 ? 'No' : 'Skip';
    times.push(
      await phoneE.evaluate(async (name) => {
        const text = () => document.querySelector('[data-testid="clip-text"]')?.textContent ?? '';
        const before = text();
        const button = [
          ...document.querySelectorAll<HTMLButtonElement>('[data-testid="listen-clip"] button'),
        ].find((candidate) => candidate.textContent?.trim().endsWith(name))!;
        if (name === 'No') {
          // A verdict needs the clip heard to its end: its last moments are played before the tap is timed.
          const audio = document.querySelector<HTMLAudioElement>('[data-testid="clip-audio"]')!;
          // Its length is known once its metadata is loaded (later on a loaded machine); unknown, it plays whole.
          if (audio.readyState < HTMLMediaElement.HAVE_METADATA)
            await new Promise<void>((resolve) =>
              audio.addEventListener('loadedmetadata', () => resolve(), { once: true }),
            );
          if (Number.isFinite(audio.duration)) audio.currentTime = Math.max(0, audio.duration - 0.2);
          await new Promise<void>((resolve) => {
            audio.addEventListener('ended', () => resolve(), { once: true });
            void audio.play();
          });
          await new Promise<void>((resolve) => {
            const enabled = () =>
              button.getAttribute('aria-disabled') === null ? resolve() : requestAnimationFrame(enabled);
            enabled();
          });
        }
        const start = performance.now();
        button.click();
        await new Promise<void>((resolve) => {
          const check = () => {
            const audio = document.querySelector<HTMLAudioElement>('[data-testid="clip-audio"]');
            if (text() !== before && audio && audio.readyState >= 2) resolve();
            else requestAnimationFrame(check);
          };
          check();
        });
        return performance.now() - start;
      }, answer),
    );
  }
  const sorted = [...times].sort((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)]!;

  // The run's state counts, as the admins' queues give them.
  const clipStates: Record<string, number> = {};
  for (const state of CLIP_REVIEW_STATES)
    clipStates[state] = (
      await getJson<{ total: number }>(request, admin, `/api/admin/review/clips?state=${state}&limit=1`)
    ).total;
  const proposalStates: Record<string, number> = {};
  for (const state of PROPOSAL_STATES)
    proposalStates[state] = (
      await getJson<{ total: number }>(request, admin, `/api/admin/review/proposals?state=${state}&limit=1`)
    ).total;
  console.log(
    `[review figures] clip to next clip on /listen (pack on the phone, loopback, ${times.length} answers): median ${median.toFixed(0)} ms, min ${sorted[0]!.toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms`,
  );
  console.log(`[review figures] review pack on the phone: ${pack.clips} clips, ${pack.bytes} bytes of audio`);
  console.log(
    `[review figures] clip states: ${JSON.stringify(clipStates)}; proposal states: ${JSON.stringify(proposalStates)}`,
  );
  expect(clipStates.validated).toBe(1);
  expect(clipStates.reported).toBe(1);
  expect(proposalStates.approved).toBe(1);
  expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
});

test('a vote made offline on a clip whose speaker then withdrew leaves with a notice, not "Needs attention"', async ({
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const WITHDRAWN_TEXT = 'zz kelvaro withdrawn clip';
  const leaver = await signUpByApi(request, server.url, 'Leaver');
  await grantConsentByApi(request, server.url, leaver.token, 'recording');
  const body = multipartBody(
    { bytes: toneWav(1.5, { frequency: 330 }), fileName: 'withdrawn.wav' },
    { transcript: WITHDRAWN_TEXT, language: 'lpx' },
  );
  const uploaded = await request.post(`${server.url}/api/audio/upload`, {
    headers: { ...auth(leaver), ...body.headers },
    data: body.payload,
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);

  // The clip is on the listener's phone (after the other clips of the pack, when the tests before left some).
  const listener = await phone(browser, await signUpByApi(request, server.url, 'Villager'));
  await listener.goto(`${server.url}/listen`);
  const text = listener.getByTestId('clip-text');
  await expect(text).toBeVisible();
  for (let skipped = 0; (await text.textContent()) !== WITHDRAWN_TEXT; skipped += 1) {
    expect(skipped, 'the clip is in the pack').toBeLessThan(40);
    const before = await text.textContent();
    await listener.getByTestId('listen-clip').getByRole('button', { name: 'Skip' }).click();
    await expect(text).not.toHaveText(before ?? '');
  }

  // Offline in the village, the listener votes; meanwhile the speaker withdraws.
  await listener.context().setOffline(true);
  await listenAndSayYes(listener);
  await expect(listener.getByTestId('review-counts')).toContainText('1 waiting on this phone to be sent');
  const withdrawn = await request.post(`${server.url}/api/consent/withdraw`, {
    headers: auth(leaver),
    data: {},
  });
  expect(withdrawn.ok(), await withdrawn.text()).toBe(true);

  // Back online: the server refuses the vote as gone; it leaves the phone with a short notice.
  await listener.context().setOffline(false);
  const notice = listener.getByTestId('gone-notice');
  await expect(notice).toContainText('1 vote was for a clip that is no longer available.', {
    timeout: 30_000,
  });
  await expect(listener.getByTestId('review-counts')).not.toContainText('waiting');
  await expect(listener.getByTestId('sync-indicator')).toContainText('All saved');
  await notice.getByRole('button', { name: 'OK' }).click();
  await expect(notice).toBeHidden();
});
