// The chat in Chromium: an example prompt answered from the community's translations with the typewriter,
// copy with its confirmation, the history panel, an error without a speech button, speech playback that
// returns real audio, and translation on the device with the server stopped, from a model trained by the
// training queue. All texts are in an obviously made-up language ("Blorpish"); no Lopit is invented.
import type { APIRequestContext } from '@playwright/test';
import { MEMORY_PAGE_CODED_TYPE } from '../../core/api/memory-page-coding.ts';
import { toyCorpus } from '../../core/mt/toy-language.fixture.ts';
import { expect, signInContext, signUpByApi, signUpContributorByApi, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { ownServer } from './server-process.ts';

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

async function importPairs(
  request: APIRequestContext,
  base: string,
  token: string,
  pairs: { english: string; lopit: string; category: string }[],
) {
  const response = await request.post(`${base}/api/admin/import/pairs`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { pairs },
  });
  expect(response.ok(), await response.text()).toBe(true);
}

test.describe('chat on the shared server', () => {
  test('an example prompt, the typewriter, copy, history, an error, and speech', async ({
    page,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    // A contributor who consents to sharing translations gives the greeting's translation, and two other
    // contributors approve it (only approved translations answer in the chat).
    const author = await signUpContributorByApi(request, baseURL!, 'Chatter');
    const auth = { Authorization: `Bearer ${author.token}` };
    const consent = await request.post(`${baseURL}/api/consent/submit`, {
      headers: auth,
      data: { consent_type: 'translation' },
    });
    expect(consent.ok()).toBe(true);
    const list = await request.get(`${baseURL}/api/translation/pairs?category=greetings`, { headers: auth });
    const { pairs } = (await list.json()) as { pairs: { id: number; english: string; version: number }[] };
    const greeting = pairs.find((pair) => pair.english === 'Good morning.')!;
    const reply = 'zorbel mipa kwintafa, tessaro vint';
    const saved = await request.post(`${baseURL}/api/translation/save`, {
      headers: auth,
      data: { id: greeting.id, translation: reply, baseVersion: greeting.version },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    const { pair } = (await saved.json()) as { pair: { proposals: { id: number; mine: boolean }[] } };
    const proposal = pair.proposals.find((one) => one.mine)!;
    for (const name of ['Approver', 'Seconder']) {
      const reviewer = await signUpByApi(request, baseURL!, name);
      const review = await request.post(`${baseURL}/api/review/proposals/${proposal.id}/review`, {
        headers: { Authorization: `Bearer ${reviewer.token}` },
        data: { verdict: 'approve' },
      });
      expect(review.ok(), await review.text()).toBe(true);
    }

    await page.goto(`${baseURL}/chat`);
    await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
    await page.getByRole('button', { name: /Good morning\./ }).click();

    await expect(page.getByTestId('user-message')).toHaveText('Good morning.');
    const answer = page.getByTestId('assistant-message').last();
    // The typewriter: part of the reply first, the whole of it after about 20 ms per character.
    const visible = answer.locator('p span[aria-hidden]').first();
    await expect
      .poll(async () => ((await visible.textContent()) ?? '').length, { timeout: 5_000 })
      .toBeGreaterThan(0);
    const partial = ((await visible.textContent()) ?? '').length;
    expect(partial).toBeLessThan(reply.length);
    await expect(answer.locator('p').first()).toHaveText(reply);
    await expect(answer.getByTestId('reply-source')).toContainText('approved translations');

    // Copy, with a confirmation that goes away after 2 s.
    await answer.getByRole('button', { name: 'Copy' }).click();
    await expect(answer.getByRole('button', { name: '✓ Copied' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(reply);
    await expect(answer.getByRole('button', { name: 'Copy' })).toBeVisible({ timeout: 4_000 });

    // Speech: real audio comes back and plays; the page says what kind of voice it is.
    await answer.getByRole('button', { name: 'Play speech' }).click();
    const info = answer.getByTestId('speech-info');
    await expect(info).toContainText('approximation of Lopit pronunciation', { timeout: 20_000 });
    await expect
      .poll(() => info.locator('audio').evaluate((audio: HTMLAudioElement) => audio.duration), {
        timeout: 10_000,
      })
      .toBeGreaterThan(0.5);

    // Something nobody has translated: an error, labelled, without a speech button.
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill('qwxz vrrk plonq');
    await input.press('Enter');
    const failure = page.getByTestId('assistant-message').last();
    await expect(failure).toContainText('Error');
    await expect(failure).toContainText('No translation is known for this yet');
    await expect(failure.getByRole('button', { name: 'Play speech' })).toHaveCount(0);

    // Shift+Enter adds a line instead of sending; send is disabled while the input is empty.
    await input.fill('first line');
    await input.press('Shift+Enter');
    await expect(input).toHaveValue('first line\n');
    await input.fill('');
    await expect(page.getByRole('button', { name: 'Send' })).toBeDisabled();

    // History: the user's messages, newest first; a click puts one back in the input.
    await page.getByRole('button', { name: 'History' }).click();
    const panel = page.getByRole('complementary', { name: 'Recent messages' });
    await expect(panel.getByRole('button')).toHaveText(['qwxz vrrk plonq', 'Good morning.']);
    await panel.getByRole('button', { name: 'Good morning.' }).click();
    await expect(input).toHaveValue('Good morning.');

    // The conversation is kept for this tab across a reload, and New conversation clears it.
    await page.reload();
    await expect(page.getByTestId('user-message')).toHaveCount(2);
    await page.getByRole('button', { name: 'New conversation' }).click();
    await expect(page.getByRole('heading', { name: 'What can I help with?' })).toBeVisible();
  });
});

test.describe('chat at phone and desktop widths', () => {
  // A server of its own: the translation saved here must not change what other specs read on the shared one.
  const own = ownServer('chat-widths');

  test('the newest reply is whole above the composer, with its Copy and Play buttons in sight', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    const baseURL = own.url;
    // The first account of its own server is the admin: the translation it saves is approved at once.
    const author = await signUpByApi(request, baseURL, 'Teller');
    const auth = { Authorization: `Bearer ${author.token}` };
    const consent = await request.post(`${baseURL}/api/consent/submit`, {
      headers: auth,
      data: { consent_type: 'translation' },
    });
    expect(consent.ok()).toBe(true);
    const list = await request.get(`${baseURL}/api/translation/pairs`, { headers: auth });
    const { pairs } = (await list.json()) as { pairs: { id: number; english: string; version: number }[] };
    const pair = pairs.find((one) => one.english === 'This is my mother.')!;
    // A reply long enough to wrap over several lines while the typewriter writes it.
    const reply = 'vintaro mesk lopadu quelt, sabbarin tolo vessk mirrapan dulo kwentafar spiloth';
    const saved = await request.post(`${baseURL}/api/translation/save`, {
      headers: auth,
      data: { id: pair.id, translation: reply, baseVersion: pair.version },
    });
    expect(saved.ok(), await saved.text()).toBe(true);
    await signInContext(page.context(), baseURL, author);

    for (const viewport of [
      { width: 360, height: 740 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${baseURL}/chat`);
      const input = page.getByRole('textbox', { name: 'Message' });
      const replies = page.getByTestId('assistant-message');
      // Enough exchanges that the conversation is taller than the screen.
      for (let count = 1; count <= 6; count += 1) {
        await input.fill(pair.english);
        await input.press('Enter');
        await expect(replies).toHaveCount(count);
        await expect(replies.last().locator('p').first()).toHaveText(reply);
      }
      const newest = replies.last();
      await expect(newest.getByRole('button', { name: 'Copy' })).toBeVisible();
      // The page follows the reply as it grows, in the frame after each change (a ResizeObserver): what is
      // measured is where it settles.
      const overlap = async () => {
        const composer = await page.locator('form.chat-input').boundingBox();
        const bubble = await newest.boundingBox();
        return bubble!.y + bubble!.height - composer!.y;
      };
      await expect
        .poll(overlap, { message: `at ${viewport.width} px the reply ends above the composer` })
        .toBeLessThanOrEqual(0);
      await expect(newest.getByRole('button', { name: 'Copy' })).toBeInViewport({ ratio: 1 });
      await expect(newest.getByRole('button', { name: 'Play speech' })).toBeInViewport({ ratio: 1 });
      await page.getByRole('button', { name: 'New conversation' }).click();
    }
  });
});

test.describe('chat without the server', () => {
  const server = ownServer('chat-offline');

  test('translates on the device with the downloaded model when the server is stopped', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(180_000);
    const admin = await signUpByApi(request, server.url, 'Modeller');
    const auth = { Authorization: `Bearer ${admin.token}` };
    const corpus = toyCorpus(400, 11);
    await importPairs(
      request,
      server.url,
      admin.token,
      corpus.map((pair) => ({ ...pair, category: 'family' })),
    );

    // Train through the queue, as an admin would from /training.
    const start = await request.post(`${server.url}/api/training/start`, {
      headers: auth,
      data: { model_type: 'mt' },
    });
    expect(start.status(), await start.text()).toBe(202);
    const progress = async () =>
      (await (
        await request.get(`${server.url}/api/training/progress?model_type=mt`, { headers: auth })
      ).json()) as { status: string; job: { error: string | null } | null };
    await expect
      .poll(async () => (await progress()).status, { timeout: 120_000, intervals: [1_000] })
      .not.toBe('training');
    const done = await progress();
    expect(done.status, done.job?.error ?? '').toBe('trained');
    expect((await request.get(`${server.url}/api/translation/model`)).ok()).toBe(true);

    await signInContext(context, server.url, admin);
    const memoryPages: string[] = [];
    context.on('response', (response) => {
      if (new URL(response.url()).pathname === '/api/translation/memory')
        memoryPages.push(response.headers()['content-type'] ?? '');
    });
    await page.goto(`${server.url}/chat`);
    // The model file and, kept apart from it, the approved pairs for exact answers.
    await expect(page.getByTestId('offline-model-status')).toContainText(
      /Works offline: model saved on this device .+, with [\d,]+ approved sentences/,
      { timeout: 30_000 },
    );
    // Fetched after the model, the memory's pages came coded with its words.
    expect(memoryPages.length).toBeGreaterThan(0);
    expect(memoryPages.every((type) => type === MEMORY_PAGE_CODED_TYPE)).toBe(true);
    // The longer line still fits a phone.
    await page.setViewportSize({ width: 360, height: 740 });
    expect(await layoutProblems(page)).toEqual([]);

    // A sentence that is not in the corpus, so the answer comes from the model, not from memory.
    const known = new Set(corpus.map((pair) => pair.english));
    const unseen = [
      'the old bird finds the child',
      'the red man likes the woman',
      'the small cat eats the dog',
    ]
      .filter((sentence) => !known.has(sentence))
      .at(0)!;

    await server.stop();
    const input = page.getByRole('textbox', { name: 'Message' });
    await input.fill(unseen);
    await input.press('Enter');
    const answer = page.getByTestId('assistant-message').last();
    await expect(answer.getByTestId('reply-source')).toContainText('translated on this device (offline)', {
      timeout: 20_000,
    });
    await expect(answer.locator('p').first()).toHaveText(/^ka /);
    await expect(answer.getByTestId('reply-gloss')).toBeVisible();

    // A sentence of the corpus comes back exactly as the community approved it, from the memory kept on the phone.
    const [approved] = corpus;
    await input.fill(approved!.english);
    await input.press('Enter');
    const exact = page.getByTestId('assistant-message').last();
    await expect(exact.getByTestId('reply-source')).toContainText('translated on this device (offline)', {
      timeout: 20_000,
    });
    await expect(exact.getByTestId('reply-source')).toContainText('approved');
    await expect(exact.locator('p').first()).toHaveText(approved!.lopit);
    await server.start();
  });
});
