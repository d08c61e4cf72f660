// Sending without the page (issue 31): work saved offline, the app closed, then the connection back. The app
// itself registers Background Sync when work joins the outbox (checked in the service worker after the page is
// gone, with registration.sync.getTags()), and Chromium fires the sync event on its own when the connection
// returns with no page open (context.setOffline(false); no DevTools dispatch). The service worker sends every kind
// of core/api/mutations.ts once: a clip by resumable upload over fetch, a field speaker's consent and a second piece
// of evidence as multipart with their files kept in IndexedDB, the rest as JSON, including a waiting item kept in
// the shape of older versions ({ kind, path, body }). Votes, a report, reviews and transcripts are made on their
// screens, offline, from the packs the phone took while online. While the server cannot be reached the event
// fails, so Chromium keeps the registration and fires it again (its retry delay shortened to 2 s through its
// BackgroundSync field trial).
import crypto from 'node:crypto';
import fs from 'node:fs';
import type { APIRequestContext, BrowserContext, Page, Worker } from '@playwright/test';
import { MUTATION_KINDS } from '../../core/api/mutations.ts';
import { toneWav } from '../server/audio-fixtures.ts';
import { ensureFakeVoice } from './fake-microphone.ts';
import {
  expect,
  grantConsentByApi,
  playClipThrough,
  signInContext,
  signUpByApi,
  test,
  waitForInspected,
  waitForOfflineReady,
} from './fixtures.ts';
import { ownServer } from './server-process.ts';
import { CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

const TAG = 'lopit-outbox';
// Chromium retries a failed sync event after 5 minutes by default; 2 s here, every attempt.
const FAST_RETRY = [
  '--force-fieldtrials=BackgroundSync/Fast',
  '--force-fieldtrial-params=BackgroundSync.Fast:initial_retry_delay_sec/2/retry_delay_factor/1/max_sync_attempts/20',
];

test.use({
  serviceWorkers: 'allow',
  // Saving the trace of this context failed at its close ("file data stream has unexpected number of bytes") after
  // every assertion had passed; the test's own checks say what went wrong.
  trace: 'off',
  launchOptions: {
    // The full browser: the headless shell fires no Background Sync once every page is closed (its sync event
    // never came in a run on 2026-11-28), and that is what this spec is about.
    executablePath: CHROMIUM_PATH,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', ...FAST_RETRY],
  },
});

const server = ownServer('background-sync');

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const response = await request.get(`${server.url}/api/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok(), path).toBe(true);
  return (await response.json()) as T;
}

async function serverRecordings(request: APIRequestContext, token: string) {
  return (
    await apiGet<{ recordings: { sha256: string; sizeBytes: number }[] }>(request, token, 'audio/recordings')
  ).recordings;
}

/** The app's service worker, as Playwright sees it (it outlives the pages). */
async function appWorker(context: BrowserContext): Promise<Worker> {
  const existing = context.serviceWorkers().find((worker) => worker.url().startsWith(server.url));
  return existing ?? context.waitForEvent('serviceworker');
}

/** The tags of the Background Sync registrations the app's service worker holds (Chromium's SyncManager). */
const syncTags = (worker: Worker) =>
  worker.evaluate(() => {
    const registration = (self as unknown as { registration: { sync: { getTags(): Promise<string[]> } } })
      .registration;
    return registration.sync.getTags();
  });

/** The kinds of the items waiting in the app's outbox (IndexedDB), in their order. */
function waitingKinds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open('lopit');
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(new Error(String(open.error)));
    });
    const rows = await new Promise<{ kind: string }[]>((resolve, reject) => {
      const all = db.transaction('outbox').objectStore('outbox').getAll();
      all.onsuccess = () => resolve(all.result as { kind: string }[]);
      all.onerror = () => reject(new Error(String(all.error)));
    });
    db.close();
    return rows.map((row) => row.kind);
  });
}

async function apiPost<T>(
  request: APIRequestContext,
  token: string,
  path: string,
  data: unknown,
): Promise<T> {
  const response = await request.post(`${server.url}/api/${path}`, {
    headers: { Authorization: `Bearer ${token}` },
    data,
  });
  expect(response.ok(), `${path} answered ${response.status()} ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** A file kept on the phone for a waiting multipart item, as the app keeps it (LocalEvidence, its bytes as base64). */
interface KeptEvidence {
  key: string;
  speakerId: string;
  consentId: string;
  kind: 'spoken' | 'photo';
  mimeType: string;
  base64: string;
}

/**
 * Waiting items of the kinds this test has no screen step for, stored in IndexedDB as the app stores them (new
 * rows keep their route's params; the consent row is in the shape of versions before the mutation registry),
 * with the files of multipart items beside them in the same transaction, as recordSpeakerConsent keeps them.
 */
async function storeWaitingRows(
  page: Page,
  userId: string,
  rows: Record<string, unknown>[],
  evidence: KeptEvidence[] = [],
) {
  await page.evaluate(
    async ({ userId, rows, evidence }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onsuccess = () => resolve(open.result);
        open.onerror = () => reject(new Error(String(open.error)));
      });
      const tx = db.transaction(['outbox', 'speakerEvidence'], 'readwrite');
      for (const { base64, ...file } of evidence)
        tx.objectStore('speakerEvidence').put({
          ...file,
          data: Uint8Array.from(atob(base64), (char) => char.charCodeAt(0)).buffer,
          createdAt: Date.now(),
        });
      rows.forEach((row, index) =>
        tx.objectStore('outbox').add({
          id: crypto.randomUUID(),
          userId,
          createdAt: Date.now() + index,
          attempts: 0,
          state: 'pending',
          ...row,
        }),
      );
      await new Promise<void>((resolve, reject) => {
        tx.oncomplete = () => resolve();
        tx.onerror = () => reject(new Error(String(tx.error)));
      });
      db.close();
    },
    { userId, rows, evidence },
  );
}

