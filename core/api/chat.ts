// Translation requests of the chat, the answer it shows (with a word-by-word gloss), and the offline model.
import { z } from 'zod';
import { integerTextSchema } from './input.ts';
import { syncCursorSchema } from './translation.ts';
import { validationText } from './texts.ts';
import type { TranslationAnswer } from '../mt/types.ts';

export const directionSchema = z.enum(['en_to_lpx', 'lpx_to_en']);

export const translateRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, validationText('typeToTranslate'))
    .max(2000, validationText('textTooLong', { max: 2000 })),
  direction: directionSchema,
});

/** One gloss link: source tokens [sourceStart, sourceEnd) became target tokens [targetStart, targetEnd). */
export const alignmentLinkSchema = z.object({
  sourceStart: z.number().int().min(0),
  sourceEnd: z.number().int().min(0),
  targetStart: z.number().int().min(0),
  targetEnd: z.number().int().min(0),
  sourceText: z.string(),
  targetText: z.string(),
  /** The source words were not known and passed through unchanged. */
  unknown: z.boolean(),
});

/** Mirrors core/mt TranslationAnswer (`text` is called `translated`, as in product-spec section 7). */
export const translateResponseSchema = z.object({
  translated: z.string(),
  /** memory: the community's approved translations; model: the trained model; lexicon: word by word. */
  source: z.enum(['memory', 'model', 'lexicon']),
  /** 0..1: 1 for an exact memory match, the similarity for a fuzzy one; heuristic for model and lexicon. */
  confidence: z.number().min(0).max(1),
  /** Other candidate translations, best first. */
  alternatives: z.array(z.string()),
  /** Memory answers: how close the matched sentence is, in percent. */
  similarity: z.number().min(0).max(100).optional(),
  sourceTokens: z.array(z.string()),
  targetTokens: z.array(z.string()),
  alignment: z.array(alignmentLinkSchema),
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

/** The API answer for an engine answer (the server's, or the browser's own offline engine's). */
export function toTranslateResponse(answer: TranslationAnswer): TranslateResponse {
  return {
    translated: answer.text,
    source: answer.source,
    confidence: Math.min(1, Math.max(0, Number.isFinite(answer.confidence) ? answer.confidence : 0)),
    alternatives: answer.alternatives,
    ...(answer.similarity !== undefined ? { similarity: Math.min(100, Math.max(0, answer.similarity)) } : {}),
    sourceTokens: answer.sourceTokens,
    targetTokens: answer.targetTokens,
    alignment: answer.alignment,
  };
}

export const NO_TRANSLATION_MESSAGE =
  'No translation is known for this yet. You can help: sign in and add it in the Translation Editor.';
export const NO_TRANSLATION_CODE = 'NO_TRANSLATION_KNOWN';

/** GET /api/translation/model when no translation model has been trained on this installation. */
export const MODEL_NOT_TRAINED_MESSAGE =
  'No translation model has been trained yet. An admin can train one on the Model Training page once there are enough approved translation pairs.';
export const MODEL_NOT_TRAINED_CODE = 'MODEL_NOT_TRAINED';

/** The most entries one page of GET /api/translation/memory holds. */
export const MEMORY_PAGE_MAX = 2000;
/**
 * Entries per page when a phone fetches its translation memory: about 50 kB gzip of verse-length sentences, a few
 * seconds at 2G speed, so a link that drops loses little and the next try goes on from the last page kept.
 */
export const MEMORY_PAGE_SIZE = 500;

/**
 * A place in the translation memory: `<sync epoch>:<last change number of the pairs>:<last consent event>`, or,
 * while the earlier pairs of authors whose consent moved are being sent again page by page,
 * `<sync epoch>:<change number>:<consent event from>:<consent event to>:<last pair id sent>`.
 */
export const memoryCursorSchema = syncCursorSchema(2, 2);

const MODEL_VERSION_MESSAGE = 'model must be the version of a model file';
/** A model file's version, as its ETag names it (the SHA-256 of the file, in hex). */
export const modelVersionSchema = z
  .string({ error: MODEL_VERSION_MESSAGE })
  .max(64, MODEL_VERSION_MESSAGE)
  .regex(/^[0-9a-f]{64}$/, MODEL_VERSION_MESSAGE);

/**
 * Without `since`, the whole memory from the start; with it, only what changed after that cursor. With `model`,
 * the version of the model file the phone holds: when it is the latest, the page comes coded with that model's
 * words (memory-page-coding.ts) instead of as JSON.
 */
export const memoryQuerySchema = z.object({
  since: memoryCursorSchema.optional(),
  limit: integerTextSchema(1, MEMORY_PAGE_MAX).optional(),
  model: modelVersionSchema.optional(),
});
export type MemoryQuery = z.infer<typeof memoryQuerySchema>;

/** One approved pair the engine answers from (id: the translation pair's). */
export const memoryEntrySchema = z.object({ id: z.number().int(), english: z.string(), lopit: z.string() });
export type MemoryEntry = z.infer<typeof memoryEntrySchema>;

/**
 * A page of the translation memory a phone keeps for offline answers (the same pairs the server's engine answers
 * from): entries to add or replace, ids to remove, and where to go on from. `reset`: the phone's copy is of
 * another epoch or beyond what the server has reached (or it had none) and is replaced by what follows; `more`:
 * another page waits (`remaining` changes).
 * The entries travel as columns (ids, then every English text, then every Lopit one): gzip compresses like with
 * like: at 10,000 verse pairs 1,014 kB gzip against 1,091 kB as one object per entry.
 */
export const memoryPageSchema = z
  .object({
    ids: z.array(z.number().int()),
    english: z.array(z.string()),
    lopit: z.array(z.string()),
    removed: z.array(z.number().int()),
    cursor: z.string(),
    more: z.boolean(),
    remaining: z.number().int(),
    reset: z.boolean(),
  })
  .refine((page) => page.english.length === page.ids.length && page.lopit.length === page.ids.length, {
    message: 'ids, english and lopit must be as long as each other',
  });
export type MemoryPage = z.infer<typeof memoryPageSchema>;

/** A page's entries as columns. */
export function memoryColumns(
  entries: readonly MemoryEntry[],
): Pick<MemoryPage, 'ids' | 'english' | 'lopit'> {
  return {
    ids: entries.map((e) => e.id),
    english: entries.map((e) => e.english),
    lopit: entries.map((e) => e.lopit),
  };
}

/** A page's entries, one per pair. */
export function memoryEntries(page: Pick<MemoryPage, 'ids' | 'english' | 'lopit'>): MemoryEntry[] {
  return page.ids.map((id, i) => ({ id, english: page.english[i] ?? '', lopit: page.lopit[i] ?? '' }));
}
