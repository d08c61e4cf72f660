// Admin imports of files: the multipart scope for the import routes, the uploaded file read as UTF-8 text
// (size, encoding and control characters checked), and CSV/TSV rows read by their header, with the spreadsheet
// formula guard of this platform's own exports undone.
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import Papa from 'papaparse';
import { ERROR_CODES } from '../../core/api/errors.ts';
import { findInputProblem } from '../../core/api/input.ts';
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from '../../core/constants.ts';
import { unguardFormula } from '../../core/csv.ts';
import { AppError } from '../errors.ts';
import { multipartBody, type RouteContractConfig } from './route-contract.ts';

/**
 * Registers `routes` in a scope that parses multipart bodies (one file of at most IMPORT_MAX_BYTES); everywhere
 * else multipart stays an unsupported media type. Fastify validates a multipart body (parsed later, as a
 * stream) as null, so import routes accept `body.nullish()`.
 */
export async function withImportUploads(
  app: FastifyInstance,
  routes: (scope: FastifyInstance) => void,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 20 },
    });
    routes(scope);
  });
}

/** The contract of an import route: a file in the form field "file" (or the route's JSON body), and its refusals. */
export function importContract(description: string): RouteContractConfig {
  return {
    requestBody: multipartBody({
      description,
      files: { file: 'text/csv' },
    }),
    errors: [
      { status: 400, code: ERROR_CODES.invalidImport },
      { status: 413, code: ERROR_CODES.importTooLarge },
    ],
  };
}

/** A data row as read, before validation; `row` is 1-based and counts from the first row after the header. */
export interface ImportCandidate {
  row: number;
  value: unknown;
  /** Set when the row could not be parsed at all (say an unclosed quote). */
  unreadable?: string;
}

/** Delimiters tried on the header row, in order; the first that yields the required columns wins. */
const DELIMITERS = [',', '\t', ';'] as const;

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
 * file name. A cell with the apostrophe this platform puts before formula-like text in files for spreadsheets
 * (translations.csv, lexicon.csv) is read without it, so exporting and importing again changes nothing.
 * Undefined when no delimiter yields the required columns.
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
    for (const [column, at] of found.columns) {
      const field = fields[at];
      value[column] = field === undefined ? field : unguardFormula(field);
    }
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

/** The text of the multipart field `file` (UTF-8, at most 5 MB). */
export async function readUploadedFile(
  request: FastifyRequest,
  missing = 'Choose a CSV or TSV file to import.',
): Promise<string> {
  let bytes: Buffer;
  try {
    const file = await request.file();
    if (!file) throw invalidImport(missing);
    bytes = await file.toBuffer();
    if (file.fieldname !== 'file') throw invalidImport('Send the file in the form field named "file".');
  } catch (error) {
    if (error instanceof AppError) throw error;
    if ((error as { code?: unknown }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError(
        413,
        `The file is larger than ${IMPORT_MAX_BYTES / 1024 / 1024} MB. Split it into smaller files.`,
        ERROR_CODES.importTooLarge,
      );
    }
    request.log.info({ err: error }, 'unreadable import upload');
    throw invalidImport('The upload could not be read. Choose a CSV or TSV file and try again.');
  }
  const text = decodeUtf8(bytes);
  const problem = findInputProblem(text);
  if (problem)
    throw invalidImport(
      `The file cannot be imported: ${problem.message} Save it as UTF-8 text (CSV or TSV).`,
    );
  return text;
}

/**
 * What an import route received: the file of its multipart field `file` read by `fromFile`, or its JSON `body`
 * (as the route's schema parsed it) by `fromJson`; 400 INVALID_IMPORT saying `neither` when there is neither.
 */
export async function importedRows<B, T>(
  request: FastifyRequest,
  body: B | null | undefined,
  options: {
    fromFile: (text: string) => T;
    fromJson: (body: B) => T;
    neither: string;
    /** What a form without a file is told (readUploadedFile's own words when left out). */
    noFile?: string;
  },
): Promise<T> {
  if (request.isMultipart()) return options.fromFile(await readUploadedFile(request, options.noFile));
  if (body == null) throw invalidImport(options.neither);
  return options.fromJson(body);
}
