// Every screen (public, contributor and admin) on a 360 x 740 touch phone, in both themes, checked by geometry (bounding
// boxes, not screenshots): nothing reaches past the screen's edges, no control's words break inside a word, no
// control is squeezed to a sliver, every item of the menu can be reached inside the screen, dialogs fit and open
// at their top with their title focused, and the families graph starts within the first screen. Texts typed
// here are in an obviously made-up language.
import type { Page } from '@playwright/test';
import {
  expect,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  test,
  waitForFieldCheck,
} from './fixtures.ts';
import { checkEveryRoute, openInApp, type RouteRule } from './every-route.ts';
import { layoutProblems } from './layout-checks.ts';
import { START_HOOK_TIMEOUT_MS, startServer, type ServerProcess } from './server-process.ts';

const PHONE = { width: 360, height: 740 };
const THEMES = ['light', 'dark'] as const;
const ROUTES = [
  '/',
  '/about',
  '/villages',
  '/culture',
  '/history',
  '/chat',
  '/families',
  '/profile',
  '/settings',
  '/consent',
  '/translation',
  '/translate',
  '/recording',
  '/speak',
  '/tell',
  '/repeat',
  '/sentences',
  '/speakers',
  '/transcribe',
  '/listen',
  '/review',
  '/training',
  '/data',
  '/admin',
] as const;

let server: ServerProcess;
let admin: Awaited<ReturnType<typeof signUpByApi>>;

test.use({ viewport: PHONE, isMobile: true, hasTouch: true });

test.beforeAll(async ({ request }) => {
  // A server of its own starts PGlite, which can take minutes on a loaded machine: more than a hook's budget.
  test.setTimeout(START_HOOK_TIMEOUT_MS);
  server = await startServer('layout');
  // The first account of a fresh server is its admin; a second gives the users list more than one row.
  admin = await signUpByApi(request, server.url, 'Curator');
  await signUpByApi(request, server.url, 'Helper');
  await grantConsentByApi(request, server.url, admin.token, 'full');
  // A saved translation with a long unbroken word, so the History dialog has a revision that could overflow.
  const auth = { Authorization: `Bearer ${admin.token}` };
  const pairs = (await (
    await request.get(`${server.url}/api/translation/pairs`, { headers: auth })
  ).json()) as {
    pairs: { id: number; version: number }[];
  };
  const first = pairs.pairs[0];
  if (!first) throw new Error('The server holds no pairs');
  const saved = await request.post(`${server.url}/api/translation/save`, {
    headers: auth,
    data: { id: first.id, translation: `zq${'vorbleth'.repeat(8)} mip`, baseVersion: first.version },
  });
  expect(saved.ok()).toBe(true);
});
test.afterAll(async () => {
  await server?.stop();
});

/** Signs the page's browser in as the admin, in this theme, for every page it loads from now on. */
async function prepare(page: Page, theme: (typeof THEMES)[number]) {
  await signInContext(page.context(), server.url, admin);
  await page.addInitScript((chosen) => localStorage.setItem('lopit.theme', chosen), theme);
}

/** Opens the route and waits until it has settled (its heading, its requests, the phone's field check). */
async function visit(page: Page, path: string) {
  await openInApp(page, `${server.url}${path}`);
  await waitForFieldCheck(page);
}

async function open(page: Page, path: string, theme: (typeof THEMES)[number]) {
  await prepare(page, theme);
  await visit(page, path);
}

/** The open dialog fits the screen, opened at its top, with its title focused. */
async function expectDialogFits(page: Page) {
  const dialog = page.locator('dialog[open]');
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box && box.x >= 0 && box.x + box.width <= PHONE.width, 'dialog within the screen width').toBe(true);
  expect(box && box.y >= 0 && box.y + box.height <= PHONE.height, 'dialog within the screen height').toBe(
    true,
  );
  const title = dialog.locator('h2').first();
  await expect(title).toBeFocused();
  const titleBox = await title.boundingBox();
  expect(titleBox && titleBox.y >= 0 && titleBox.y + titleBox.height <= PHONE.height, 'title in sight').toBe(
    true,
  );
  expect(await dialog.evaluate((element) => element.scrollTop)).toBe(0);
  // Nothing inside reaches past its right edge (a long word typed by someone, a wide table).
  const overflowing = await dialog.evaluate((element) => {
    const right = element.getBoundingClientRect().right;
    return [...element.querySelectorAll('*')]
      .filter((inner) => inner.getBoundingClientRect().right > right + 1)
      .map(
        (inner) =>
          `<${inner.tagName.toLowerCase()}> “${(inner.textContent ?? '').slice(0, 30)}” ends at ${Math.round(inner.getBoundingClientRect().right)} px, past ${Math.round(right)} px`,
      );
  });
  expect(overflowing).toEqual([]);
}

/**
 * Switches the loaded page to the other theme as a reader does, with the app's own button in the menu (below
 * 1400 px the bar folds into Menu), and closes the menu again: no reload, so both themes are checked on one load.
 */
