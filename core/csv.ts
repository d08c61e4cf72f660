// Delimited text, one writer for every file: CSV and TSV for machines keep the text exactly as written and are
// quoted so that Python's csv module, pandas, Hugging Face's csv loader and papaparse read it back as written;
// files meant for a spreadsheet also get the formula guard (and a byte-order mark), which the importers undo.

type Cell = string | number | null | undefined;

export interface CellOptions {
  /**
   * Put an apostrophe before formula-like text (CSV injection): only for files meant to be opened in a
   * spreadsheet (the translation editor's translations.csv), never in a dataset.
   */
  formulaGuard?: boolean;
}

/**
 * Text a spreadsheet would run as a formula (=, +, -, @, tab, CR), also after apostrophes already there: the
 * guard then adds one more, so unguardFormula gives back exactly what was written.
 */
const GUARDED = /^'*[=+\-@\t\r]/;
const GUARD_ADDED = /^'+[=+\-@\t\r]/;

const textOf = (value: Cell) => (value === null || value === undefined ? '' : String(value));

/** The text with an apostrophe before a formula-like start (spreadsheets then show it as text). */
export function guardFormula(value: Cell): string {
  const text = textOf(value);
  return GUARDED.test(text) ? `'${text}` : text;
}

/** Undoes guardFormula: what a file this platform wrote for a spreadsheet held before the guard. */
export function unguardFormula(text: string): string {
  return GUARD_ADDED.test(text) ? text.slice(1) : text;
}

const quoted = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** A CSV cell (RFC 4180): quoted when it holds a comma, a quote, a line break, or space at either end. */
export function csvCell(value: Cell, { formulaGuard = false }: CellOptions = {}): string {
  const text = formulaGuard ? guardFormula(value) : textOf(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? quoted(text) : text;
}

/** One CSV record, CRLF-terminated (RFC 4180). Line breaks inside a cell are kept, inside its quotes. */
export function csvRow(cells: readonly Cell[], options: CellOptions = {}): string {
  return `${cells.map((cell) => csvCell(cell, options)).join(',')}\r\n`;
}

/**
 * A CSV document to open in a spreadsheet: a UTF-8 byte-order mark (so spreadsheet programs read ŋ and ɲ
 * correctly), CRLF records, formula-like cells guarded.
 */
export function toCsv(header: readonly string[], rows: readonly (readonly Cell[])[]): string {
  const options = { formulaGuard: true };
  return `\uFEFF${csvRow(header, options)}${rows.map((row) => csvRow(row, options)).join('')}`;
}

/**
 * Everything that ends a line for some reader: CR and LF (csv, pandas, Perl), and also what Python's
 * str.splitlines and Unicode take as line or paragraph breaks (VT, FF, FS, GS, RS, NEL, U+2028, U+2029).
 */
const LINE_BREAKS = '\\r\\n\\v\\f\\x1c\\x1d\\x1e\\x85\\u2028\\u2029';

/**
 * Text on one line of a file whose readers split lines and fields without quoting (Common Voice's TSVs as Lhotse
 * and ESPnet read them, LJSpeech's id|text|normalised): every run of line breaks (LINE_BREAKS) and `separators`,
 * with the spaces around it, becomes one space.
 */
export function oneLine(text: string, separators = '\t'): string {
  const set = `${LINE_BREAKS}${separators.replace(/[\\\]^-]/g, '\\$&')}`;
  return text.replace(new RegExp(`[ \\t]*[${set}][${set} \\t]*`, 'g'), ' ');
}

/**
 * A TSV cell of a file people open in a spreadsheet (and that this platform imports back): on one line (see
 * oneLine), and quoted only when it begins with a quote, the one case where quoting readers (Python's csv,
 * pandas, papaparse) would otherwise take the text apart. Datasets use rawTsvRow.
 */
export function tsvCell(value: Cell, { formulaGuard = false }: CellOptions = {}): string {
  const flat = oneLine(textOf(value));
  const text = formulaGuard ? guardFormula(flat) : flat;
  return text.startsWith('"') ? quoted(text) : text;
}

/** One TSV line, LF-terminated, for a spreadsheet (see tsvCell). */
export function tsvRow(cells: readonly Cell[], options: CellOptions = {}): string {
  return `${cells.map((cell) => tsvCell(cell, options)).join('\t')}\n`;
}

/**
 * One TSV line of a dataset, as Common Voice writes its own: each cell on one line (see oneLine) and never
 * quoted or escaped, so that readers without quoting (Python's csv.QUOTE_NONE as Lhotse, ESPnet and Hugging
 * Face's Common Voice script read, pandas with quoting=3, a split on tabs) get exactly the text, a leading
 * double quote included. Readers that quote would take such a cell apart: datasets say to read with QUOTE_NONE.
 */
export function rawTsvRow(cells: readonly Cell[]): string {
  return `${cells.map((cell) => oneLine(textOf(cell))).join('\t')}\n`;
}
