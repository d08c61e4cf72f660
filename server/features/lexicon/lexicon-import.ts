// Admin import and export of lexicon entries: CSV/TSV/JSON files (or a JSON body) checked row by row, then
// inserted at once without duplicates; exports in CSV, TSV or JSON with spreadsheet formulas neutralised.
import { importLexiconRowSchema, LEXICON_COLUMNS, type ImportLexiconRow } from '../../../core/api/lexicon.ts';
import type { ImportReport } from '../../../core/api/translation.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { LEXICON_IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { toCsv, tsvRow } from '../../../core/csv.ts';
import type { LexiconEntry } from '../../../core/api/lexicon.ts';
import { AppError } from '../../errors.ts';
import type { LexiconRepository } from './lexicon.repository.ts';
import { invalidImport, readDelimited, type ImportCandidate } from '../../lib/import-file.ts';

const REQUIRED_COLUMNS = ['lopit', 'english'] as const;
/** Other header names accepted for the part of speech. */
const PART_OF_SPEECH_ALIASES = {
  partofspeech: 'part_of_speech',
  'part of speech': 'part_of_speech',
  pos: 'part_of_speech',
};

const tooManyRows = (rows: number) =>
  new AppError(
    413,
    `A lexicon import can hold at most ${LEXICON_IMPORT_MAX_ROWS.toLocaleString('en')} rows; this one has ${rows.toLocaleString('en')}. Split it into smaller files.`,
    ERROR_CODES.importTooLarge,
  );

/**
 * The rows of an uploaded lexicon file: JSON when it starts with `[` or `{`, otherwise CSV or TSV with a
 * header row naming lopit and english, and optionally part_of_speech (any case, any order; the delimiter is
 * found from the header). Throws a 400 for a file that cannot be read as a whole.
 */
export function parseLexiconFile(text: string): ImportCandidate[] {
  const body = text.replace(/^\uFEFF/, '');
  if (body.trim() === '') throw invalidImport('The file is empty.');
  if (/^\s*[[{]/.test(body)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw invalidImport('The file looks like JSON but is not valid JSON.');
    }
    return lexiconJsonCandidates(parsed);
  }
  const candidates = readDelimited(body, LEXICON_COLUMNS, REQUIRED_COLUMNS, PART_OF_SPEECH_ALIASES);
  if (!candidates) {
    throw invalidImport(
      'The first row must name the columns lopit and english (and optionally part_of_speech), separated by commas or tabs.',
    );
  }
  return candidates;
}

/** Rows of a JSON import: a bare array or `{ entries: [...] }`. */
export function lexiconJsonCandidates(body: unknown): ImportCandidate[] {
  const rows = Array.isArray(body)
    ? (body as unknown[])
    : body && typeof body === 'object' && Array.isArray((body as { entries?: unknown }).entries)
      ? (body as { entries: unknown[] }).entries
      : null;
  if (!rows) throw invalidImport('JSON must be a list of entries, or { "entries": [...] }.');
  return rows.map((value, index) => ({ row: index + 1, value }));
}

/**
 * Validates every row, inserts the valid ones (all or none), and reports: an entry already there (same Lopit
 * and English text once accents and case are set aside, also twice in one file) is a duplicate and is not
 * inserted again; invalid rows are refused with their reason.
 */
export async function importLexicon(
  repository: LexiconRepository,
  candidates: ImportCandidate[],
  options: { importedBy: string; review: boolean },
): Promise<ImportReport> {
  if (candidates.length > LEXICON_IMPORT_MAX_ROWS) throw tooManyRows(candidates.length);
  const refused: ImportReport['refused'] = [];
  const entries: ImportLexiconRow[] = [];
  for (const { row, value, unreadable } of candidates) {
    if (unreadable) {
      refused.push({ row, reason: `This row could not be read: ${unreadable}` });
      continue;
    }
    const result = importLexiconRowSchema.safeParse(value);
    if (result.success) entries.push(result.data);
    else
      refused.push({
        row,
        reason: [...new Set(result.error.issues.map((issue) => issue.message))].join('; '),
      });
  }
  const accepted = await repository.insertMany(entries, options);
  // Entries come from an admin's curated source: approved by that admin, unless sent to community review.
  return {
    accepted,
    refused,
    duplicates: entries.length - accepted,
    approved: options.review ? 0 : accepted,
    proposed: options.review ? accepted : 0,
  };
}

/** The export file of a format: its body, type and name. */
export function lexiconExport(
  entries: readonly LexiconEntry[],
  format: 'csv' | 'tsv' | 'json',
): { body: string; contentType: string; fileName: string } {
  const rows = entries.map((entry) => [entry.lopit, entry.english, entry.partOfSpeech ?? '']);
  if (format === 'json') {
    return {
      body: JSON.stringify(
        entries.map((entry) => ({
          lopit: entry.lopit,
          english: entry.english,
          part_of_speech: entry.partOfSpeech,
        })),
      ),
      contentType: 'application/json; charset=utf-8',
      fileName: 'lexicon.json',
    };
  }
  if (format === 'tsv') {
    return {
      // Like lexicon.csv, a file people open in a spreadsheet: formula-like cells guarded (the importer undoes it).
      body: `${tsvRow(LEXICON_COLUMNS)}${rows.map((row) => tsvRow(row, { formulaGuard: true })).join('')}`,
      contentType: 'text/tab-separated-values; charset=utf-8',
      fileName: 'lexicon.tsv',
    };
  }
  return {
    body: toCsv(LEXICON_COLUMNS, rows),
    contentType: 'text/csv; charset=utf-8',
    fileName: 'lexicon.csv',
  };
}
