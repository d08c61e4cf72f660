// Shared end-to-end helpers: unique accounts, and a check that no page breaks the Content-Security-Policy.
import {
  test as base,
  expect,
  type APIRequestContext,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from '@playwright/test';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.org`;
}

export async function signUpViaUi(
  page: Page,
  name = 'Field Tester',
  email = uniqueEmail(),
  password = 'a long password',
) {
  await page.goto('/signup');
  await page.getByLabel('Full name').fill(name);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByLabel('Confirm password', { exact: true }).fill(password);
  await page.getByRole('checkbox').check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL('/');
  return { name, email, password };
}

/** Signs up through the API (fast set-up for tests that are not about signing up). */
export async function signUpByApi(request: APIRequestContext, base: string, name: string) {
  const password = 'a long password';
  const response = await request.post(`${base}/api/auth/signup`, {
    data: { name, email: uniqueEmail(name.toLowerCase()), password },
  });
  expect(response.ok(), `sign-up answered ${response.status()} ${await response.text()}`).toBe(true);
  const account = (await response.json()) as { token: string; user: { id: string; email: string } };
  return { ...account, password };
}

/** An account signed up through the API, with its token and password. */
export type Account = Awaited<ReturnType<typeof signUpByApi>>;

/** The header that signs a request in as `account`. */
export const bearer = (account: Pick<Account, 'token'>) => ({ Authorization: `Bearer ${account.token}` });

/** GETs `url` of the server at `base` as `account`; the test fails, with the answer, unless it is 2xx. */
export async function getJsonAs<T>(
  request: APIRequestContext,
  base: string,
  account: Pick<Account, 'token'>,
  url: string,
): Promise<T> {
  const response = await request.get(`${base}${url}`, { headers: bearer(account) });
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/**
 * Waits until the server has inspected every recording `account` owns (issue 33: an upload is answered when its
 * bytes are safe, and a clip enters review and transcription only once inspected, which takes longer on a busy
 * machine). A screen that lists clips to review or write down is opened after this.
 */
export async function waitForInspected(
  request: APIRequestContext,
  base: string,
  account: Pick<Account, 'token'>,
) {
  await expect
    .poll(
      async () =>
        (
          await getJsonAs<{ recordings: { inspection: string }[] }>(
            request,
            base,
            account,
            '/api/audio/recordings?limit=100',
          )
        ).recordings.filter((recording) => recording.inspection === 'inspecting').length,
      { timeout: 120_000, intervals: [500] },
    )
    .toBe(0);
}

/**
 * Signs up an account that is surely a contributor. A server's first account is its admin, whose translations are
 * approved at once; on the shared server whichever test signs up first gets that role, so a test about
 * contributors' proposals makes another account when it drew the first.
 */
export async function signUpContributorByApi(request: APIRequestContext, base: string, name: string) {
  const account = await signUpByApi(request, base, name);
  if ((account.user as { role?: string }).role !== 'admin') return account;
  return signUpByApi(request, base, name);
}

/** Grants consent of this type through the API (a contributor who chose it on another visit). */
export async function grantConsentByApi(
  request: APIRequestContext,
  base: string,
  token: string,
  type: 'recording' | 'translation' | 'full',
) {
  const response = await request.post(`${base}/api/consent/submit`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { consent_type: type },
  });
  expect(response.ok(), `consent answered ${response.status()} ${await response.text()}`).toBe(true);
}

/** Made-up words for the Lopit side of test sentences: no Lopit is invented. */
const MADE_UP_WORDS = ['zorbel', 'quandy', 'mipa', 'vintaro', 'kwinta', 'tessaro', 'kelo', 'quell'];

/**
 * Gives `count` untranslated sentences an approved "Lopit" text in a made-up language, as an admin's save does
 * (Speak and the recorder read approved Lopit only), taking them from the end of the list so the tests that
 * translate the first untranslated sentence are not disturbed. Needs an admin with translation consent; returns
 * the sentences with the texts given.
 */
export async function approveLopitTexts(
  request: APIRequestContext,
  base: string,
  adminToken: string,
  count: number,
): Promise<{ id: number; english: string; lopit: string }[]> {
  const headers = { Authorization: `Bearer ${adminToken}` };
  const listed = await request.get(`${base}/api/translation/pairs`, { headers });
  expect(listed.ok(), await listed.text()).toBe(true);
  const { pairs } = (await listed.json()) as {
    pairs: { id: number; english: string; lopit: string; version: number }[];
  };
  const chosen = pairs.filter((pair) => pair.lopit === '').slice(-count);
  expect(chosen).toHaveLength(count);
  const given: { id: number; english: string; lopit: string }[] = [];
  for (const [index, pair] of chosen.entries()) {
    const text = `${MADE_UP_WORDS[index % MADE_UP_WORDS.length]} ${MADE_UP_WORDS[(index * 3 + 1) % MADE_UP_WORDS.length]} ${pair.id}`;
    const saved = await request.post(`${base}/api/translation/save`, {
      headers,
      data: { id: pair.id, translation: text, baseVersion: pair.version },
    });
    expect(saved.ok(), `approving a text answered ${saved.status()} ${await saved.text()}`).toBe(true);
    const { pair: after } = (await saved.json()) as { pair: { lopit: string; status: string } };
    expect(after).toMatchObject({ lopit: text, status: 'approved' });
    given.push({ id: pair.id, english: pair.english, lopit: text });
  }
  return given;
}

/** Signs a browser context in with a token, the way the app stores a remembered session. */
export async function signInContext(
  context: BrowserContext,
  base: string,
  session: { token: string; user: unknown },
) {
  await context.addInitScript(
    ([origin, token, user]) => {
      if (window.location.origin !== origin || localStorage.getItem('lopit.auth.token')) return;
      localStorage.setItem('lopit.auth.token', token);
      localStorage.setItem('lopit.auth.user', user);
    },
    [new URL(base).origin, session.token, JSON.stringify(session.user)] as const,
  );
}

/** Whether a message of the page's console reports a Content-Security-Policy violation. */
export function isCspViolation(message: ConsoleMessage): boolean {
  return message.type() === 'error' && /Content Security Policy/i.test(message.text());
}

/** Fails the test if the page reports a CSP violation. */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ page }, use) => {
      const violations: string[] = [];
      page.on('console', (message) => {
        if (isCspViolation(message)) violations.push(message.text());
      });
      await use(violations);
      expect(violations, 'Content-Security-Policy violations').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

/** Waits until the service worker has installed (precache done) and controls the page. */
export async function waitForOfflineReady(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
    if (!navigator.serviceWorker.controller) {
      await new Promise<void>((resolve) =>
        navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }),
      );
    }
  });
}

/**
 * Waits until a signed-in phone has finished getting ready for the field (src/features/field): while it runs, a
 * banner sits above every screen, so geometry measured meanwhile is not the screen's own.
 */
export async function waitForFieldCheck(page: Page) {
  const banner = page.getByTestId('field-banner');
  await expect
    .poll(async () => (await banner.count()) === 0 || (await banner.getByRole('button').count()) > 0, {
      timeout: 90_000,
    })
    .toBe(true);
}

/** How many rows one IndexedDB store of the app holds (the app's database, `lopit`). */
export function storeCount(page: Page, store: string): Promise<number> {
  return page.evaluate(
    (name) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open('lopit');
        open.onerror = () => reject(new Error(String(open.error)));
        open.onsuccess = () => {
          const count = open.result.transaction(name).objectStore(name).count();
          count.onsuccess = () => {
            resolve(count.result);
            open.result.close();
          };
          count.onerror = () => reject(new Error(String(count.error)));
        };
      }),
    store,
  );
}

/** Rows waiting in the phone's outbox. */
export const outboxRows = (page: Page) => storeCount(page, 'outbox');

/**
 * Plays the clip of a Listen card to its end, as a reviewer must before Yes and No answer (they stay
 * aria-disabled until then, and Playwright waits on them forever). The card after an answer starts by itself, so
 * Play is pressed only while the card says Play: pressing it during the autoplay would pause the clip.
 */
export async function playClipThrough(card: Locator) {
  const no = card.getByRole('button', { name: 'No', exact: true });
  await expect(async () => {
    const play = card.getByRole('button', { name: 'Play', exact: true });
    if (await play.isVisible()) await play.click({ timeout: 5_000 });
    await expect(no).toBeEnabled({ timeout: 5_000 });
  }).toPass({ timeout: 60_000 });
}
