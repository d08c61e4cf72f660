// Translation pairs: the prompts contributors translate, and edits to them.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { integerTextSchema, serialIdSchema, serialIdTextSchema } from './input.ts';
import { TRANSLATION_CATEGORIES } from '../constants.ts';

export const categorySchema = z.enum(TRANSLATION_CATEGORIES);

export const translationPairSchema = z.object({
  id: z.number().int(),
  english: z.string(),
  lopit: z.string(),
  category: categorySchema,
  status: z.enum(['empty', 'pending', 'approved']),
  version: z.number().int(),
  updatedAt: z.string(),
  /** Retired by an admin (issue 16): out of the prompt pack and the translate queue. */
  retired: z.boolean().optional(),
});
export type TranslationPair = z.infer<typeof translationPairSchema>;

/** A proposed Lopit text for a pair, as shown beside the pair. */
export const proposalSummarySchema = z.object({
  id: z.number().int(),
  text: z.string(),
  authorName: z.string().nullable(),
  /** Proposed by the signed-in person. */
  mine: z.boolean(),
  approvals: z.number().int(),
  rejections: z.number().int(),
  createdAt: z.string(),
});
export type ProposalSummary = z.infer<typeof proposalSummarySchema>;

/**
 * A pair as contributors see it: `lopit` and `status` are its approved text (what models learn from);
 * `proposals` are the texts waiting for review (issue 15), the signed-in person's own among them.
 */
export const reviewedPairSchema = translationPairSchema.extend({ proposals: z.array(proposalSummarySchema) });
export type ReviewedPair = z.infer<typeof reviewedPairSchema>;

/** The most pairs one page of GET /api/translation/pairs holds. */
export const PAIRS_PAGE_MAX = 2000;
/** Pairs per page when a phone fetches its copy: about 90 kB compressed on the wire, a minute at 2G speed. */
export const PAIRS_PAGE_SIZE = 1000;

const CURSOR_MESSAGE = 'since must be a cursor from an earlier answer';
/**
 * A phone's place in a list of changes, as the server gave it: the installation's sync epoch, then `counters`
 * change numbers (`<sync epoch>:<n>[:<n>...]`), or `counters + extra` of them when the list has a second form.
 * A cursor of another epoch (a rebuilt database), or naming a change this database has not reached yet (restored
 * from an earlier backup), is answered from the start.
 */
export const syncCursorSchema = (counters: number, extra = 0) => {
  const counter = '(:(0|[1-9][0-9]{0,14}))';
  const tail = extra > 0 ? `(${counter}{${extra}})?` : '';
  return z
    .string({ error: CURSOR_MESSAGE })
    .max(37 + 16 * (counters + extra), CURSOR_MESSAGE)
    .regex(new RegExp(`^[0-9a-f-]{36}${counter}{${counters}}${tail}$`), CURSOR_MESSAGE);
};

/** A place in the pairs' order of changes: `<sync epoch>:<last change number>`. */
export const pairsCursorSchema = syncCursorSchema(1);

/**
 * Without `since` and `limit`, every pair (of the category) in category and id order. With `since`, only the
 * pairs changed after that cursor; with `limit`, at most that many, in the order of their changes.
 */
export const pairsQuerySchema = z.object({
  category: categorySchema.optional(),
  since: pairsCursorSchema.optional(),
  limit: integerTextSchema(1, PAIRS_PAGE_MAX).optional(),
});
export type PairsQuery = z.infer<typeof pairsQuerySchema>;

export const saveTranslationSchema = z.object({
  id: serialIdSchema('Unknown translation pair'),
  translation: z
    .string()
    .trim()
    .max(2000, validationText('translationTooLong', { max: 2000 })),
  /** The version this edit was based on; omitted only by old clients (then the edit always applies). */
  baseVersion: serialIdSchema('baseVersion must be a version number').optional(),
});
export type SaveTranslation = z.infer<typeof saveTranslationSchema>;

