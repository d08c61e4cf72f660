// The catalogue of one language as a gettext PO file, so translators can also work in the field's tools
// (Poedit, Weblate, Pootle…): one entry per message, msgctxt the message id, msgid the English source,
// msgstr the translation (empty when there is none), the note as an extracted comment (#.) and the screen as
// a reference (#:). Import reads the same shape back; entries are matched by msgctxt.

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

/** The entries of a PO file (context, source and translation; plural-form entries are refused). */
export function readPo(text: string): { id: string; source: string; translation: string }[] {
  const entries: { id: string; source: string; translation: string }[] = [];
  let current: Partial<Record<'msgctxt' | 'msgid' | 'msgstr', string>> = {};
  let field: 'msgctxt' | 'msgid' | 'msgstr' | null = null;
  const flush = () => {
    if (current.msgid !== undefined && current.msgctxt !== undefined)
      entries.push({ id: current.msgctxt, source: current.msgid, translation: current.msgstr ?? '' });
    current = {};
    field = null;
  };
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  lines.forEach((raw, index) => {
    const number = index + 1;
    const line = raw.trim();
    if (line === '') return flush();
    if (line.startsWith('#')) return;
    const keyword = /^(msgctxt|msgid|msgstr|msgid_plural|msgstr\[\d+\])\s+(.*)$/s.exec(line);
    if (keyword) {
      const [, name, rest] = keyword;
      if (name === 'msgid_plural' || name!.startsWith('msgstr['))
        throw new PoSyntaxError('gettext plural forms are not used: write ICU plurals in msgstr', number);
      const key = name as 'msgctxt' | 'msgid' | 'msgstr';
      if (key === 'msgctxt' && (current.msgid !== undefined || current.msgctxt !== undefined)) flush();
      if (current[key] !== undefined) throw new PoSyntaxError(`${key} given twice`, number);
      current[key] = unquote(rest!, number);
      field = key;
      return;
    }
    if (line.startsWith('"') && field) {
      current[field] += unquote(line, number);
      return;
    }
    throw new PoSyntaxError('not a PO line', number);
  });
  flush();
  return entries;
}
