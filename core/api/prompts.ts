// Prompt sentences (issue 16): a contributor reports one offered to read or translate, admins see the reported
// ones with what was made of them and retire or restore them; admins import prompt sentences. The reading limits
// of Common Voice mark the sentences that are hard to read aloud in the admins' list; the prompt import refuses
// them by default, as Common Voice refuses such sentences, unless the admin imports them anyway (the pairs
// import, of sentences to translate, never checks them).
import { z } from 'zod';
import { validationText } from './texts.ts';
import { integerTextSchema, serialIdTextSchema } from './input.ts';
import { REVIEW_REASON_MAX } from './review.ts';
import { categorySchema, importReportSchema } from './translation.ts';

// --- Reading aloud ------------------------------------------------------------------------------------------

/** Common Voice's limits for a sentence read aloud: 1 to 14 words, no digits, no abbreviations. */
export const PROMPT_MIN_WORDS = 1;
export const PROMPT_MAX_WORDS = 14;
/** Abbreviations with dots ("e.g.", "U.N.") and words in capitals ("UNHCR"; "I" and "A" are words). */
const ABBREVIATION = /\b(?:[A-Za-z]{1,3}\.){2,}|\b[A-Z]{2,}\b/;
const DIGIT = /\p{Nd}/u;

export const PROMPT_READ_PROBLEMS = ['empty', 'too-long', 'digits', 'abbreviation'] as const;
export type PromptReadProblem = (typeof PROMPT_READ_PROBLEMS)[number];
export const PROMPT_READ_PROBLEM_LABELS: Record<PromptReadProblem, string> = {
  empty: 'no words to read',
  'too-long': 'too long to read aloud',
  digits: 'has digits (write numbers as words)',
  abbreviation: 'has an abbreviation',
};

/** Why a sentence is hard to read aloud (empty when it reads well). */
export function promptReadProblems(text: string): PromptReadProblem[] {
  const words = text.trim().split(/\s+/).filter(Boolean).length;
  const problems: PromptReadProblem[] = [];
  if (words < PROMPT_MIN_WORDS) problems.push('empty');
  if (words > PROMPT_MAX_WORDS) problems.push('too-long');
  if (DIGIT.test(text)) problems.push('digits');
  if (ABBREVIATION.test(text)) problems.push('abbreviation');
  return problems;
}

/** Whether a sentence can be read aloud as Common Voice asks. */
export const promptReadable = (text: string) => promptReadProblems(text).length === 0;

// --- Reports ------------------------------------------------------------------------------------------------

/** Why a contributor reports a sentence offered to read or translate. */
export const PROMPT_REPORT_REASONS = ['hard-to-read', 'offensive', 'wrong-language', 'spelling'] as const;
export type PromptReportReason = (typeof PROMPT_REPORT_REASONS)[number];
export const PROMPT_REPORT_REASON_LABELS: Record<PromptReportReason, string> = {
  'hard-to-read': 'It is hard to read',
  offensive: 'It is offensive',
  'wrong-language': 'It is not in the right language',
  spelling: 'It has a spelling or grammar mistake',
};

export const promptIdParamsSchema = z.object({ id: serialIdTextSchema('Unknown prompt') });

/** POST /api/audio/prompts/:id/report: a second report of the same sentence by the same person changes nothing. */
export const promptReportSchema = z.object({
  reason: z.enum(PROMPT_REPORT_REASONS, {
    error: `reason must be one of: ${PROMPT_REPORT_REASONS.join(', ')}`,
  }),
  note: z
    .string()
    .trim()
    .max(REVIEW_REASON_MAX, validationText('noteTooLong', { max: REVIEW_REASON_MAX }))
    .optional(),
});
export type PromptReport = z.infer<typeof promptReportSchema>;

/** The answer of a report: the sentence's open reports, and whether this person's report was new. */
export const promptReportResponseSchema = z.object({
  promptId: z.number().int(),
  openReports: z.number().int(),
  created: z.boolean(),
});
export type PromptReportResponse = z.infer<typeof promptReportResponseSchema>;

// --- Admins -------------------------------------------------------------------------------------------------

