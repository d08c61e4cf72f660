// Admin import of prompt sentences (issue 16): English sentences to read aloud and to translate, stored as
// translation pairs without a Lopit text. The pairs import (server/features/translation/pairs-import.ts) reads
// the file and writes the rows; this adds Common Voice's reading limits (core/api/prompts.ts): a sentence that
// breaks them is refused unless the admin imports it anyway, and the report names its problems either way. New
// sentences reach the phones with their next prompt pack and the translate queue.
import {
  PROMPT_READ_PROBLEM_LABELS,
  PROMPT_REPORT_TEXT_MAX,
  promptReadProblems,
  type PromptImportReport,
} from '../../../core/api/prompts.ts';
import type { ImportCandidate } from '../../lib/import-file.ts';
import { importPairs } from '../translation/pairs-import.ts';
import type { TranslationRepository } from '../translation/translation.repository.ts';

export const PROMPT_WITH_LOPIT =
  'A prompt is an English sentence only: import sentences with their Lopit text as translation pairs.';

export async function importPrompts(
  repository: TranslationRepository,
  candidates: ImportCandidate[],
  readLimits: PromptImportReport['readLimits'],
): Promise<PromptImportReport> {
  const hardToRead: PromptImportReport['hardToRead'] = [];
  const report = await importPairs(repository, candidates, {}, ({ english, lopit }, row) => {
    if (lopit !== '') return PROMPT_WITH_LOPIT;
    const problems = promptReadProblems(english);
    if (problems.length === 0) return null;
    hardToRead.push({ row, english: english.slice(0, PROMPT_REPORT_TEXT_MAX), problems });
    if (readLimits === 'ignore') return null;
    const why = problems.map((problem) => PROMPT_READ_PROBLEM_LABELS[problem]).join(', ');
    return `Hard to read aloud: ${why}. Fix it, or import it anyway.`;
  });
  return { ...report, readLimits, hardToRead };
}
