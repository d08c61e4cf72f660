// The interface's languages and their community translation (issue 18): languages (admins add them), the
// interface's messages with each language's proposals and reviews (the rule of core/review/rules.ts), the
// catalogue of approved messages the app loads, and PO export/import for translators' tools.
import { z } from 'zod';
import { validationText } from './texts.ts';
import {
  LANGUAGE_CODE_MAX,
  LANGUAGE_CODE_PATTERN,
  LANGUAGE_NAME_MAX,
  UI_MESSAGE_ID_MAX,
  UI_MESSAGE_MAX,
} from '../i18n/languages.ts';
import { PROPOSAL_LIFECYCLE_STATES } from '../review/rules.ts';
import { serialIdTextSchema } from './input.ts';
import { proposalReviewSchema, proposalVerdictSchema } from './review.ts';

export const languageCodeSchema = z
  .string({ error: validationText('languageCodeRequired') })
  .max(LANGUAGE_CODE_MAX, validationText('languageCodeTooLong', { max: LANGUAGE_CODE_MAX }))
  .regex(LANGUAGE_CODE_PATTERN, validationText('languageCodeInvalid'));

export const uiLanguageSchema = z.object({
  code: z.string(),
  name: z.string(),
  /** Messages with an approved translation for the current English source. */
  approved: z.number().int(),
  total: z.number().int(),
  /** Offered in the language choice (enough messages approved, core/i18n/languages.ts). */
  listed: z.boolean(),
});
export type UiLanguage = z.infer<typeof uiLanguageSchema>;
export const uiLanguagesSchema = z.object({ languages: z.array(uiLanguageSchema) });

/** POST /api/admin/i18n/languages */
export const addLanguageSchema = z.object({
  code: languageCodeSchema,
  name: z
    .string({ error: validationText('languageNameRequired') })
    .trim()
    .min(1, validationText('languageNameRequired'))
    .max(LANGUAGE_NAME_MAX, validationText('languageNameTooLong', { max: LANGUAGE_NAME_MAX })),
});
export const languageResponseSchema = z.object({ language: uiLanguageSchema });

export const languageParamsSchema = z.object({ code: languageCodeSchema });

/** GET /api/i18n/catalogues/:code: compiled approved messages by id (Lingui's compiled form). */
export const catalogueSchema = z.object({
  language: z.string(),
  messages: z.record(z.string(), z.unknown()),
});

/**
 * GET /api/i18n/languages/:code/preview: a translator's preview, the approved messages with the viewer's own open
 * proposals in their place (compiled), and which ids are such proposals (the app marks them).
 */
export const previewCatalogueSchema = catalogueSchema.extend({ proposed: z.array(z.string()) });

export const uiProposalSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  state: z.enum(PROPOSAL_LIFECYCLE_STATES),
  approvals: z.number().int(),
  rejections: z.number().int(),
  mine: z.boolean(),
  myVerdict: proposalVerdictSchema.nullable(),
});
export type UiProposal = z.infer<typeof uiProposalSchema>;

/** One interface message for translators: its source, note, placeholders and where it stands in a language. */
export const uiMessageSchema = z.object({
  id: z.string(),
  screen: z.string(),
  source: z.string(),
  note: z.string(),
  placeholders: z.array(z.string()),
  /** The approved translation for the current source, if any. */
  approved: z.string().nullable(),
  /** Proposals still under review. */
  proposals: z.array(uiProposalSchema),
  /**
   * What became of the viewer's own proposals no longer under review, newest first (approved, rejected with the
   * reviewers' reasons, superseded by another text); absent from copies a phone kept before issue 35.
   */
  outcomes: z
    .array(
      z.object({
        id: z.number().int(),
        text: z.string(),
        state: z.enum(PROPOSAL_LIFECYCLE_STATES),
        reasons: z.array(z.string()),
      }),
    )
    .optional(),
});
export type UiMessage = z.infer<typeof uiMessageSchema>;
export const uiMessagesSchema = z.object({ language: uiLanguageSchema, messages: z.array(uiMessageSchema) });

/** POST /api/i18n/proposals (Idempotency-Key honoured: the outbox replays it). */
export const proposeMessageSchema = z.object({
  language: languageCodeSchema,
  messageId: z
    .string({ error: 'A message id is required' })
    .min(1, 'A message id is required')
    .max(UI_MESSAGE_ID_MAX, 'Unknown message'),
  text: z
    .string({ error: validationText('uiTranslationRequired') })
    .trim()
    .min(1, validationText('uiTranslationRequired'))
    .max(UI_MESSAGE_MAX, validationText('uiTranslationTooLong', { max: UI_MESSAGE_MAX })),
});
export type ProposeMessage = z.infer<typeof proposeMessageSchema>;
export const uiProposalResponseSchema = z.object({ messageId: z.string(), proposal: uiProposalSchema });

export const uiProposalParamsSchema = z.object({ id: serialIdTextSchema('Unknown proposal') });
/** POST /api/i18n/proposals/:id/review: the body of a translation pair's review. */
export const uiProposalReviewSchema = proposalReviewSchema;

/** 422 TRANSLATION_PROBLEMS details: what the translation must keep of its source. */
export const translationProblemsDetailsSchema = z.object({
  problems: z.array(
    z.object({
      kind: z.string(),
      name: z.string().optional(),
      detail: z.string().optional(),
      reason: z.string().optional(),
      max: z.number().optional(),
      expected: z.string().optional(),
    }),
  ),
});

/** The longest PO file an admin may import, in characters ("at most 2 MB" in validationText). */
export const PO_FILE_MAX_CHARS = 2_000_000;
/**
 * The request that carries it, in bytes: JSON escapes its quotes and line ends (two bytes each) and UTF-8 takes
 * two bytes for most accented letters, so twice the characters, and room for the envelope.
 */
export const PO_IMPORT_BODY_MAX_BYTES = 2 * PO_FILE_MAX_CHARS + 64 * 1024;

/** POST /api/admin/i18n/languages/:code/import: a PO file's text. */
export const importPoSchema = z.object({
  po: z
    .string({ error: validationText('poFileRequired') })
    .min(1, validationText('fileEmpty'))
    .max(PO_FILE_MAX_CHARS, validationText('poFileTooLarge')),
});
/**
 * What a PO import did: translations approved, fuzzy ones sent to community review as the admin's proposals,
 * ones identical to the approved text, and the ones skipped with the reason (the in-app editor's rule).
 */
export const importPoReportSchema = z.object({
  approved: z.number().int(),
  proposed: z.number().int(),
  unchanged: z.number().int(),
  skipped: z.array(
    z.object({
      id: z.string(),
      /** In English, the same words as the in-app editor's (core/i18n/problem-words.ts). */
      reason: z.string(),
      /** What is wrong with the translation, when that is why (the app words them in the admin's language). */
      problems: translationProblemsDetailsSchema.shape.problems.optional(),
    }),
  ),
});
