// The admins' review queues and the Translation Editor's proposals in Chromium, on a server of their own (its
// first account is the admin): the admin sees a clip's votes and reports with their reasons, filters the clips
// by a quality flag, listens to one and settles it with a reason (refused without one); approves two proposals
// at once from the list, beside a rejection reason a reviewer gave; a contributor's editor on a phone shows their
// own proposal waiting for review, the approved text labelled, and another person's proposal beside it; and an
// import sends its texts to review, or approves them, as the admin chose; reported prompt and written sentences
// are retired with a reason and restored. Texts are in an obviously made-up
// language. REVIEW_ADMIN_SHOTS=1 also writes screenshots to .tmp/shots/editor-*.png and admin-review-*.png.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { PROMPT_REPORT_REASON_LABELS } from '../../core/api/prompts.ts';
import { CLIP_REPORTERS_TO_HOLD } from '../../core/review/rules.ts';
import { multipartBody, toneWav } from '../server/audio-fixtures.ts';
import {
  type Account,
  bearer,
  expect,
  grantConsentByApi,
  signInContext,
  signUpByApi,
  test,
} from './fixtures.ts';
import { layoutProblems } from './layout-checks.ts';
import { ownServer } from './server-process.ts';

const PHONE = { width: 360, height: 740 };

interface Pair {
  id: number;
  english: string;
  lopit: string;
  version: number;
  proposals: { id: number; text: string; mine: boolean }[];
}

const server = ownServer('review-admin');
let admin: Account;
let bee: Account;
let cee: Account;
let pairs: Pair[];

const auth = bearer;

async function pairsOf(request: APIRequestContext, account: Account): Promise<Pair[]> {
  const response = await request.get(`${server.url}/api/translation/pairs`, { headers: auth(account) });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { pairs: Pair[] }).pairs;
}

/** Saves a text as `account` through the editor's route: a proposal, or approved text for the admin. */
async function save(request: APIRequestContext, account: Account, pair: Pair, translation: string) {
  const response = await request.post(`${server.url}/api/translation/save`, {
    headers: auth(account),
    data: { id: pair.id, translation, baseVersion: pair.version },
  });
  expect(response.ok(), await response.text()).toBe(true);
  return ((await response.json()) as { pair: Pair }).pair;
}

/** A page of its own for `account`, at `viewport` (a phone: touch). */
async function pageOf(browser: Browser, account: Account, viewport = PHONE): Promise<Page> {
  const phone = viewport.width <= PHONE.width;
  const context = await browser.newContext({ viewport, isMobile: phone, hasTouch: phone });
  await signInContext(context, server.url, account);
  return context.newPage();
}

/**
 * With REVIEW_ADMIN_SHOTS=1: `url` as `account` sees it, at 360 px (touch) and 1280 px, light and dark; the whole
 * page, or with `focus` the screen around that element (the editor's page is hundreds of rows long).
 */
