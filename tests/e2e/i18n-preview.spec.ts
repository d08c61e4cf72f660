// The app in a community language for real (issue 35), on a 360 px touch phone, on a server of its own (its first
// account is the admin): each page's title names the page, in the chosen language; a visitor finds the language
// in the signed-out menu and the footer; a translator previews a language far below the listing share, seeing the
// approved texts, their own proposals underlined and English (marked lang="en") for the rest, and proposing keeps
// the message in view with a confirmation. The language is Blorpish, made up (qaa is ISO 639's range for local
// use); no Lopit is invented. Also: the chat's placeholder names no keys on a phone, and fits in the field.
// I18N_SHOTS=1 also writes screenshots (.tmp/shots).
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { shell } from '../../core/i18n/messages/shell.ts';
import { expect, signInContext, signUpByApi, test, type Account } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { PHONE, shootThemes } from './screenshots.ts';
import { ownServer } from './server-process.ts';

const server = ownServer('i18n-preview');
const TOUCH = { viewport: PHONE, isMobile: true, hasTouch: true };
const SHOTS = Boolean(process.env.I18N_SHOTS);
/** Made-up words the admin approves, and one the translator proposes. */
const APPROVED = { [shell.navVillages.id]: 'Blorpa vilazh', [shell.brand.id]: 'Blorp Kominiti' };
const PROPOSED = { id: shell.navAbout.id, text: 'Blorp abaut' };

let admin: Account;
let translator: Account;

const as = (account: Account) => ({ Authorization: `Bearer ${account.token}` });

async function addBlorpish(request: APIRequestContext) {
  const base = server.url;
  expect(
    (
      await request.post(`${base}/api/admin/i18n/languages`, {
        headers: as(admin),
        data: { code: 'qaa', name: 'Blorpish' },
      })
    ).status(),
  ).toBe(201);
  // The admin's own translations are approved at once (issue 35).
  for (const [messageId, text] of Object.entries(APPROVED)) {
    const response = await request.post(`${base}/api/i18n/proposals`, {
      headers: as(admin),
      data: { language: 'qaa', messageId, text },
    });
    expect(response.ok(), await response.text()).toBe(true);
    expect(((await response.json()) as { proposal: { state: string } }).proposal.state).toBe('approved');
  }
  const proposed = await request.post(`${base}/api/i18n/proposals`, {
    headers: as(translator),
    data: { language: 'qaa', messageId: PROPOSED.id, text: PROPOSED.text },
  });
  expect(proposed.ok()).toBe(true);
}

test.beforeAll(async ({ request }) => {
  admin = await signUpByApi(request, server.url, 'Curator');
  translator = await signUpByApi(request, server.url, 'Translator');
  await addBlorpish(request);
});

/** A phone in English (chosen before), signed in as `account` when given. */
async function phone(browser: Browser, account?: Account): Promise<Page> {
  const context = await browser.newContext(TOUCH);
  if (account) await signInContext(context, server.url, account);
  await context.addInitScript(() => {
    if (!localStorage.getItem('lopit.locale')) localStorage.setItem('lopit.locale', 'en');
  });
  return context.newPage();
}

test('each page has its own title, in the chosen language', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`${server.url}/villages`);
  await expect(page).toHaveTitle('Villages · Lopit Community');
  await page.goto(`${server.url}/`);
  await expect(page).toHaveTitle('Lopit Community');
  // Moving inside the app changes it too.
  await page.getByRole('button', { name: 'Menu' }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'About' }).click();
  await expect(page).toHaveTitle('About · Lopit Community');
  await page.goto(`${server.url}/login`);
  await expect(page).toHaveTitle('Sign in · Lopit Community');

  // In Blorpish (chosen on this device): the approved words, English for the page names not yet translated,
  // and <html lang> the chosen language with the English marked lang="en".
  await page.evaluate(() => localStorage.setItem('lopit.locale', 'qaa'));
  await page.goto(`${server.url}/villages`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'qaa');
  await expect(page).toHaveTitle('Blorpa vilazh · Blorp Kominiti');
  await page.goto(`${server.url}/culture`);
  await expect(page).toHaveTitle('Culture · Blorp Kominiti');
  await expect(page.locator('.brand span')).toHaveText('Blorp Kominiti');
  await expect(page.locator('.brand span')).not.toHaveAttribute('lang', /.*/);
  await expect(page.getByRole('link', { name: 'Terms' })).toHaveAttribute('lang', 'en');
  await page.context().close();
});

