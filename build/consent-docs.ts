// Consent documents (/docs/*.pdf) rendered from the texts in content/legal/ with pdf-lib's standard fonts.
// The markdown subset is described in content/legal/README.md. Output is reproducible: the dates in the metadata
// come from the consent form version, so the same texts always give the same bytes.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { CONSENT_FORM_VERSION } from '../core/api/consent.ts';
import { CONTRIBUTION_LICENCE, SESSION_TTL_MS } from '../core/constants.ts';

/** Where the texts live. */
export const LEGAL_CONTENT_DIR = fileURLToPath(new URL('../content/legal/', import.meta.url));

export interface ConsentDocumentSpec {
  /** Markdown file in the content folder. */
  source: string;
  /** File name of the PDF, served at /docs/<fileName>. */
  fileName: string;
  subject: string;
  /** BCP 47 language of the text as it is now (the Lopit form is English until its translation exists). */
  language: string;
}

export const CONSENT_DOCUMENTS: readonly ConsentDocumentSpec[] = [
  {
    source: 'consent-form-en.md',
    fileName: 'consent-form-en.pdf',
    subject: 'Consent to contribute voice recordings and translations to the Lopit community platform',
    language: 'en',
  },
  {
    source: 'consent-form-lpx.md',
    fileName: 'consent-form-lpx.pdf',
    subject:
      'Lopit consent form: English text until the Lopit translation has been reviewed by the community',
    language: 'en',
  },
  {
    source: 'data-use-policy.md',
    fileName: 'data-use-policy.pdf',
    subject: "How the Lopit community platform collects, uses and protects contributors' data",
    language: 'en',
  },
];

/** Values the texts may refer to as {{NAME}}, so that they never drift from the code. */
const PLACEHOLDERS: Record<string, string> = {
  CONSENT_FORM_VERSION,
  CONTRIBUTION_LICENCE,
  SESSION_TTL_DAYS: String(SESSION_TTL_MS / (24 * 60 * 60 * 1000)),
};

export interface RenderOptions {
  /** Folder holding the markdown texts; content/legal/ by default. */
  dir?: string;
}

export async function renderConsentDocuments(
  options: RenderOptions = {},
): Promise<{ fileName: string; bytes: Uint8Array }[]> {
  const dir = options.dir ?? LEGAL_CONTENT_DIR;
  const encodable = await winAnsiCodePoints();
  const results: { fileName: string; bytes: Uint8Array }[] = [];
  for (const spec of CONSENT_DOCUMENTS) {
    const text = await loadSource(dir, spec.source, encodable, []);
    const parsed = parseLegalMarkdown(text, spec.source);
    results.push({ fileName: spec.fileName, bytes: await renderPdf(parsed, spec) });
  }
  return results;
}

/** Every markdown file the documents are made from (for watching). */
export function legalSourcePaths(dir: string = LEGAL_CONTENT_DIR): string[] {
  return ['consent-form-en.md', 'consent-form-lpx.md', 'data-use-policy.md'].map((name) =>
    path.join(dir, name),
  );
}

/** The creation date written into every document: the first day of the form version's month. */
export function formVersionDate(version: string = CONSENT_FORM_VERSION): Date {
  const match = /^(\d{4})-(\d{2})(?:-(\d{2}))?/.exec(version);
  if (!match) throw new Error(`Consent form version "${version}" does not start with YYYY-MM`);
  const [, year, month, day] = match;
  return new Date(Date.UTC(Number(year), Number(month) - 1, day ? Number(day) : 1));
}

// ---------------------------------------------------------------------------------------------------------------
// Loading: comments, placeholders, the WinAnsi check, includes.

let winAnsiCache: Promise<Set<number>> | undefined;

/** The code points pdf-lib's standard fonts can encode (WinAnsi). */
function winAnsiCodePoints(): Promise<Set<number>> {
  winAnsiCache ??= (async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    return new Set(font.getCharacterSet());
  })();
  return winAnsiCache;
}

