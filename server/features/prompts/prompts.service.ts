// The rules of the recording prompts as answers: a report, retirement or restoration names a sentence that
// exists (else 404); retiring keeps who retired it and why, so an admin can restore it.
import type { PromptReport } from '../../../core/api/prompts.ts';
import { notFound } from '../../errors.ts';
import type { TransactionRepositories } from '../../lib/repositories.ts';

export const PROMPT_NOT_FOUND = 'This sentence does not exist.';

function found<T>(value: T | null): T {
  if (!value) throw notFound(PROMPT_NOT_FOUND);
  return value;
}

/** A contributor reports a sentence they were asked to record. */
export async function reportPrompt(
  { prompts }: TransactionRepositories,
  pairId: number,
  reporterId: string,
  report: PromptReport,
) {
  return found(await prompts.report(pairId, reporterId, report));
}

/** An admin retires a sentence from recording. */
export async function retirePrompt(
  { prompts }: TransactionRepositories,
  pairId: number,
  adminId: string,
  reason: string,
) {
  return { prompt: found(await prompts.retire(pairId, adminId, reason)) };
}

/** An admin brings a retired sentence back. */
export async function restorePrompt({ prompts }: TransactionRepositories, pairId: number) {
  return { prompt: found(await prompts.restore(pairId)) };
}
