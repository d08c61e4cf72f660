// Speak's queue and its counter: the sentences this person has still to read (not recorded yet), those put
// aside last (prompt-actions.ts keeps them across reopenings), then the ones already recorded, which come round
// again for another speaker. "Sentence 3 of 108": 108 still to read, and the third of this round (each skip
// passes one; each recording leaves one fewer). A sentence is named by its key ('pair:12', 'sentence:5'), so a
// pair's Lopit and a written sentence count alike.
import type { ReadPrompt } from '../recording/prompt-pack.ts';
import { asideLast } from './prompt-actions.ts';

export interface SpeakQueue<T> {
  /** The sentences in the order offered: the first is on screen. */
  queue: T[];
  /** How many are still to read (not recorded by this person). */
  left: number;
  /** The place of the first in this round of those still to read, 1 to `left` (0 when none is left). */
  position: number;
  /** The keys still to read: a skip when all of them are put aside starts a new round (withPutAside). */
  round: string[];
}

export function speakQueue<T extends Pick<ReadPrompt, 'key' | 'recorded'>>(
  prompts: readonly T[],
  aside: readonly string[],
): SpeakQueue<T> {
  const toRead = prompts.filter((prompt) => !prompt.recorded);
  const recorded = prompts.filter((prompt) => prompt.recorded);
  const held = new Set(aside);
  const passed = toRead.filter((prompt) => held.has(prompt.key)).length;
  const keyOf = (prompt: T) => prompt.key;
  return {
    queue: [...asideLast(toRead, aside, keyOf), ...asideLast(recorded, aside, keyOf)],
    left: toRead.length,
    position: toRead.length === 0 ? 0 : (passed % toRead.length) + 1,
    round: toRead.map(keyOf),
  };
}