async function loadSource(
  dir: string,
  name: string,
  encodable: Set<number>,
  stack: string[],
): Promise<string> {
  if (stack.includes(name))
    throw new Error(`content/legal: ${[...stack, name].join(' -> ')} includes itself`);
  const raw = await readFile(path.join(dir, name), 'utf8');
  // Comments become blank lines of the same count so that line numbers in errors stay right.
  const uncommented = raw.replace(/<!--[\s\S]*?-->/g, (comment) => comment.replace(/[^\n]/g, ''));
  const lines = uncommented.split(/\r?\n/);
  const out: string[] = [];
  for (const [index, line] of lines.entries()) {
    const where = `content/legal/${name}:${index + 1}`;
    const substituted = line.replace(/\{\{\s*([A-Z_]+)\s*\}\}/g, (_all, key: string) => {
      const value = PLACEHOLDERS[key];
      if (value === undefined) {
        throw new Error(
          `${where}: unknown placeholder {{${key}}} (known: ${Object.keys(PLACEHOLDERS).join(', ')})`,
        );
      }
      return value;
    });
    assertEncodable(substituted, where, encodable);
    const include = /^@include\s+(\S+)\s*$/.exec(substituted);
    if (include?.[1]) {
      const included = await loadSource(dir, include[1], encodable, [...stack, name]);
      // The included file's own title is left out: the including file has its title.
      out.push(included.replace(/^\s*# [^\n]*\n/, ''));
    } else {
      out.push(substituted);
    }
  }
  return out.join('\n');
}

function assertEncodable(line: string, where: string, encodable: Set<number>): void {
  let column = 1;
  for (const char of line) {
    const codePoint = char.codePointAt(0) ?? 0;
    if (!encodable.has(codePoint)) {
      const hex = codePoint.toString(16).toUpperCase().padStart(4, '0');
      throw new Error(
        `${where}:${column}: character "${char}" (U+${hex}) is outside WinAnsi, the only encoding of the ` +
          'standard PDF fonts (Helvetica). Replace it, e.g. with a plain quote, dash or word.',
      );
    }
    column += char.length;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Parsing the markdown subset.

export interface Run {
  text: string;
  bold: boolean;
}

export type Block =
  | { kind: 'heading'; runs: Run[] }
  | { kind: 'paragraph'; runs: Run[] }
  | { kind: 'bullet'; runs: Run[]; checkbox: boolean }
  | { kind: 'notice'; runs: Run[] }
  | { kind: 'fields'; labels: string[] };

export interface LegalDocument {
  title: string;
  blocks: Block[];
}

const FIELD_LINE = /^(.*[^\s_])\s*_{4,}\s*$/;

export function parseLegalMarkdown(text: string, fileName: string): LegalDocument {
  const lines = text.split('\n');
  let title: string | undefined;
  const blocks: Block[] = [];
  let index = 0;
  const fail = (message: string): never => {
    throw new Error(`content/legal/${fileName}: ${message}`);
  };

  while (index < lines.length) {
    const line = (lines[index] ?? '').trimEnd();
    if (line.trim() === '') {
      index += 1;
      continue;
    }
    if (line.startsWith('# ')) {
      if (title !== undefined) fail(`a second "# " title: "${line}"`);
      title = line.slice(2).trim();
      index += 1;
    } else if (line.startsWith('## ')) {
      blocks.push({ kind: 'heading', runs: parseInline(line.slice(3).trim(), fileName) });
      index += 1;
    } else if (line.startsWith('#')) {
      fail(`only "# " and "## " headings are supported: "${line}"`);
    } else if (line.startsWith('- ')) {
      // A bullet: its continuation lines are indented.
      const parts = [line.slice(2).trim()];
      index += 1;
      while (index < lines.length && /^\s+\S/.test(lines[index] ?? '')) {
        parts.push((lines[index] ?? '').trim());
        index += 1;
      }
      let content = parts.join(' ');
      const checkbox = content.startsWith('[ ] ');
      if (checkbox) content = content.slice(4);
      blocks.push({ kind: 'bullet', runs: parseInline(content, fileName), checkbox });
    } else if (line.startsWith('>')) {
      const parts: string[] = [];
      while (index < lines.length && (lines[index] ?? '').startsWith('>')) {
        parts.push((lines[index] ?? '').slice(1).trim());
        index += 1;
      }
      blocks.push({ kind: 'notice', runs: parseInline(parts.join(' '), fileName) });
    } else if (FIELD_LINE.test(line)) {
      const labels: string[] = [];
      let match: RegExpExecArray | null;
      while (index < lines.length && (match = FIELD_LINE.exec((lines[index] ?? '').trimEnd())) && match[1]) {
        labels.push(match[1]);
        index += 1;
      }
      blocks.push({ kind: 'fields', labels });
    } else if (line.startsWith('@')) {
      fail(`unknown directive "${line}"`);
    } else {
      const parts: string[] = [];
      while (index < lines.length) {
        const next = (lines[index] ?? '').trimEnd();
        if (next.trim() === '' || /^(#|- |>|@)/.test(next) || FIELD_LINE.test(next)) break;
        parts.push(next.trim());
        index += 1;
      }
      blocks.push({ kind: 'paragraph', runs: parseInline(parts.join(' '), fileName) });
    }
  }
  if (title === undefined) return fail('the text has no "# " title');
  return { title, blocks };
}

/** `**bold**` is the only inline markup. */
function parseInline(text: string, fileName: string): Run[] {
  const pieces = text.split('**');
  if (pieces.length % 2 === 0) throw new Error(`content/legal/${fileName}: unbalanced ** in "${text}"`);
  return pieces.map((piece, i) => ({ text: piece, bold: i % 2 === 1 })).filter((run) => run.text !== '');
}

// ---------------------------------------------------------------------------------------------------------------
// Layout and drawing.

const A4: [number, number] = [595.28, 841.89];
const MARGIN = { top: 64, bottom: 72, left: 64, right: 64 };
const CONTENT_WIDTH = A4[0] - MARGIN.left - MARGIN.right;

const SIZE = { title: 19, heading: 13, body: 10.5, footer: 8.5 };
const LEADING = 1.45;
const BULLET_INDENT = 16;
const NOTICE_PADDING = 10;

// Print colours of the site's light theme (src/styles/theme.css).
const COLOUR = {
  text: rgb(0x1d / 255, 0x1b / 255, 0x16 / 255),
  muted: rgb(0x5a / 255, 0x55 / 255, 0x48 / 255),
  accent: rgb(0x9a / 255, 0x5b / 255, 0x00 / 255),
  noticeBg: rgb(0xff / 255, 0xf4 / 255, 0xcf / 255),
  noticeBorder: rgb(0x7a / 255, 0x5a / 255, 0x00 / 255),
};

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

interface Segment {
  text: string;
  font: PDFFont;
  width: number;
}

type Line = Segment[];

/** Greedy word wrap of styled runs into lines no wider than `width`. */
function wrap(runs: Run[], fonts: Fonts, size: number, width: number): Line[] {
  // Words are the spans between whitespace; a word may mix regular and bold pieces.
  const words: { text: string; font: PDFFont }[][] = [];
  let current: { text: string; font: PDFFont }[] = [];
  for (const run of runs) {
    const font = run.bold ? fonts.bold : fonts.regular;
    for (const token of run.text.split(/(\s+)/)) {
      if (token === '') continue;
      if (/^\s+$/.test(token)) {
        if (current.length) words.push(current);
        current = [];
      } else {
        current.push({ text: token, font });
      }
    }
  }
  if (current.length) words.push(current);

  const measure = (pieces: { text: string; font: PDFFont }[]) =>
    pieces.reduce((sum, piece) => sum + piece.font.widthOfTextAtSize(piece.text, size), 0);

  const lines: { pieces: { text: string; font: PDFFont }[][]; width: number }[] = [];
  let line: { pieces: { text: string; font: PDFFont }[][]; width: number } = { pieces: [], width: 0 };
  const pushWord = (word: { text: string; font: PDFFont }[]) => {
    const wordWidth = measure(word);
    const last = line.pieces.at(-1)?.at(-1);
    const space = last ? last.font.widthOfTextAtSize(' ', size) : 0;
    if (line.pieces.length && line.width + space + wordWidth > width) {
      lines.push(line);
      line = { pieces: [], width: 0 };
      pushWord(word);
      return;
    }
    if (!line.pieces.length && wordWidth > width) {
      // A word longer than a line (a long address): break it between characters.
      const [head, tail] = splitWord(word, size, width);
      line.pieces.push(head);
      line.width = measure(head);
      lines.push(line);
      line = { pieces: [], width: 0 };
      pushWord(tail);
      return;
    }
    line.pieces.push(word);
    line.width += space + wordWidth;
  };
  for (const word of words) pushWord(word);
  if (line.pieces.length) lines.push(line);

  // Merge neighbouring pieces of the same font into segments (the space goes with the text before it).
  return lines.map(({ pieces }) => {
    const segments: Line = [];
    pieces.forEach((word, wordIndex) => {
      word.forEach((piece, pieceIndex) => {
        const spaceBefore = wordIndex > 0 && pieceIndex === 0;
        const previous = segments.at(-1);
        if (previous && spaceBefore) previous.text += ' ';
        if (previous && previous.font === piece.font) previous.text += piece.text;
        else segments.push({ text: piece.text, font: piece.font, width: 0 });
      });
    });
    for (const segment of segments) segment.width = segment.font.widthOfTextAtSize(segment.text, size);
    return segments;
  });
}

function splitWord(
  word: { text: string; font: PDFFont }[],
  size: number,
  width: number,
): [{ text: string; font: PDFFont }[], { text: string; font: PDFFont }[]] {
  const head: { text: string; font: PDFFont }[] = [];
  let used = 0;
  for (const [pieceIndex, piece] of word.entries()) {
    const chars = [...piece.text];
    for (let i = 0; i < chars.length; i += 1) {
      const charWidth = piece.font.widthOfTextAtSize(chars[i] ?? '', size);
      if (used + charWidth > width && (head.length || i > 0)) {
        if (i > 0) head.push({ text: chars.slice(0, i).join(''), font: piece.font });
        const tail = [{ text: chars.slice(i).join(''), font: piece.font }, ...word.slice(pieceIndex + 1)];
        return [head, tail];
      }
      used += charWidth;
    }
    head.push(piece);
  }
  return [head, []];
}

class Writer {
  readonly pages: PDFPage[] = [];
  private page!: PDFPage;
  /** Baseline position of the next line's top edge. */
  private y = 0;

  constructor(
    private readonly doc: PDFDocument,
    readonly fonts: Fonts,
  ) {
    this.newPage();
  }

  newPage(): void {
    this.page = this.doc.addPage(A4);
    this.pages.push(this.page);
    this.y = A4[1] - MARGIN.top;
  }

  /** Starts a new page unless `height` fits above the bottom margin. */
  ensure(height: number): void {
    if (this.y - height < MARGIN.bottom && this.y < A4[1] - MARGIN.top) this.newPage();
  }

  gap(points: number): void {
    this.y -= points;
  }

  drawLines(lines: Line[], size: number, x: number, colour = COLOUR.text): void {
    const lineHeight = size * LEADING;
    for (const line of lines) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      let cursor = x;
      for (const segment of line) {
        this.page.drawText(segment.text, {
          x: cursor,
          y: this.y + size * 0.3,
          size,
          font: segment.font,
          color: colour,
        });
        cursor += segment.width;
      }
    }
  }

  title(text: string): void {
    const lines = wrap([{ text, bold: true }], this.fonts, SIZE.title, CONTENT_WIDTH);
    this.drawLines(lines, SIZE.title, MARGIN.left);
    this.gap(6);
    this.page.drawRectangle({
      x: MARGIN.left,
      y: this.y,
      width: CONTENT_WIDTH,
      height: 2,
      color: COLOUR.accent,
    });
    this.gap(12);
  }

  heading(runs: Run[]): void {
    const lines = wrap(
      runs.map((run) => ({ ...run, bold: true })),
      this.fonts,
      SIZE.heading,
      CONTENT_WIDTH,
    );
    // Keep the heading with at least three lines of what follows.
    this.ensure(10 + lines.length * SIZE.heading * LEADING + 3 * SIZE.body * LEADING);
    this.gap(10);
    this.drawLines(lines, SIZE.heading, MARGIN.left, COLOUR.accent);
    this.gap(2);
  }

  paragraph(runs: Run[]): void {
    this.drawLines(wrap(runs, this.fonts, SIZE.body, CONTENT_WIDTH), SIZE.body, MARGIN.left);
    this.gap(6);
  }

  bullet(runs: Run[], checkbox: boolean): void {
    const lines = wrap(runs, this.fonts, SIZE.body, CONTENT_WIDTH - BULLET_INDENT);
    const lineHeight = SIZE.body * LEADING;
    this.ensure(lineHeight);
    const baseline = this.y - lineHeight + SIZE.body * 0.3;
    if (checkbox) {
      const box = SIZE.body * 0.9;
      this.page.drawRectangle({
        x: MARGIN.left + 1,
        y: baseline - 1,
        width: box,
        height: box,
        borderColor: COLOUR.text,
        borderWidth: 0.8,
      });
    } else {
      this.page.drawText('\u2022', {
        x: MARGIN.left + 4,
        y: baseline,
        size: SIZE.body,
        font: this.fonts.regular,
      });
    }
    this.drawLines(lines, SIZE.body, MARGIN.left + BULLET_INDENT);
    this.gap(checkbox ? 6 : 3);
  }

  notice(runs: Run[]): void {
    const lines = wrap(runs, this.fonts, SIZE.body + 0.5, CONTENT_WIDTH - 2 * NOTICE_PADDING - 4);
    const height = lines.length * (SIZE.body + 0.5) * LEADING + 2 * NOTICE_PADDING;
    if (height > A4[1] - MARGIN.top - MARGIN.bottom)
      throw new Error('A "> " notice is too long for one page');
    this.ensure(height + 8);
    this.gap(4);
    this.page.drawRectangle({
      x: MARGIN.left,
      y: this.y - height,
      width: CONTENT_WIDTH,
      height,
      color: COLOUR.noticeBg,
      borderColor: COLOUR.noticeBorder,
      borderWidth: 1,
    });
    this.page.drawRectangle({
      x: MARGIN.left,
      y: this.y - height,
      width: 4,
      height,
      color: COLOUR.noticeBorder,
    });
    this.gap(NOTICE_PADDING);
    this.drawLines(lines, SIZE.body + 0.5, MARGIN.left + NOTICE_PADDING + 4);
    this.gap(NOTICE_PADDING + 10);
  }

  fields(labels: string[]): void {
    const rowHeight = 34;
    this.ensure(labels.length * rowHeight + 6);
    this.gap(6);
    const labelWidth = Math.max(
      ...labels.map((label) => this.fonts.bold.widthOfTextAtSize(label, SIZE.body)),
    );
    for (const label of labels) {
      this.y -= rowHeight;
      this.page.drawText(label, { x: MARGIN.left, y: this.y, size: SIZE.body, font: this.fonts.bold });
      const start = MARGIN.left + labelWidth + 10;
      this.page.drawLine({
        start: { x: start, y: this.y - 2 },
        end: { x: MARGIN.left + CONTENT_WIDTH, y: this.y - 2 },
        thickness: 0.7,
        color: COLOUR.text,
      });
    }
    this.gap(10);
  }

  footers(): void {
    const total = this.pages.length;
    this.pages.forEach((page, i) => {
      const y = MARGIN.bottom - 30;
      const { regular } = this.fonts;
      page.drawLine({
        start: { x: MARGIN.left, y: y + 14 },
        end: { x: MARGIN.left + CONTENT_WIDTH, y: y + 14 },
        thickness: 0.5,
        color: COLOUR.muted,
      });
      const left = `Lopit community platform \u00b7 Form version ${CONSENT_FORM_VERSION}`;
      page.drawText(left, { x: MARGIN.left, y, size: SIZE.footer, font: regular, color: COLOUR.muted });
      const right = `Page ${i + 1} of ${total}`;
      const width = regular.widthOfTextAtSize(right, SIZE.footer);
      page.drawText(right, {
        x: MARGIN.left + CONTENT_WIDTH - width,
        y,
        size: SIZE.footer,
        font: regular,
        color: COLOUR.muted,
      });
    });
  }
}

async function renderPdf(parsed: LegalDocument, spec: ConsentDocumentSpec): Promise<Uint8Array> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const date = formVersionDate();
  doc.setTitle(parsed.title, { showInWindowTitleBar: true });
  doc.setSubject(spec.subject);
  doc.setLanguage(spec.language);
  doc.setAuthor('Lopit community platform');
  doc.setCreator('build/consent-docs.ts');
  doc.setProducer('pdf-lib');
  doc.setKeywords(['consent', CONTRIBUTION_LICENCE, `form version ${CONSENT_FORM_VERSION}`]);
  doc.setCreationDate(date);
  doc.setModificationDate(date);

  const fonts: Fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const writer = new Writer(doc, fonts);
  writer.title(parsed.title);
  for (const block of parsed.blocks) {
    switch (block.kind) {
      case 'heading':
        writer.heading(block.runs);
        break;
      case 'paragraph':
        writer.paragraph(block.runs);
        break;
      case 'bullet':
        writer.bullet(block.runs, block.checkbox);
        break;
      case 'notice':
        writer.notice(block.runs);
        break;
      case 'fields':
        writer.fields(block.labels);
        break;
    }
  }
  writer.footers();
  return doc.save();
}
