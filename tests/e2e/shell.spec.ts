import { INITIAL_JAVASCRIPT_BUDGET_KIB, initialJavaScript } from '../../scripts/lib/initial-javascript.ts';
import { expect, signUpViaUi, test, uniqueEmail } from './fixtures.ts';

const PUBLIC_LINKS = ['Home', 'About', 'Villages', 'Culture', 'History', 'Families', 'Chat'];
const CONTRIBUTOR_LINKS = ['Translation', 'Recording', 'Training', 'Data', 'Consent'];

test.describe('navigation bar', () => {
  test('shows public links and sign-in actions to visitors', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    for (const name of PUBLIC_LINKS) await expect(nav.getByRole('link', { name, exact: true })).toBeVisible();
    for (const name of CONTRIBUTOR_LINKS)
      await expect(nav.getByRole('link', { name, exact: true })).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Sign up' })).toBeVisible();
    await expect(page.getByTestId('theme-toggle')).toBeVisible();
  });

  test('offers a mobile menu on a 360 px phone', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.goto('/');
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden();
    await page.getByRole('button', { name: 'Menu' }).click();
    const menu = page.getByRole('navigation', { name: 'Mobile' });
    for (const name of PUBLIC_LINKS)
      await expect(menu.getByRole('link', { name, exact: true })).toBeVisible();
    await expect(menu.getByTestId('theme-toggle')).toBeVisible();
    await menu.getByRole('link', { name: 'About', exact: true }).click();
    await expect(page).toHaveURL('/about');
    await expect(menu).toBeHidden();
  });
});

test('the skip link stays out of sight until the keyboard reaches it, however tall, and leads to the content', async ({
  page,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await page.goto('/');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  // A translation longer than the English wraps it to several lines: it must still be out of sight.
  await skip.evaluate((link: HTMLElement) => (link.style.maxWidth = '4rem'));
  const hidden = (await skip.boundingBox())!;
  expect(hidden.height).toBeGreaterThan(60);
  expect(hidden.y + hidden.height).toBeLessThanOrEqual(0);
  await page.keyboard.press('Tab');
  await expect(skip).toBeFocused();
  const shown = (await skip.boundingBox())!;
  expect(shown.y).toBeGreaterThanOrEqual(0);
  expect(shown.y + shown.height).toBeLessThanOrEqual(740);
  await page.keyboard.press('Enter');
  await expect(page.locator('main#main')).toBeFocused();
  await expect(skip).not.toBeFocused();
  expect((await skip.boundingBox())!.y + hidden.height).toBeLessThanOrEqual(0);
});

test('theme is dark by default, toggles, and persists across a reload', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'light');
  const darkBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  await page.getByTestId('theme-toggle').click();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'light');
  const lightBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(lightBackground).not.toBe(darkBackground);
  await page.getByTestId('theme-toggle').click();
  await page.reload();
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', 'light');
});

test('unknown paths redirect home, replacing the history entry', async ({ page }) => {
  await page.goto('/about');
  await page.goto('/no/such/page');
  await expect(page).toHaveURL('/');
  await page.goBack();
  await expect(page).toHaveURL('/about');
});

test('sign up, see contributor links, sign out: token and chat history gone', async ({ page }) => {
  const { name } = await signUpViaUi(page);
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const link of CONTRIBUTOR_LINKS)
    await expect(nav.getByRole('link', { name: link, exact: true })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('lopit.auth.token'))).toBeTruthy();
  await page.evaluate(() => sessionStorage.setItem('lopit.chat.history', '[{"id":"1"}]'));

  const logout = page.waitForRequest(
    (request) => request.url().endsWith('/api/auth/logout') && request.method() === 'POST',
  );
  await page.getByTestId('user-menu-button').click();
  await expect(page.getByText(name).first()).toBeVisible();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await logout;
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  for (const link of CONTRIBUTOR_LINKS)
    await expect(nav.getByRole('link', { name: link, exact: true })).toHaveCount(0);
  expect(await page.evaluate(() => localStorage.getItem('lopit.auth.token'))).toBeNull();
  expect(await page.evaluate(() => sessionStorage.getItem('lopit.chat.history'))).toBeNull();
});

test('a wrong password shows the server message in the error box', async ({ page }) => {
  await page.goto('/login');
  await page.getByLabel('Email').fill(uniqueEmail('nobody'));
  await page.getByLabel('Password', { exact: true }).fill('wrong password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('login-error')).toHaveText('Invalid email or password');
  await page.getByLabel('Email').fill('changed@example.org');
  await expect(page.getByTestId('login-error')).toHaveCount(0);
});

test('signup shows each validation message and clears it when the field is edited', async ({ page }) => {
  await page.goto('/signup');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Name is required')).toBeVisible();
  await expect(page.getByText('Email is required')).toBeVisible();
  await expect(page.getByText('Password is required')).toBeVisible();
  await page.getByLabel('Full name').fill('Someone');
  await expect(page.getByText('Name is required')).toHaveCount(0);
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByLabel('Confirm password', { exact: true }).fill('different');
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByText('Please enter a valid email')).toBeVisible();
  await expect(page.getByText('Password must be at least 8 characters')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByText('You must accept the terms and privacy policy')).toBeVisible();
});

test('signup refuses a taken email with a clear message', async ({ page }) => {
  const { email } = await signUpViaUi(page);
  await page.evaluate(() => localStorage.clear());
  await page.goto('/signup');
  await page.getByLabel('Full name').fill('Second');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('another password');
  await page.getByLabel('Confirm password', { exact: true }).fill('another password');
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByTestId('signup-error')).toContainText('already exists');
});

test('contributor routes send visitors to sign in and return after it', async ({ page }) => {
  const account = await signUpViaUi(page);
  await page.getByTestId('user-menu-button').click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page.getByRole('link', { name: 'Sign in' })).toBeVisible();
  await page.goto('/consent');
  await expect(page).toHaveURL(/\/login\?redirect=/);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL('/consent');
  await expect(page.getByRole('heading', { name: 'Data Consent' })).toBeVisible();
});

test('the first load brings no more JavaScript than its budget, and the home page asks for those files', async ({
  page,
}) => {
  const chunks = initialJavaScript();
  const kib = chunks.reduce((sum, chunk) => sum + chunk.gzipBytes, 0) / 1024;
  expect(kib, `initial JavaScript ${kib.toFixed(1)} kB gzip`).toBeLessThanOrEqual(
    INITIAL_JAVASCRIPT_BUDGET_KIB,
  );
  // The files counted are the ones the served page loads first (the count reads the build the server serves).
  const loaded: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') loaded.push(new URL(request.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  for (const { file } of chunks) expect(loaded).toContain(`/assets/${file}`);
});
