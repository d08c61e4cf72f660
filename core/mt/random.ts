// Seeded shuffles on the one seeded generator (core/seeded-random.ts), so splits and shuffles are reproducible.
import { seededRandom } from '../seeded-random.ts';

export { seededRandom };

/** Fisher-Yates shuffle of a copy. */
export function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = items.slice();
  const rand = seededRandom(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}
