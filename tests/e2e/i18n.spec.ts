// The interface in the community's languages (issue 18). The pseudo-language (English accented, about 40%
// longer, inside [ ]) on every converted route, signed out and signed in: every visible text node and label
// carries the markers (nothing left hard-coded), and at 360 px nothing overflows or breaks inside a word.
// Then the community's loop: a contributor translates three messages offline, two others approve them online,
// and a fresh visitor who chooses the language sees them. The language is Blorpish, made up (qaa is ISO 639's
// range for local use); no Lopit is invented.
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from '@playwright/test';
import { multipartBody, toneWav } from '../server/audio-fixtures.ts';
import { fakeMicrophoneArgs } from './fake-microphone.ts';
import { expect, grantConsentByApi, signInContext, signUpByApi, test } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { startServer, type ServerProcess } from './server-process.ts';

const PSEUDO = 'en-XA';
const PHONE = { width: 360, height: 740 };

/** Routes whose screens are in the message catalogue, for visitors and for signed-in contributors. */
const PUBLIC_ROUTES = [
  '/',
  '/about',
  '/villages',
  '/culture',
  '/history',
  '/settings',
  '/login',
  '/signup',
  '/forgot-password',
  '/chat',
] as const;
const SIGNED_IN_ROUTES = [
  ...PUBLIC_ROUTES,
  '/profile',
  '/translate-app',
  '/recording',
  '/speak',
  '/listen',
  '/review',
] as const;

/**
 * KNOWN GAPS, NOT YET CONVERTED (issue 18 is partial): these screens still have English written into their
 * components (their frame, navigation and sync states are converted). The lead empties this list as they are
 * converted; each moves into the lists above. It is asserted below so that it cannot silently grow stale.
 */
export const NOT_YET_CONVERTED = [
  '/terms',
  '/privacy',
  '/data',
  '/families',
  '/training',
  '/admin',
  '/translation',
  '/translate',
  '/consent',
  '/speakers',
  '/transcribe',
] as const;

/**
 * KNOWN GAPS inside converted screens: parts marked data-i18n-gap="…" (Settings shows features/field's checklist;
 * Recording and Speak show the speaker chooser of features/speakers and the consent notice of features/consent).
 */
export const SECTIONS_NOT_YET_CONVERTED = ['field', 'speakers', 'consent'] as const;

let server: ServerProcess;
let admin: Awaited<ReturnType<typeof signUpByApi>>;

test.beforeAll(async ({ request }) => {
  server = await startServer('i18n');
  admin = await signUpByApi(request, server.url, 'Curator');
});
test.afterAll(async () => {
  await server?.stop();
});

/** Text on the page that is not in the pseudo-language: letters outside [ ] in text, labels and placeholders. */
function untranslated(page: Page): Promise<string[]> {
  return page.evaluate(
    (gaps) => {
      const pageLang = document.documentElement.lang;
      const found: string[] = [];
      // Data and content the interface does not translate: another language's text, or marked translate="no".
      const exempt = (element: Element | null) => {
        const gap = element?.closest('[data-i18n-gap]')?.getAttribute('data-i18n-gap');
        if (gap && gaps.includes(gap)) return true;
        const marked = element?.closest('[lang], [translate="no"]');
        if (!marked) return false;
        return marked.getAttribute('translate') === 'no' || marked.getAttribute('lang') !== pageLang;
      };
      // A message with an element inside (a link, an email) spans several text nodes: a node may hold only
      // its start ("[… ") or its end (" …]").
      const leftOver = (text: string) =>
        /[A-Za-z]/.test(
          text
            .replace(/\[[^\]]*\]/g, '')
            .replace(/^[^[]*\]/, '')
            .replace(/\[[^\]]*$/, ''),
        );
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || ['SCRIPT', 'STYLE', 'NOSCRIPT'].includes(parent.tagName)) continue;
        if (!parent.checkVisibility() && !parent.closest('.visually-hidden, .skip-link')) continue;
        const text = node.textContent ?? '';
        if (leftOver(text) && !exempt(parent))
          found.push(`“${text.trim().slice(0, 60)}” in <${parent.tagName.toLowerCase()}>`);
      }
      for (const element of document.querySelectorAll('[aria-label], [placeholder], [title], img[alt]')) {
        for (const name of ['aria-label', 'placeholder', 'title', 'alt']) {
          const value = element.getAttribute(name);
          if (value && leftOver(value) && !exempt(element))
            found.push(`${name}=“${value.slice(0, 60)}” on <${element.tagName.toLowerCase()}>`);
        }
      }
      return found;
    },
    SECTIONS_NOT_YET_CONVERTED as readonly string[],
  );
}

