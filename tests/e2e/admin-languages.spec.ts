// The interface's languages on /admin (issue 18), on a server of its own (its first account is the admin): the
// admin adds a language (refused with the schema's words for a bad code and a missing name, and by the server
// for a code already there), downloads its PO file, brings back an edited one and reads the server's report
// (what it approved, what it skipped and why), and sees the language's share of approved messages change and
// the language become offered. The language is Blorpish, made up (qaa is ISO 639's range for local use); no
// Lopit is invented.
import fs from 'node:fs';
import { expect, signInContext, signUpByApi, test } from './fixtures.ts';
import { ownServer } from './server-process.ts';

const server = ownServer('admin-languages');
let admin: Awaited<ReturnType<typeof signUpByApi>>;

test.beforeAll(async ({ request }) => {
  admin = await signUpByApi(request, server.url, 'Curator');
});

/** Numbers as the screen writes them in English (Intl). */
const count = (value: number) => new Intl.NumberFormat('en').format(value);
const percent = (share: number) =>
  new Intl.NumberFormat('en', { style: 'percent', maximumFractionDigits: 0 }).format(share);

test('an admin adds a language, downloads its PO file and imports an edited one', async ({ page }) => {
  await signInContext(page.context(), server.url, admin);
  // An admin who chose English on an earlier visit (a new device would be asked first).
  await page.addInitScript(() => localStorage.setItem('lopit.locale', 'en'));
  await page.goto(`${server.url}/admin`);
  const panel = page.getByTestId('admin-languages');
  await expect(panel.getByText('No languages added yet.')).toBeVisible();

  // The schema's words for a code that is not one and for a missing name; nothing is added.
  const form = panel.getByTestId('add-language');
  await form.getByLabel('Code').fill('Blorp1');
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(form.getByText('A language code is an ISO 639 code such as lpx')).toBeVisible();
  await expect(form.getByText('A name is required')).toBeVisible();
  await expect(form.getByLabel('Code')).toHaveAttribute('aria-invalid', 'true');
  await expect(panel.getByTestId('admin-language-row')).toHaveCount(0);

  await form.getByLabel('Code').fill('qaa');
  await form.getByLabel('Name').fill('Blorpish');
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(form.getByRole('status')).toHaveText(
    'Blorpish (qaa) is added. Contributors can translate it now.',
  );
  const row = panel.locator('[data-testid="admin-language-row"][data-code="qaa"]');
  await expect(row).toContainText('Blorpish');
  await expect(row.getByTestId('language-share')).toHaveText(/^0 of [\d,]+ \(0%\)$/);
  await expect(row.getByTestId('language-listed')).toHaveText('◔ Not yet: 60% needed');

  // The server refuses a code already in the app; the form says so and the list is unchanged.
  await form.getByLabel('Code').fill('qaa');
  await form.getByLabel('Name').fill('Blorpish again');
  await form.getByRole('button', { name: 'Add language' }).click();
  await expect(form.getByRole('alert')).toHaveText('A language with this code is already in the app.');
  await expect(panel.getByTestId('admin-language-row')).toHaveCount(1);

  // The PO file: every message of the interface, none translated yet.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    row.getByRole('button', { name: 'Download the PO file of Blorpish' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('lopit-interface-qaa.po');
  const exported = fs.readFileSync(await download.path(), 'utf8');
  expect(exported).toContain('"Language: qaa\\n"');
  const entry = /msgctxt "([^"]+)"\nmsgid "((?:[^"\\]|\\.)*)"\nmsgstr ""/g;
  const total = [...exported.matchAll(entry)].length;
  expect(total).toBeGreaterThan(100);
  await expect(row.getByTestId('language-share')).toHaveText(`0 of ${count(total)} (0%)`);

  // A translator's file: every message translated, but one loses its placeholder and is skipped.
  const edited = exported.replace(entry, (_, id: string, source: string) =>
    id === 'admin.roleOf'
      ? `msgctxt "${id}"\nmsgid "${source}"\nmsgstr "Blorp"`
      : `msgctxt "${id}"\nmsgid "${source}"\nmsgstr "Blorp ${source}"`,
  );
  const importForm = panel.getByTestId('import-po');
  await importForm.getByLabel('PO file', { exact: true }).setInputFiles({
    name: 'lopit-interface-qaa.po',
    mimeType: 'text/x-gettext-translation',
    buffer: Buffer.from(edited),
  });
  await importForm.getByRole('button', { name: 'Import PO file' }).click();
  const report = importForm.getByTestId('po-report');
  const approved = total - 1;
  await expect(report).toContainText(`${count(approved)} messages approved, 0 unchanged, 1 skipped.`);
  // In the in-app editor's words (issue 35).
  await expect(report).toContainText('admin.roleOf: Keep the placeholder {email}');

  // The share counts what was approved, and the language is offered in the language choice now.
  await expect(row.getByTestId('language-share')).toHaveText(
    `${count(approved)} of ${count(total)} (${percent(approved / total)})`,
  );
  await expect(row.getByTestId('language-listed')).toHaveText('✓ Offered');

  // The same file again changes nothing.
  await importForm.getByRole('button', { name: 'Import PO file' }).click();
  await expect(report).toContainText(`0 messages approved, ${count(approved)} unchanged, 1 skipped.`);

  // A file that is not a PO file is refused at the field, with the server's reason.
  await importForm.getByLabel('PO file', { exact: true }).setInputFiles({
    name: 'notes.po',
    mimeType: 'text/plain',
    buffer: Buffer.from('msgid "unterminated\n'),
  });
  await importForm.getByRole('button', { name: 'Import PO file' }).click();
  await expect(importForm.getByText(/This is not a PO file we can read/)).toBeVisible();
  await expect(importForm.getByLabel('PO file', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});
