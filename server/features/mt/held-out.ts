// chrF and BLEU of a model alone (no memory, no lexicon) on held-out pairs, in both directions. Runs in the
// training thread (mt-train-worker.ts): scoring a thousand sentences is seconds of work.
import { MtModel, score, tokenise, type Direction, type MtModelData } from '../../../core/mt/index.ts';
import type { TranslationPairInput } from '../../../core/mt/types.ts';

export type DirectionScores = Record<Direction, { chrf: number; bleu: number }>;

export function scoreHeldOut(
  data: MtModelData,
  test: readonly TranslationPairInput[],
  onProgress: (done: number) => void,
): DirectionScores {
  const model = new MtModel(data);
  const jobs: { direction: Direction; from: 'english' | 'lopit'; to: 'english' | 'lopit' }[] = [
    { direction: 'en_to_lpx', from: 'english', to: 'lopit' },
    { direction: 'lpx_to_en', from: 'lopit', to: 'english' },
  ];
  const result = {} as DirectionScores;
  const total = Math.max(1, 2 * test.length);
  let done = 0;
  for (const { direction, from, to } of jobs) {
    const hypotheses: string[] = [];
    for (const pair of test) {
      hypotheses.push(model.translate(tokenise(pair[from]), direction)?.text ?? '');
      done += 1;
      if (done % 20 === 0) onProgress(done / total);
    }
    result[direction] = score(
      hypotheses,
      test.map((pair) => pair[to]),
    );
  }
  onProgress(1);
  return result;
}
