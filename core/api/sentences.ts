// The sentence collection (issue 32): literate contributors write Lopit sentences for others to read aloud, as
// Common Voice's sentence collector gathers them, one at a time and offline (core/api/mutations.ts:
// sentence.propose, sentence.review). A sentence is reviewed by the rule of translations and transcripts
// (core/review/rules.ts); an approved one is offered to read (the prompt pack) and listed in the ASR export.
//
// The text's rules are Common Voice's that hold for any language: bounded length in characters and in words
// (what one breath reads), one sentence, no digits (numbers are written as words), no abbreviations, no symbols
// a reader cannot say. No rule of Lopit itself (spelling, alphabet) is made up here.
import { z } from 'zod';
import { validationText, type ValidationTextKey } from './texts.ts';
import { integerTextSchema, serialIdTextSchema } from './input.ts';
import {
  PROMPT_MAX_WORDS,
  PROMPT_REPORT_REASONS,
  promptReadProblems,
  type PromptReadProblem,
} from './prompts.ts';
import { proposalVerdictSchema } from './review.ts';
import { PROPOSAL_STATES } from '../review/rules.ts';

/** Characters a written sentence may have (Common Voice's sentence collector allows 125 for most languages). */
export const SENTENCE_MAX_CHARS = 125;
/** Characters of the optional note of where the sentence comes from or what it is about. */
export const SENTENCE_SOURCE_MAX = 200;
export const SENTENCE_REVIEW_PACK = 20;
export const SENTENCE_LIST_MAX = 200;

/** Symbols a reader cannot say aloud (Common Voice refuses them in every language). */
const SYMBOLS = /[<>+*\\#@^[\]()/{}|~=_$%&§€£]/u;
/**
 * A sentence end followed by a new sentence, which starts with a capital (“Kila. Mora tan.”); a quoted
 * exclamation inside a sentence (“Kila!” mora tan) or an abbreviation's dot is not an end.
 */
const SEVERAL = /[.?!…]+["'”’»)]*\s+["'“‘«(]*\p{Lu}/u;

export const SENTENCE_PROBLEMS = [
  'empty',
  'too-long',
  'too-many-words',
  'digits',
  'abbreviation',
  'symbols',
  'several-sentences',
] as const;
export type SentenceProblem = (typeof SENTENCE_PROBLEMS)[number];

const PROBLEM_TEXTS: Record<SentenceProblem, ValidationTextKey> = {
  empty: 'sentenceRequired',
  'too-long': 'sentenceTooLong',
  'too-many-words': 'sentenceTooManyWords',
  digits: 'sentenceDigits',
  abbreviation: 'sentenceAbbreviation',
  symbols: 'sentenceSymbols',
  'several-sentences': 'sentenceSeveral',
};

const READ_PROBLEMS: Record<PromptReadProblem, SentenceProblem> = {
  empty: 'empty',
  'too-long': 'too-many-words',
  digits: 'digits',
  abbreviation: 'abbreviation',
};

/** Why a written sentence cannot be offered to read (empty when it can); `text` as trimmed. */
export function sentenceProblems(text: string): SentenceProblem[] {
  const problems = new Set<SentenceProblem>(
    promptReadProblems(text).map((problem) => READ_PROBLEMS[problem]),
  );
  if ([...text].length > SENTENCE_MAX_CHARS) problems.add('too-long');
  if (SYMBOLS.test(text)) problems.add('symbols');
  if (SEVERAL.test(text)) problems.add('several-sentences');
  return SENTENCE_PROBLEMS.filter((problem) => problems.has(problem));
}

/** The message of a problem, as the form and the API's field errors say it. */
export const sentenceProblemText = (problem: SentenceProblem) =>
  validationText(PROBLEM_TEXTS[problem], { max: SENTENCE_MAX_CHARS, words: PROMPT_MAX_WORDS });

/** Inner spaces made one (a line break typed on a phone is a space), ends trimmed. */
const normalised = (text: string) => text.replace(/\s+/gu, ' ').trim();

/**
 * POST /api/sentences: a new Lopit sentence, with an optional note of where it comes from. A sentence already
 * written (by anyone) is refused as a conflict; the outbox's replay of the same entry is answered by its
 * Idempotency-Key.
 */
export const sentenceProposeSchema = z.object({
  text: z
    .string({ error: validationText('sentenceRequired') })
    // Bounded before any pattern runs over it.
    .max(SENTENCE_MAX_CHARS * 4, validationText('sentenceTooLong', { max: SENTENCE_MAX_CHARS }))
    .transform(normalised)
    .superRefine((text, context) => {
      for (const problem of sentenceProblems(text)) {
        context.addIssue({ code: 'custom', message: sentenceProblemText(problem) });
      }
    }),
  source: z
    .string()
    .max(SENTENCE_SOURCE_MAX, validationText('sentenceSourceTooLong', { max: SENTENCE_SOURCE_MAX }))
    .transform(normalised)
    .optional()
    .transform((source) => (source ? source : null)),
});
export type SentencePropose = z.input<typeof sentenceProposeSchema>;

export const sentenceIdParamsSchema = z.object({ id: serialIdTextSchema('Unknown sentence') });

/**
 * The answer of POST /api/sentences/:id/report (the body is a prompt report's, core/api/prompts.ts): the
 * sentence's reports, and whether this person's was new (a second report by the same person changes nothing).
 */
export const sentenceReportResponseSchema = z.object({
  sentenceId: z.number().int(),
  reports: z.number().int(),
  created: z.boolean(),
});
export type SentenceReportResponse = z.infer<typeof sentenceReportResponseSchema>;

/** Where a written sentence stands. */
export const sentenceStatusSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  source: z.string().nullable(),
  state: z.enum(PROPOSAL_STATES),
  approvals: z.number().int(),
  rejections: z.number().int(),
  /** The caller's review, if any. */
  myVerdict: proposalVerdictSchema.nullable(),
  createdAt: z.string(),
});
export type SentenceStatus = z.infer<typeof sentenceStatusSchema>;
export const sentenceResponseSchema = z.object({ sentence: sentenceStatusSchema });