export const ADMIN_PROMPTS_PAGE_MAX = 200;
export const adminPromptsQuerySchema = z.object({
  /** 'true': only sentences with open reports, most reported first. */
  reported: z.enum(['true', 'false'], { error: 'reported must be true or false' }).optional(),
  page: integerTextSchema(1, 100_000).default(1),
  limit: integerTextSchema(1, ADMIN_PROMPTS_PAGE_MAX).default(50),
});
export type AdminPromptsQuery = z.infer<typeof adminPromptsQuerySchema>;

export const adminPromptSchema = z.object({
  id: z.number().int(),
  english: z.string(),
  category: categorySchema,
  recordings: z.number().int(),
  /** Whether the sentence has an approved translation. */
  translated: z.boolean(),
  openReports: z.number().int(),
  /** Open reports by reason (only the reasons given). */
  reasons: z.partialRecord(z.enum(PROMPT_REPORT_REASONS), z.number().int()),
  /** Why the English text is hard to read aloud (promptReadProblems), empty when it reads well. */
  readProblems: z.array(z.enum(PROMPT_READ_PROBLEMS)),
  retiredAt: z.string().nullable(),
  retiredReason: z.string().nullable(),
  /**
   * Where an untranslated sentence stands in the order Translate and the prompt pack ask for it (1 = first) and
   * why: what its translation would teach the model (core/mt/selection.ts). Null when translated or retired.
   */
  teaching: z
    .object({
      rank: z.number().int(),
      of: z.number().int(),
      score: z.number(),
      /** What it would teach: new words (the first five, most recurring first) and new word sequences. */
      newWords: z.array(z.string()),
      newWordCount: z.number().int(),
      newSequences: z.number().int(),
      /** How often those occur among the sentences still waiting. */
      recurrence: z.number().int(),
      /** The same in an English sentence. */
      reason: z.string(),
    })
    .nullable()
    .optional(),
});
export type AdminPrompt = z.infer<typeof adminPromptSchema>;
export const adminPromptsSchema = z.object({
  prompts: z.array(adminPromptSchema),
  total: z.number().int(),
  page: z.number().int(),
});

/** POST /api/admin/prompts/:id/retire: out of the packs and the translate queue, with a reason that is kept. */
export const retirePromptSchema = z.object({
  reason: z
    .string({ error: validationText('retireReasonRequired') })
    .trim()
    .min(1, validationText('retireReasonRequired'))
    .max(REVIEW_REASON_MAX, validationText('reasonTooLong', { max: REVIEW_REASON_MAX })),
});
export const adminPromptResponseSchema = z.object({ prompt: adminPromptSchema });

// --- Import -------------------------------------------------------------------------------------------------

/**
 * POST /api/admin/prompts/import (a CSV/TSV file with english and category columns, or JSON `{ prompts: [...] }`
 * or a bare array). readLimits 'enforce' (the default) refuses a sentence that breaks the reading limits, as
 * Common Voice's sentence collection does (a sentence too long or with digits is read wrongly or not at all);
 * 'ignore' imports it anyway, and the report and the admins' list still name its problems.
 */
export const PROMPT_READ_LIMIT_MODES = ['enforce', 'ignore'] as const;
export const promptImportQuerySchema = z.object({
  readLimits: z
    .enum(PROMPT_READ_LIMIT_MODES, { error: 'readLimits must be enforce or ignore' })
    .default('enforce'),
});
export const promptImportBodySchema = z.union(
  [z.object({ prompts: z.array(z.unknown()) }), z.array(z.unknown())],
  { error: 'Send a CSV or TSV file, or JSON { "prompts": [{ "english", "category" }] }' },
);
/** How much of a hard-to-read sentence the report repeats. */
export const PROMPT_REPORT_TEXT_MAX = 200;
export const promptImportReportSchema = importReportSchema.extend({
  readLimits: z.enum(PROMPT_READ_LIMIT_MODES),
  /** The rows whose sentence breaks the reading limits: refused (enforce) or imported anyway (ignore). */
  hardToRead: z.array(
    z.object({
      row: z.number().int(),
      english: z.string(),
      problems: z.array(z.enum(PROMPT_READ_PROBLEMS)),
    }),
  ),
});
export type PromptImportReport = z.infer<typeof promptImportReportSchema>;