test('on a phone the chat names no keys, and its placeholder fits', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`${server.url}/chat`);
  await expect(page).toHaveTitle('Chat · Lopit Community');
  const input = page.getByLabel('Message');
  await expect(input).toHaveAttribute('placeholder', 'Type in English or Lopit');
  // Inside the field's lines, as the browser lays it out in the field's font and width (it used to be cut off).
  const room = await input.evaluate((field: HTMLTextAreaElement | HTMLInputElement) => {
    const style = getComputedStyle(field);
    const copy = document.createElement('div');
    for (const name of ['font', 'padding', 'border', 'boxSizing', 'lineHeight', 'letterSpacing'] as const)
      copy.style[name] = style[name];
    Object.assign(copy.style, {
      width: `${field.offsetWidth}px`,
      whiteSpace: 'pre-wrap',
      position: 'absolute',
    });
    copy.textContent = field.getAttribute('placeholder');
    document.body.append(copy);
    const height = copy.offsetHeight;
    copy.remove();
    return field.offsetHeight - height;
  });
  expect(room).toBeGreaterThanOrEqual(0);
  await page.context().close();
});

test('signed out on a phone, the language is found in the menu and in the footer', async ({ browser }) => {
  const page = await phone(browser);
  await page.goto(`${server.url}/villages`);
  // On a phone; at 1280 px (the screenshots' other width) the bar has no Menu and the footer holds Language.
  const openMenu = async () => {
    await expect(page.locator('main h1').first()).toBeVisible();
    if (!(await page.getByRole('button', { name: 'Menu' }).isVisible())) return;
    await page.getByRole('button', { name: 'Menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Settings' }),
    ).toBeVisible();
  };
  await openMenu();
  expect(await layoutProblems(page)).toEqual([]);
  if (SHOTS) {
    await shootThemes(page, 'signed-out-menu', { prepare: openMenu, checkLayout: true });
    await openMenu(); // The shots end with a reload.
  }
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('link', { name: 'Settings' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByTestId('language-choice')).toBeVisible();

  await page.goto(`${server.url}/history`);
  await page.getByTestId('footer-language').click();
  await expect(page).toHaveURL(/\/settings#language$/);
  await expect(page.getByTestId('language-choice')).toBeInViewport();
  // Far below the listing share, Blorpish is not offered to a visitor.
  await expect(page.getByTestId('language-choice').getByRole('radio')).toHaveCount(1);
  await page.context().close();
});

test('a translator previews their language at any share, and proposing keeps the message in view', async ({
  browser,
}) => {
  const page = await phone(browser, translator);
  await page.goto(`${server.url}/translate-app`);
  await expect(page.getByTestId('ui-message').first()).toBeVisible();
  await page.getByTestId('preview-start').click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'qaa');
  const banner = page.getByTestId('preview-banner');
  await expect(banner).toContainText('Preview of Blorpish');
  await expect(page).toHaveTitle('Translate the app · Blorp Kominiti');

  // The approved words and the translator's own proposal in place, the proposal underlined with dots, the
  // English of the rest marked as English.
  await page.getByRole('button', { name: 'Menu' }).click();
  const menu = page.getByRole('navigation', { name: 'Mobile' });
  await expect(menu.getByRole('link', { name: 'Blorpa vilazh' })).toBeVisible();
  const about = menu.getByRole('link', { name: PROPOSED.text });
  await expect(about).toHaveAttribute('data-i18n-proposed', '');
  expect(await about.evaluate((link) => getComputedStyle(link).textDecorationStyle)).toBe('dotted');
  await expect(menu.getByRole('link', { name: 'Blorpa vilazh' })).not.toHaveAttribute('data-i18n-proposed');
  await expect(menu.getByRole('link', { name: 'Culture' })).toHaveAttribute('lang', 'en');
  expect(await layoutProblems(page)).toEqual([]);
  await page.getByRole('button', { name: 'Menu' }).click();
  if (SHOTS)
    await shootThemes(page, 'translator-preview', {
      checkLayout: true,
      // The menu open, its words in place: approved, proposed (underlined) and English.
      prepare: async () => {
        await expect(page.getByTestId('ui-message').first()).toBeVisible();
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('navigation', { name: 'Mobile' })).toBeVisible();
      },
    });

  // Proposing in the list: the card stays where it is, saying it is saved, and the preview takes it in.
  await expect(page.getByTestId('preview-banner')).toBeVisible();
  const card = page.getByTestId('ui-message').first();
  const id = (await card.getAttribute('data-message-id'))!;
  const cardOf = page.locator(`[data-testid="ui-message"][data-message-id="${id}"]`);
  await cardOf.getByLabel('Your translation').fill('Blorp zib');
  await cardOf.getByRole('button', { name: 'Propose' }).click();
  await expect(cardOf.getByTestId('ui-saved')).toBeVisible();
  await expect(page.getByTestId('sync-indicator')).toContainText('All saved');
  await expect(cardOf.getByTestId('ui-proposal')).toContainText('Blorp zib');
  await expect(cardOf).toBeInViewport();
  await expect(page.getByTestId('ui-message').first()).toHaveAttribute('data-message-id', id);

  // Stopping the preview brings back the language chosen in Settings.
  await banner.getByRole('button', { name: 'Stop preview' }).click();
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(banner).toHaveCount(0);
  await expect(page).toHaveTitle('Translate the app · Lopit Community');
  await page.context().close();
});
