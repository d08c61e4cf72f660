// Admin import of translation pairs: CSV/TSV text or JSON rows are checked row by row, then inserted at once.
import Papa from 'papaparse';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { importPairRowSchema, type ImportReport } from '../../../core/api/translation.ts';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import type { TranslationRepository } from '../translation/translation-repository.ts';

/** A data row as read, before validation; `row` is 1-based and counts from the first row after the header. */
export interface ImportCandidate {
  row: number;
  value: unknown;
  /** Set when the row could not be parsed at all (say an unclosed quote). */
  unreadable?: string;
}

/** Delimiters tried on the header row, in order; the first that yields the required columns wins. */
const DELIMITERS = [',', '\t', ';'] as const;
const COLUMNS = ['english', 'lopit', 'category'] as const;
const REQUIRED_COLUMNS = ['english', 'category'] as const;

export const invalidImport = (message: string) => new AppError(400, message, ERROR_CODES.invalidImport);

export const tooManyRows = (rows: number) =>
  new AppError(
    413,
    `An import can hold at most ${IMPORT_MAX_ROWS.toLocaleString('en')} rows; this one has ${rows.toLocaleString('en')}. Split it into smaller files.`,
    ERROR_CODES.importTooLarge,
  );

/** UTF-8 text of an uploaded file, without a byte-order mark; anything else is refused clearly. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw invalidImport('The file is not UTF-8 text. Save it as "CSV UTF-8" (or as TSV) and try again.');
  }
  return text.replace(/^\uFEFF/, '');
}

/**
 * Reads CSV or TSV text whose header row names the columns (any case, any order; other columns are ignored;
 * `aliases` maps other header names to a column). The delimiter is found by parsing the header, not from a
 * file name. Undefined when no delimiter yields the required columns.
 */
export function readDelimited(
  body: string,
  columns: readonly string[],
  required: readonly string[],
  aliases: Readonly<Record<string, string>> = {},
): ImportCandidate[] | undefined {
  const found = findHeader(body, columns, required, aliases);
  if (!found) return undefined;
  const parsed = Papa.parse<string[]>(body, { delimiter: found.delimiter, skipEmptyLines: false });
  const brokenRows = new Map<number, string>();
  for (const error of parsed.errors) {
    if (typeof error.row === 'number' && error.row > 0 && !brokenRows.has(error.row)) {
      brokenRows.set(error.row, error.message);
    }
  }
  const candidates: ImportCandidate[] = [];
  parsed.data.forEach((fields, index) => {
    if (index === 0 || fields.every((field) => field.trim() === '')) return;
    const broken = brokenRows.get(index);
    const value: Record<string, unknown> = {};
    for (const [column, at] of found.columns) value[column] = fields[at];
    candidates.push(broken ? { row: index, value, unreadable: broken } : { row: index, value });
  });
  return candidates;
}

function findHeader(
  body: string,
  known: readonly string[],
  required: readonly string[],
  aliases: Readonly<Record<string, string>>,
): { delimiter: string; columns: Map<string, number> } | undefined {
  for (const delimiter of DELIMITERS) {
    const [header = []] = Papa.parse<string[]>(body, { delimiter, preview: 1 }).data;
    const columns = new Map<string, number>();
    header.forEach((name, index) => {
      const raw = name.trim().toLowerCase();
      const column = aliases[raw] ?? raw;
      if (known.includes(column) && !columns.has(column)) columns.set(column, index);
    });
    if (required.every((column) => columns.has(column))) return { delimiter, columns };
  }
  return undefined;
}

/** Translation pairs from CSV or TSV text: a header row naming english, category and optionally lopit. */
export function parseDelimited(text: string): ImportCandidate[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw invalidImport('The file is empty.');
  const candidates = readDelimited(body, COLUMNS, REQUIRED_COLUMNS);
  if (!candidates) {
    throw invalidImport(
      'The first row must name the columns english and category (and optionally lopit), separated by commas or tabs.',
    );
  }
  return candidates;
}

/** Rows of a JSON import: a bare array or `{ pairs: [...] }`. */
export function jsonCandidates(body: unknown[] | { pairs: unknown[] }): ImportCandidate[] {
  const rows = Array.isArray(body) ? body : body.pairs;
  return rows.map((value, index) => ({ row: index + 1, value }));
}

/**
 * Validates every row, inserts the valid ones (all or none), and reports: a row already there (same category
 * and English text, also twice in one file) is a duplicate and changes nothing; invalid rows are refused
 * with their reason.
 */
export async function importPairs(
  repository: TranslationRepository,
  candidates: ImportCandidate[],
): Promise<ImportReport> {
  if (candidates.length > IMPORT_MAX_ROWS) throw tooManyRows(candidates.length);
  const refused: ImportReport['refused'] = [];
  const prompts: Parameters<TranslationRepository['insertPrompts']>[0] = [];
  for (const { row, value, unreadable } of candidates) {
    if (unreadable) {
      refused.push({ row, reason: `This row could not be read: ${unreadable}` });
      continue;
    }
    const result = importPairRowSchema.safeParse(value);
    if (result.success) prompts.push(result.data);
    else refused.push({ row, reason: result.error.issues.map((issue) => issue.message).join('; ') });
  }
  const accepted = await repository.insertPrompts(prompts);
  return { accepted, refused, duplicates: prompts.length - accepted };
}
