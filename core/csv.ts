// CSV writing (RFC 4180) that is safe to open in a spreadsheet: formula-like cells are neutralised.

/** Cells starting with these characters are run as formulas by spreadsheet programs (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
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
