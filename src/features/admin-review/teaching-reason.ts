// Why a sentence ranks where it does in the teaching order (core/mt/selection.ts), written in the interface's
// language from the fields the server sends (its English `reason` is the same sentence, for API readers).
import type { AdminPrompt } from '../../../core/api/prompts.ts';
import type { Translate } from '../../../core/i18n/define.ts';
import { adminReview } from '../../../core/i18n/messages/admin-review.ts';

export type Teaching = Pick<
  NonNullable<AdminPrompt['teaching']>,
  'newWords' | 'newWordCount' | 'newSequences' | 'recurrence'
>;

export function teachingReason(t: Translate, teaching: Teaching): string {
  const { newWordCount: words, newSequences: sequences, recurrence } = teaching;
  if (words === 0 && sequences === 0) return t(adminReview.teachingNothing);
  const examples = teaching.newWords.join(', ') + (words > teaching.newWords.length ? ', …' : '');
  const values = { words, sequences, recurrence, examples };
  if (sequences === 0) return t(adminReview.teachingWords, values);
  if (words === 0) return t(adminReview.teachingSequences, values);
  return t(adminReview.teachingWordsAndSequences, values);
}
