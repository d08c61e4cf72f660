// Held-out evaluation: a seeded split without leaks between training and test, scored with chrF and BLEU.
import { corpusBleu } from './bleu.ts';
import { corpusChrf } from './chrf.ts';
import { MtModel } from './mt-model.ts';
import { sentenceKey, tokenise } from './normalise.ts';
import { shuffled } from './random.ts';
import { trainModel, type ProgressCallback, type TrainOptions } from './train.ts';
import { DIRECTIONS, sides, type Direction, type TranslationPairInput } from './types.ts';
import type { MtModelData } from './model-data.ts';

export interface SplitOptions {
  /** Share of pairs held out, at least 0.1. */
  fraction?: number;
  seed?: number;
}

export interface Scores {
  chrf: number;
  bleu: number;
}

/**
 * Splits pairs with a fixed seed. At least `fraction` of the pairs are held out; a training pair
 * that shares its English or Lopit sentence with a held-out pair moves to the held-out side (so
 * the memory cannot simply recall the answer), and duplicate held-out pairs are dropped.
 */
export function splitHeldOut(
  pairs: readonly TranslationPairInput[],
  options: SplitOptions = {},
): { train: TranslationPairInput[]; test: TranslationPairInput[] } {
  const fraction = Math.max(0.1, options.fraction ?? 0.1);
  const order = shuffled(pairs, options.seed ?? 20_240_601);
  const k = pairs.length < 2 ? 0 : Math.max(1, Math.ceil(fraction * pairs.length));
  let test = order.slice(0, k);
  let train = order.slice(k);
  const enKeys = new Set(test.map((p) => sentenceKey(p.english)));
  const lpxKeys = new Set(test.map((p) => sentenceKey(p.lopit)));
  let moved = true;
  while (moved) {
    moved = false;
    const stay: TranslationPairInput[] = [];
    for (const p of train) {
      const en = sentenceKey(p.english);
      const lpx = sentenceKey(p.lopit);
      if (enKeys.has(en) || lpxKeys.has(lpx)) {
        test.push(p);
        enKeys.add(en);
        lpxKeys.add(lpx);
        moved = true;
      } else stay.push(p);
    }
    train = stay;
  }
  const seen = new Set<string>();
  test = test.filter((p) => {
    const key = `${sentenceKey(p.english)}\u0000${sentenceKey(p.lopit)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { train, test };
}

/** Corpus chrF and BLEU (sacreBLEU defaults) of hypotheses against references. */
export function score(hypotheses: readonly string[], references: readonly string[]): Scores {
  return { chrf: corpusChrf(hypotheses, references), bleu: corpusBleu(hypotheses, references).score };
}

/** Translates the held-out sources with the model and scores them against the held-out targets. */
export function evaluateModel(
  model: MtModel,
  test: readonly TranslationPairInput[],
  direction: Direction,
): Scores {
  const { from, to } = sides(direction);
  const hyps = test.map((p) => model.translate(tokenise(p[from]), direction)?.text ?? '');
  return score(
    hyps,
    test.map((p) => p[to]),
  );
}

export interface HeldOutResult {
  model: MtModelData;
  trainCount: number;
  testCount: number;
  scores: Record<Direction, Scores>;
}

/** Trains on the training split (progress 0..90) and scores both directions on the held-out split. */
export async function trainAndEvaluate(
  pairs: readonly TranslationPairInput[],
  options: SplitOptions & { train?: TrainOptions } = {},
  onProgress?: ProgressCallback,
): Promise<HeldOutResult> {
  const { train, test } = splitHeldOut(pairs, options);
  const data = await trainModel(train, options.train, (p) => onProgress?.(p * 0.9));
  const model = new MtModel(data);
  const scores = {} as Record<Direction, Scores>;
  for (const [k, direction] of DIRECTIONS.entries()) {
    scores[direction] = evaluateModel(model, test, direction);
    await onProgress?.(90 + 5 * (k + 1));
  }
  return { model: data, trainCount: train.length, testCount: test.length, scores };
}
