// Seeds a fresh installation with the English prompt sentences contributors translate (Lopit left empty).
import { z } from 'zod';
import { categorySchema } from '../../core/api/translation.ts';
import prompts from '../../content/seed/translation-prompts.json' with { type: 'json' };
import type { Database } from './driver.ts';
import { TranslationRepository } from '../features/translation/translation.repository.ts';

const promptsSchema = z.object({
  prompts: z.array(z.object({ english: z.string().min(1), category: categorySchema })).min(1),
});

export async function seed(database: Database): Promise<number> {
  const repository = new TranslationRepository(database.db);
  if ((await repository.count()).total > 0) return 0;
  return (await repository.insertPrompts(promptsSchema.parse(prompts).prompts)).inserted;
}
