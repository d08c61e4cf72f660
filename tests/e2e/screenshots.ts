// Screenshots of a screen as its users see it, for looking at before a change lands: .tmp/shots/<name>-<width>-
// <theme>.png on a 360 x 740 touch phone and at 1280 px, in the light and the dark theme.
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';

export const PHONE = { width: 360, height: 740 };
export const DESKTOP = { width: 1280, height: 900 };

export interface ShotOptions {
  /**
   * Reload the page for each theme and width (the default). False re-themes it in place, for a page that
   * cannot be reloaded (offline without a service worker).
   */
  reload?: boolean;
  /** Brings the screen back to what is shot after a reload (a dialog opened, a speaker chosen). */
  prepare?: () => Promise<void>;
  /** Also hold each of the four to the layout checks (nothing past the edges, no word broken). */
  checkLayout?: boolean;
}

/** Shoots `page` four ways; it ends at 360 px in the theme it had. */
export async function shootThemes(page: Page, name: string, options: ShotOptions = {}): Promise<void> {
  const { reload = true, prepare, checkLayout = false } = options;
  const folder = path.resolve('.tmp', 'shots');
  fs.mkdirSync(folder, { recursive: true });
  const before = await page.evaluate(() => localStorage.getItem('lopit.theme'));
  for (const theme of ['light', 'dark'] as const) {
    await page.evaluate((chosen) => localStorage.setItem('lopit.theme', chosen), theme);
    for (const viewport of [PHONE, DESKTOP]) {
      await page.setViewportSize(viewport);
      if (reload) {
        await page.reload();
        await expect(page.locator('main h1').first()).toBeVisible();
      } else {
        await page.evaluate((chosen) => document.documentElement.setAttribute('data-theme', chosen), theme);
      }
      await prepare?.();
      if (checkLayout)
        expect(await layoutProblems(page), `${name} at ${viewport.width} px, ${theme}`).toEqual([]);
      // Transitions of the theme's colours end before the picture is taken.
      await page.waitForTimeout(300);
      await page.screenshot({
        path: path.join(folder, `${name}-${viewport.width}-${theme}.png`),
        fullPage: true,
      });
    }
  }
  await page.evaluate(
    (theme) =>
      theme === null ? localStorage.removeItem('lopit.theme') : localStorage.setItem('lopit.theme', theme),
    before,
  );
  await page.setViewportSize(PHONE);
  if (reload) await page.reload();
  else
    await page.evaluate(
      (theme) => document.documentElement.setAttribute('data-theme', theme ?? 'dark'),
      before,
    );
}
