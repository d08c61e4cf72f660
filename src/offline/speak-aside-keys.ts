// The names under which the one-at-a-time queues keep the sentences put aside (settings-store.ts reads and writes
// them), and schema 11's carrying over of Speak's: Speak offers written sentences beside the pairs (issue 32), so
// its list names each sentence by key ('pair:12', 'sentence:5') where it named pairs by id (12).
import type { Transaction } from 'dexie';
import { subjects } from '../../core/api/mutations.ts';

/** What names an item put aside in each queue: Speak's sentences by key, Translate's pairs by id. */
export interface PutAsideKeys {
  speak: string;
  translate: number;
}
/** The one-at-a-time queues whose skipped sentences are kept last, across reopenings. */
export type PutAsideQueue = keyof PutAsideKeys;

const PUT_ASIDE_PREFIX = 'lopit.put-aside.';
export const PUT_ASIDE_KEY = (queue: PutAsideQueue, userId: string) =>
  `${PUT_ASIDE_PREFIX}${queue}.${userId}`;

/** What Speak offers to read: a pair's approved Lopit, or an approved written sentence. */
export const speakKey = { pair: subjects.pair, sentence: subjects.sentence };

/** Schema 11: every account's Speak list of pairs put aside (ids) becomes keys of pairs, in the same order. */
export async function keyPutAsidePairs(tx: Transaction): Promise<void> {
  const keptValues = tx.table<{ key: string; value: unknown }, string>('keptValues');
  const speak = await keptValues.where('key').startsWith(`${PUT_ASIDE_PREFIX}speak.`).toArray();
  for (const row of speak) {
    if (!Array.isArray(row.value)) continue;
    const keys = row.value.map((item: unknown) => (typeof item === 'number' ? speakKey.pair(item) : item));
    await keptValues.put({ key: row.key, value: keys.filter((item) => typeof item === 'string') });
  }
}
