// Heritage and legal pages in the browser: villages and history modals, culture accordion, 360 px layout in both themes.
import { expect, test, type Page } from '@playwright/test';

const PHONE = { width: 360, height: 740 };
const NARROW_PAGES = ['/', '/about', '/villages', '/culture', '/history', '/terms', '/privacy'] as const;
const THEMES = ['dark', 'light'] as const;

/** Applies a theme the way the app does: `data-theme='light'` on <html>, none for dark (the default). */
async function applyTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.evaluate((value) => {
    if (value === 'light') document.documentElement.dataset.theme = 'light';
    else delete document.documentElement.dataset.theme;
  }, theme);
}

test.describe('home', () => {
  test('links to every part of the platform and to the source repository', async ({ page }) => {
    await page.goto('/');
    const main = page.locator('main');
    await expect(main.getByRole('heading', { level: 1 })).toBeVisible();
    for (const href of ['/about', '/villages', '/culture', '/history', '/chat', '/consent']) {
      await expect(main.locator(`a[href="${href}"]`).first()).toBeVisible();
    }
    await expect(main.getByRole('link', { name: /source code/i })).toHaveAttribute('href', /^https?:\/\//);
    for (const figure of ['7', '22', '14th', '2044']) {
      await expect(main.locator('.stat-value', { hasText: figure }).first()).toBeVisible();
    }
  });
});

test.describe('villages', () => {
  test('shows seven villages and highlights none while the primary village is unknown', async ({ page }) => {
    await page.goto('/villages');
    await expect(page.getByRole('heading', { level: 1, name: 'Seven Villages' })).toBeVisible();
    await expect(page.locator('.village-card')).toHaveCount(7);
    await expect(page.locator('.village-card-primary')).toHaveCount(0);
    await expect(page.getByText(/primary village is not publicly recorded/)).toBeVisible();
  });

  test('a card opens the modal with the village details; Close closes it', async ({ page }) => {
    await page.goto('/villages');
    await page.getByRole('button', { name: /Iboni/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Iboni' })).toBeVisible();
    for (const label of ['Role', 'Location', 'Coordinates', 'Administrative role', 'Description']) {
      await expect(dialog.locator('dt', { hasText: new RegExp(`^${label}$`) })).toBeVisible();
    }
    await expect(dialog.getByText('Awaiting community review').first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();
  });

  test('a backdrop click closes the modal', async ({ page }) => {
    await page.goto('/villages');
    await page.getByRole('button', { name: /Unnamed village \(5 of 7\)/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
  });

  test('works by keyboard: Enter opens, Escape closes and focus returns to the card', async ({ page }) => {
    await page.goto('/villages');
    const card = page.getByRole('button', { name: /Ohilang/ });
    await card.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(card).toBeFocused();
  });
});

test.describe('culture', () => {
  test('the accordion keeps at most one section open; choosing the open one closes it', async ({ page }) => {
    await page.goto('/culture');
    await expect(page.getByRole('heading', { name: 'The recent transition' })).toBeVisible();
    const triggers = page.locator('.accordion-trigger');
    await expect(triggers).toHaveCount(4);
    const expanded = page.locator('.accordion-trigger[aria-expanded="true"]');
    await expect(expanded).toHaveCount(0);

    const first = triggers.nth(0);
    const second = triggers.nth(1);
    const panelOf = async (trigger: typeof first) =>
      page.locator(`#${await trigger.getAttribute('aria-controls')}`);

    await first.click();
    await expect(first).toHaveAttribute('aria-expanded', 'true');
    await expect(await panelOf(first)).toBeVisible();
    await expect(expanded).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'true');
    await expect(first).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(first)).toBeHidden();
    await expect(await panelOf(second)).toContainText('22 years');
    await expect(expanded).toHaveCount(1);

    await second.click();
    await expect(second).toHaveAttribute('aria-expanded', 'false');
    await expect(await panelOf(second)).toBeHidden();
    await expect(expanded).toHaveCount(0);
  });

  test('the accordion works by keyboard', async ({ page }) => {
    await page.goto('/culture');
    const trigger = page.getByRole('button', { name: /Traditional governance/ });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Space');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('history', () => {
  test('the timeline has six events with year and type badges', async ({ page }) => {
    await page.goto('/history');
    await expect(page.locator('.timeline-item')).toHaveCount(6);
    await expect(page.locator('.badge-year', { hasText: '2022' })).toBeVisible();
    await expect(page.getByText('Year awaiting review').first()).toBeVisible();
  });

  test('an event opens the detail modal, which closes with Close and with a backdrop click', async ({
    page,
  }) => {
    await page.goto('/history');
    const event = page.getByRole('button', { name: /14th generation takes power/ });
    await event.click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'The 14th generation takes power' })).toBeVisible();
    await expect(dialog.getByRole('heading', { name: 'Details' })).toBeVisible();
    await expect(dialog.getByRole('listitem').first()).toContainText('15-16 January 2022');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(dialog).toBeHidden();

    await event.click();
    await expect(dialog).toBeVisible();
    await page.mouse.click(4, 4);
    await expect(dialog).toBeHidden();
  });
});

test.describe('no horizontal scrolling at 360 px', () => {
  test.use({ viewport: PHONE });
  for (const theme of THEMES) {
    for (const path of NARROW_PAGES) {
      test(`${path} in the ${theme} theme`, async ({ page }) => {
        const cspViolations: string[] = [];
        page.on('console', (message) => {
          if (message.text().includes('Content Security Policy')) cspViolations.push(message.text());
        });
        await page.goto(path);
        await applyTheme(page, theme);
        await expect(page.locator('main h1')).toBeVisible();
        const overflow = await page.evaluate(() => ({
          document: document.documentElement.scrollWidth - document.documentElement.clientWidth,
          body: document.body.scrollWidth - document.documentElement.clientWidth,
        }));
        expect(overflow.document, 'document overflows horizontally').toBeLessThanOrEqual(0);
        expect(overflow.body, 'body overflows horizontally').toBeLessThanOrEqual(0);
        expect(cspViolations, 'Content-Security-Policy violations').toEqual([]);
      });
    }
  }

  test('the village and history modals fit the phone screen', async ({ page }) => {
    for (const [path, name] of [
      ['/villages', /Iboni/],
      ['/history', /14th generation/],
    ] as const) {
      await page.goto(path);
      await page.getByRole('button', { name }).click();
      const box = await page.getByRole('dialog').boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? -1) >= 0 && (box?.x ?? 0) + (box?.width ?? 0) <= PHONE.width).toBe(true);
    }
  });
});