async function shoot(browser: Browser, account: Account, url: string, name: string, focus?: string) {
  if (!process.env.REVIEW_ADMIN_SHOTS) return;
  const folder = path.resolve('.tmp', 'shots');
  fs.mkdirSync(folder, { recursive: true });
  for (const theme of ['light', 'dark'] as const) {
    for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
      const page = await pageOf(browser, account, viewport);
      await page.addInitScript((chosen) => localStorage.setItem('lopit.theme', chosen), theme);
      await page.goto(`${server.url}${url}`);
      await expect(page.locator('main h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      if (focus) await page.locator(focus).first().scrollIntoViewIfNeeded();
      await page.screenshot({
        path: path.join(folder, `${name}-${viewport.width}-${theme}.png`),
        fullPage: !focus,
      });
      await page.context().close();
    }
  }
}

test.beforeAll(async ({ request }) => {
  admin = await signUpByApi(request, server.url, 'Curator');
  bee = await signUpByApi(request, server.url, 'Beezorbel');
  cee = await signUpByApi(request, server.url, 'Ceemipple');
  for (const account of [admin, bee, cee])
    await grantConsentByApi(request, server.url, account.token, 'full');
  pairs = await pairsOf(request, admin);
});

test('an admin filters the clips by a quality flag, listens to one and settles it with a reason', async ({
  browser,
  request,
}) => {
  test.setTimeout(60_000);
  const speaker = await signUpByApi(request, server.url, 'Speaker');
  await grantConsentByApi(request, server.url, speaker.token, 'recording');
  const clips = [
    { text: 'zq vintaro loud tone', bytes: toneWav(2, { amplitude: 0.3 }) },
    { text: 'zq vintaro silent tone', bytes: toneWav(2, { amplitude: 0 }) },
  ];
  for (const [index, clip] of clips.entries()) {
    const body = multipartBody(
      { bytes: clip.bytes, fileName: `clip-${index}.wav` },
      { transcript: clip.text, language: 'lpx' },
    );
    const uploaded = await request.post(`${server.url}/api/audio/upload`, {
      headers: { ...auth(speaker), ...body.headers },
      data: body.payload,
    });
    expect(uploaded.status(), await uploaded.text()).toBe(201);
  }

  // Another listener votes for the loud clip, and a third reports it with a reason and a note.
  const listed = (await (
    await request.get(`${server.url}/api/admin/review/clips`, { headers: auth(admin) })
  ).json()) as { clips: { id: string; text: string }[] };
  const loud = listed.clips.find((clip) => clip.text === clips[0]!.text)!;
  const voted = await request.post(`${server.url}/api/review/clips/${loud.id}/vote`, {
    headers: auth(bee),
    data: { vote: 'up' },
  });
  expect(voted.ok(), await voted.text()).toBe(true);
  const reported = await request.post(`${server.url}/api/review/clips/${loud.id}/report`, {
    headers: auth(cee),
    data: { reason: 'noise', note: 'zq wind in the microphone' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);

  const page = await pageOf(browser, admin);
  await page.goto(`${server.url}/admin`);
  await page.getByRole('tab', { name: 'Review queues' }).click();
  await expect(page).toHaveURL(/#review$/);
  // One tab at a time: the accounts are out of the way of the queues.
  await expect(page.getByRole('heading', { name: 'Users and roles' })).toBeHidden();
  const panel = page.getByTestId('review-clips');
  const rows = panel.getByTestId('review-clip-row');
  await expect(rows).toHaveCount(2);
  const loudRow = rows.filter({ hasText: clips[0]!.text });
  // One report keeps it in the community's queue; the admins see it with its count.
  await expect(loudRow.getByTestId('clip-state')).toHaveText('◔ Pending');
  await expect(loudRow.getByTestId('clip-report-count')).toHaveText(
    `1 open report; ${CLIP_REPORTERS_TO_HOLD} take a clip out of the community’s queue`,
  );
  await expect(loudRow).toContainText('1 up, 0 down');
  await expect(loudRow).toContainText('⚑ Too much noise: “zq wind in the microphone”');
  await panel.getByLabel('Quality flag').selectOption('silent');
  await expect(rows).toHaveCount(1);
  const row = rows.first();
  await expect(row).toContainText('zq vintaro silent tone');
  await expect(row).toContainText('Silent');
  await expect(row.getByTestId('clip-state')).toHaveText('◔ Pending');

  // The clip plays from the server.
  await row.getByRole('button', { name: /^Play/ }).click();
  await expect
    .poll(() => row.locator('audio').evaluate((audio: HTMLAudioElement) => audio.duration), {
      timeout: 10_000,
    })
    .toBeGreaterThan(1.5);

  // A decision needs a reason: refused at the field without one, kept with the clip once given.
  await row.getByRole('button', { name: 'Decide' }).click();
  await row.getByLabel('Invalidated: left out').check();
  await row.getByRole('button', { name: 'Save decision' }).click();
  await expect(row.getByText('Say why you decide this clip')).toBeVisible();
  await expect(row.getByLabel('Reason')).toHaveAttribute('aria-invalid', 'true');
  // The decision's form, its error and the player fit the phone's card.
  expect(await layoutProblems(page)).toEqual([]);
  await row.getByLabel('Reason').fill('zq nothing but silence');
  await row.getByRole('button', { name: 'Save decision' }).click();
  await expect(row.getByTestId('clip-state')).toHaveText('✗ Invalidated');
  await expect(row).toContainText('Decided: zq nothing but silence');

  await panel.getByLabel('Quality flag').selectOption('');
  await panel.getByLabel('State').selectOption('invalidated');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('zq vintaro silent tone');
  await panel.getByLabel('State').selectOption('reported');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('zq vintaro loud tone');
  await panel.getByLabel('State').selectOption('validated');
  await expect(panel.getByText('No clips here.')).toBeVisible();
  const queue = (await (
    await request.get(`${server.url}/api/admin/review/clips?state=invalidated`, { headers: auth(admin) })
  ).json()) as { clips: { text: string; settledReason: string | null }[] };
  expect(queue.clips).toMatchObject([
    { text: 'zq vintaro silent tone', settledReason: 'zq nothing but silence' },
  ]);

  // The queue as cards on the phone: nothing past the edges, no word broken.
  await panel.getByLabel('State').selectOption('');
  await expect(rows).toHaveCount(2);
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
});

test('an admin approves two proposals at once from the list, beside a rejection a reviewer gave', async ({
  browser,
  request,
}) => {
  const [first, second, third] = [pairs[0]!, pairs[1]!, pairs[2]!];
  await save(request, bee, first, 'zq bee kwinta one');
  await save(request, bee, second, 'zq bee kwinta two');
  const rival = (await save(request, cee, third, 'zq cee kwinta three')).proposals.find((one) => one.mine)!;
  const rejected = await request.post(`${server.url}/api/review/proposals/${rival.id}/review`, {
    headers: auth(bee),
    data: { verdict: 'reject', reason: 'zq wrong word for three' },
  });
  expect(rejected.ok(), await rejected.text()).toBe(true);

  const page = await pageOf(browser, admin, { width: 1280, height: 900 });
  await page.goto(`${server.url}/admin#review`);
  const panel = page.getByTestId('review-proposals');
  const rows = panel.getByTestId('review-proposal-row');
  await expect(rows).toHaveCount(3);
  await expect(rows.filter({ hasText: 'zq cee kwinta three' })).toContainText('✗ zq wrong word for three');
  await expect(rows.filter({ hasText: 'zq cee kwinta three' })).toContainText(
    '0 of 2 approvals, 1 rejection',
  );

  await panel.getByLabel('Author').selectOption({ label: 'Beezorbel' });
  await expect(rows).toHaveCount(2);
  await panel.getByRole('checkbox', { name: 'All' }).check();
  await expect(panel.getByTestId('selected-count')).toHaveText('2 proposals chosen');
  await panel.getByRole('button', { name: 'Approve chosen' }).click();
  await expect(panel.getByText('Say why you decide these proposals')).toBeVisible();
  await panel.getByLabel('Reason for your decision').fill('zq checked against the word list');
  await panel.getByRole('button', { name: 'Approve chosen' }).click();
  await expect(panel.getByTestId('decision-notice')).toHaveText('2 proposals approved.');
  await expect(panel.getByText('No proposals here.')).toBeVisible();

  await panel.getByLabel('State').selectOption('approved');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) {
    await expect(row.getByTestId('proposal-state')).toHaveText('✓ Approved');
    await expect(row).toContainText('Decided: zq checked against the word list');
  }
  const after = await pairsOf(request, bee);
  expect(after.find((pair) => pair.id === first.id)?.lopit).toBe('zq bee kwinta one');
  expect(after.find((pair) => pair.id === second.id)?.lopit).toBe('zq bee kwinta two');
  // Cee's proposal was not chosen: it still waits.
  expect(after.find((pair) => pair.id === third.id)).toMatchObject({
    lopit: '',
    proposals: [{ mine: false }],
  });
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
  await shoot(browser, admin, '/admin#review', 'admin-review');
});

test("a contributor's editor shows their proposal waiting for review, and another person's beside it", async ({
  browser,
  request,
}) => {
  const target = pairs[5]!;
  await save(request, admin, target, 'zq approved kwinta five');
  await save(
    request,
    cee,
    (await pairsOf(request, cee)).find((pair) => pair.id === target.id)!,
    'zq cee five',
  );

  const page = await pageOf(browser, bee);
  await page.goto(`${server.url}/translation`);
  const row = page.locator(`[data-testid="pair-row"][data-pair-id="${target.id}"]`);
  const field = row.getByRole('textbox', { name: target.english });
  // Before Bee proposes: the field shows the approved text, said to be approved.
  await expect(field).toHaveValue('zq approved kwinta five');
  await expect(row.getByTestId('pair-status')).toHaveText('✓ Approved');
  const other = row.getByTestId('other-proposal');
  await expect(other).toContainText('zq cee five');
  await expect(other).toContainText('Proposed by Ceemipple · 0 of 2 approvals');

  await field.fill('zq bee five');
  await field.blur();
  await expect(row.getByTestId('pair-status')).toHaveText('◔ Waiting for review: 0 of 2 approvals');
  await expect(row.getByTestId('approved-text')).toHaveText('✓ Approved zq approved kwinta five');
  await expect(field).toHaveValue('zq bee five');
  await expect(other).toContainText('zq cee five');

  // The server holds both proposals side by side, and the approved text unchanged.
  const held = (await pairsOf(request, bee)).find((pair) => pair.id === target.id)!;
  expect(held.lopit).toBe('zq approved kwinta five');
  expect(held.proposals.map((one) => [one.text, one.mine])).toEqual([
    ['zq cee five', false],
    ['zq bee five', true],
  ]);

  // A reviewer's approval shows in Bee's progress on the next visit (the copy is kept by cursor).
  const mine = held.proposals.find((one) => one.mine)!;
  const approved = await request.post(`${server.url}/api/review/proposals/${mine.id}/review`, {
    headers: auth(cee),
    data: { verdict: 'approve' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  await page.reload();
  await expect(row.getByTestId('pair-status')).toHaveText('◔ Waiting for review: 1 of 2 approvals');
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
  await shoot(browser, bee, '/translation', 'editor', `[data-pair-id="${target.id}"]`);
});

test('an admin imports pairs for community review instead of approving them, and the report says so', async ({
  browser,
  request,
}) => {
  const page = await pageOf(browser, admin, { width: 1280, height: 900 });
  await page.goto(`${server.url}/admin`);
  const panel = page.locator('section', {
    has: page.getByRole('heading', { name: 'Import translation pairs' }),
  });
  const csv = (rows: string[]) => ({
    name: 'pairs.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(['english,lopit,category', ...rows].join('\n')),
  });

  await panel.getByLabel('CSV or TSV file').setInputFiles(csv(['Zq review one.,zq vintaro one,food']));
  await panel.getByLabel(/Send imported translations to community review/).check();
  await panel.getByRole('button', { name: 'Import pairs' }).click();
  const report = page.getByTestId('import-report');
  await expect(report).toContainText('Sent to community review');
  await expect(report.getByTestId('import-review-note')).toHaveText(
    '1 imported text now waits for community review; models learn from it once approved.',
  );

  await panel.getByLabel('CSV or TSV file').setInputFiles(csv(['Zq approved two.,zq vintaro two,food']));
  await panel.getByLabel(/Send imported translations to community review/).uncheck();
  await panel.getByRole('button', { name: 'Import pairs' }).click();
  await expect(report.getByTestId('import-review-note')).toHaveText(
    'The imported texts count as approved by you; models may learn from them now.',
  );
  await expect(report).toContainText('Approved by you');

  const held = await pairsOf(request, bee);
  expect(held.find((pair) => pair.english === 'Zq review one.')).toMatchObject({
    lopit: '',
    proposals: [{ text: 'zq vintaro one', mine: false }],
  });
  expect(held.find((pair) => pair.english === 'Zq approved two.')).toMatchObject({
    lopit: 'zq vintaro two',
    proposals: [],
  });
  await page.context().close();
});

test('an admin sees a reported prompt sentence with its reasons, retires it with a reason, and restores it', async ({
  browser,
  request,
}) => {
  // The first sentence by id: the list of all sentences shows it on its first page.
  const sentence = pairs.reduce((first, pair) => (pair.id < first.id ? pair : first));
  const reported = await request.post(`${server.url}/api/audio/prompts/${sentence.id}/report`, {
    headers: auth(bee),
    data: { reason: 'spelling' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);

  const page = await pageOf(browser, admin);
  await page.goto(`${server.url}/admin#review`);
  const panel = page.getByTestId('review-prompts');
  const row = panel.getByTestId('review-prompt-row').filter({ hasText: sentence.english });
  await expect(row).toContainText(`${PROMPT_REPORT_REASON_LABELS.spelling}: 1`);
  await expect(row.getByTestId('prompt-state')).toHaveText('✓ In use');
  // Untranslated sentences say where they stand in the teaching order, and why (issue 19).
  await expect(panel.getByTestId('teaching-rank').first()).toContainText(/^Teaching rank \d+ of \d+: \S/);

  await row.getByRole('button', { name: 'Retire' }).click();
  await row.getByRole('button', { name: 'Retire sentence' }).click();
  await expect(row.locator('.field-error')).toHaveText('Say why you retire this sentence');
  expect(await layoutProblems(page)).toEqual([]);
  await row.getByLabel('Why retire it?').fill('Zq misspelt beyond repair');
  await row.getByRole('button', { name: 'Retire sentence' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'is retired' })).toContainText(
    'Reason kept: Zq misspelt beyond repair',
  );

  // Retired, it is in no one's prompt pack; its reports are closed, so it shows among all sentences.
  const pack = await request.get(`${server.url}/api/audio/prompts?limit=1000`, { headers: auth(cee) });
  const prompts = ((await pack.json()) as { prompts: { id: number }[] }).prompts;
  expect(prompts.some((prompt) => prompt.id === sentence.id)).toBe(false);
  await panel.getByLabel('Show').selectOption('');
  const retired = panel.getByTestId('review-prompt-row').filter({ hasText: sentence.english });
  await expect(retired.getByTestId('prompt-state')).toHaveText('✗ Retired');
  await expect(retired).toContainText('Decided: Zq misspelt beyond repair');
  await retired.getByRole('button', { name: 'Restore' }).click();
  await expect(retired.getByTestId('prompt-state')).toHaveText('✓ In use');
  expect(await layoutProblems(page)).toEqual([]);
  await page.context().close();
  await shoot(browser, admin, '/admin#review', 'admin-prompts', '[data-testid="review-prompts"]');
});

test('an admin sees a reported written sentence with who wrote it and the reasons, retires it from reading, and restores it', async ({
  browser,
  request,
}) => {
  const headers = (account: Account) => ({ ...auth(account), 'Idempotency-Key': crypto.randomUUID() });
  const text = 'Zq kelmora vintasi';
  const written = await request.post(`${server.url}/api/sentences`, {
    headers: headers(bee),
    data: { text },
  });
  expect(written.ok(), await written.text()).toBe(true);
  const { sentence } = (await written.json()) as { sentence: { id: number } };
  const approved = await request.post(`${server.url}/api/sentences/${sentence.id}/review`, {
    headers: headers(admin),
    data: { verdict: 'approve' },
  });
  expect(approved.ok(), await approved.text()).toBe(true);
  const reported = await request.post(`${server.url}/api/sentences/${sentence.id}/report`, {
    headers: headers(cee),
    data: { reason: 'wrong-language' },
  });
  expect(reported.ok(), await reported.text()).toBe(true);
  const offered = async () => {
    const pack = await request.get(`${server.url}/api/audio/prompts?limit=1000`, { headers: auth(admin) });
    return ((await pack.json()) as { sentences: { id: number }[] }).sentences.some(
      (item) => item.id === sentence.id,
    );
  };
  expect(await offered()).toBe(true);

  const page = await pageOf(browser, admin);
  await page.goto(`${server.url}/admin#review`);
  const panel = page.getByTestId('review-written-sentences');
  await expect(panel.getByRole('heading', { name: 'Written sentences' })).toBeVisible();
  const row = panel.getByTestId('review-written-row').filter({ hasText: text });
  await expect(row).toContainText('Written by Beezorbel');
  await expect(row).toContainText(`${PROMPT_REPORT_REASON_LABELS['wrong-language']}: 1`);
  await expect(row).toContainText('0 recordings');
  await expect(row.getByTestId('written-state')).toHaveText('✓ In use');
  expect(await layoutProblems(page)).toEqual([]);
  await shoot(browser, admin, '/admin#review', 'admin-written', '[data-testid="review-written-sentences"]');

  await row.getByRole('button', { name: 'Retire' }).click();
  await row.getByRole('button', { name: 'Retire sentence' }).click();
  await expect(row.locator('.field-error')).toHaveText('Say why you retire this sentence');
  await row.getByLabel('Why retire it?').fill('Zq not in the language');
  await row.getByRole('button', { name: 'Retire sentence' }).click();
  await expect(panel.getByRole('status').filter({ hasText: 'is retired' })).toContainText(
    'Reason kept: Zq not in the language',
  );
  // Out of every reader's pack; its report closed, it shows among all the written sentences.
  expect(await offered()).toBe(false);
  await expect(panel.getByTestId('review-written-row').filter({ hasText: text })).toHaveCount(0);
  await panel.getByLabel('Show').selectOption('');
  const retired = panel.getByTestId('review-written-row').filter({ hasText: text });
  await expect(retired.getByTestId('written-state')).toHaveText('✗ Retired');
  await expect(retired).toContainText('Decided: Zq not in the language');
  expect(await layoutProblems(page)).toEqual([]);
  await retired.getByRole('button', { name: 'Restore' }).click();
  await expect(retired.getByTestId('written-state')).toHaveText('✓ In use');
  expect(await offered()).toBe(true);
  await page.context().close();
});
