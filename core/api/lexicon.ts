// Lexicon: the entries the dashboard and the translation engine read, the rows of an import (CSV/TSV columns or
// JSON objects) and the export formats.
import { z } from 'zod';
import { LEXICON_DEFAULT_LIMIT } from '../constants.ts';
import { integerTextSchema } from './input.ts';

/** Columns of a lexicon file, in export order; an import needs lopit and english. */
export const LEXICON_COLUMNS = ['lopit', 'english', 'part_of_speech'] as const;
export const LEXICON_TEXT_MAX = 500;
export const PART_OF_SPEECH_MAX = 50;

const textError = (required: string, notText: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? required : notText;

const requiredText = (name: string) =>
  z
    .string({ error: textError(`${name} text is required`, `${name} text must be text`) })
    .trim()
    .min(1, `${name} text is required`)
    .max(LEXICON_TEXT_MAX, `${name} text can be at most ${LEXICON_TEXT_MAX} characters`);

const partOfSpeech = z
  .string({ error: 'Part of speech must be text' })
  .trim()
  .max(PART_OF_SPEECH_MAX, `Part of speech can be at most ${PART_OF_SPEECH_MAX} characters`)
  .nullish()
  .transform((text) => (text ? text : null));

/**
 * One row of a lexicon import, checked on its own. Part of speech may be empty; JSON rows may spell it
 * part_of_speech (as the file columns) or partOfSpeech (as the API answers).
 */
export const importLexiconRowSchema = z
  .object(
    {
      lopit: requiredText('Lopit'),
      english: requiredText('English'),
      part_of_speech: partOfSpeech,
      partOfSpeech,
    },
    { error: 'A row must be an object with lopit, english and part_of_speech' },
  )
  .transform((row) => ({
    lopit: row.lopit,
    english: row.english,
    partOfSpeech: row.part_of_speech ?? row.partOfSpeech,
  }));
export type ImportLexiconRow = z.output<typeof importLexiconRowSchema>;

/** JSON import body: a bare array or `{ entries: [...] }`; rows are validated one by one afterwards. */
export const importLexiconBodySchema = z.union(
  [z.object({ entries: z.array(z.unknown()) }), z.array(z.unknown())],
  {
    error:
      'Send a CSV, TSV or JSON file, or JSON [{ "lopit", "english", "part_of_speech" }] (or { "entries": [...] })',
  },
);

export const LEXICON_EXPORT_FORMATS = ['csv', 'tsv', 'json'] as const;
export const lexiconExportQuerySchema = z.object({
  format: z.enum(LEXICON_EXPORT_FORMATS, { error: 'format must be csv, tsv or json' }).default('csv'),
});
export type LexiconExportFormat = (typeof LEXICON_EXPORT_FORMATS)[number];

/** A lexicon entry as the dashboard and the translation engine read it. */
export const lexiconEntrySchema = z.object({
  lopit: z.string(),
  english: z.string(),
  partOfSpeech: z.string().nullable(),
});
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>;
export const lexiconEntriesResponseSchema = z.object({ entries: z.array(lexiconEntrySchema) });

export const lexiconQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: integerTextSchema(1, 1000).default(LEXICON_DEFAULT_LIMIT),
});
