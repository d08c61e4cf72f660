// The interface in the community's languages (issue 18). The pseudo-language (English accented, about 40%
// longer, inside [ ]) on every converted route, signed out and signed in: every visible text node and label
// carries the markers (nothing left hard-coded), and at 360 px nothing overflows or breaks inside a word.
// Then the community's loop: a contributor translates three messages offline, two others approve them online,
// and a fresh visitor who chooses the language sees them. The language is Blorpish, made up (qaa is ISO 639's
// range for local use); no Lopit is invented.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { PSEUDO_CLOSE, PSEUDO_LOCALE, PSEUDO_OPEN, pseudoText } from '../../core/i18n/icu.ts';
import { sync } from '../../core/i18n/messages/shell.ts';
import { toyCorpus } from '../../core/mt/toy-language.fixture.ts';
import { multipartBody, toneWav } from '../server/audio-fixtures.ts';
import { fakeMicrophoneArgs } from './fake-microphone.ts';
import {
  approveLopitTexts,
  expect,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  signUpContributorByApi,
  test,
} from './fixtures.ts';
import { checkEveryRoute, openInApp } from './every-route.ts';
import { layoutProblems } from './layout-checks.ts';
import { START_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from './server-process.ts';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

const PSEUDO = PSEUDO_LOCALE;
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
  '/families',
  '/terms',
  '/privacy',
] as const;
const SIGNED_IN_ROUTES = [
  ...PUBLIC_ROUTES,
  '/profile',
  '/translate-app',
  '/admin',
  '/data',
  '/consent',
  '/translation',
  '/translate',
  '/training',
  '/speakers',
  '/transcribe',
  '/recording',
  '/speak',
  '/tell',
  '/repeat',
  '/sentences',
  '/listen',
  '/review',
] as const;

/**
 * KNOWN GAPS, NOT YET CONVERTED (issue 18 is partial): these screens still have English written into their
 * components (their frame, navigation and sync states are converted). The lead empties this list as they are
 * converted; each moves into the lists above. It is asserted below so that it cannot silently grow stale.
 */
export const NOT_YET_CONVERTED: readonly string[] = [];

/** KNOWN GAPS inside converted screens: parts marked data-i18n-gap="…" (none left). */
export const SECTIONS_NOT_YET_CONVERTED: readonly string[] = [];

let server: ServerProcess;
let admin: Awaited<ReturnType<typeof signUpByApi>>;

test.beforeAll(async ({ request }) => {
  // A server of its own starts PGlite, which can take minutes on a loaded machine: more than a hook's budget.
  test.setTimeout(START_HOOK_TIMEOUT_MS);
  server = await startServer('i18n');
  admin = await signUpByApi(request, server.url, 'Curator');
});
test.afterAll(async () => {
  await server?.stop();
});

