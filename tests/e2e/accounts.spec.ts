import { spawnSync } from 'node:child_process';
import { E2E_DATA_DIR } from '../../playwright.config.ts';
import { expect, signInContext, signUpByApi, signUpViaUi, test } from './fixtures.ts';

const PAGES = ['/login', '/signup', '/forgot-password', '/chat', '/families'];

for (const theme of ['dark', 'light'] as const) {
  test(`no horizontal scrolling at 360 px on account and tool pages (${theme})`, async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('lopit.theme', value), theme);
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page.locator('main')).not.toBeEmpty();
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

const SIGNED_IN_PAGES = [
  '/translation',
  '/recording',
  '/training',
  '/data',
  '/consent',
  '/profile',
  '/settings',
];

for (const theme of ['dark', 'light'] as const) {
  test(`no horizontal scrolling at 360 px on the contributor pages, signed in (${theme})`, async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const me = await signUpByApi(request, baseURL!, 'Narrow');
    await signInContext(context, baseURL!, me);
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await page.evaluate((value) => localStorage.setItem('lopit.theme', value), theme);
    for (const path of SIGNED_IN_PAGES) {
      await page.goto(path);
      await expect(page.locator('main h1').first()).toBeVisible();
      // Let the page's data arrive: tables and cards are what could be too wide.
      await page.waitForLoadState('networkidle');
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
    }
  });
}

test('an admin manages roles and creates a reset link the user can use', async ({ page, browser }) => {
  const admin = await signUpViaUi(page, 'Admin Person');
  // Whichever test signed up first is the installation's first admin; make this account one through the
  // recovery command, which talks to the running e2e server.
  const granted = spawnSync(
    process.execPath,
    ['node_modules/tsx/dist/cli.mjs', 'scripts/admin.ts', 'grant', admin.email],
    {
      env: { ...process.env, DATA_DIR: E2E_DATA_DIR, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  expect(granted.stderr).toContain('The server is running');
  expect(granted.stdout).toContain('is now an admin');
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Community administration' })).toBeVisible();

  const other = await browser.newPage();
  const member = await signUpViaUi(other, 'Member Person');
  await page.reload();
  const row = page.getByTestId('admin-user-row').filter({ hasText: member.email });
  await row.getByRole('combobox').selectOption('admin');
  await expect(row.getByRole('combobox')).toHaveValue('admin');
  await row.getByRole('combobox').selectOption('contributor');
  await row.getByRole('button', { name: 'Create reset link' }).click();
  const link = await row.getByRole('textbox').inputValue();
  expect(link).toContain('/forgot-password?token=');

  await other.goto(link);
  // The signed-in page settles first (its session check and catalogue): a click on the form before that was
  // once lost on a loaded machine (nothing was sent).
  await other.waitForLoadState('networkidle');
  await other.getByLabel('New password', { exact: true }).fill('a brand new password');
  await other.getByLabel('Confirm new password', { exact: true }).fill('a brand new password');
  await other.getByRole('button', { name: 'Set new password' }).click();
  await expect(other.locator('main').getByRole('status')).toContainText('Your password has been changed');
  await other.goto('/login');
  await other.getByLabel('Email').fill(member.email);
  await other.getByLabel('Password', { exact: true }).fill('a brand new password');
  await other.getByRole('button', { name: 'Sign in' }).click();
  await expect(other).toHaveURL('/');
  expect(admin.email).not.toBe(member.email);

  // Both imports share one form: a missing file is a field error; a file gets the server's report.
  const pairsPanel = page.locator('section', {
    has: page.getByRole('heading', { name: 'Import translation pairs' }),
  });
  await pairsPanel.getByRole('button', { name: 'Import pairs' }).click();
  await expect(pairsPanel.getByText('Choose a CSV or TSV file to import.')).toBeVisible();
  const stamp = Date.now();
  await pairsPanel.getByLabel('CSV or TSV file').setInputFiles({
    name: 'pairs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(
      `english,lopit,category\nZorp greeting ${stamp},blix-ta,greetings\nZorp greeting ${stamp},blix-ta,greetings\n`,
    ),
  });
  await pairsPanel.getByRole('button', { name: 'Import pairs' }).click();
  await expect(pairsPanel.getByTestId('import-report')).toContainText(
    /Accepted\s*1\s*Duplicates\s*1\s*Refused\s*0/,
  );
  const lexiconPanel = page.locator('section', {
    has: page.getByRole('heading', { name: 'Lexicon', exact: true }),
  });
  await lexiconPanel.getByRole('button', { name: 'Import lexicon' }).click();
  await expect(lexiconPanel.getByText('Choose a CSV, TSV or JSON file to import.')).toBeVisible();
  await lexiconPanel.getByLabel('CSV, TSV or JSON file').setInputFiles({
    name: 'lexicon.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify([{ lopit: `zorpa-${stamp}`, english: `zorp word ${stamp}` }])),
  });
  await lexiconPanel.getByRole('button', { name: 'Import lexicon' }).click();
  await expect(lexiconPanel.getByTestId('lexicon-import-report')).toContainText(
    /Accepted\s*1\s*Duplicates\s*0/,
  );
});

test('profile edits the name and changes the password', async ({ page }) => {
  const account = await signUpViaUi(page, 'Old Name');
  await page.goto('/profile');
  await page.getByLabel('Full name').fill('New Name');
  await page.getByRole('button', { name: 'Save name' }).click();
  await expect(page.getByText('✓ Name saved')).toBeVisible();
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByTestId('user-menu-button')).toContainText('New Name');
  await page.keyboard.press('Escape');

  await page.getByLabel('Current password', { exact: true }).fill('wrong one');
  await page.getByLabel('New password', { exact: true }).fill('short');
  await page.getByLabel('Confirm new password', { exact: true }).fill('other');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('another long password');
  await page.getByLabel('Confirm new password', { exact: true }).fill('another long password');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Your current password is not correct')).toBeVisible();
  await page.getByLabel('Current password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByText('Password changed')).toBeVisible();
});

test('without a connection, signing in says so and what still works', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/login');
  await expect(page.getByLabel('Email')).toBeVisible();
  await page.context().setOffline(true);
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Password', { exact: true }).press('Enter');
  // The client's own retries of a request that found no network come first (seconds on a loaded machine).
  await expect(page.getByTestId('login-error')).toContainText(
    'There is no connection, and signing in needs one',
    { timeout: 45_000 },
  );
  await page.context().setOffline(false);
});

test('without a connection, signing up says so and what still works', async ({ page }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/signup');
  await expect(page.locator('input[name="acceptTerms"]')).toBeVisible();
  await page.context().setOffline(true);
  await page.getByLabel('Full name').fill('Kelo Zorbel');
  await page.getByLabel('Email').fill('nobody@example.org');
  await page.getByLabel('Password', { exact: true }).fill('a long enough password');
  await page.getByLabel('Confirm password', { exact: true }).fill('a long enough password');
  await page.locator('input[name="acceptTerms"]').check();
  await page.getByLabel('Confirm password', { exact: true }).press('Enter');
  await expect(page.getByTestId('signup-error')).toContainText(
    'There is no connection, and making an account needs one',
    { timeout: 45_000 },
  );
  await page.context().setOffline(false);
});
