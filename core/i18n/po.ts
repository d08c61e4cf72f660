// The catalogue of one language as a gettext PO file, so translators can also work in the field's tools
// (Poedit, Weblate, Pootle…): one entry per message, msgctxt the message id, msgid the English source,
// msgstr the translation (empty when there is none), the note as an extracted comment (#.), the screen as a
// reference (#:) and the flag `icu-message-format` (Weblate's name for the format: it checks placeholders and
// plurals in it). The header is complete for gettext (`msgfmt -c` gives no warning), with Plural-Forms where the
// language's gettext rule is known and the ICU convention stated in its comment: plurals are written inside
// msgstr in ICU, never as msgid_plural/msgstr[n]. Import reads the same shape back, with the fuzzy flag
// (#, fuzzy); entries are matched by msgctxt, each given once.

export interface PoEntry {
  id: string;
  source: string;
  translation: string;
  note?: string;
  screen?: string;
}

/** The flag every entry carries: the messages are ICU MessageFormat (Weblate's flag of that name). */
export const PO_ICU_FLAG = 'icu-message-format';

/**
 * gettext's Plural-Forms of the languages whose rule is known here (from the GNU gettext manual). The app's
 * plurals are ICU, so this only informs tools; a language not listed gets no Plural-Forms (none is guessed).
 */
const PLURAL_FORMS: Record<string, string> = {
  en: 'nplurals=2; plural=(n != 1);',
  ar: 'nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);',
  fr: 'nplurals=2; plural=(n > 1);',
  sw: 'nplurals=2; plural=(n != 1);',
};

const escape = (text: string) =>
  text
    .replace(/\\/g, '\\\\')
    .replace(/"/g, '\\"')
    .replace(/\n/g, '\\n')
    .replace(/\t/g, '\\t')
    .replace(/\r/g, '\\r');

const quoted = (text: string) => `"${escape(text)}"`;

/** Text for a comment line: control characters (a line break would end the comment) become spaces. */
const oneLine = (text: string) => text.replace(/\p{Cc}/gu, ' ');

/** A date as PO headers write it: `2026-11-28 07:20+0000`. */
const poDate = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')}+0000`;

/**
 * A PO file of these entries for `language` (its BCP 47 code and name in the header), revised at `revisedAt`
 * (the export's time).
 */
export function writePo(
  language: { code: string; name: string },
  entries: PoEntry[],
  revisedAt: Date = new Date(),
): string {
  const pluralForms = PLURAL_FORMS[language.code.split('-')[0]!];
  const header = [
    `# Lopit Community: the app's interface in ${oneLine(language.name)} (${language.code}).`,
    '#',
    '# Every message is ICU MessageFormat (flag icu-message-format). Keep each {placeholder} as it is. Plurals',
    "# are written inside msgstr with the language's own categories, e.g. {count, plural, one {# clip} other",
    '# {# clips}}: gettext plural entries (msgid_plural, msgstr[n]) are not used and the import refuses them.',
    '# msgctxt is the message id. An entry marked fuzzy is imported as a proposal for the community to review;',
    '# every other translated entry becomes the approved translation.',
    'msgid ""',
    'msgstr ""',
    quoted('Project-Id-Version: Lopit Community interface\n'),
    quoted(`PO-Revision-Date: ${poDate(revisedAt)}\n`),
    quoted('Last-Translator: Lopit Community translators\n'),
    quoted(`Language-Team: ${language.name}\n`),
    quoted(`Language: ${language.code}\n`),
    quoted('MIME-Version: 1.0\n'),
    quoted('Content-Type: text/plain; charset=UTF-8\n'),
    quoted('Content-Transfer-Encoding: 8bit\n'),
    ...(pluralForms ? [quoted(`Plural-Forms: ${pluralForms}\n`)] : []),
    quoted('X-Message-Format: ICU MessageFormat\n'),
  ].join('\n');
  const body = entries.map((entry) =>
    [
      ...(entry.note ? entry.note.split('\n').map((line) => `#. ${line}`) : []),
      ...(entry.screen ? [`#: ${entry.screen}`] : []),
      `#, ${PO_ICU_FLAG}`,
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
