// What Speak and Translate do with a sentence besides answering it: report it (the outbox carries the report,
// the sentence leaves this person's queues at once) and the order of a queue with skipped sentences last.
import { PROMPT_REPORT_REASON_LABELS, type PromptReport } from '../../../core/api/prompts.ts';
import { localDb } from '../../offline/local-db.ts';
import { queuePromptReport } from '../../offline/prompt-reports.ts';

export async function reportPrompt(
  userId: string,
  prompt: { id: number; english: string },
  report: PromptReport,
) {
  await queuePromptReport(localDb(), userId, prompt, report, PROMPT_REPORT_REASON_LABELS[report.reason]);
}

/** The items in their order, those put aside this session (skipped, or just answered) last, in the order put aside. */
export function asideLast<T extends { id: number }>(items: readonly T[], aside: readonly number[]): T[] {
  const place = new Map(aside.map((id, index) => [id, index]));
  return [
    ...items.filter((item) => !place.has(item.id)),
    ...items
      .filter((item) => place.has(item.id))
      .sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0)),
  ];
}
