// Write sentences end to end, on phone-sized pages (360 x 740, touch) in Chromium: a writer reaches /sentences from
// the tab beside Speak, is told by a field error why a sentence with digits cannot be read, writes one offline (it
// waits in the outbox and goes on reconnect); two others approve it one at a time under "Check sentences", the
// second offline; the approved sentence is then in the prompt pack. A reader's phone brings it onto the phone,
// reads it aloud offline on Speak (Read Lopit, with the fake microphone), and the clip arrives once on reconnect,
// naming its sentence and with its text. Texts are in an obviously made-up language.
// Screenshots of both parts and of Speak at 360 (touch) and 1280 px, light and dark: .tmp/shots/sentences-*.png,
// .tmp/shots/speak-written-*.png.
import type { Browser, Page } from '@playwright/test';
import { WITH_FAKE_MICROPHONE } from './fake-microphone.ts';
import {
  expect,
  getJsonAs,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  storeCount,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const SENTENCE = 'Zorbel quandy mipple tessaro.';

test.use(WITH_FAKE_MICROPHONE);

type Account = Awaited<ReturnType<typeof signUpByApi>>;

const server = ownServer('sentences');
test.beforeAll(async ({ request }) => {
  // The first account of a fresh server is its admin; the sentence here is approved by the community instead.
  await signUpByApi(request, server.url, 'Curator');
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

test('a written sentence: refused with a reason, kept offline, approved by two, then offered to read', async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const [writer, first, second, reader] = [
    await signUpByApi(request, server.url, 'Writer'),
    await signUpByApi(request, server.url, 'Checker'),
    await signUpByApi(request, server.url, 'Second'),
    await signUpByApi(request, server.url, 'Reader'),
  ];
  for (const who of [writer, first, second, reader])
    await grantConsentByApi(request, server.url, who.token, 'full');

  // --- The writer finds the screen from Speak's tabs.
  const phoneW = await phone(browser, writer);
  await phoneW.goto(`${server.url}/speak`);
  await phoneW.getByRole('link', { name: 'Write sentences' }).click();
  await expect(phoneW.getByRole('heading', { level: 1, name: 'Write sentences' })).toBeVisible();

  // A sentence with digits: the field says why, and nothing waits in the outbox.
  const field = phoneW.getByTestId('sentence-text');
  await field.fill('Zorbel 3 quandy');
  await phoneW.getByRole('button', { name: 'Save sentence' }).click();
  await expect(phoneW.getByText('Write numbers as words, not digits')).toBeVisible();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  await expect(field).toBeFocused();
  await shootThemes(phoneW, 'sentences-write-error', {
    reload: false,
    checkLayout: true,
  });

  // Offline, by keyboard: typed, Enter on the button, kept on the phone.
  await phoneW.context().setOffline(true);
  await field.fill(SENTENCE);
  await phoneW.getByTestId('sentence-source').fill('a song');
  await phoneW.getByRole('button', { name: 'Save sentence' }).focus();
  const saving = Date.now();
  await phoneW.keyboard.press('Enter');
  await expect(phoneW.getByTestId('sentences-notice')).toContainText('Saved on this phone');
  await expect(field).toHaveValue('');
  console.log(
    `[sentence figures] Write sentences: ${Date.now() - saving} ms from saving one to an empty field`,
  );
  await expect(phoneW.getByTestId('sentences-mine')).toContainText('Not sent yet');
  await phoneW.context().setOffline(false);
  await expect(phoneW.getByTestId('sentences-mine')).toContainText('Waiting for review', { timeout: 30_000 });
  await shootThemes(phoneW, 'sentences-write', { checkLayout: true });

  // --- Two others approve it, one at a time; the second loads the sentence, then answers offline.
  const phoneC = await phone(browser, first);
  await phoneC.goto(`${server.url}/sentences`);
  await phoneC.getByTestId('sentences-tab-check').click();
  await expect(phoneC.getByTestId('sentence-review-text')).toHaveText(SENTENCE);
  await expect(phoneC.getByTestId('sentence-review')).toContainText('Source: a song');
  await shootThemes(phoneC, 'sentences-check', {
    checkLayout: true,
    prepare: () => phoneC.getByTestId('sentences-tab-check').click(),
  });
  await phoneC.getByTestId('sentences-tab-check').click();
  await phoneC.getByRole('button', { name: /Yes, approve/ }).click();
  await expect(phoneC.getByTestId('sentences-notice')).toContainText('Approval saved');

  const phoneD = await phone(browser, second);
  await phoneD.goto(`${server.url}/sentences`);
  await phoneD.getByTestId('sentences-tab-check').click();
  await expect(phoneD.getByTestId('sentence-review-text')).toHaveText(SENTENCE);
  await phoneD.context().setOffline(true);
  await expect(phoneD.getByTestId('sentences-offline')).toContainText('1 sentence is kept on this phone');
  await phoneD.getByRole('button', { name: /Yes, approve/ }).click();
  await expect(phoneD.getByTestId('sentences-notice')).toContainText('Approval saved');
  await phoneD.context().setOffline(false);

  // --- Approved: the writer's list says so, and the prompt pack offers it to read.
  await expect(async () => {
    const response = await request.get(`${server.url}/api/audio/prompts`, {
      headers: { Authorization: `Bearer ${writer.token}` },
    });
    const pack = (await response.json()) as { sentences?: { lopit: string }[] };
    expect(pack.sentences?.map((sentence) => sentence.lopit)).toContain(SENTENCE);
  }).toPass({ timeout: 30_000 });
  await phoneW.reload();
  await expect(phoneW.getByTestId('sentences-mine')).toContainText('Approved');

  // --- Read Lopit: the reader's phone brings the sentence onto it while online, then reads it offline.
  const speak = await phone(browser, reader);
  await speak.goto(`${server.url}/speak`);
  const prompt = speak.getByTestId('prompt');
  // The seeded pairs have no Lopit yet: the written sentence is the one to read.
  await expect(prompt).toHaveText(SENTENCE);
  await expect(speak.getByTestId('prompt-written')).toHaveText('A sentence written by a contributor: a song');
  const position = speak.getByTestId('speak-position');
  await expect(position).toHaveText('Sentence 1 of 1 left to read on this phone');
  expect(await layoutProblems(speak)).toEqual([]);
  await shootThemes(speak, 'speak-written', { checkLayout: true });
  await expect(prompt).toHaveText(SENTENCE);
  await speak.context().setOffline(true);
  await expect(speak.getByTestId('speak-offline')).toContainText('1 sentence on this phone');
  const card = speak.getByTestId('speak-card');
  await card.getByRole('button', { name: 'Record', exact: true }).click();
  await expect
    .poll(
      async () => Number(/Recording (\d+) s/.exec((await speak.getByRole('timer').textContent()) ?? '')?.[1]),
      { timeout: 15_000 },
    )
    .toBeGreaterThanOrEqual(2);
  await card.getByRole('button', { name: 'Stop' }).click();
  await expect(card.getByTestId('review-audio')).toBeVisible({ timeout: 45_000 });
  await card.getByRole('button', { name: /Save recording|Save anyway/ }).click();
  // Read: none left on this phone; it waits to be sent, and comes round again for another speaker.
  await expect(position).toHaveText(
    'You have recorded every sentence on this phone: they come round again, for another speaker',
  );
  await expect(speak.getByTestId('review-counts')).toContainText('1 waiting on this phone to be sent');
  expect(await layoutProblems(speak)).toEqual([]);

  // --- Back online: the clip arrives once, naming the sentence it read, with its text.
  await speak.context().setOffline(false);
  await expect.poll(() => storeCount(speak, 'outbox'), { timeout: 60_000 }).toBe(0);
  const { sentences } = await getJsonAs<{ sentences: { id: number; text: string }[] }>(
    request,
    server.url,
    writer,
    '/api/sentences/mine',
  );
  const sentenceId = sentences.find((sentence) => sentence.text === SENTENCE)?.id;
  expect(sentenceId).toBeDefined();
  const { recordings, total } = await getJsonAs<{
    recordings: {
      promptSentenceId: number | null;
      promptPairId: number | null;
      transcript: string | null;
      language: string | null;
    }[];
    total: number;
  }>(request, server.url, reader, '/api/audio/recordings');
  expect(total).toBe(1);
  expect(recordings).toEqual([
    expect.objectContaining({
      promptSentenceId: sentenceId,
      promptPairId: null,
      transcript: SENTENCE,
      language: 'lpx',
    }),
  ]);
  // Reopened with a signal: the server's pack says it is recorded by this reader.
  await speak.reload();
  await expect(prompt).toHaveText(SENTENCE);
  await expect(position).toHaveText(
    'You have recorded every sentence on this phone: they come round again, for another speaker',
  );
  await shootThemes(speak, 'speak-written-recorded', { checkLayout: true });
});
