// The sentences offered to read, kept on the phone so prompted reading works for days without a signal: the
// server's prompt pack (fewest recordings first), replaced whole when the phone is online. It holds the pairs'
// sentences (the recorder reads them) and the approved written Lopit sentences (issue 32), which Speak offers
// beside the pairs' approved Lopit.
import { useLiveQuery } from 'dexie-react-hooks';
import type { RecordingPrompt } from '../../../core/api/recordings.ts';
import { localDb, type LocalDb } from '../../offline/local-db.ts';
import { reportedPromptIds, reportedSentenceIds } from '../../offline/prompt-reports.ts';
import { speakKey } from '../../offline/speak-aside-keys.ts';
import { recordingsApi } from './recordings-api.ts';

/**
 * Downloads a new pack and puts it in place of the old one in one step; returns how many sentences it holds
 * (pairs and written sentences).
 */
export async function refreshPromptPack(): Promise<number> {
  const { prompts, sentences = [] } = await recordingsApi.prompts();
  const db = localDb();
  await db.transaction('rw', db.prompts, db.promptSentences, async () => {
    await db.prompts.clear();
    await db.prompts.bulkPut(prompts.map((prompt, rank) => ({ ...prompt, rank })));
    await db.promptSentences.clear();
    await db.promptSentences.bulkPut(sentences.map((sentence, rank) => ({ ...sentence, rank })));
  });
  return prompts.length + sentences.length;
}

/** A sentence of the pack as the recorder offers it: `recorded` when this person has recorded it already. */
export type OfferedPrompt = RecordingPrompt & { recorded: boolean };

/** What this person's saved recordings on this phone read (drafts are not recordings yet). */
async function savedReadings(db: LocalDb, userId: string) {
  const saved = (await db.recordings.where('userId').equals(userId).toArray()).filter(
    (recording) => recording.state !== 'draft',
  );
  return {
    pairs: new Set(saved.map((recording) => recording.promptPairId)),
    sentences: new Set(saved.map((recording) => recording.promptSentenceId)),
  };
}

/** The pairs' sentences of the pack, in its order, those this person reported on this phone left out. */
async function packedPairs(db: LocalDb, userId: string): Promise<RecordingPrompt[]> {
  const pack = await db.prompts.orderBy('rank').toArray();
  const reported = await reportedPromptIds(db, userId);
  return (
    pack.length > 0
      ? pack
      : (await db.pairs.orderBy('id').toArray())
          .filter((pair) => !pair.retired)
          .map((pair) => ({ ...pair, recordings: 0 }))
  ).filter((prompt) => !reported.has(prompt.id));
}

/** Those recorded already to the end, in their order. */
const recordedLast = <T extends { recorded: boolean }>(items: T[]) => [
  ...items.filter((item) => !item.recorded),
  ...items.filter((item) => item.recorded),
];

/**
 * The sentences to offer, in the pack's order, those this person has recorded already moved to the end: the
 * server said so (`mine`), or a saved recording of it is on this phone (waiting to be sent; once sent, the
 * outbox marks it `mine` in the pack); those they reported on this phone left out. Until a pack has been
 * downloaded, the Translation Editor's copy of the pairs serves (an older phone's). Undefined while reading.
 */
export function usePrompts(userId: string): OfferedPrompt[] | undefined {
  return useLiveQuery(async () => {
    const db = localDb();
    const prompts = await packedPairs(db, userId);
    const saved = await savedReadings(db, userId);
    return recordedLast(
      prompts.map((prompt) => ({ ...prompt, recorded: prompt.mine === true || saved.pairs.has(prompt.id) })),
    );
  }, [userId]);
}

/** What Speak offers to read in Lopit: a pair's approved Lopit text, or an approved written sentence. */
export type ReadPrompt = {
  /** Names it in Speak's queue and its list of sentences put aside: 'pair:12' or 'sentence:5'. */
  key: string;
  lopit: string;
  /** Clips already made of it (by anyone), as the pack said. */
  recordings: number;
  recorded: boolean;
} & ({ from: 'pair'; id: number; english: string } | { from: 'sentence'; id: number; source: string | null });

/**
 * Speak's sentences: the pairs' with an approved Lopit text and the written ones, merged by how few clips they
 * have and then by their place in the pack (so the two kinds take turns), those this person recorded already
 * last (the server's `mine`, or a recording of it saved on this phone), those they reported on this phone left
 * out; and how many of the pack's pairs have no
 * Lopit text yet. Undefined while reading.
 */
export function useReadPrompts(userId: string): { prompts: ReadPrompt[]; untranslated: number } | undefined {
  return useLiveQuery(async () => {
    const db = localDb();
    const saved = await savedReadings(db, userId);
    const packed = await packedPairs(db, userId);
    const pairs = packed
      .filter((prompt) => prompt.lopit.trim() !== '')
      .map((prompt, rank) => ({
        rank,
        prompt: {
          key: speakKey.pair(prompt.id),
          from: 'pair' as const,
          id: prompt.id,
          english: prompt.english,
          lopit: prompt.lopit,
          recordings: prompt.recordings,
          recorded: prompt.mine === true || saved.pairs.has(prompt.id),
        },
      }));
    const reported = await reportedSentenceIds(db, userId);
    const written = (await db.promptSentences.orderBy('rank').toArray())
      .filter((sentence) => !reported.has(sentence.id))
      .map((sentence, rank) => ({
        rank,
        prompt: {
          key: speakKey.sentence(sentence.id),
          from: 'sentence' as const,
          id: sentence.id,
          source: sentence.source,
          lopit: sentence.lopit,
          recordings: sentence.recordings,
          recorded: sentence.mine || saved.sentences.has(sentence.id),
        },
      }));
    const merged: ReadPrompt[] = [...pairs, ...written]
      .sort((a, b) => a.prompt.recordings - b.prompt.recordings || a.rank - b.rank)
      .map(({ prompt }) => prompt);
    return { prompts: recordedLast(merged), untranslated: packed.length - pairs.length };
  }, [userId]);
}
