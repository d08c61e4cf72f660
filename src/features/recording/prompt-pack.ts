// The sentences the recorder offers to read, kept on the phone so prompted reading works for days without a
// signal: the server's prompt pack (fewest recordings first), replaced whole when the phone is online.
import { useLiveQuery } from 'dexie-react-hooks';
import type { RecordingPrompt } from '../../../core/api/recordings.ts';
import { localDb } from '../../offline/local-db.ts';
import { reportedPromptIds } from '../../offline/prompt-reports.ts';
import { recordingsApi } from './recordings-api.ts';

/** Downloads a new pack and puts it in place of the old one in one step; returns how many sentences it holds. */
export async function refreshPromptPack(): Promise<number> {
  const { prompts } = await recordingsApi.prompts();
  const db = localDb();
  await db.transaction('rw', db.prompts, async () => {
    await db.prompts.clear();
    await db.prompts.bulkPut(prompts.map((prompt, rank) => ({ ...prompt, rank })));
  });
  return prompts.length;
}

/** A sentence of the pack as Speak offers it: `recorded` when this person has recorded it already. */
export type OfferedPrompt = RecordingPrompt & { recorded: boolean };

/**
 * The sentences to offer, in the pack's order, those this person has recorded already moved to the end: the
 * server said so (`mine`), or a saved recording of it is on this phone (waiting to be sent; once sent, the
 * outbox marks it `mine` in the pack); those they reported on this phone left out. Until a pack has been
 * downloaded, the Translation Editor's copy of the pairs serves (an older phone's). Undefined while reading.
 */
export function usePrompts(userId: string): OfferedPrompt[] | undefined {
  return useLiveQuery(async () => {
    const db = localDb();
    const pack = await db.prompts.orderBy('rank').toArray();
    const reported = await reportedPromptIds(db, userId);
    const prompts: RecordingPrompt[] = (
      pack.length > 0
        ? pack
        : (await db.pairs.orderBy('id').toArray())
            .filter((pair) => !pair.retired)
            .map((pair) => ({ ...pair, recordings: 0 }))
    ).filter((prompt) => !reported.has(prompt.id));
    // A draft (being recorded, or left by a crash) is not a recording yet.
    const saved = new Set(
      (await db.recordings.where('userId').equals(userId).toArray())
        .filter((recording) => recording.state !== 'draft')
        .map((recording) => recording.promptPairId),
    );
    const offered = prompts.map((prompt) => ({
      ...prompt,
      recorded: prompt.mine === true || saved.has(prompt.id),
    }));
    return [...offered.filter((prompt) => !prompt.recorded), ...offered.filter((prompt) => prompt.recorded)];
  }, [userId]);
}