/** Text on the page that is not in the pseudo-language: letters outside [ ] in text, labels and placeholders. */
function untranslated(page: Page): Promise<string[]> {
  return page.evaluate((gaps) => {
    const pageLang = document.documentElement.lang;
    const found: string[] = [];
    // Data and content the interface does not translate: another language's text, or marked translate="no".
    // A date or time on its own in a <time> element is formatted by Intl in the interface's language (the
    // pseudo-language has no month names of its own, so Intl gives English ones).
    const exempt = (element: Element | null) => {
      if (element?.closest('time[datetime]')) return true;
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
  }, SECTIONS_NOT_YET_CONVERTED);
}

/** Pages whose loads start in the pseudo-language (the choice kept where the app reads it first). */
const inPseudo = new WeakSet<Page>();

/** Opens the route in the pseudo-language: loaded the first time, then as a reader moves inside the app. */
async function openPseudo(page: Page, path: string) {
  if (!inPseudo.has(page)) {
    await page.addInitScript((code) => localStorage.setItem('lopit.locale', code), PSEUDO);
    inPseudo.add(page);
  }
  await openInApp(page, `${server.url}${path}`);
  await expect(page.locator('html')).toHaveAttribute('lang', PSEUDO);
  // The first load fetches the catalogue; the page is in the pseudo-language once the app's name is (a
  // heritage page's heading is content, which stays English).
  await expect(page.locator('.brand span')).toHaveText(/^\[.*\]$/);
  await expect(page.locator('main h1').first()).toBeVisible();
}

/**
 * Every route in the pseudo-language, each rule on a page of its own kind: every visible text on the project's
 * wide screen (the full navigation bar shown), and nothing overflowing or broken inside a word on a 360 px touch
 * phone.
 */
async function checkEveryRouteInPseudo<Route extends string>(
  page: Page,
  browser: Browser,
  routes: readonly Route[],
  {
    signedIn,
    open = openPseudo,
    withData = false,
  }: {
    signedIn: boolean;
    open?: (page: Page, route: Route) => Promise<void>;
    withData?: boolean;
  },
) {
  const data = withData ? ', with data' : '';
  if (signedIn) await signInContext(page.context(), server.url, admin);
  await checkEveryRoute(page, routes, open, {
    [`every visible text in the pseudo-language${data}`]: untranslated,
  });
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  if (signedIn) await signInContext(context, server.url, admin);
  await checkEveryRoute(await context.newPage(), routes, open, {
    [`at 360 px nothing overflows or breaks inside a word${data}`]: layoutProblems,
  });
  await context.close();
}

test('the list of screens not yet converted is explicit and disjoint from the checked ones', () => {
  const checked = new Set<string>(SIGNED_IN_ROUTES);
  expect(NOT_YET_CONVERTED.filter((route) => checked.has(route))).toEqual([]);
});

for (const signedIn of [false, true]) {
  const routes = signedIn ? SIGNED_IN_ROUTES : PUBLIC_ROUTES;
  test.describe(signedIn ? 'signed in' : 'signed out', () => {
    test('every route: every visible text in the pseudo-language, and at 360 px nothing overflows or breaks inside a word', async ({
      page,
      browser,
    }) => {
      await checkEveryRouteInPseudo(page, browser, routes, { signedIn });
    });
  });
}

test('signed in at 360 px, the bar holds every sync state beside the Menu button', async ({ browser }) => {
  const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  const page = await context.newPage();
  await signInContext(context, server.url, admin);
  await openPseudo(page, '/villages');
  const link = page.getByTestId('sync-indicator').getByRole('link');
  await expect(link).toBeVisible();
  // Each state's words as the pseudo-language shows them, with three-digit counts: the longest the bar meets.
  const numbers: Record<string, string> = { count: '128', done: '128', total: '256' };
  const { indicatorLink: _name, ...states } = sync;
  for (const { message } of Object.values(states)) {
    const english = message.replace(/\{(\w+), number\}/g, (_, name: string) => numbers[name] ?? '0');
    const words = `${PSEUDO_OPEN}${pseudoText(english)}${PSEUDO_CLOSE}`;
    await link.evaluate((element, text) => {
      element.lastChild!.textContent = ` ${text}`;
    }, words);
    expect(await layoutProblems(page), words).toEqual([]);
    const menu = await page.getByRole('button', { name: /Ṁéñû/ }).boundingBox();
    expect(menu && menu.x + menu.width <= PHONE.width, `Menu inside the screen beside “${words}”`).toBe(true);
  }
  await context.close();
});

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

// ---------------------------------------------------------------------------------------------------------------
// /admin with what makes its panels show their main parts: a field speaker, an interface language, a clip with
// a vote, a report and a quality flag, a proposed translation with a reviewer's rejection, and a reported prompt
// sentence. Texts are in an obviously made-up language (Blorpish, code qaa).
test.describe('/admin with data', () => {
  test.beforeAll(async ({ request }) => {
    const base = server.url;
    const as = (account: { token: string }) => ({ Authorization: `Bearer ${account.token}` });
    const ok = async (response: Awaited<ReturnType<typeof request.post>>) =>
      expect(response.ok(), await response.text()).toBe(true);
    const speaker = await signUpByApi(request, base, 'Zorbin');
    const reviewer = await signUpByApi(request, base, 'Quillet');
    for (const account of [speaker, reviewer]) await grantConsentByApi(request, base, account.token, 'full');
    // A field speaker (no consent recorded), and a language of the interface (the loop test adds qaa).
    await ok(
      await request.post(`${base}/api/speakers`, {
        headers: as(speaker),
        data: { id: crypto.randomUUID(), name: 'Blorva Quen' },
      }),
    );
    await request.post(`${base}/api/admin/i18n/languages`, {
      headers: as(admin),
      data: { code: 'qaa', name: 'Blorpish' },
    });
    // A silent clip (the quality check flags it), voted up by one listener and reported by another.
    const body = multipartBody(
      { bytes: toneWav(2, { amplitude: 0 }), fileName: 'clip.wav' },
      { transcript: 'zq blorp vintaro', language: 'lpx' },
    );
    const uploaded = await request.post(`${base}/api/audio/upload`, {
      headers: { ...as(speaker), ...body.headers },
      data: body.payload,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
    // Reviewed once the server has checked its sound (the inspection follows the upload's answer).
    let clips: { id: string }[] = [];
    await expect
      .poll(
        async () => {
          clips = (
            (await (await request.get(`${base}/api/admin/review/clips`, { headers: as(admin) })).json()) as {
              clips: { id: string }[];
            }
          ).clips;
          return clips.length;
        },
        { timeout: 60_000 },
      )
      .toBe(1);
    await ok(
      await request.post(`${base}/api/review/clips/${clips[0]!.id}/vote`, {
        headers: as(reviewer),
        data: { vote: 'up' },
      }),
    );
    await ok(
      await request.post(`${base}/api/review/clips/${clips[0]!.id}/report`, {
        headers: as(admin),
        data: { reason: 'noise', note: 'zq blorp wind' },
      }),
    );
    // A proposed translation, rejected once with a reason, and a reported prompt sentence.
    const { pairs } = (await (
      await request.get(`${base}/api/translation/pairs`, { headers: as(speaker) })
    ).json()) as { pairs: { id: number; version: number }[] };
    const pair = pairs.reduce((first, next) => (next.id < first.id ? next : first));
    await ok(
      await request.post(`${base}/api/translation/save`, {
        headers: as(speaker),
        data: { id: pair.id, translation: 'zq blorp vintaro', baseVersion: pair.version },
      }),
    );
    const proposals = (await (
      await request.get(`${base}/api/admin/review/proposals`, { headers: as(admin) })
    ).json()) as { proposals: { id: number }[] };
    await ok(
      await request.post(`${base}/api/review/proposals/${proposals.proposals[0]!.id}/review`, {
        headers: as(reviewer),
        data: { verdict: 'reject', reason: 'zq blorp spelling' },
      }),
    );
    await ok(
      await request.post(`${base}/api/audio/prompts/${pair.id}/report`, {
        headers: as(reviewer),
        data: { reason: 'spelling' },
      }),
    );
  });

  const ADMIN_ROUTES = ['/admin', '/admin#review'] as const;
  /** Opens the route in the pseudo-language, and waits for the panels' main parts before the checks run. */
  async function openShown(page: Page, path: (typeof ADMIN_ROUTES)[number]) {
    // '/admin#review' after '/admin' would only change the hash: a blank page between loads each afresh.
    await page.goto('about:blank');
    await openPseudo(page, path);
    if (path === '/admin') {
      await expect(page.getByTestId('admin-speakers').locator('.speaker-card')).toHaveCount(1);
      await expect(page.getByTestId('admin-language-row').first()).toBeVisible();
    } else {
      await expect(page.getByTestId('review-clip-row').first()).toBeVisible();
      await expect(page.getByTestId('review-proposal-row').first()).toBeVisible();
      await expect(page.getByTestId('review-prompt-row').first()).toBeVisible();
    }
  }
  test('every route: every visible text in the pseudo-language, and at 360 px nothing overflows or breaks inside a word, with data', async ({
    page,
    browser,
  }) => {
    await checkEveryRouteInPseudo(page, browser, ADMIN_ROUTES, {
      signedIn: true,
      open: openShown,
      withData: true,
    });
  });
});

// Families, data and consent: their screens with what they show once there is something to show (a person
// chosen, the list, a trace, a relation; figures, charts, speakers, dialects and a lexicon; a consent waiting to
// be sent and the withdrawal dialog), checked in the pseudo-language at 1280 px and at 360 px.
test.describe('families, data and consent, with what they show', () => {
  /** Opens the route in the pseudo-language at 1280 px and at 360 px (touch), shows its parts, checks both. */
  async function checkBoth(
    browser: Browser,
    route: string,
    show: (page: Page, phone: boolean) => Promise<void>,
  ) {
    for (const phone of [false, true]) {
      const context = await browser.newContext(
        phone
          ? { viewport: PHONE, isMobile: true, hasTouch: true }
          : { viewport: { width: 1280, height: 900 } },
      );
      await signInContext(context, server.url, admin);
      const page = await context.newPage();
      await openPseudo(page, route);
      await show(page, phone);
      if (process.env.I18N_SHOTS)
        for (const theme of ['light', 'dark'] as const) {
          // The app's themes: dark by default, light as data-theme="light" (features/theme).
          await page.evaluate((value) => {
            if (value === 'light') document.documentElement.dataset.theme = 'light';
            else delete document.documentElement.dataset.theme;
          }, theme);
          await page.screenshot({
            path: path.join(process.env.I18N_SHOTS, `${route.slice(1)}-${phone ? 360 : 1280}-${theme}.png`),
            fullPage: true,
          });
        }
      if (phone) expect(await layoutProblems(page)).toEqual([]);
      else expect(await untranslated(page)).toEqual([]);
      await context.close();
    }
  }

  test('/families: a person chosen, the list, a trace and a relation', async ({ browser }) => {
    await checkBoth(browser, '/families', async (page, phone) => {
      // A phone opens on the family view with the root chosen: its card is closed first.
      await expect(page.getByTestId(phone ? 'families-circle' : 'families-canvas')).toHaveAttribute(
        'data-ready',
        'true',
      );
      if (phone) {
        await page.getByTestId('families-person-card').locator('.families-person-head button').click();
        await page.locator('.families-tools-toggle').click();
      }
      const tools = page.locator('#families-tools button');
      // Trace with nobody chosen opens the trace search (the family view has no camera tools); the views' last
      // button opens the list view.
      await tools.nth(phone ? 2 : 6).click();
      await page.getByTestId('families-trace-search').getByRole('combobox').fill('Sample King 6');
      await expect(page.getByTestId('families-trace-search').getByRole('option').first()).toBeVisible();
      await page.getByTestId('families-views').getByRole('button').last().click();
      await page.getByTestId('families-list').locator('[role="option"]').nth(2).click();
      await expect(page.getByTestId('families-person-card')).toBeVisible();
      await page.getByTestId('families-person-card').locator('.families-card-actions button').first().click();
      await expect(page.locator('.families-trace-summary')).toBeVisible();
      const relation = page.getByTestId('families-relation');
      await relation.locator('summary').click();
      await relation.getByTestId('families-relation-from').getByRole('combobox').fill('Sample King 2');
      await relation.getByTestId('families-relation-from').getByRole('combobox').press('Enter');
      await relation.getByTestId('families-relation-to').getByRole('combobox').fill('Sample King 6');
      await relation.getByTestId('families-relation-to').getByRole('combobox').press('Enter');
      await relation.locator('.btn-primary').click();
      await expect(page.getByTestId('families-relation-result')).toBeVisible();
    });
  });

  test('/data: figures, charts, speakers, dialects and the lexicon', async ({ browser, request }) => {
    test.setTimeout(120_000);
    const base = server.url;
    const asAdmin = { Authorization: `Bearer ${admin.token}` };
    const pairs = await request.post(`${base}/api/admin/import/pairs`, {
      headers: asAdmin,
      data: { pairs: toyCorpus(12, 5).map((pair) => ({ ...pair, category: 'family' })) },
    });
    expect(pairs.ok(), await pairs.text()).toBe(true);
    // A word list in the made-up test language (no Lopit is invented).
    const lexicon = await request.post(`${base}/api/admin/import/lexicon`, {
      headers: asAdmin,
      data: [
        { lopit: 'zibba', english: 'sees', part_of_speech: 'verb' },
        { lopit: 'grak', english: 'big', part_of_speech: 'adjective' },
      ],
    });
    expect(lexicon.ok(), await lexicon.text()).toBe(true);
    const speaker = await signUpByApi(request, base, 'Speaker');
    const asSpeaker = { Authorization: `Bearer ${speaker.token}` };
    expect(
      (
        await request.post(`${base}/api/consent/submit`, {
          headers: asSpeaker,
          data: { consent_type: 'full' },
        })
      ).ok(),
    ).toBe(true);
    const profile = await request.patch(`${base}/api/auth/me`, {
      headers: asSpeaker,
      data: { ageGroup: '30-44', gender: 'prefer_not_to_say', dialect: 'Zorbelton' },
    });
    expect(profile.ok(), await profile.text()).toBe(true);
    const file = path.resolve('.tmp', 'e2e-i18n-data.wav');
    fs.mkdirSync(path.dirname(file), { recursive: true });
    if (!fs.existsSync(file)) execFileSync('espeak-ng', ['-w', file, 'zorbel quandy mipple']);
    const upload = await request.post(`${base}/api/audio/upload`, {
      headers: asSpeaker,
      multipart: {
        metadata: JSON.stringify({
          transcript: 'zorbel quandy mipple',
          language: 'lpx',
          fileName: 'i18n.wav',
        }),
        file: { name: 'i18n.wav', mimeType: 'audio/wav', buffer: fs.readFileSync(file) },
      },
    });
    expect(upload.status(), await upload.text()).toBeLessThan(300);

    await checkBoth(browser, '/data', async (page) => {
      await expect(page.locator('.line-chart').first()).toBeVisible();
      await expect(page.locator('.card-table tbody tr').first()).toBeVisible();
      await expect(page.locator('.dialects-table tbody tr').first()).toBeVisible();
      await expect(page.locator('.lexicon-list li').first()).toBeVisible();
      await page.locator('.data-page details summary').click();
      await expect(page.locator('.timeline-table')).toBeVisible();
    });
  });

  test('/consent: a consent waiting to be sent, then the withdrawal dialog', async ({ browser }) => {
    await checkBoth(browser, '/consent', async (page) => {
      await expect(page.getByTestId('consent-status').locator('li').first()).toBeVisible();
      await page.context().setOffline(true);
      await page.locator('.consent-page button[type="submit"]').click();
      await expect(page.getByTestId('consent-pending')).toBeVisible();
      await expect(page.locator('.consent-page .success-box')).toBeVisible();
      await page.context().setOffline(false);
      await expect(page.getByTestId('consent-pending')).toBeHidden();
      await page.locator('.consent-page .button-row .btn-danger').click();
      await expect(page.getByRole('dialog')).toBeVisible();
    });
  });
});

// Translation and training with data (issue 18): approved pairs, a contributor's proposal waiting for review, a
// trained model with its run history and a worker token, so that their screens show their main parts in the
// pseudo-language. The texts are Blorpish and the made-up toy language of core/mt; no Lopit is invented.
test.describe('translation and training screens, with data', () => {
  const asAdmin = () => ({ Authorization: `Bearer ${admin.token}` });

  async function pairsOf(request: APIRequestContext, token: string) {
    const response = await request.get(`${server.url}/api/translation/pairs?category=greetings`, {
      headers: { Authorization: `Bearer ${token}` },
    });
    return ((await response.json()) as { pairs: { id: number; version: number }[] }).pairs;
  }

  test.beforeAll(async ({ request }) => {
    // Sign-ups, saves, an import and a training run: more than the default budget.
    test.setTimeout(180_000);
    // Two approved pairs (an admin's saves are approved at once) and one proposal of a contributor.
    await grantConsentByApi(request, server.url, admin.token, 'full');
    const pairs = await pairsOf(request, admin.token);
    for (const [index, text] of ['zorbel mipa', 'kwintafa vint'].entries()) {
      const pair = pairs[index]!;
      const saved = await request.post(`${server.url}/api/translation/save`, {
        headers: asAdmin(),
        data: { id: pair.id, translation: text, baseVersion: pair.version },
      });
      expect(saved.ok(), await saved.text()).toBe(true);
    }
    const contributor = await signUpContributorByApi(request, server.url, 'Proposer');
    await grantConsentByApi(request, server.url, contributor.token, 'translation');
    const third = (await pairsOf(request, contributor.token))[2]!;
    const proposed = await request.post(`${server.url}/api/translation/save`, {
      headers: { Authorization: `Bearer ${contributor.token}` },
      data: { id: third.id, translation: 'tessaro blorp', baseVersion: third.version },
    });
    expect(proposed.ok(), await proposed.text()).toBe(true);

    // A model trained on the toy language, and a worker token.
    const imported = await request.post(`${server.url}/api/admin/import/pairs`, {
      headers: asAdmin(),
      data: { pairs: toyCorpus(120, 7).map((pair) => ({ ...pair, category: 'family' })) },
    });
    expect(imported.ok(), await imported.text()).toBe(true);
    const started = await request.post(`${server.url}/api/training/start`, {
      headers: asAdmin(),
      data: { model_type: 'mt' },
    });
    expect(started.status(), await started.text()).toBe(202);
    const status = async () =>
      (
        (await (
          await request.get(`${server.url}/api/training/progress?model_type=mt`, { headers: asAdmin() })
        ).json()) as { status: string }
      ).status;
    await expect.poll(status, { timeout: 120_000, intervals: [1_000] }).toBe('trained');
    const worker = await request.post(`${server.url}/api/training/workers`, {
      headers: asAdmin(),
      data: { name: 'Gpu Blorp', model_types: ['asr', 'tts'] },
    });
    expect(worker.ok(), await worker.text()).toBe(true);
  });

  /** Opens the route in the pseudo-language and brings out what is folded away (the runs of a model). */
  async function openWithData(page: Page, path: string) {
    await openPseudo(page, path);
    if (path === '/training') {
      await expect(page.getByTestId('model-card-mt').getByTestId('model-status')).toContainText('✓');
      for (const summary of await page.locator('.training-history summary').all()) await summary.click();
    }
    if (path === '/translation') await expect(page.getByTestId('other-proposal').first()).toBeVisible();
  }

  test('every route with data: every visible text in the pseudo-language, and at 360 px nothing overflows or breaks inside a word', async ({
    page,
    browser,
  }) => {
    await checkEveryRouteInPseudo(page, browser, ['/translation', '/translate', '/training'], {
      signedIn: true,
      open: openWithData,
      withData: true,
    });
  });
});

// --- Speakers and Transcribe: seeded so that the screens show their main parts ----------

test.describe('speakers and transcribe, with data', () => {
  test.describe.configure({ mode: 'serial' });
  const auth = (token: string) => ({ Authorization: `Bearer ${token}` });

  test.beforeAll(async ({ request }) => {
    const base = server.url;
    // Two field speakers of the admin: one with a spoken consent, one without consent yet.
    const consented = crypto.randomUUID();
    for (const [id, name] of [
      [consented, 'Zorbu Vintaro'],
      [crypto.randomUUID(), 'Kelo Maruvi'],
    ] as const) {
      const added = await request.post(`${base}/api/speakers`, {
        headers: auth(admin.token),
        data: { id, name, ageGroup: '60+', gender: 'female', dialect: 'Zuvali' },
      });
      expect(added.ok(), await added.text()).toBe(true);
    }
    const consent = await request.post(`${base}/api/speakers/${consented}/consent`, {
      headers: auth(admin.token),
      multipart: {
        consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'full', kind: 'spoken' }),
        evidence: { name: 'consent.wav', mimeType: 'audio/wav', buffer: toneWav(1.5) },
      },
    });
    expect(consent.ok(), await consent.text()).toBe(true);
    // Two Lopit clips of another contributor; another writes a transcript of one, for the admin to check.
    const speaker = await signUpByApi(request, base, 'Narrator');
    const given = await request.post(`${base}/api/consent/submit`, {
      headers: auth(speaker.token),
      data: { consent_type: 'recording' },
    });
    expect(given.ok()).toBe(true);
    for (const n of [1, 2]) {
      const uploaded = await request.post(`${base}/api/audio/upload`, {
        headers: auth(speaker.token),
        multipart: {
          metadata: JSON.stringify({ language: 'lpx', title: `Zorbu clip ${n}` }),
          file: {
            name: `clip-${n}.wav`,
            mimeType: 'audio/wav',
            buffer: toneWav(2, { frequency: 200 + n * 40 }),
          },
        },
      });
      expect(uploaded.status(), await uploaded.text()).toBe(201);
    }
    const writer = await signUpByApi(request, base, 'Writer');
    // Offered to write once the server has checked their sound.
    let queue: { clips: { id: string }[] } = { clips: [] };
    await expect
      .poll(
        async () => {
          queue = (await (
            await request.get(`${base}/api/transcripts/queue?limit=5`, { headers: auth(writer.token) })
          ).json()) as { clips: { id: string }[] };
          return queue.clips.length;
        },
        { timeout: 60_000 },
      )
      .toBe(2);
    const written = await request.post(`${base}/api/transcripts/clips/${queue.clips[0]!.id}`, {
      headers: auth(writer.token),
      data: { text: 'zz vintaro kelo' },
    });
    expect(written.ok(), await written.text()).toBe(true);
  });

  test('/speakers with speakers: every text in the pseudo-language, nothing overflows at 360 px', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInContext(context, server.url, admin);
    await openPseudo(page, '/speakers');
    await expect(page.getByTestId('speaker-card')).toHaveCount(2);
    await expect(page.getByTestId('speaker-consent').first()).toBeVisible();
    expect(await untranslated(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    // The form adding a speaker, with its errors.
    await page.locator('main .btn-primary').first().click();
    await page.locator('form button[type="submit"]').click();
    await expect(page.getByRole('alert').first()).toBeVisible();
    expect(await layoutProblems(page)).toEqual([]);
    // The consent step of the speaker without consent, with its errors.
    await page.locator('form button[type="button"]').click();
    await page.getByTestId('speaker-card').filter({ hasNotText: 'Zorbu' }).locator('.btn-primary').click();
    const capture = page.getByTestId('consent-capture');
    await expect(capture).toBeVisible();
    await capture.locator('.btn-primary').click();
    await expect(capture.getByTestId('consent-error')).toBeVisible();
    expect(await untranslated(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    // The chooser on Speak.
    await page.goto(`${server.url}/speak`);
    const chooser = page.getByTestId('speaker-chooser');
    // Freshly opened, it asks who is speaking: "Choose who is speaking", the account, the speaker.
    await expect(chooser.locator('option')).toHaveCount(3);
    expect(
      await chooser.evaluate((element) =>
        [...element.querySelectorAll('label, a, option:not([translate="no"])')].map(
          (node) => node.textContent,
        ),
      ),
    ).toEqual([
      expect.stringMatching(/^\[.*\]$/),
      expect.stringMatching(/^\[.*\]$/),
      expect.stringMatching(/^\[.*\]$/),
      expect.stringMatching(/^\[.*\]$/),
    ]);
    expect(await untranslated(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });

  test('/transcribe with clips: every text in the pseudo-language, nothing overflows at 360 px', async ({
    browser,
  }) => {
    const context = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await signInContext(context, server.url, admin);
    await openPseudo(page, '/transcribe');
    const card = page.getByTestId('transcribe-card');
    await expect(card.locator('audio')).toBeVisible();
    await card.locator('button[type="submit"]').click();
    await expect(card.getByRole('alert')).toBeVisible();
    expect(await untranslated(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await page.getByTestId('transcribe-tab-check').click();
    const review = page.getByTestId('transcript-review');
    await expect(review.locator('audio')).toBeVisible();
    await review.locator('.review-no').click();
    await review.locator('button[type="submit"]').click();
    await expect(review.locator('.field-error')).toBeVisible();
    expect(await untranslated(page)).toEqual([]);
    expect(await layoutProblems(page)).toEqual([]);
    await context.close();
  });
});

// --- Translate the app, one message at a time ------------------------------------------------------------

test('translate the app one message at a time: by keyboard, remembered, offline through the outbox', async ({
  browser,
  request,
}) => {
  const base = server.url;
  const added = await request.post(`${base}/api/admin/i18n/languages`, {
    headers: { Authorization: `Bearer ${admin.token}` },
    data: { code: 'qaz', name: 'Zorbish' },
  });
  expect(added.status()).toBe(201);
  const author = await signUpByApi(request, base, 'Stepper');
  const context = await browser.newContext();
  await signInContext(context, base, author);
  await context.addInitScript(() => localStorage.setItem('lopit.locale', 'en'));
  const page = await context.newPage();
  await page.goto(`${base}/translate-app`);
  // The field named Language, not the Screen field, whose label takes in its options once they have loaded (a
  // screen's name may hold the word).
  await page
    .locator('label.field', { hasText: /^Language/ })
    .locator('select')
    .selectOption('qaz');
  await expect(page.getByTestId('ui-message').first()).toBeVisible();
  await page.getByRole('button', { name: 'One at a time' }).click();
  await expect(page.getByRole('button', { name: 'One at a time' })).toHaveAttribute('aria-pressed', 'true');
  const card = page.getByTestId('ui-message');
  const position = page.getByTestId('translate-position');
  await expect(card).toHaveCount(1);
  await expect(position).toHaveText(/^Message 1 of [\d,]+$/);
  // The count as the screen writes it (Intl groups the digits).
  const total = (await position.textContent())!.replace(/^Message 1 of /, '');
  const idOf = async () => (await card.getAttribute('data-message-id'))!;
  const first = await idOf();
  await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();

  // Next by keyboard: the translation field of the next message takes the keyboard.
  await page.getByRole('button', { name: 'Next' }).focus();
  await page.keyboard.press('Enter');
  await expect(position).toHaveText(`Message 2 of ${total}`);
  const second = await idOf();
  expect(second).not.toBe(first);
  await expect(card.getByLabel('Your translation')).toBeFocused();
  await page.getByRole('button', { name: 'Previous' }).click();
  await expect(position).toHaveText(`Message 1 of ${total}`);
  expect(await idOf()).toBe(first);
  // Skip: the message comes back after the others.
  await page.getByRole('button', { name: 'Skip' }).click();
  await expect(position).toHaveText(`Message 1 of ${total}`);
  expect(await idOf()).toBe(second);

  // Offline: a proposal typed by keyboard waits in the outbox, and is sent back online.
  await context.setOffline(true);
  await card.getByLabel('Your translation').focus();
  await page.keyboard.type('Zorb zorb');
  await page.keyboard.press('Tab');
  await expect(card.getByRole('button', { name: 'Propose' })).toBeFocused();
  await page.keyboard.press('Enter');
  // A short confirmation, and the next message with the counter moved on (issue 35).
  await expect(page.getByTestId('translate-saved')).toHaveText(
    'Saved “Zorb zorb”. 1 translation proposed this time. Here is the next message.',
  );
  await expect(position).toHaveText(`Message 2 of ${total}`);
  await expect(page.getByTestId('sync-indicator')).toContainText('1 waiting');
  await context.setOffline(false);
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved');
  const list = (await (
    await request.get(`${base}/api/i18n/languages/qaz/messages`, {
      headers: { Authorization: `Bearer ${admin.token}` },
    })
  ).json()) as { messages: { id: string; proposals: { text: string }[] }[] };
  expect(list.messages.find((message) => message.id === second)?.proposals.map((p) => p.text)).toEqual([
    'Zorb zorb',
  ]);

  // Remembered on this device.
  await page.reload();
  await expect(page.getByRole('button', { name: 'One at a time' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByTestId('ui-message')).toHaveCount(1);
  await context.close();

  // In the pseudo-language at 360 px: nothing left in English, nothing overflows.
  const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true });
  await signInContext(phone, base, author);
  await phone.addInitScript(() => localStorage.setItem('lopit.translate-app.view', 'one'));
  const small = await phone.newPage();
  await openPseudo(small, '/translate-app');
  await expect(small.getByTestId('translate-position')).toBeVisible();
  expect(await untranslated(small)).toEqual([]);
  expect(await layoutProblems(small)).toEqual([]);
  await phone.close();
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
      executablePath: E2E_CHROMIUM_PATH,
      args: fakeMicrophoneArgs(),
    });
    const base = server.url;
    const auth = (token: string) => ({ Authorization: `Bearer ${token}` });
    await grantConsentByApi(request, base, admin.token, 'full');
    // Speak and the recorder read approved Lopit only: some sentences get a (made-up) Lopit text.
    await approveLopitTexts(request, base, admin.token, 3);
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

  /**
   * Records as the account: a page opened fresh asks who is speaking when the account has field speakers (the
   * admin has one from the speakers tests of this file), and the recorder waits for the answer.
   */
  async function speakAsTheAccount(page: Page, ready: string) {
    const ask = page.getByTestId('speaker-ask');
    await expect(page.getByTestId(ready).or(ask)).toBeVisible();
    if (await ask.isVisible()) {
      await checked(page, 'asked who is speaking');
      await page.getByTestId('speaker-chooser').locator('select').selectOption('');
    }
    await expect(page.getByTestId(ready)).toBeVisible();
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
    await speakAsTheAccount(page, 'prompt');
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
    await speakAsTheAccount(page, 'prompt');
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
    // The pack's order is the server's; skip to the flagged clip (a reported clip has left the reporter's pack).
    const text = page.getByTestId('clip-text');
    await expect(text).toBeVisible();
    for (let skipped = 0; !(await page.getByTestId('clip-flags').isVisible()); skipped += 1) {
      expect(skipped, 'a flagged clip is in the pack').toBeLessThan(5);
      const before = await text.textContent();
      await page
        .getByTestId('listen-clip')
        .locator('.listen-skip, button')
        .filter({ hasText: /Šķîþ/ })
        .click();
      await expect(text).not.toHaveText(before ?? '');
    }
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
    await expect(page.getByTestId('proposal-other').first()).toBeVisible();
    await checked(page, 'a proposal');
    await page.getByTestId('review-proposal').locator('.review-no').click();
    await page.getByTestId('review-proposal').locator('button[type="submit"]').click();
    await expect(page.getByTestId('review-proposal').locator('.field-error')).toBeVisible();
    await checked(page, 'the rejection form');
    await page.context().close();
    await shots(browser, '/review', 'review-proposal');
  });
});