/** `details` of a 409 EDIT_CONFLICT: the pair as the server now holds it, for the contributor to choose. */
export const editConflictDetailsSchema = z.object({ current: reviewedPairSchema });
export type EditConflictDetails = z.infer<typeof editConflictDetailsSchema>;

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });

export const pairIdParamsSchema = z.object({
  id: serialIdTextSchema('Unknown translation pair'),
});

/**
 * One change of a pair's Lopit text; userName is the editor's display name, null once the account is gone;
 * userId is the editor's account id for admins and for the editor, null for everyone else.
 */
export const translationRevisionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  before: z.string(),
  after: z.string(),
  userId: z.string().nullable(),
  userName: z.string().nullable(),
  createdAt: z.string(),
});
export type TranslationRevision = z.infer<typeof translationRevisionSchema>;

export const revisionsResponseSchema = z.object({ revisions: z.array(translationRevisionSchema) });
/**
 * `cursor` is where the next request continues (`since`); `more` says whether pairs remain after this page and
 * `remaining` how many; `reset` says the answer starts from the beginning (no `since`, one of another epoch or
 * one beyond what the server has reached), so a copy made from it holds only what these pages hold.
 */
export const pairsResponseSchema = z.object({
  pairs: z.array(reviewedPairSchema),
  cursor: pairsCursorSchema,
  more: z.boolean(),
  remaining: z.number().int().min(0),
  reset: z.boolean(),
});
export type PairsResponse = z.infer<typeof pairsResponseSchema>;
export const pairResponseSchema = z.object({ pair: reviewedPairSchema });
/** The JSON export: every pair a download may carry, at once. */
export const pairsExportSchema = z.object({ pairs: z.array(translationPairSchema) });

const CATEGORY_LIST = TRANSLATION_CATEGORIES.join(', ');
/** A type error names what is missing, or what must be text. */
const textError = (required: string, notText: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : notText;

/** One row of an admin import (CSV/TSV columns or a JSON object); each row is checked on its own. */
export const importPairRowSchema = z.object(
  {
    english: z
      .string({ error: textError(validationText('englishRequired'), 'English text must be text') })
      .trim()
      .min(1, validationText('englishRequired'))
      .max(2000, validationText('englishTooLong', { max: 2000 })),
    lopit: z
      .string({ error: 'Lopit text must be text' })
      .trim()
      .max(2000, validationText('lopitTooLong', { max: 2000 }))
      .nullish()
      .transform((text) => text ?? ''),
    category: z
      .string({
        error: textError(
          `Category is required (one of: ${CATEGORY_LIST})`,
          `Category must be one of: ${CATEGORY_LIST}`,
        ),
      })
      .trim()
      .toLowerCase()
      .pipe(z.enum(TRANSLATION_CATEGORIES, { error: `Category must be one of: ${CATEGORY_LIST}` })),
  },
  { error: 'A row must be an object with english, lopit and category' },
);

/** JSON import body: `{ pairs: [...] }` or a bare array; rows are validated one by one afterwards. */
export const importPairsBodySchema = z.union(
  [z.object({ pairs: z.array(z.unknown()) }), z.array(z.unknown())],
  { error: 'Send a CSV or TSV file, or JSON { "pairs": [{ "english", "lopit", "category" }] }' },
);

export const importReportSchema = z.object({
  accepted: z.number().int(),
  refused: z.array(z.object({ row: z.number().int(), reason: z.string() })),
  duplicates: z.number().int(),
  /** Of the accepted rows with a Lopit text: approved by the importing admin, or sent to community review. */
  approved: z.number().int(),
  proposed: z.number().int(),
});

/**
 * POST /api/admin/import/pairs?review=true (and /import/lexicon): imported texts wait for community review
 * instead of counting as approved by the importing admin.
 */
export const importPairsQuerySchema = z.object({
  review: z.enum(['true', 'false'], { error: 'review must be true or false' }).optional(),
});
export type ImportReport = z.infer<typeof importReportSchema>;