async function openPseudo(page: Page, path: string) {
  await page.addInitScript((code) => localStorage.setItem('lopit.locale', code), PSEUDO);
  await page.goto(`${server.url}${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
  // The first load fetches the catalogue; the page is in the pseudo-language once the app's name is (a
  // heritage page's heading is content, which stays English).
  await expect(page.locator('.brand span')).toHaveText(/^\[.*\]$/);
  await expect(page.locator('main h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

test('the list of screens not yet converted is explicit and disjoint from the checked ones', () => {
  const checked = new Set<string>(SIGNED_IN_ROUTES);
  expect(NOT_YET_CONVERTED.filter((route) => checked.has(route))).toEqual([]);
});

for (const signedIn of [false, true]) {
  const routes = signedIn ? SIGNED_IN_ROUTES : PUBLIC_ROUTES;
  test.describe(signedIn ? 'signed in' : 'signed out', () => {
    for (const path of routes) {
      test(`${path}: every visible text in the pseudo-language`, async ({ page }) => {
        if (signedIn) await signInContext(page.context(), server.url, admin);
        await openPseudo(page, path);
        expect(await untranslated(page)).toEqual([]);
      });
      test(`${path}: at 360 px nothing overflows or breaks inside a word`, async ({ browser }) => {
        const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
        const page = await context.newPage();
        if (signedIn) await signInContext(context, server.url, admin);
        await openPseudo(page, path);
        expect(await layoutProblems(page)).toEqual([]);
        await context.close();
      });
    }
  });
}

test('a contributor translates three messages offline, two others approve them online, a new visitor sees them', async ({
  browser,
  request,
}) => {
  // A long story (sign-ups, an import, an offline session, a sync, six reviews): more than the default budget.
  test.setTimeout(120_000);
  const base = server.url;
  const asAdmin = { Authorization: `Bearer ${admin.token}` };
  const added = await request.post(`${base}/api/admin/i18n/languages`, {
    headers: asAdmin,
    data: { code: 'qaa', name: 'Blorpish' },
  });
  expect(added.status()).toBe(201);
  // A translator already did most of the interface in a PO file, all but three messages of the frame.
  const chosen = { 'shell.navHome': 'Blorphom', 'shell.signIn': 'Zibba ni', 'shell.signUp': 'Zibba nu' };
  const exported = await (
    await request.get(`${base}/api/admin/i18n/languages/qaa/export.po`, { headers: asAdmin })
  ).text();
  const po = exported.replace(
    /msgctxt "([^"]+)"\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr ""/g,
    (entry: string, id: string, source: string) =>
      id in chosen ? entry : `msgctxt "${id}"\nmsgid "${source}"\nmsgstr "Blorp ${source}"`,
  );
  const imported = await request.post(`${base}/api/admin/i18n/languages/qaa/import`, {
    headers: asAdmin,
    data: { po },
  });
  expect(imported.ok()).toBe(true);

  const author = await signUpByApi(request, base, 'Author');
  const contributor = await browser.newContext();
  await signInContext(contributor, base, author);
  // A contributor who chose English on an earlier visit (a new device would be asked first).
  await contributor.addInitScript(() => localStorage.setItem('lopit.locale', 'en'));
  const page = await contributor.newPage();
  await page.goto(`${base}/translate-app`);
  await expect(page.getByTestId('ui-message').first()).toBeVisible();
  await contributor.setOffline(true);
  for (const [id, text] of Object.entries(chosen)) {
    const card = page.locator(`[data-message-id="${id}"]`);
    await card.getByLabel('Your translation').fill(text);
    await card.getByRole('button', { name: 'Propose' }).click();
    await expect(card.getByTestId('ui-queued')).toContainText(text);
  }
  await expect(page.getByTestId('sync-indicator')).toContainText('3 waiting');
  await contributor.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved');
  await contributor.close();

  // Two other contributors approve them online.
  const reviewers = [await signUpByApi(request, base, 'Ria'), await signUpByApi(request, base, 'Sol')];
  const list = (await (
    await request.get(`${base}/api/i18n/languages/qaa/messages`, {
      headers: { Authorization: `Bearer ${reviewers[0]!.token}` },
    })
  ).json()) as { messages: { id: string; proposals: { id: number; text: string }[] }[] };
  const proposals = list.messages
    .filter((message) => message.id in chosen)
    .flatMap((message) => message.proposals);
  expect(proposals.map((proposal) => proposal.text).sort()).toEqual(Object.values(chosen).sort());
  for (const reviewer of reviewers)
    for (const proposal of proposals) {
      const reviewed = await request.post(`${base}/api/i18n/proposals/${proposal.id}/review`, {
        headers: { Authorization: `Bearer ${reviewer.token}` },
        data: { verdict: 'approve' },
      });
      expect(reviewed.ok()).toBe(true);
    }

  // A new visitor is offered the language on the first screen, and sees the community's words.
  const visitor = await browser.newPage();
  await visitor.goto(`${base}/`);
  const dialog = visitor.getByRole('dialog');
  await dialog.getByRole('radio', { name: /Blorpish/ }).click();
  await expect(visitor.locator('html')).toHaveAttribute('lang', 'qaa');
  await dialog.getByRole('button').last().click();
  const nav = visitor.getByRole('navigation').first();
  await expect(nav.getByRole('link', { name: 'Blorphom' })).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Zibba ni' }).first()).toBeVisible();
  await expect(visitor.getByRole('link', { name: 'Zibba nu' }).first()).toBeVisible();
  // What the PO file brought, and English for nothing of the frame.
  await expect(visitor.getByRole('link', { name: 'Blorp About' }).first()).toBeVisible();
  // The next load uses the kept catalogue at once.
  await visitor.reload();
  await expect(visitor.getByRole('link', { name: 'Blorphom' }).first()).toBeVisible();
  await visitor.close();
});

// --- Recording, Speak, Listen and Check translations, with something to show --------------------------------
// A clip to listen to, two proposals for one sentence, a recording of the admin's own, consent to record, and
// the fake microphone: each screen shows its main parts (the recorder's live level and its listening back, the
// clip card and its report dialog, the proposal card and its rejection form) in the pseudo-language, at 360 px.
// I18N_SHOTS=<folder> also writes screenshots of them (pseudo-language and English, 360 touch and 1280, light
// and dark).
test.describe('Recording, Speak, Listen and Review with data', () => {
  // Recording with the microphone, dialogs, and (with I18N_SHOTS) eight screenshots per screen.
  test.describe.configure({ timeout: 120_000 });
  // A browser with the fake microphone (a describe group cannot change the launch options of the file's).
  let micBrowser: Browser;
  test.afterAll(async () => {
    await micBrowser?.close();
  });
  /** Made-up words: no Lopit is invented. */
  const CLIP_TEXT = 'zz vintaro quandel';
  const PROPOSALS = ['kwinta zorbel mipa', 'kwinta zorbelo mipaa'];

  test.beforeAll(async ({ request }) => {
    micBrowser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: fakeMicrophoneArgs(),
    });
    const base = server.url;
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    await grantConsentByApi(request, base, admin.token, 'full');
    const upload = async (token: string, fileName: string, transcript: string) => {
      // A quiet tone: the server flags it, and the screens say so.
      const body = multipartBody(
        { bytes: toneWav(1.5, { amplitude: 0.004, frequency: 220 }), fileName },
        { transcript, language: 'lpx' },
      );
      const uploaded = await request.post(`${base}/api/audio/upload`, {
        headers: { ...auth(token), ...body.headers },
        data: body.payload,
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    };
    const narrator = await signUpByApi(request, base, 'Narrator');
    await grantConsentByApi(request, base, narrator.token, 'recording');
    await upload(narrator.token, 'tone-listen.wav', CLIP_TEXT);
    await upload(admin.token, 'tone-mine.wav', CLIP_TEXT);
    const pairs = await request.get(`${base}/api/translation/pairs?category=greetings`, {
      headers: auth(admin.token),
    });
    const pair = (
      (await pairs.json()) as { pairs: { id: number; lopit: string; version: number }[] }
    ).pairs.find((candidate) => candidate.lopit === '')!;
    for (const text of PROPOSALS) {
      const author = await signUpByApi(request, base, 'Teller');
      await grantConsentByApi(request, base, author.token, 'full');
      const saved = await request.post(`${base}/api/translation/save`, {
        headers: auth(author.token),
        data: { id: pair.id, translation: text, baseVersion: pair.version },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
  });

  async function phonePage(): Promise<Page> {
    const context = await micBrowser.newContext({
      viewport: PHONE,
      isMobile: true,
      hasTouch: true,
      permissions: ['microphone'],
    });
    await signInContext(context, server.url, admin);
    return context.newPage();
  }

  /** Everything on screen is in the pseudo-language, and nothing overflows or breaks inside a word. */
  async function checked(page: Page, what: string) {
    expect(await untranslated(page), what).toEqual([]);
    expect(await layoutProblems(page), what).toEqual([]);
  }

  /** I18N_SHOTS=<folder>: the screen in the pseudo-language and English, 360 touch and 1280, light and dark. */
  async function shots(browser: Browser, route: string, ready: string) {
    const folder = process.env.I18N_SHOTS;
    if (!folder) return;
    fs.mkdirSync(folder, { recursive: true });
    for (const code of [PSEUDO, 'en'])
      for (const theme of ['light', 'dark'] as const)
        for (const phone of [true, false]) {
          const context = await browser.newContext(
            phone
              ? { viewport: PHONE, isMobile: true, hasTouch: true }
              : { viewport: { width: 1280, height: 900 } },
          );
          await signInContext(context, server.url, admin);
          await context.addInitScript(
            ([locale, chosen]) => {
              localStorage.setItem('lopit.locale', locale!);
              localStorage.setItem('lopit.theme', chosen!);
            },
            [code, theme],
          );
          const page = await context.newPage();
          await page.goto(`${server.url}${route}`);
          await expect(page.getByTestId(ready).first()).toBeVisible();
          await page.waitForLoadState('networkidle');
          const name = `${route.slice(1)}-${code}-${phone ? 360 : 1280}-${theme}.png`;
          await page.screenshot({ path: path.join(folder, name), fullPage: true });
          await context.close();
        }
  }

  /** Records at least two seconds with the fake microphone, then stops: the listening-back block is shown. */
  async function recordTwoSeconds(page: Page, card: string) {
    const area = page.getByTestId(card);
    await area.locator('button.btn-primary').last().click();
    await expect(page.getByTestId('recording-live')).toBeVisible();
    await expect
      .poll(async () => Number(/(\d+)/.exec((await page.getByRole('timer').textContent()) ?? '')?.[1]), {
        timeout: 15_000,
      })
      .toBeGreaterThanOrEqual(2);
    await checked(page, 'while recording');
    await area.locator('button.btn-danger').first().click();
    await expect(area.getByTestId('review-audio')).toBeVisible();
  }

  test('/recording: the recorder, listening back, free recording and your recordings', async ({
    browser,
  }) => {
    const page = await phonePage();
    await openPseudo(page, '/recording');
    await expect(page.getByTestId('recording-row').first()).toBeVisible();
    await expect(page.getByTestId('prompt')).toBeVisible();
    await checked(page, 'the recorder with a sentence');
    await recordTwoSeconds(page, 'recorder');
    await checked(page, 'listening back');
    await page.getByTestId('review').getByRole('button').last().click();
    await page.getByRole('radio').last().check();
    await checked(page, 'free recording');
    await page.getByTestId('recording-row').first().getByRole('button').last().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await checked(page, 'the delete dialog');
    await page.context().close();
    await shots(browser, '/recording', 'recording-row');
  });

  test('/speak: a sentence, recording and listening back', async ({ browser }) => {
    const page = await phonePage();
    await openPseudo(page, '/speak');
    await expect(page.getByTestId('prompt')).toBeVisible();
    await checked(page, 'a sentence to read');
    await recordTwoSeconds(page, 'speak-card');
    await checked(page, 'listening back');
    await page.getByTestId('review').getByRole('button').last().click();
    await page.getByTestId('speak-card').locator('.speak-secondary button').last().click();
    await expect(page.getByRole('dialog')).toBeVisible();
    await page.getByRole('dialog').locator('button[type="submit"]').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await checked(page, 'the report dialog');
    await page.context().close();
    await shots(browser, '/speak', 'prompt');
  });

  test('/listen: a flagged clip and the report dialog', async ({ browser }) => {
    const page = await phonePage();
    await openPseudo(page, '/listen');
    await expect(page.getByTestId('clip-flags')).toBeVisible();
    await checked(page, 'a clip');
    // Each screenshot is another phone with its own pack: the clip is still there.
    await shots(browser, '/listen', 'listen-clip');
    await page.getByTestId('listen-clip').locator('.btn-ghost').click();
    await page.getByRole('dialog').locator('button[type="submit"]').click();
    await expect(page.getByRole('dialog').getByRole('alert')).toBeVisible();
    await checked(page, 'the report dialog');
    await page.context().close();
  });

  test('/review: a proposal beside another, and the rejection form', async ({ browser }) => {
    const page = await phonePage();
    await openPseudo(page, '/review');
    await expect(page.getByTestId('proposal-other')).toBeVisible();
    await checked(page, 'a proposal');
    await page.getByTestId('review-proposal').locator('.review-no').click();
    await page.getByTestId('review-proposal').locator('button[type="submit"]').click();
    await expect(page.getByTestId('review-proposal').locator('.field-error')).toBeVisible();
    await checked(page, 'the rejection form');
    await page.context().close();
    await shots(browser, '/review', 'review-proposal');
  });
});
