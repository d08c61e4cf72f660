// Translation pairs: the prompts contributors translate, and edits to them.
import { z } from 'zod';
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
});
export type TranslationPair = z.infer<typeof translationPairSchema>;

export const pairsQuerySchema = z.object({ category: categorySchema.optional() });

export const saveTranslationSchema = z.object({
  id: z.number().int().positive(),
  translation: z.string().trim().max(2000, 'A translation can be at most 2000 characters'),
  /** The version this edit was based on; omitted only by old clients (then the edit always applies). */
  baseVersion: z.number().int().positive().optional(),
});
export type SaveTranslation = z.infer<typeof saveTranslationSchema>;

export const exportQuerySchema = z.object({ format: z.enum(['csv', 'json']).default('csv') });
