// What Speak and Translate do with a sentence besides answering it: report it (the outbox carries the report,
// the sentence leaves this person's queues at once) and put it aside (skip it): the order of a queue with the
// sentences put aside last, kept on the phone so they still come last after the app is reopened.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback } from 'react';
import { PROMPT_REPORT_REASON_LABELS, type PromptReport } from '../../../core/api/prompts.ts';
import { localDb } from '../../offline/local-db.ts';
import { queuePromptReport, queueSentenceReport } from '../../offline/prompt-reports.ts';
import type { ReadPrompt } from '../recording/prompt-pack.ts';
import { settingsStore, type PutAsideKeys, type PutAsideQueue } from '../../offline/settings-store.ts';

/** Sentences kept as put aside per queue and account (a pack holds fewer); the oldest are forgotten first. */
export const PUT_ASIDE_KEPT = 1000;

export async function reportPrompt(
  userId: string,
  prompt: { id: number; english: string },
  report: PromptReport,
) {
  await queuePromptReport(localDb(), userId, prompt, report, PROMPT_REPORT_REASON_LABELS[report.reason]);
}

/** Speak's report of what it offered to read: a pair's sentence, or a written sentence. */
export async function reportReadPrompt(userId: string, prompt: ReadPrompt, report: PromptReport) {
  if (prompt.from === 'pair') return reportPrompt(userId, prompt, report);
  const reason = PROMPT_REPORT_REASON_LABELS[report.reason];
  await queueSentenceReport(localDb(), userId, prompt, report, reason);
}

/**
 * The items in their order, those put aside (skipped, or just answered) last, in the order put aside; `keyOf`
 * names an item as the list of those put aside does.
 */
export function asideLast<T, K>(items: readonly T[], aside: readonly K[], keyOf: (item: T) => K): T[] {
  const place = new Map(aside.map((key, index) => [key, index]));
  const at = (item: T) => place.get(keyOf(item));
  return [
    ...items.filter((item) => at(item) === undefined),
    ...items.filter((item) => at(item) !== undefined).sort((a, b) => (at(a) ?? 0) - (at(b) ?? 0)),
  ];
}

/**
 * The list of sentences put aside once `id` is: it goes last. With `round` (the sentences still to answer), a
 * skip when every one of them was already put aside starts a new round: the list restarts with `id` alone, so
 * the others come back in the queue's own order and the count of a round starts again.
 */
export function withPutAside<K>(aside: readonly K[], id: K, round?: readonly K[]): K[] {
  const held = new Set(aside);
  if (round && held.has(id) && round.every((item) => held.has(item))) return [id];
  return [...aside.filter((item) => item !== id), id].slice(-PUT_ASIDE_KEPT);
}

/** A queue's sentences put aside by this account, kept on the phone (undefined while read), and how to add one. */
export function usePutAside<Q extends PutAsideQueue>(queue: Q, userId: string) {
  const aside = useLiveQuery(() => settingsStore.putAside(queue, userId), [queue, userId]);
  const putAside = useCallback(
    (id: PutAsideKeys[Q], round?: readonly PutAsideKeys[Q][]) => {
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
