// CSV writing (RFC 4180) that is safe to open in a spreadsheet: formula-like cells are neutralised.

/** Cells starting with these characters are run as formulas by spreadsheet programs (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** The text of a cell, with an apostrophe before a formula-like start (spreadsheets then show it as text). */
export function neutraliseFormula(value: string | number | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

export function csvCell(value: string | number | null | undefined): string {
  const text = neutraliseFormula(value);
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}

/** A whole document with a UTF-8 byte-order mark, so spreadsheet programs read Lopit letters (ŋ, ɲ) correctly. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly (string | number | null | undefined)[])[],
): string {
  return `\uFEFF${csvRow(header)}${rows.map(csvRow).join('')}`;
}

/**
 * A TSV cell as speech toolkits read it (Common Voice, no quoting): tabs and line breaks become spaces, and
 * formula-like starts are neutralised as in CSV.
 */
export function tsvCell(value: string | number | null | undefined): string {
  return neutraliseFormula(
    value === null || value === undefined ? '' : String(value).replace(/[\t\r\n]+/g, ' '),
  );
}

/** One TSV line, LF-terminated. */
export function tsvRow(cells: readonly (string | number | null | undefined)[]): string {
  return `${cells.map(tsvCell).join('\t')}\n`;
}