async function switchTheme(page: Page) {
  const before = await currentTheme(page);
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.locator('#mobile-menu').getByTestId('theme-toggle').click();
  await page.keyboard.press('Escape');
  await expect(page.locator('#mobile-menu')).toBeHidden();
  expect(await currentTheme(page), 'the theme switched').not.toBe(before);
}

const currentTheme = (page: Page) =>
  page.evaluate(() => (document.documentElement.dataset.theme === 'light' ? 'light' : 'dark'));

/** A rule checked in both themes on the page as loaded, each problem named with its theme. */
function inBothThemes(rule: RouteRule): RouteRule {
  return async (page) => {
    const problems: string[] = [];
    for (const turn of [0, 1]) {
      if (turn) await switchTheme(page);
      const theme = await currentTheme(page);
      problems.push(...(await rule(page)).map((problem) => `${theme} theme: ${problem}`));
    }
    return problems;
  };
}

test.describe('at 1280 px', () => {
  test.use({ viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false });
  test('every route in both themes: nothing past the edges, no word broken, the bar on one line', async ({
    page,
  }) => {
    await prepare(page, 'light');
    await checkEveryRoute(page, ROUTES, visit, {
      'nothing past the edges, no word broken': inBothThemes(layoutProblems),
      // The navigation bar never wraps onto a second line (it folds into Menu first).
      'the navigation bar on one line': inBothThemes(async () => {
        const bar = await page.locator('.nav-inner').boundingBox();
        if (!bar) return ['there is no navigation bar'];
        return bar.height <= 72 ? [] : [`the navigation bar is ${bar.height} px high, more than 72`];
      }),
    });
  });
});

test.describe('at 360 px', () => {
  test('every route in both themes: nothing past the edges, no word broken, no control squeezed', async ({
    page,
  }) => {
    await prepare(page, 'light');
    await checkEveryRoute(page, ROUTES, visit, {
      'nothing past the edges, no word broken, no control squeezed': inBothThemes(layoutProblems),
    });
  });
});

for (const theme of THEMES) {
  test.describe(`at 360 px in the ${theme} theme`, () => {
    test('every item of the menu is reachable inside the screen, even on the longest page', async ({
      page,
    }) => {
      await open(page, '/translation', theme);
      await page.mouse.wheel(0, 3000);
      await page.getByRole('button', { name: 'Menu' }).click();
      const menu = page.locator('#mobile-menu');
      const menuBox = await menu.boundingBox();
      expect(menuBox && menuBox.y + menuBox.height <= PHONE.height, 'the menu ends inside the screen').toBe(
        true,
      );
      const items = menu.locator('a, button');
      const count = await items.count();
      expect(count).toBeGreaterThan(10);
      for (let index = 0; index < count; index += 1) {
        const item = items.nth(index);
        await item.scrollIntoViewIfNeeded();
        const box = await item.boundingBox();
        expect(box && box.y >= 0 && box.y + box.height <= PHONE.height, `item ${index} in sight`).toBe(true);
        // Nothing covers it: a tap at its centre lands on it.
        const hit = await item.evaluate((element) => {
          const rect = element.getBoundingClientRect();
          const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
          return top !== null && element.contains(top);
        });
        expect(hit, `item ${index} can be tapped`).toBe(true);
      }
      await expect(menu.getByRole('button', { name: 'Sign out' })).toBeInViewport();
      await page.keyboard.press('Escape');
      await expect(menu).toBeHidden();
    });

    test('dialogs fit the phone and open at their top', async ({ page }) => {
      await open(page, '/translation', theme);
      await page
        .getByRole('button', { name: /^History of/ })
        .first()
        .click();
      await expect(page.getByTestId('revisions')).toBeVisible();
      await expectDialogFits(page);
      await page.keyboard.press('Escape');
      await open(page, '/villages', theme);
      await page.getByRole('button', { name: /Iboni/ }).click();
      await expectDialogFits(page);
    });

    test('the families view starts within the first screen; its tools fold away and open', async ({
      page,
    }) => {
      await open(page, '/families', theme);
      // A phone opens on the family view (the whole lineage is one tap away).
      const canvas = await page.getByTestId('families-circle').boundingBox();
      // At least a third of the first screen shows the graph, under the page's own top: the field banner, while
      // the phone is being made ready (or has failed to be), sits above every screen and is not counted.
      const banner = page.getByTestId('field-banner');
      const bannerBox = (await banner.count()) > 0 ? await banner.boundingBox() : null;
      const top = (canvas?.y ?? Infinity) - (bannerBox?.height ?? 0);
      expect(top <= PHONE.height * (2 / 3), `graph starts at ${top} px`).toBe(true);
      await expect(page.getByRole('button', { name: 'Reset View' })).toBeHidden();
      await page.getByRole('button', { name: 'Graph tools' }).click();
      await expect(page.getByRole('button', { name: 'Reset View' })).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
      await page.getByRole('button', { name: 'Whole lineage' }).click();
      await expect(page.getByTestId('families-canvas')).toHaveAttribute('data-ready', 'true');
      await expect(page.getByRole('button', { name: 'Zoom In' })).toBeVisible();
      expect(await layoutProblems(page)).toEqual([]);
    });
  });
}
