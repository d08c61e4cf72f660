// Admin import of translation pairs: CSV/TSV text or JSON rows are checked row by row, then inserted at once.
import { importPairRowSchema, type ImportReport } from '../../../core/api/translation.ts';
import type { z } from 'zod';
import { IMPORT_MAX_ROWS } from '../../../core/constants.ts';
import { invalidImport, readDelimited, tooManyRows, type ImportCandidate } from '../../lib/import-file.ts';
import type { InsertOptions, TranslationRepository } from './translation.repository.ts';

/** The columns of a pairs file; english and category are required. */
const COLUMNS = ['english', 'lopit', 'category'] as const;
const REQUIRED_COLUMNS = ['english', 'category'] as const;

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

/** Rows of a JSON import: a bare array or `{ pairs: [...] }` (the prompt import's `{ prompts: [...] }`). */
export function jsonCandidates(
  body: unknown[] | { pairs: unknown[] } | { prompts: unknown[] },
): ImportCandidate[] {
  const rows = Array.isArray(body) ? body : 'pairs' in body ? body.pairs : body.prompts;
  return rows.map((value, index) => ({ row: index + 1, value }));
}

export type ImportPairRow = z.output<typeof importPairRowSchema>;
/** A further check of a valid row (the prompt import's reading limits): why it is refused, or null. */
export type ImportRowCheck = (value: ImportPairRow, row: number) => string | null;

/**
 * Validates every row, inserts the valid ones (all or none), and reports: a row already there (same category
 * and English text, also twice in one file) is a duplicate and changes nothing; invalid rows are refused
 * with their reason. Lopit texts count as approved by the importing admin, or with `review` wait for review.
 */
export async function importPairs(
  repository: TranslationRepository,
  candidates: ImportCandidate[],
  options: InsertOptions,
  check?: ImportRowCheck,
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
    const problem = result.success ? (check?.(result.data, row) ?? null) : null;
    if (problem) refused.push({ row, reason: problem });
    else if (result.success) prompts.push(result.data);
    else refused.push({ row, reason: result.error.issues.map((issue) => issue.message).join('; ') });
  }
  const { inserted, approved, proposed } = await repository.insertPrompts(prompts, options);
  return { accepted: inserted, refused, duplicates: prompts.length - inserted, approved, proposed };
}
