// What Speak and Translate do with a sentence besides answering it: report it (the outbox carries the report,
// the sentence leaves this person's queues at once) and put it aside (skip it): the order of a queue with the
// sentences put aside last, kept on the phone so they still come last after the app is reopened.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { PROMPT_REPORT_REASON_LABELS, type PromptReport } from '../../../core/api/prompts.ts';
import { localDb } from '../../offline/local-db.ts';
import { queuePromptReport } from '../../offline/prompt-reports.ts';
import { settingsStore, type PutAsideQueue } from '../../offline/settings-store.ts';

/** Sentences kept as put aside per queue and account (a pack holds fewer); the oldest are forgotten first. */
export const PUT_ASIDE_KEPT = 1000;

export async function reportPrompt(
  userId: string,
  prompt: { id: number; english: string },
  report: PromptReport,
) {
  await queuePromptReport(localDb(), userId, prompt, report, PROMPT_REPORT_REASON_LABELS[report.reason]);
}

/** The items in their order, those put aside (skipped, or just answered) last, in the order put aside. */
export function asideLast<T extends { id: number }>(items: readonly T[], aside: readonly number[]): T[] {
  const place = new Map(aside.map((id, index) => [id, index]));
  return [
    ...items.filter((item) => !place.has(item.id)),
    ...items
      .filter((item) => place.has(item.id))
      .sort((a, b) => (place.get(a.id) ?? 0) - (place.get(b.id) ?? 0)),
  ];
}

/**
 * The list of sentences put aside once `id` is: it goes last. With `round` (the sentences still to answer), a
 * skip when every one of them was already put aside starts a new round: the list restarts with `id` alone, so
 * the others come back in the queue's own order and the count of a round starts again.
 */
export function withPutAside(aside: readonly number[], id: number, round?: readonly number[]): number[] {
  const held = new Set(aside);
  if (round && held.has(id) && round.every((item) => held.has(item))) return [id];
  return [...aside.filter((item) => item !== id), id].slice(-PUT_ASIDE_KEPT);
}

/** A queue's sentences put aside by this account, kept on the phone (undefined while read), and how to add one. */
export function usePutAside(queue: PutAsideQueue, userId: string) {
  const aside = useLiveQuery(() => settingsStore.putAside(queue, userId), [queue, userId]);
  const putAside = useCallback(
    (id: number, round?: readonly number[]) => {
      const db = localDb();
      return db.transaction('rw', db.keptValues, async () => {
        const kept = await settingsStore.putAside(queue, userId);
        await settingsStore.setPutAside(queue, userId, withPutAside(kept, id, round));
      });
    },
    [queue, userId],
  );
  return { aside, putAside };
}
