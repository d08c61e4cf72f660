// The catalogue of one language as a gettext PO file, so translators can also work in the field's tools
// (Poedit, Weblate, Pootle…): one entry per message, msgctxt the message id, msgid the English source,
// msgstr the translation (empty when there is none), the note as an extracted comment (#.) and the screen as
// a reference (#:). Import reads the same shape back, with the fuzzy flag (#, fuzzy); entries are matched by
// msgctxt, each given once.

export interface PoEntry {
  id: string;
  source: string;
  translation: string;
  note?: string;
  screen?: string;
}

const escape = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\r');

const quoted = (text: string) => `"${escape(text)}"`;

/** A PO file of these entries for `language` (its BCP 47 code and name in the header). */
export function writePo(language: { code: string; name: string }, entries: PoEntry[]): string {
  const header = [
    '# Lopit Community interface messages',
    'msgid ""',
    'msgstr ""',
    quoted(`Language: ${language.code}\n`),
    quoted(`Language-Team: ${language.name}\n`),
    quoted('MIME-Version: 1.0\n'),
    quoted('Content-Type: text/plain; charset=UTF-8\n'),
    quoted('Content-Transfer-Encoding: 8bit\n'),
    quoted('X-Message-Format: ICU MessageFormat\n'),
  ].join('\n');
  const body = entries.map((entry) =>
    [
      ...(entry.note ? entry.note.split('\n').map((line) => `#. ${line}`) : []),
      ...(entry.screen ? [`#: ${entry.screen}`] : []),
      `msgctxt ${quoted(entry.id)}`,
      `msgid ${quoted(entry.source)}`,
      `msgstr ${quoted(entry.translation)}`,
    ].join('\n'),
  );
  return `${[header, ...body].join('\n\n')}\n`;
}

export class PoSyntaxError extends Error {
  constructor(
    message: string,
    readonly line: number,
  ) {
    super(`Line ${line}: ${message}`);
  }
}

const UNESCAPE: Record<string, string> = { n: '\n', t: '\t', r: '\r', '"': '"', '\\': '\\' };

function unquote(text: string, line: number): string {
  if (!/^".*"$/s.test(text)) throw new PoSyntaxError('a quoted string was expected', line);
  return text.slice(1, -1).replace(/\\(.)/g, (_, char: string) => {
    const value = UNESCAPE[char];
    if (value === undefined) throw new PoSyntaxError(`unknown escape \\${char}`, line);
    return value;
  });
}

/** One entry as read: `fuzzy` when a translator (or msgmerge) marked it as needing review (`#, fuzzy`). */
export interface PoReadEntry {
  id: string;
  source: string;
  translation: string;
  fuzzy?: true;
  /** The line its msgctxt is on. */
  line: number;
}

/** Lines read between two pauses of readPoInSlices: a few milliseconds of work. */
const LINES_PER_SLICE = 5000;

/**
 * The entries of a PO file (context, source, translation, whether it is fuzzy). Plural-form entries are
 * refused, and so is a context given twice (msgfmt -c calls a duplicate fatal: which one was meant?).
 */
export function readPo(text: string): PoReadEntry[] {
  const entries: PoReadEntry[] = [];
  for (const _ of reading(text, entries));
  return entries;
}

/** readPo with `pause()` awaited every LINES_PER_SLICE lines, so a server reading a large file keeps answering. */
export async function readPoInSlices(text: string, pause: () => Promise<void>): Promise<PoReadEntry[]> {
  const entries: PoReadEntry[] = [];
  for (const _ of reading(text, entries)) await pause();
  return entries;
}

/** Reads `text` into `entries`, stopping after every LINES_PER_SLICE lines; throws PoSyntaxError. */
function* reading(text: string, entries: PoReadEntry[]): Generator<void> {
  const seen = new Map<string, number>();
  let current: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {};
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  let fuzzy = false;
  let contextLine = 0;
  const flush = () => {
    if (current.msgid !== undefined && current.msgctxt !== undefined) {
      const first = seen.get(current.msgctxt);
      if (first !== undefined)
        throw new PoSyntaxError(
          `msgctxt "${current.msgctxt}" was given before, on line ${first}`,
          contextLine,
        );
      seen.set(current.msgctxt, contextLine);
      entries.push({
        id: current.msgctxt,
        source: current.msgid,
        translation: current.msgstr ?? '',
        ...(fuzzy ? { fuzzy: true as const } : {}),
        line: contextLine,
      });
    }
    current = {};
    field = null;
    fuzzy = false;
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const number = index + 1;
    if (number % LINES_PER_SLICE === 0) yield;
    const line = raw.trim();
    if (line === '') {
      flush();
      continue;
    }
    if (line.startsWith('#')) {
      // A comment after an entry's msgid starts the next entry, even without a blank line between them.
      if (current.msgid !== undefined) flush();
      if (/^#,(.*,)?\s*fuzzy\s*(,|$)/.test(line)) fuzzy = true;
      continue;
    }
    const keyword = /^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\])\s+(.*)$/s.exec(line);
    if (keyword) {
      const [, name, rest] = keyword;
      if (name === 'msgid_plural' || name!.startsWith('msgstr['))
        throw new PoSyntaxError('gettext plural forms are not used: write ICU plurals in msgstr', number);
      const key = name as 'msgctxt' | 'msgid' | 'msgstr';
      if (key === 'msgctxt' && (current.msgid !== undefined || current.msgctxt !== undefined)) flush();
      if (current[key] !== undefined) throw new PoSyntaxError(`${key} given twice`, number);
      if (key === 'msgctxt') contextLine = number;
      current[key] = unquote(rest!, number);
      field = key;
      continue;
    }
    if (line.startsWith('"') && field) {
      current[field] += unquote(line, number);
      continue;
    }
    throw new PoSyntaxError('not a PO line', number);
  }
  flush();
}
