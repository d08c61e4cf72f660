// Translation requests of the chat.
import { z } from 'zod';

export const directionSchema = z.enum(['en_to_lpx', 'lpx_to_en']);

export const translateRequestSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'Type something to translate')
    .max(2000, 'Text can be at most 2000 characters'),
  direction: directionSchema,
});
export type TranslateRequest = z.infer<typeof translateRequestSchema>;

export const translateResponseSchema = z.object({
  translated: z.string(),
  source: z.enum(['memory', 'model', 'lexicon']),
  confidence: z.number().min(0).max(1),
  alternatives: z.array(z.string()),
  alignment: z.array(
    z.object({ source: z.array(z.number().int()), target: z.array(z.number().int()), unknown: z.boolean() }),
  ),
});
export type TranslateResponse = z.infer<typeof translateResponseSchema>;

export const NO_TRANSLATION_MESSAGE =
  'No translation is known for this yet. You can help: sign in and add it in the Translation Editor.';