const VOTED = 'zorbel vintaro kelo';
const REPORTED = 'quandy mipple tessaro';
const TRANSCRIBED = 'kelo zorbu mipa';
const CHECKED = 'vintaro quell zorbi';
const PROPOSED = 'mipple zorbel kwinta';
const WORD = { lopit: 'zorbelkwa', english: 'a made-up word to review' };
const UI_TEXT = 'Quandy';
/** Lopit sentences in a made-up language, another's to review and one of mine written offline. */
const WRITTEN = 'Zorbel quandy mipa tessaro.';
const MINE_WRITTEN = 'Kelo vintaro quell zorbi.';

test('with the app closed, Background Sync sends every kind of waiting work once, and retries while the server is down', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  // The server's first account is its admin: it may add an interface language and read the reported sentences.
  const me = await signUpByApi(request, server.url, 'Walker');
  await grantConsentByApi(request, server.url, me.token, 'full');
  await apiPost(request, me.token, 'admin/i18n/languages', { code: 'bsy', name: 'Background Sync' });
  // Others' work to review (nobody reviews their own): a second admin's clips and imported word, a contributor's
  // translation, transcript and interface text; and a field speaker of mine whose consent waits on the phone.
  const curator = await signUpByApi(request, server.url, 'Curator');
  await grantConsentByApi(request, server.url, curator.token, 'recording');
  const promoted = await request.patch(`${server.url}/api/admin/users/${curator.user.id}/role`, {
    headers: { Authorization: `Bearer ${me.token}` },
    data: { role: 'admin' },
  });
  expect(promoted.ok(), await promoted.text()).toBe(true);
  /** A Lopit clip of the curator's (a tone, its pitch making each file new), with what it says if given. */
  const clipOfCurator = async (frequency: number, transcript?: string) => {
    const uploaded = await request.post(`${server.url}/api/audio/upload`, {
      headers: { Authorization: `Bearer ${curator.token}` },
      multipart: {
        metadata: JSON.stringify({ language: 'lpx', transcript }),
        file: { name: `${frequency}.wav`, mimeType: 'audio/wav', buffer: toneWav(1.5, { frequency }) },
      },
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    return ((await uploaded.json()) as { recording: { id: string } }).recording.id;
  };
  // Two to hear (with what they say), two to transcribe: the one nobody has written yet comes first.
  const votedClip = await clipOfCurator(220, VOTED);
  const reportedClip = await clipOfCurator(260, REPORTED);
  const untranscribedClip = await clipOfCurator(300);
  const checkedClip = await clipOfCurator(340);
  await apiPost(request, curator.token, 'admin/import/lexicon?review=true', [WORD]);
  const writer = await signUpByApi(request, server.url, 'Writer');
  await grantConsentByApi(request, server.url, writer.token, 'full');
  // A clip is offered for writing down once the server has inspected it (the upload was answered before).
  await waitForInspected(request, server.url, curator);
  await apiPost(request, writer.token, `transcripts/clips/${checkedClip}`, { text: CHECKED });
  const uiProposal = await apiPost<{ proposal: { id: number } }>(request, writer.token, 'i18n/proposals', {
    language: 'bsy',
    messageId: 'account.saveName',
    text: UI_TEXT,
  });
  const written = await apiPost<{ sentence: { id: number } }>(request, writer.token, 'sentences', {
    text: WRITTEN,
  });
  const elderId = crypto.randomUUID();
  await apiPost(request, me.token, 'speakers', { id: elderId, name: 'Kelo' });

  const voice = fs.readFileSync(ensureFakeVoice());
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  await signInContext(context, server.url, me);
  const page = await context.newPage();
  await page.goto(`${server.url}/recording`);
  await waitForOfflineReady(page);
  const worker = await appWorker(context);
  await page.goto(`${server.url}/translation`);
  const firstRow = page.getByTestId('pair-row').first();
  await expect(firstRow).toBeVisible();
  const pairId = Number(await firstRow.getAttribute('data-pair-id'));
  const reportedId = Number(await page.getByTestId('pair-row').nth(1).getAttribute('data-pair-id'));
  const speakerId = crypto.randomUUID();
  const { pairs: allPairs } = await apiGet<{ pairs: { id: number; lopit: string; version: number }[] }>(
    request,
    writer.token,
    'translation/pairs',
  );
  const proposedPair = allPairs.find((one) => one.lopit === '' && ![pairId, reportedId].includes(one.id))!;
  await apiPost(request, writer.token, 'translation/save', {
    id: proposedPair.id,
    translation: PROPOSED,
    baseVersion: proposedPair.version,
  });

  // Online once, the phone takes its packs: clips to hear, clips to transcribe and transcripts to check,
  // translations and words to review.
  await page.goto(`${server.url}/listen`);
  await expect(page.getByTestId('listen-clip')).toContainText('of 2 on this phone');
  // An item of /transcribe is kept on the phone once its audio is: the player has it then.
  const audioKept = () =>
    expect(page.locator('audio.transcribe-audio')).toHaveAttribute('src', /^blob:/, { timeout: 30_000 });
  await page.goto(`${server.url}/transcribe`);
  await expect(page.getByTestId('transcribe-card')).toBeVisible();
  await audioKept();
  await page.getByTestId('transcribe-tab-check').click();
  await expect(page.getByTestId('transcript-text')).toHaveText(CHECKED);
  await audioKept();
  await page.goto(`${server.url}/review`);
  await expect(page.getByTestId('proposal-text')).toHaveText(PROPOSED);

  // No signal: a translation typed, votes, reviews and a transcript given and a clip imported on their screens,
  // and the other kinds waiting beside them.
  await context.setOffline(true);
  await page.goto(`${server.url}/translation`);
  const row = page.locator(`[data-pair-id="${pairId}"]`);
  await row.getByRole('textbox').fill('zorbel quandy');
  await row.getByRole('textbox').blur();
  await expect.poll(() => waitingKinds(page)).toEqual(['translation.save']);

  await page.goto(`${server.url}/listen`);
  const clip = page.getByTestId('listen-clip');
  for (const left of [2, 1]) {
    await expect(clip).toContainText(`of ${left} on this phone`);
    if ((await clip.getByTestId('clip-text').textContent()) === VOTED) {
      // Which clip comes first is the server's choice; the second starts by itself after the first answer.
      await playClipThrough(clip);
      await clip.getByRole('button', { name: 'No', exact: true }).click();
    } else {
      await clip.getByRole('button', { name: 'Report' }).click();
      const dialog = page.locator('dialog[open]');
      await dialog.getByLabel('Too much noise').check();
      await dialog.getByRole('button', { name: 'Send report' }).click();
    }
  }
  await expect(page.getByTestId('review-empty')).toBeVisible();

  // The clip nobody has written a transcript of comes first (the server's queue puts the fewest first).
  await page.goto(`${server.url}/transcribe`);
  await page.getByTestId('transcribe-text').fill(TRANSCRIBED);
  await page.getByTestId('transcribe-card').getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('transcribe-notice')).toContainText('Saved on this phone');
  await page.getByTestId('transcribe-tab-check').click();
  const transcript = page.getByTestId('transcript-review');
  await expect(transcript.getByTestId('transcript-text')).toHaveText(CHECKED);
  await transcript.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('transcribe-notice')).toContainText('Approved');

  await page.goto(`${server.url}/review`);
  await expect(page.getByTestId('proposal-text')).toHaveText(PROPOSED);
  await page.getByTestId('review-proposal').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('word-lopit')).toHaveText(WORD.lopit);
  await page.getByTestId('review-word').getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByTestId('review-empty')).toBeVisible();

  await page.goto(`${server.url}/recording`);
  await page.getByLabel('Choose one or more audio files').setInputFiles({
    name: 'walk.wav',
    mimeType: 'audio/wav',
    buffer: voice,
  });
  await expect(page.getByText('walk.wav was added and will be uploaded.')).toBeVisible();
  const consentId = crypto.randomUUID();
  const withdrawalId = crypto.randomUUID();
  // The elder's spoken consent and a photo of the signed form (a real PNG: the server measures it).
  const photo = fs.readFileSync('public/icons/icon-192.png');
  const kept = (kind: 'spoken' | 'photo', mimeType: string, bytes: Buffer): KeptEvidence => ({
    key: `${consentId}:${kind}`,
    speakerId: elderId,
    consentId,
    kind,
    mimeType,
    base64: bytes.toString('base64'),
  });
  await storeWaitingRows(
    page,
    me.user.id,
    [
      {
        kind: 'speaker.create',
        subject: `speaker:${speakerId}`,
        params: {},
        body: { id: speakerId, name: 'Lodu', ageGroup: null, gender: null, dialect: null },
        label: 'New speaker',
      },
      {
        kind: 'speaker.withdraw',
        subject: `speaker:${speakerId}`,
        params: { id: speakerId },
        body: { reason: 'Moved away' },
        label: 'Withdrawal',
      },
      {
        kind: 'speaker.consent',
        subject: `speaker:${elderId}`,
        params: { id: elderId },
        body: {
          evidenceKey: `${consentId}:spoken`,
          fields: { consent: JSON.stringify({ id: consentId, consentType: 'full', kind: 'spoken' }) },
        },
        label: 'Consent of Kelo',
      },
      {
        kind: 'speaker.evidence',
        subject: `speaker:${elderId}`,
        params: { id: elderId, consentId, kind: 'photo' },
        body: { evidenceKey: `${consentId}:photo`, fields: {} },
        label: 'Photo of the consent of Kelo',
      },
      {
        kind: 'prompt.report',
        subject: `prompt:${reportedId}`,
        params: { id: reportedId },
        body: { reason: 'spelling' },
        label: 'Report',
      },
      {
        kind: 'ui.propose',
        subject: 'ui:bsy:outbox.consentWithdrawal',
        params: {},
        body: { language: 'bsy', messageId: 'outbox.consentWithdrawal', text: 'Zorbel quandy' },
        label: 'Background Sync: Withdrawal of consent',
      },
      {
        kind: 'sentence.propose',
        subject: `sentence-new:${MINE_WRITTEN}`,
        params: {},
        body: { text: MINE_WRITTEN },
        label: 'New sentence',
      },
      {
        kind: 'sentence.review',
        subject: `sentence:${written.sentence.id}`,
        params: { id: written.sentence.id },
        body: { verdict: 'approve' },
        label: 'Review of a sentence',
      },
      // A report of the same sentence, after the review that approves it (one subject: they go in this order).
      {
        kind: 'sentence.report',
        subject: `sentence:${written.sentence.id}`,
        params: { id: written.sentence.id },
        body: { reason: 'spelling' },
        label: 'Report of a sentence',
      },
      {
        kind: 'ui.review',
        subject: `ui-proposal:${uiProposal.proposal.id}`,
        params: { id: uiProposal.proposal.id },
        body: { verdict: 'approve' },
        label: 'Background Sync: Save name',
      },
      // Consent withdrawn, then given again (as versions before the mutation registry kept it: the path, no
      // params): one subject, so they go in this order, and the recording after them still has consent.
      {
        id: withdrawalId,
        kind: 'consent.withdraw',
        subject: 'consent',
        params: {},
        body: {},
        label: 'Withdrawal of consent',
      },
      {
        kind: 'consent.submit',
        subject: 'consent',
        path: 'consent/submit',
        body: { consent_type: 'full' },
        label: 'Consent: Full contribution',
      },
    ],
    [kept('spoken', 'audio/wav', toneWav(1.5, { frequency: 380 })), kept('photo', 'image/png', photo)],
  );
  // One waiting item of every kind the app declares.
  expect((await waitingKinds(page)).sort()).toEqual([...MUTATION_KINDS].sort());
  const consentBefore = await apiGet<{ updatedAt: string }>(request, me.token, 'consent/status');
  expect(await serverRecordings(request, me.token)).toHaveLength(0);

  // The app is closed. Its registration outlives it.
  await page.close();
  await expect.poll(() => syncTags(worker)).toEqual([TAG]);

  // The connection returns while the server is down: the event fails and the registration stays for a retry.
  await server.stop();
  await context.setOffline(false);
  await expect.poll(() => syncTags(worker), { timeout: 15_000 }).toEqual([TAG]);
  expect(context.pages()).toHaveLength(0);

  // The server is back; Chromium fires the registration again by itself, still with no page open.
  await server.start();
  await expect
    .poll(async () => (await serverRecordings(request, me.token)).length, { timeout: 90_000 })
    .toBe(1);
  await expect.poll(() => syncTags(worker), { timeout: 30_000 }).toEqual([]);
  expect(context.pages()).toHaveLength(0);

  const [stored] = await serverRecordings(request, me.token);
  expect(stored!.sha256).toBe(crypto.createHash('sha256').update(voice).digest('hex'));
  expect(stored!.sizeBytes).toBe(voice.length);
  const { pairs } = await apiGet<{ pairs: { id: number; lopit: string }[] }>(
    request,
    me.token,
    'translation/pairs',
  );
  expect(pairs.find((one) => one.id === pairId)?.lopit).toBe('zorbel quandy');
  const { speakers } = await apiGet<{
    speakers: {
      id: string;
      withdrawn: boolean;
      consent: { recording: boolean };
      evidence: { kind: string }[];
    }[];
  }>(request, me.token, 'speakers');
  expect(speakers.filter((one) => one.id === speakerId)).toMatchObject([{ withdrawn: true }]);
  // The field speaker's consent and its second piece of evidence, each file once.
  const elder = speakers.find((one) => one.id === elderId)!;
  expect(elder.consent.recording).toBe(true);
  expect(elder.evidence.map((one) => one.kind).sort()).toEqual(['photo', 'spoken']);
  const reported = await apiGet<{ prompts: { id: number; openReports: number }[] }>(
    request,
    me.token,
    'admin/prompts?reported=true',
  );
  expect(reported.prompts.filter((one) => one.id === reportedId)).toMatchObject([{ openReports: 1 }]);
  const { messages } = await apiGet<{
    messages: { id: string; approved: string | null; proposals: { text: string }[] }[];
  }>(request, me.token, 'i18n/languages/bsy/messages');
  // An admin's own interface text is approved at once (issue 35), as their translations are.
  expect(messages.find((one) => one.id === 'outbox.consentWithdrawal')).toMatchObject({
    approved: 'Zorbel quandy',
    proposals: [],
  });
  // The interface text reviewed: an admin's approval decides it.
  expect(messages.find((one) => one.id === 'account.saveName')).toMatchObject({
    approved: UI_TEXT,
    proposals: [],
  });
  // A sentence written offline arrived once and, written by the admin, is approved; another's was approved once
  // by the admin's review (an admin decides).
  const { sentences } = await apiGet<{ sentences: { id: number; text: string; state: string }[] }>(
    request,
    me.token,
    'sentences/mine',
  );
  expect(sentences).toMatchObject([{ text: MINE_WRITTEN, state: 'approved' }]);
  const others = await apiGet<{
    sentences: { id: number; text: string; state: string; approvals: number }[];
  }>(request, writer.token, 'sentences/mine');
  expect(others.sentences).toMatchObject([{ id: written.sentence.id, state: 'approved', approvals: 1 }]);
  // The report of it arrived: the sentence left the reporter's pack of sentences to read, not the writer's.
  const sentencesToRead = async (token: string) =>
    (
      await apiGet<{ sentences?: { id: number }[] }>(request, token, 'audio/prompts?limit=500')
    ).sentences?.map((one) => one.id) ?? [];
  expect(await sentencesToRead(me.token)).not.toContain(written.sentence.id);
  expect(await sentencesToRead(writer.token)).toContain(written.sentence.id);
  // One vote and one report, each on its clip; two reviews of translations (the proposal, the word) and one of
  // a transcript, and one transcript written.
  const { clips } = await apiGet<{
    clips: { id: string; upVotes: number; downVotes: number; reports: { reason: string }[] }[];
  }>(request, me.token, 'admin/review/clips?limit=200');
  expect(clips.find((one) => one.id === votedClip)).toMatchObject({
    upVotes: 0,
    downVotes: 1,
    reports: [],
  });
  expect(clips.find((one) => one.id === reportedClip)).toMatchObject({
    upVotes: 0,
    downVotes: 0,
    reports: [{ reason: 'noise' }],
  });
  expect(await apiGet(request, me.token, 'review/stats')).toMatchObject({
    clips: { total: 1 },
    proposals: { total: 2 },
  });
  expect(await apiGet(request, me.token, 'transcripts/stats')).toMatchObject({
    transcripts: { total: 1 },
    reviews: { total: 1 },
  });
  const { proposals } = await apiGet<{
    proposals: { pairId: number; approvals: number; rejections: number }[];
  }>(request, me.token, `admin/review/proposals?author=${writer.user.id}`);
  expect(proposals).toMatchObject([{ pairId: proposedPair.id, approvals: 1, rejections: 0 }]);
  const { entries } = await apiGet<{ entries: { lopit: string; approvals: number; rejections: number }[] }>(
    request,
    me.token,
    'admin/review/lexicon',
  );
  expect(entries).toMatchObject([{ lopit: WORD.lopit, approvals: 1, rejections: 0 }]);
  // An admin's transcript and an admin's approval of a transcript are the clips' at once.
  const transcriptOf = async (id: string) =>
    (await apiGet<{ recording: { transcript: string | null } }>(request, me.token, `audio/recordings/${id}`))
      .recording.transcript;
  expect(await transcriptOf(untranscribedClip)).toBe(TRANSCRIBED);
  expect(await transcriptOf(checkedClip)).toBe(CHECKED);
  // The consent row in the old shape was read and sent: the server recorded the grant again, later.
  const consent = await apiGet<{ recording: boolean; translation: boolean; updatedAt: string }>(
    request,
    me.token,
    'consent/status',
  );
  expect(consent).toMatchObject({ recording: true, translation: true });
  expect(Date.parse(consent.updatedAt)).toBeGreaterThan(Date.parse(consentBefore.updatedAt));
  // The withdrawal before it arrived too: the server holds it under its key, so asking again answers what it
  // answered then (withdrawn, before the grant) and changes nothing.
  const again = await request.post(`${server.url}/api/consent/withdraw`, {
    headers: { Authorization: `Bearer ${me.token}`, 'Idempotency-Key': withdrawalId },
    data: {},
  });
  expect(again.ok(), await again.text()).toBe(true);
  expect(again.headers()['idempotent-replayed']).toBe('true');
  const withdrawal = (await again.json()) as { recording: boolean; translation: boolean; updatedAt: string };
  expect(withdrawal).toMatchObject({ recording: false, translation: false });
  expect(Date.parse(withdrawal.updatedAt)).toBeGreaterThan(Date.parse(consentBefore.updatedAt));
  expect(Date.parse(withdrawal.updatedAt)).toBeLessThanOrEqual(Date.parse(consent.updatedAt));
  expect(await apiGet(request, me.token, 'consent/status')).toEqual(consent);

  // Opened again: nothing waits, and nothing went twice.
  const reopened = await context.newPage();
  await reopened.goto(`${server.url}/settings`);
  await expect(reopened.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 15_000 });
  expect(await serverRecordings(request, me.token)).toHaveLength(1);
  await context.close();
});
