// One page visits every route and checks every rule there, where there was one test per route (a new browser
// context, a sign-in and a first load each time). Each route is a step of its own, and each rule a soft
// assertion named after the route and the rule: one failing route does not hide the routes after it.
import type { ConsoleMessage, Page, Request } from '@playwright/test';
import { expect, isCspViolation, test } from './fixtures.ts';

/** How long no request may be in flight before a screen counts as settled, as Playwright's networkidle waits. */
const QUIET_MS = 500;

/** The requests in flight on each page opened with openInApp, and when the last of them ended. */
const traffic = new WeakMap<Page, { inFlight: Set<Request>; quietSince: number }>();

function follow(page: Page) {
  if (traffic.has(page)) return;
  const state = { inFlight: new Set<Request>(), quietSince: performance.now() };
  traffic.set(page, state);
  page.on('request', (request) => state.inFlight.add(request));
  const ended = (request: Request) => {
    state.inFlight.delete(request);
    if (state.inFlight.size === 0) state.quietSince = performance.now();
  };
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
}

/**
 * Opens `url` as a reader moving through the app does, where the page already holds the app of that origin: the
 * router follows history.pushState, so the app, its scripts and its catalogue are not loaded again for every
 * route. Elsewhere (a first visit, another origin, a target with a hash, which the app reads on load) it loads
 * the page. Then waits until main shows the route's screen (its data-path, set once the router has settled), a
 * heading is there, and no request has been in flight for half a second, as networkidle waits after a load.
 */
export async function openInApp(page: Page, url: string): Promise<void> {
  follow(page);
  const target = new URL(url, page.url() === 'about:blank' ? undefined : page.url());
  const here = page.url() === 'about:blank' ? null : new URL(page.url());
  const inApp =
    here !== null &&
    here.origin === target.origin &&
    target.hash === '' &&
    (await page.locator('main#main').count()) > 0;
  if (inApp)
    await page.evaluate((path) => window.history.pushState(null, '', path), target.pathname + target.search);
  else await page.goto(target.href);
  await page.waitForFunction(() => {
    const main = document.querySelector('main#main');
    return main instanceof HTMLElement && main.dataset.path === window.location.pathname;
  });
  await expect(page.locator('main h1').first()).toBeAttached();
  const state = traffic.get(page)!;
  await expect
    .poll(() => state.inFlight.size === 0 && performance.now() - state.quietSince >= QUIET_MS, {
      message: `the requests of ${target.pathname} ended`,
      intervals: [100],
    })
    .toBe(true);
}

/** A rule checked on each route: what breaks it on the page, as sentences (empty when nothing does). */
export type RouteRule = (page: Page) => Promise<string[]>;

/**
 * Opens each route in turn on `page` with `open`, and checks each of `rules` there, and that loading it broke
 * no Content-Security-Policy rule. A route that cannot be opened (its heading never shows, say) is a failure
 * naming the route, and the next route is checked all the same. Each route adds to the test's time what a test
 * of its own had (the project's timeout), so that a loaded machine fails no route the separate tests passed.
 */
export async function checkEveryRoute<Route extends string>(
  page: Page,
  routes: readonly Route[],
  open: (page: Page, route: Route) => Promise<void>,
  rules: Record<string, RouteRule>,
): Promise<void> {
  const info = test.info();
  // A timeout of 0 is none at all (a debugging run): it stays so.
  if (info.timeout > 0) test.setTimeout(info.timeout + routes.length * info.project.timeout);
  let violations: string[] = [];
  const listen = (message: ConsoleMessage) => {
    if (isCspViolation(message)) violations.push(message.text());
  };
  page.on('console', listen);
  for (const route of routes)
    await test.step(route, async () => {
      violations = [];
      try {
        await open(page, route);
      } catch (error) {
        expect.soft(() => rethrow(error), `${route}: the screen opens`).not.toThrow();
        return;
      }
      for (const [rule, problemsOf] of Object.entries(rules)) {
        let problems: string[];
        try {
          problems = await problemsOf(page);
        } catch (error) {
          expect.soft(() => rethrow(error), `${route}: ${rule} (the check could not run)`).not.toThrow();
          continue;
        }
        expect.soft(problems, `${route}: ${rule}`).toEqual([]);
      }
      expect.soft(violations, `${route}: no Content-Security-Policy violation`).toEqual([]);
    });
  page.off('console', listen);
}

function rethrow(error: unknown): never {
  throw error;
}