/** GET /api/sentences/mine: the caller's sentences, newest first. */
export const mySentencesQuerySchema = z.object({
  limit: integerTextSchema(1, SENTENCE_LIST_MAX).default(50),
});
export const sentenceListSchema = z.object({ sentences: z.array(sentenceStatusSchema) });

/** A sentence to check, with who wrote it. */
export const reviewSentenceSchema = sentenceStatusSchema.extend({ authorName: z.string().nullable() });
export type ReviewSentence = z.infer<typeof reviewSentenceSchema>;
export const reviewSentencesQuerySchema = z.object({
  limit: integerTextSchema(1, SENTENCE_LIST_MAX).default(SENTENCE_REVIEW_PACK),
});
export const reviewSentencesSchema = z.object({ sentences: z.array(reviewSentenceSchema) });

// --- Admins: reported sentences --------------------------------------------------------------------------------

/**
 * A written sentence as the admins' list shows it (GET /api/admin/sentences, the query of the pairs' list:
 * adminPromptsQuerySchema): who wrote it, how often it was read, the open reports by reason, and whether it is
 * retired (out of every reader's pack, exported as not in use). Retiring and restoring take
 * retirePromptSchema's body and answer { sentence }.
 */
export const adminWrittenSentenceSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  source: z.string().nullable(),
  state: z.enum(PROPOSAL_STATES),
  authorName: z.string().nullable(),
  recordings: z.number().int(),
  openReports: z.number().int(),
  /** Open reports by reason (only the reasons given). */
  reasons: z.partialRecord(z.enum(PROMPT_REPORT_REASONS), z.number().int()),
  retiredAt: z.string().nullable(),
  retiredReason: z.string().nullable(),
});
export type AdminWrittenSentence = z.infer<typeof adminWrittenSentenceSchema>;
export const adminWrittenSentencesSchema = z.object({
  sentences: z.array(adminWrittenSentenceSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export const adminWrittenSentenceResponseSchema = z.object({ sentence: adminWrittenSentenceSchema });
