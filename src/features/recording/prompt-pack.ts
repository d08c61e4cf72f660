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

/**
 * The sentences to offer, in the pack's order, those this contributor has already recorded on this phone
 * since the pack came moved to the end, those they reported on this phone left out. Until a pack has been
 * downloaded, the Translation Editor's copy of the pairs serves (an older phone's). Undefined while reading.
 */
export function usePrompts(userId: string): RecordingPrompt[] | undefined {
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
    const recorded = new Set(
      (await db.recordings.where('userId').equals(userId).toArray()).map(
        (recording) => recording.promptPairId,
      ),
    );
    return [
      ...prompts.filter((prompt) => !recorded.has(prompt.id)),
      ...prompts.filter((prompt) => recorded.has(prompt.id)),
    ];
  }, [userId]);
}
