// The offline engine in a real browser: installable app, heritage pages without signal or server,
// translations and consent made offline reaching the server exactly once, a server crash mid-replay,
// and two tabs sharing one outbox.
import { chromium, type APIRequestContext, type Page } from '@playwright/test';
import fs, { readFileSync } from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { buildFamilyGraph, countPersons } from '../../core/families/family-graph.ts';
import { parseFamilyData } from '../../core/families/family-schema.ts';
import {
  expect,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  signUpContributorByApi,
  test,
  waitForOfflineReady,
} from './fixtures.ts';
import { ownServer } from './server-process.ts';
import { E2E_CHROMIUM_PATH } from '../../scripts/lib/chromium.ts';

test.use({ serviceWorkers: 'allow' });

const sampleLineage = JSON.parse(
  readFileSync(new URL('../../content/families/sample-lineage.json', import.meta.url), 'utf8'),
) as unknown;

interface Pair {
  id: number;
  english: string;
  lopit: string;
  version: number;
  proposals: { text: string; mine: boolean }[];
}

async function pairs(request: APIRequestContext, base: string, token: string): Promise<Pair[]> {
  const response = await request.get(`${base}/api/translation/pairs`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  return ((await response.json()) as { pairs: Pair[] }).pairs;
}

async function revisions(request: APIRequestContext, base: string, token: string, id: number) {
  const response = await request.get(`${base}/api/translation/pairs/${id}/revisions`, {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { revisions: { after: string }[] }).revisions;
}

/** The texts of the person's own open proposals for a pair (a contributor's save is a proposal). */
async function ownProposals(request: APIRequestContext, base: string, token: string, id: number) {
  const pair = (await pairs(request, base, token)).find((one) => one.id === id);
  return pair?.proposals.filter((proposal) => proposal.mine).map((proposal) => proposal.text);
}

const row = (page: Page, id: number) => page.locator(`[data-testid="pair-row"][data-pair-id="${id}"]`);

async function typeTranslation(page: Page, id: number, text: string) {
  const input = row(page, id).getByRole('textbox');
  await input.fill(text);
  await input.blur();
}

test.describe('installable app', () => {
  test('Chromium finds the app installable: manifest, icons and an offline-capable worker', async ({
    browserName,
    baseURL,
    request,
  }, testInfo) => {
    test.skip(browserName !== 'chromium', 'installability is read through Chromium DevTools');
    const manifest = (await (await request.get('/manifest.webmanifest')).json()) as {
      display: string;
      icons: { sizes: string; purpose: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(
      expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']),
    );
    // Installation is never offered in incognito, which is what a normal test context is: use a profile.
    const profile = await chromium.launchPersistentContext(testInfo.outputPath('profile'), {
      executablePath: E2E_CHROMIUM_PATH,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run'],
    });
    try {
      const page = profile.pages()[0] ?? (await profile.newPage());
      await page.goto(baseURL!);
      await waitForOfflineReady(page);
      const cdp = await profile.newCDPSession(page);
      await expect
        .poll(
          async () =>
            ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] })
              .installabilityErrors,
        )
        .toEqual([]);
    } finally {
      await profile.close();
    }
  });
});

test.describe('without a server', () => {
  const server = ownServer('heritage-offline');

  test('after one online visit, the heritage pages and family tree render offline with the server stopped', async ({
    page,
    context,
  }) => {
    test.setTimeout(60_000);
    await page.goto(`${server.url}/`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await waitForOfflineReady(page);
    await server.stop();
    await context.setOffline(true);

    await page.reload();
    await expect(
      page.getByRole('heading', { level: 1, name: 'Preserving the Lopit language and heritage' }),
    ).toBeVisible();
    await expect(page.getByTestId('sync-indicator')).toContainText('Offline');
    const pages: [string, RegExp | string][] = [
      ['/about', /./],
      ['/villages', 'Seven Villages'],
      ['/culture', 'Culture and Traditions'],
      ['/history', 'History'],
      ['/families', 'Families Lineage'],
    ];
    for (const [path, heading] of pages) {
      await page.goto(`${server.url}${path}`);
      await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    }
    await expect(page.locator('.village-card, .timeline, main').first()).toBeVisible();
    // The villages page lists its seven villages from the cached code.
    await page.goto(`${server.url}/villages`);
    await expect(page.locator('.village-card')).toHaveCount(7);
    // The family graph draws from the cached chunk, with every person of the data.
    await page.goto(`${server.url}/families`);
    await expect(page.locator('canvas').first()).toBeVisible();
    const persons = countPersons(buildFamilyGraph(parseFamilyData(sampleLineage))).persons;
    await expect(page.locator('[data-counter="persons"]')).toHaveText(String(persons));
    await expect.poll(() => page.evaluate(() => window.__familiesGraph?.nodeCount)).toBe(persons);
    // The consent documents were precached too.
    const pdf = await page.evaluate(
      async (url) => (await fetch(url)).headers.get('content-type'),
      `${server.url}/docs/consent-form-en.pdf`,
    );
    expect(pdf).toContain('application/pdf');
  });
});

test.describe('contributions made offline', () => {
  test("a translation edited offline reaches the server once as a proposal; my own newer one from another device becomes a conflict, another person's waits beside mine", async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    test.setTimeout(60_000);
    const base = baseURL!;
    const me = await signUpContributorByApi(request, base, 'Offline');
    const other = await signUpContributorByApi(request, base, 'Other');
    for (const who of [me, other]) await grantConsentByApi(request, base, who.token, 'translation');
    await signInContext(context, base, me);
    await page.goto('/translation');
    const [first, second] = await pairs(request, base, me.token);
    await expect(row(page, first!.id)).toBeVisible();
    await waitForOfflineReady(page);

    await context.setOffline(true);
    const mine = `zz-offline-${Date.now()}`;
    await typeTranslation(page, first!.id, mine);
    await typeTranslation(page, second!.id, 'zz-mine');
    await expect(row(page, first!.id).getByTestId('pair-status')).toContainText('Waiting to sync');
    await expect(page.getByTestId('sync-indicator')).toContainText('2 waiting');

    // Nothing is lost on a reload without a connection.
    await page.reload();
    await expect(row(page, first!.id).getByRole('textbox')).toHaveValue(mine);
    await expect(row(page, first!.id).getByTestId('pair-status')).toContainText('Waiting to sync');

    // Meanwhile I change the second pair on another device, and another contributor proposes a text for the first.
    const save = (token: string, pair: Pair, translation: string) =>
      request.post(`${base}/api/translation/save`, {
        headers: { Authorization: `Bearer ${token}` },
        data: { id: pair.id, translation, baseVersion: pair.version },
      });
    expect((await save(me.token, second!, 'zz-other-device')).ok()).toBe(true);
    expect((await save(other.token, first!, 'zz-theirs')).ok()).toBe(true);

    await context.setOffline(false);
    // Between different people there is no conflict: both proposals wait for review, side by side.
    await expect(row(page, first!.id).getByTestId('pair-status')).toContainText(/Saved|Waiting for review/);
    await expect(row(page, first!.id).getByTestId('other-proposal')).toContainText('zz-theirs');
    const conflict = row(page, second!.id).getByTestId('conflict');
    await expect(conflict).toBeVisible();
    await expect(conflict).toContainText('zz-mine');
    await expect(conflict).toContainText('zz-other-device');
    await expect(page.getByTestId('sync-indicator')).toContainText('Needs attention (1)');
    expect(await ownProposals(request, base, me.token, first!.id)).toEqual([mine]);
    await expect(row(page, first!.id).getByTestId('pair-status')).toContainText(
      'Waiting for review: 0 of 2 approvals',
    );

    await conflict.getByRole('button', { name: 'Keep this one' }).click();
    await expect(conflict).toBeHidden();
    await expect(page.getByTestId('sync-indicator')).toContainText('All saved');
    expect(await ownProposals(request, base, me.token, second!.id)).toEqual(['zz-mine']);
    await expect(row(page, second!.id).getByRole('textbox')).toHaveValue('zz-mine');
    // Proposals are not approved texts: nothing changed what models learn from.
    const after = await pairs(request, base, me.token);
    for (const pair of [first!, second!])
      expect(after.find((one) => one.id === pair.id)?.lopit).toBe(pair.lopit);
  });

  test('consent given offline is recorded when the connection returns', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const base = baseURL!;
    const me = await signUpByApi(request, base, 'Consent');
    await signInContext(context, base, me);
    await page.goto('/consent');
    await expect(page.getByTestId('consent-status')).toContainText('No consent granted yet');
    await waitForOfflineReady(page);

    await context.setOffline(true);
    await page.getByLabel(/Full Contribution/).check();
    await page.getByRole('button', { name: 'Give consent' }).click();
    await expect(page.getByText(/saved on this device and will be sent/)).toBeVisible();
    await expect(page.getByTestId('consent-pending')).toContainText('Full Contribution consent');
    // The choice governs this phone at once: the status shows it and the recorder opens, still offline.
    await expect(page.getByTestId('consent-status')).toContainText('Audio recording consent granted');
    await page.goto('/recording');
    await expect(page.getByTestId('recorder')).toBeVisible();
    await expect(page.getByTestId('consent-waiting')).toContainText('sent before your recordings');
    await expect(page.getByTestId('consent-needed')).toHaveCount(0);

    await page.goto('/consent');
    // The waiting choice shows once the page has read the outbox (it must not look sent before it is).
    await expect(page.getByTestId('consent-pending')).toContainText('Full Contribution consent');
    await context.setOffline(false);
    await expect(page.getByTestId('consent-pending')).toBeHidden();
    await expect(page.getByTestId('consent-status')).toContainText('Audio recording consent granted');
    await expect
      .poll(async () => {
        const status = await request.get(`${base}/api/consent/status`, {
          headers: { Authorization: `Bearer ${me.token}` },
        });
        return (await status.json()) as unknown;
      })
      .toMatchObject({ recording: true, translation: true });
  });

  test('without translation consent the editor says so before anything is typed', async ({
    page,
    context,
    request,
    baseURL,
  }) => {
    const base = baseURL!;
    const me = await signUpByApi(request, base, 'Unconsented');
    await signInContext(context, base, me);
    await page.goto('/translation');
    await expect(page.getByTestId('consent-needed')).toContainText('Before you translate');
    const field = page.getByTestId('pair-row').first().getByRole('textbox');
    await expect(field).toHaveAttribute('readonly', '');
    await field.click();
    await page.keyboard.type('zz-not-allowed');
    await expect(field).not.toHaveValue(/zz-not-allowed/);
    await expect(page.getByTestId('sync-indicator')).not.toContainText('waiting');

    // Consent given on the phone opens the fields at once.
    await page.getByTestId('consent-needed').getByRole('link', { name: 'Go to consent' }).click();
    await page.getByLabel(/Translation Only/).check();
    await page.getByRole('button', { name: 'Give consent' }).click();
    await expect(page.getByTestId('consent-status')).toContainText(
      'Translation contribution consent granted',
    );
    await page.goto('/translation');
    await expect(page.getByTestId('consent-needed')).toHaveCount(0);
    await expect(page.getByTestId('pair-row').first().getByRole('textbox')).not.toHaveAttribute('readonly');
  });

  test('two tabs: only one replays the outbox', async ({ context, request, baseURL }) => {
    const base = baseURL!;
    const me = await signUpContributorByApi(request, base, 'Tabs');
    await grantConsentByApi(request, base, me.token, 'translation');
    await signInContext(context, base, me);
    const [tabA, tabB] = [await context.newPage(), await context.newPage()];
    const sent = new Map<Page, string[]>([
      [tabA, []],
      [tabB, []],
    ]);
    for (const tab of [tabA, tabB]) {
      // Requests the server answered (attempts made while offline fail before reaching it).
      tab.on('response', (response) => {
        if (response.url().endsWith('/api/translation/save'))
          sent.get(tab)!.push(response.request().headers()['idempotency-key'] ?? '');
      });
      await tab.goto('/translation');
    }
    const list = await pairs(request, base, me.token);
    await expect(row(tabA, list[0]!.id)).toBeVisible();
    await expect(row(tabB, list[0]!.id)).toBeVisible();
    await waitForOfflineReady(tabA);

    await context.setOffline(true);
    const edited = list.slice(10, 16);
    for (const [index, pair] of edited.entries()) await typeTranslation(tabA, pair.id, `zz-tab-${index}`);
    await expect(tabB.getByTestId('sync-indicator')).toContainText(`${edited.length} waiting`);

    await context.setOffline(false);
    await expect(tabA.getByTestId('sync-indicator')).toContainText('All saved');
    await expect(tabB.getByTestId('sync-indicator')).toContainText('All saved');
    const counts = [sent.get(tabA)!.length, sent.get(tabB)!.length].sort();
    expect(counts).toEqual([0, edited.length]);
    const keys = [...sent.get(tabA)!, ...sent.get(tabB)!];
    expect(new Set(keys).size).toBe(edited.length);
    for (const [index, pair] of edited.entries()) {
      expect(await ownProposals(request, base, me.token, pair.id)).toEqual([`zz-tab-${index}`]);
    }
  });
});

