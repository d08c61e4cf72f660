// The consent PDFs: they load back, carry the right metadata, state the licence and the withdrawal right, and a
// character the standard fonts cannot encode stops the build with the file named.
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFArray, PDFDocument, PDFRawStream, decodePDFRawStream, type PDFPage } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_FORM_VERSION } from '../core/api/consent.ts';
import { CONTRIBUTION_LICENCE } from '../core/constants.ts';
import { DOCS } from '../src/app/paths.ts';
import {
  CONSENT_DOCUMENTS,
  LEGAL_CONTENT_DIR,
  formVersionDate,
  parseLegalMarkdown,
  renderConsentDocuments,
} from './consent-docs.ts';

/** The text a page shows: pdf-lib writes standard-font text as hex strings shown with Tj. */
function pageText(page: PDFPage): string {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
  const shown: string[] = [];
  for (const ref of streams) {
    const stream = page.doc.context.lookup(ref);
    if (!(stream instanceof PDFRawStream)) continue;
    const source = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const match of source.matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)) {
      shown.push(Buffer.from(match[1] ?? '', 'hex').toString('latin1'));
    }
  }
  return shown.join(' ');
}

function documentText(doc: PDFDocument): string {
  return doc.getPages().map(pageText).join(' ').replace(/\s+/g, ' ');
}

describe('consent documents', () => {
  let rendered: { fileName: string; bytes: Uint8Array }[];
  beforeAll(async () => {
    rendered = await renderConsentDocuments();
  });

  it('are the three documents the consent page links to', () => {
    expect(rendered.map((doc) => `/docs/${doc.fileName}`).sort()).toEqual(Object.values(DOCS).sort());
  });

  const expectations: Record<string, { title: string; extra: RegExp[] }> = {
    'consent-form-en.pdf': {
      title: 'Consent Form: Contributing Recordings and Translations',
      extra: [/Audio Recording Only/, /Translation Only/, /Full Contribution/, /prefer not to say/],
    },
    'consent-form-lpx.pdf': {
      title: 'Lopit Consent Form (Lopit translation awaiting community review)',
      extra: [
        /The Lopit translation of this form awaits community review/,
        /Full Contribution/,
        /replaced by the Lopit translation once members of the Lopit community have written and reviewed it/,
      ],
    },
    'data-use-policy.pdf': {
      title: 'Data Use Policy',
      extra: [/never sold/, /prefer not to say/, /community admin/],
    },
  };

  for (const spec of CONSENT_DOCUMENTS) {
    it(`${spec.fileName} loads back with its metadata, licence and withdrawal right`, async () => {
      const bytes = rendered.find((doc) => doc.fileName === spec.fileName)?.bytes;
      expect(bytes).toBeDefined();
      const doc = await PDFDocument.load(bytes!, { updateMetadata: false });
      const expected = expectations[spec.fileName]!;

      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      const [width, height] = [doc.getPage(0).getWidth(), doc.getPage(0).getHeight()];
      expect([Math.round(width), Math.round(height)]).toEqual([595, 842]);
      expect(doc.getTitle()).toBe(expected.title);
      expect(doc.getSubject()).toBe(spec.subject);
      expect(doc.getCreationDate()?.toISOString()).toBe(formVersionDate().toISOString());

      const text = documentText(doc);
      expect(text).toContain(CONTRIBUTION_LICENCE);
      expect(text).toMatch(/non-commercial community use/);
      expect(text).toMatch(/withdraw consent at any time/i);
      expect(text).toMatch(/left out of every dataset export and every model trained from then on/);
      expect(text).toContain(`Form version ${CONSENT_FORM_VERSION}`);
      expect(text).toContain(`Page 1 of ${doc.getPageCount()}`);
      for (const pattern of expected.extra) expect(text).toMatch(pattern);
    });
  }

  it('is reproducible: the same texts give the same bytes', async () => {
    const again = await renderConsentDocuments();
    for (const [i, doc] of again.entries()) {
      expect(Buffer.from(doc.bytes).equals(Buffer.from(rendered[i]!.bytes))).toBe(true);
    }
  });

  it('the Lopit form invents no Lopit text: it is the notice plus the English form', async () => {
    const lopit = await readFile(path.join(LEGAL_CONTENT_DIR, 'consent-form-lpx.md'), 'utf8');
    const body = lopit
      .replace(/<!--[\s\S]*?-->/g, '')
      .trim()
      .split('\n');
    expect(body.filter((line) => line.trim() && !/^(# |> |@include )/.test(line))).toEqual([]);
    expect(body).toContain('@include consent-form-en.md');
  });
});

describe('rendering errors', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'consent-docs-'));
    await cp(LEGAL_CONTENT_DIR, dir, { recursive: true });
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('names the file, line and character outside WinAnsi', async () => {
    const file = path.join(dir, 'data-use-policy.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, original.replace('## What is collected', '## What is collected \u2713'));
    await expect(renderConsentDocuments({ dir })).rejects.toThrow(
      /content\/legal\/data-use-policy\.md:\d+:\d+: character "\u2713" \(U\+2713\) is outside WinAnsi/,
    );
    await writeFile(file, original);
  });

  it('names the included file when the character is there', async () => {
    const file = path.join(dir, 'consent-form-en.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, `${original}\nLopit: \u014b\n`);
    await expect(renderConsentDocuments({ dir })).rejects.toThrow(/consent-form-en\.md:\d+:8: .*U\+014B/);
    await writeFile(file, original);
  });

  it('rejects an unknown placeholder', async () => {
    const file = path.join(dir, 'data-use-policy.md');
    const original = await readFile(file, 'utf8');
    await writeFile(file, `${original}\nVersion {{FORM_VERSON}}\n`);
    await expect(renderConsentDocuments({ dir })).rejects.toThrow(
      /data-use-policy\.md:\d+: unknown placeholder \{\{FORM_VERSON\}\}/,
    );
    await writeFile(file, original);
  });

  it('rejects markup outside the subset', () => {
    expect(() => parseLegalMarkdown('# T\n\n### Too deep\n', 'x.md')).toThrow(/x\.md: only "# " and "## "/);
    expect(() => parseLegalMarkdown('# T\n\nHalf **bold\n', 'x.md')).toThrow(/unbalanced \*\*/);
    expect(() => parseLegalMarkdown('No title\n', 'x.md')).toThrow(/no "# " title/);
  });
});
