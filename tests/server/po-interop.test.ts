// The interface's PO export read by the tools translators use (issue 35): GNU gettext's `msgfmt -c` accepts it
// with no warning (complete header, Plural-Forms only where known, each entry flagged `icu-message-format`,
// Weblate's flag), `msgcat` writes it back with the same entries and header, and translate-toolkit's `pofilter` finds nothing in
// a good translation but flags an unbalanced brace, which the import refuses as well. The language is Blorpish,
// made up.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importPoReportSchema } from '../../core/api/i18n.ts';
import { SOURCE_MESSAGES } from '../../core/i18n/catalogue.ts';
import { shell } from '../../core/i18n/messages/shell.ts';
import { PO_ICU_FLAG, readPo, writePo } from '../../core/i18n/po.ts';
import { answer, createTestApp, signUp, type TestApp } from './test-app.ts';

const CODE = 'qaa';
const has = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;
/** Debian's python3 with python3-translate (another python3 may come first on PATH). */
const python = ['/usr/bin/python3', 'python3'].find((candidate) =>
  has(candidate, ['-c', 'import translate.filters.pofilter']),
);
const gettext = has('msgfmt', ['--version']) && has('msgcat', ['--version']);
if (!python || !gettext)
  console.warn(
    'SKIPPED: the PO interop test needs gettext and translate-toolkit (Debian: apt-get install gettext python3-translate; .ci/run installs them).',
  );

const run = (command: string, args: string[]) => {
  const result = spawnSync(command, args, { encoding: 'utf8' });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
};

describe.skipIf(!python || !gettext)('the interface PO file in gettext and translate-toolkit', () => {
  let t: TestApp;
  let auth: Record<string, string>;
  let dir: string;
  let exported: string;
  const file = (name: string, text?: string) => {
    const at = path.join(dir, name);
    if (text !== undefined) fs.writeFileSync(at, text);
    return at;
  };
  /** A message with a placeholder, and a plural, from the catalogue. */
  const withPlaceholder = shell.showField;
  const plural = shell.signOutWaitingText;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    auth = (await signUp(t.app, { name: 'Admin' })).auth;
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'po-interop-'));
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/admin/i18n/languages',
      headers: auth,
      payload: { code: CODE, name: 'Blorpish' },
    });
    expect(added.statusCode, added.body).toBe(201);
    // Translations with a quote, a placeholder and the language's own plural forms, imported as a translator would.
    const po = writePo({ code: CODE, name: 'Blorpish' }, [
      { id: shell.navHome.id, source: shell.navHome.message, translation: 'Blorp "hom"' },
      { id: withPlaceholder.id, source: withPlaceholder.message, translation: 'Blorp {field}' },
      {
        id: plural.id,
        source: plural.message,
        translation: '{count, plural, few {# blorpa zib} other {# blorps zib}}',
      },
    ]);
    const report = answer(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/i18n/languages/${CODE}/import`,
        headers: auth,
        payload: { po },
      }),
      importPoReportSchema,
    );
    expect(report).toMatchObject({ approved: 3, skipped: [] });
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/admin/i18n/languages/${CODE}/export.po`,
      headers: auth,
    });
    expect(response.statusCode).toBe(200);
    exported = response.body;
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('has a complete header, states the ICU convention and flags every entry for ICU', () => {
    for (const field of [
      'Project-Id-Version: Lopit Community interface',
      'Last-Translator: ',
      'Language-Team: Blorpish',
      `Language: ${CODE}`,
      'Content-Type: text/plain; charset=UTF-8',
    ])
      expect(exported).toContain(field);
    expect(exported).toMatch(/"PO-Revision-Date: \d{4}-\d\d-\d\d \d\d:\d\d\+0000\\n"/);
    // No gettext plural rule is known for a made-up language, so none is guessed.
    expect(exported).not.toContain('Plural-Forms');
    expect(exported).toMatch(/^# Every message is ICU MessageFormat/m);
    expect(exported.match(new RegExp(`^#, ${PO_ICU_FLAG}$`, 'gm'))).toHaveLength(SOURCE_MESSAGES.length);
  });

  it('passes msgfmt -c with no warning, also with a known Plural-Forms', () => {
    const checked = run('msgfmt', ['-c', '-o', '/dev/null', file('export.po', exported)]);
    expect(checked).toMatchObject({ status: 0, stderr: '' });
    const arabic = writePo({ code: 'ar', name: 'Arabic' }, readPo(exported));
    expect(arabic).toContain('Plural-Forms: nplurals=6;');
    expect(run('msgfmt', ['-c', '-o', '/dev/null', file('ar.po', arabic)])).toMatchObject({
      status: 0,
      stderr: '',
    });
  });

  it('comes back from msgcat with the same entries and header', () => {
    const out = file('msgcat.po');
    expect(run('msgcat', ['-o', out, file('export.po', exported)])).toMatchObject({ status: 0, stderr: '' });
    const again = fs.readFileSync(out, 'utf8');
    const strip = (text: string) => readPo(text).map(({ line: _, ...entry }) => entry);
    expect(strip(again)).toEqual(strip(exported));
    expect(strip(again).find((entry) => entry.id === plural.id)!.translation).toBe(
      '{count, plural, few {# blorpa zib} other {# blorps zib}}',
    );
    // GNU gettext keeps only the flags it knows (c-format…, fuzzy): msgcat drops icu-message-format, which the
    // import does not need (README: a Weblate component sets it for all).
    expect(again).toContain('Project-Id-Version: Lopit Community interface');
    expect(again).toMatch(/^# Every message is ICU MessageFormat/m);
  });

  it('pofilter finds nothing in good translations and flags an unbalanced brace, which the import refuses too', async () => {
    const pofilter = (input: string) => {
      const out = file('pofilter-out.po');
      fs.rmSync(out, { force: true });
      const result = run(python!, [
        '-m',
        'translate.filters.pofilter',
        '-t',
        'brackets',
        '-t',
        'escapes',
        '-t',
        'newlines',
        input,
        out,
      ]);
      expect(result.status, result.stderr).toBe(0);
      return fs.existsSync(out) ? readPo(fs.readFileSync(out, 'utf8')).map((entry) => entry.id) : [];
    };
    expect(pofilter(file('export.po', exported))).toEqual([]);
    const broken = writePo({ code: CODE, name: 'Blorpish' }, [
      { id: withPlaceholder.id, source: withPlaceholder.message, translation: 'Blorp {field' },
    ]);
    expect(pofilter(file('broken.po', broken))).toEqual([withPlaceholder.id]);
    const report = answer(
      await t.app.inject({
        method: 'POST',
        url: `/api/admin/i18n/languages/${CODE}/import`,
        headers: auth,
        payload: { po: broken },
      }),
      importPoReportSchema,
    );
    expect(report.skipped).toEqual([
      expect.objectContaining({
        id: withPlaceholder.id,
        reason: 'A { has no closing }. Close each { with a } as in the English',
      }),
    ]);
  });
});
