// Failures in the interface's language (issue 18): a form's own checks, the server's field errors, its refusals
// and the client's own failures (no connection) are written in the chosen language. The pseudo-language
// (English accented and longer, inside [ ]) shows that nothing of them is left in English.
// On the shared server: nothing here stops it or needs a fresh installation (the accounts are its own).
import type { Page } from '@playwright/test';
import { expect, signUpByApi, test } from './fixtures.ts';

/** Text in the pseudo-language: bracketed, with no plain English letters outside the brackets. */
const PSEUDO_TEXT = /^\s*\[[^\]]+\]\s*$/;

async function openInPseudo(page: Page, path: string) {
  await page.addInitScript(() => localStorage.setItem('lopit.locale', 'en-XA'));
  await page.goto(path);
  await expect(page.locator('.brand span')).toHaveText(/^\[.*\]$/);
}

test('sign-up checks, a refused sign-in and a lost connection are written in the chosen language', async ({
  page,
  request,
  baseURL,
}) => {
  await openInPseudo(page, '/signup');
  // The form's own checks (core/api's schemas): an empty form and two different passwords.
  const form = page.locator('form');
  await form.locator('input[name="password"]').fill('short');
  await form.locator('input[type="checkbox"]').uncheck();
  await form.locator('button[type="submit"]').click();
  const errors = page.locator('.field-error');
  await expect(errors.first()).toBeVisible();
  const texts = await errors.allTextContents();
  expect(texts.length).toBeGreaterThanOrEqual(3);
  for (const text of texts) expect(text).toMatch(PSEUDO_TEXT);

  // The server refuses a sign-in in its own words: the code's message in the chosen language.
  const account = await signUpByApi(request, baseURL!, 'Erra');
  await page.goto('/login');
  await page.locator('input[name="email"]').fill(account.user.email);
  await page.locator('input[name="password"]').fill('not the password at all');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toHaveText(PSEUDO_TEXT);
  expect(await page.getByTestId('login-error').textContent()).not.toContain('Invalid email or password');

  // No connection: the client's own failure.
  await page.context().setOffline(true);
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toHaveText(PSEUDO_TEXT);
  await expect(page.getByTestId('login-error')).not.toHaveText(/Unable to connect/);
  await page.context().setOffline(false);
});

test('in English the texts are exactly the spec’s', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('lopit.locale', 'en'));
  await page.goto('/login');
  await page.locator('input[name="email"]').fill('nobody-here@example.org');
  await page.locator('input[name="password"]').fill('not the password at all');
  await page.locator('form button[type="submit"]').click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
});