test.describe('server crash', () => {
  const server = ownServer('crash');

  test('the server killed in the middle of a replay: after restart everything arrives, nothing twice', async ({
    page,
    context,
    request,
  }) => {
    test.setTimeout(120_000);
    // The first account of its own server is the admin: its saves are approved at once, each with a revision.
    const me = await signUpByApi(request, server.url, 'Crash');
    await grantConsentByApi(request, server.url, me.token, 'translation');
    await signInContext(context, server.url, me);
    await page.goto(`${server.url}/translation`);
    const list = (await pairs(request, server.url, me.token)).slice(0, 30);
    await expect(row(page, list[0]!.id)).toBeVisible();
    await waitForOfflineReady(page);

    await context.setOffline(true);
    for (const [index, pair] of list.entries()) await typeTranslation(page, pair.id, `zz-crash-${index}`);
    await expect(page.getByTestId('sync-indicator')).toContainText(`${list.length} waiting`);

    // Slow every request down so the replay is still going when the server dies.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    let answered = 0;
    page.on('response', (response) => {
      if (response.url().endsWith('/api/translation/save')) answered += 1;
    });
    await context.setOffline(false);
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await expect.poll(() => answered, { timeout: 20_000 }).toBeGreaterThanOrEqual(5);
    await server.kill();
    const countAtCrash = await page.evaluate(
      () => document.querySelectorAll('[data-testid="pair-row"]').length,
    );
    expect(countAtCrash).toBeGreaterThan(0);
    await expect(page.getByTestId('sync-indicator')).toContainText(/Offline|waiting/);

    await server.start();
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
    await page.goto(`${server.url}/settings#sync`);
    await page.getByRole('button', { name: 'Sync now' }).click();
    await expect(page.getByTestId('sync-indicator')).toContainText('All saved', { timeout: 60_000 });

    const after = await pairs(request, server.url, me.token);
    for (const [index, pair] of list.entries()) {
      expect(after.find((item) => item.id === pair.id)?.lopit).toBe(`zz-crash-${index}`);
      expect((await revisions(request, server.url, me.token, pair.id)).length).toBe(1);
    }
  });
});

