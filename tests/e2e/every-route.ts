// One page visits every route and checks every rule there, where there was one test per route (a new browser
// context, a sign-in and a first load each time). Each route is a step of its own, and each rule a soft
// assertion named after the route and the rule: one failing route does not hide the routes after it.
import type { ConsoleMessage, Page } from '@playwright/test';
import { expect, isCspViolation, test } from './fixtures.ts';

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