test.describe('updates', () => {
  // A copy of the built app: the test deploys a new version by changing the service worker it serves.
  const server = ownServer('update', { copyBuild: true });

  test('a new version waits and is offered; the page reloads only when the user asks', async ({ page }) => {
    test.setTimeout(60_000);
    await page.goto(`${server.url}/login`);
    await waitForOfflineReady(page);
    await page.getByLabel('Email').fill('typed-before-the-update@example.org');
    await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));

    // Deploy a new version: the service worker script changes.
    const swPath = path.join(server.staticDir, 'sw.js');
    fs.appendFileSync(swPath, '\n// next version\n');
    // As a build does, the compressed copies the server sends follow the file (build/precompress-plugin.ts).
    const next = fs.readFileSync(swPath);
    fs.writeFileSync(`${swPath}.br`, zlib.brotliCompressSync(next));
    fs.writeFileSync(`${swPath}.gz`, zlib.gzipSync(next));
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration?.update();
    });
    const banner = page.getByTestId('update-banner');
    await expect(banner).toContainText('A new version of the app is ready.');
    // Nothing was reloaded behind the user's back: the new version is still waiting, this document (marked
    // before the update was found) is the same one, and what they typed is still there.
    expect(
      await page.evaluate(async () => {
        const registration = await navigator.serviceWorker.getRegistration();
        return {
          waiting: registration?.waiting?.state ?? null,
          sameDocument: (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false,
        };
      }),
    ).toEqual({ waiting: 'installed', sameDocument: true });
    await expect(page.getByLabel('Email')).toHaveValue('typed-before-the-update@example.org');

    const reloaded = page.waitForEvent('load');
    await banner.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    expect(
      await page.evaluate(() => (window as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false),
    ).toBe(false);
    await expect(page.getByTestId('update-banner')).toBeHidden();
    const waiting = await page.evaluate(
      async () => (await navigator.serviceWorker.getRegistration())?.waiting,
    );
    expect(waiting).toBeFalsy();
  });
});
