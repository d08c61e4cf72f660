// Training entry point: tokenise pairs, align both ways, symmetrise, extract phrases, train both LMs.
import { trainLanguageModel } from './language-model.ts';
import { DEFAULT_WEIGHTS, type ModelWeights, type MtModelData } from './model-data.ts';
import { tokenise } from './normalise.ts';
import { buildPhraseTable, type ExtractionOptions } from './phrase-extraction.ts';
import { growDiagFinalAnd } from './symmetrise.ts';
import type { TranslationPairInput } from './types.ts';
import { Vocabulary } from './vocabulary.ts';
import { alignWords, type AlignerOptions } from './word-alignment.ts';

export interface TrainOptions extends ExtractionOptions {
  aligner?: AlignerOptions;
  /** n-gram order of both language models. */
  lmOrder?: number;
  /** Drop highest-order n-grams seen once from the language models (default true; halves their size). */
  lmPruneSingletons?: boolean;
  /** Pairs with a longer side (in tokens) are left out of alignment, as Moses' corpus cleaning does. */
  maxSentenceLength?: number;
  weights?: Partial<ModelWeights>;
  /** Stops training at the next progress report. */
  signal?: AbortSignal;
}

/** Receives progress 0..100; may return a promise (e.g. a database write), which training awaits. */
export type ProgressCallback = (percent: number) => void | Promise<void>;

const MAX_LENGTH_RATIO = 9;

function encode(texts: readonly string[], vocab: Vocabulary): Int32Array[] {
  return texts.map((text) =>
    Int32Array.from(
      tokenise(text),
      // The first word's capital is positional, so it does not vote for the output spelling.
      (t, i) => vocab.add(t.norm, i === 0 ? undefined : t.text),
    ),
  );
}

/**
 * Trains the phrase-based model of both directions from translation pairs. Progress goes from 0
 * to 100; the event loop gets a turn at every report, so a job can record it or stop training.
 */
export async function trainModel(
  pairs: readonly TranslationPairInput[],
  options: TrainOptions = {},
  onProgress?: ProgressCallback,
): Promise<MtModelData> {
  const report = async (percent: number) => {
    if (options.signal?.aborted) throw new Error('Training was stopped');
    await onProgress?.(Math.round(percent));
    await new Promise<void>((resolve) => setTimeout(resolve, 0));
  };
  await report(0);
  const enVocab = new Vocabulary();
  const lpxVocab = new Vocabulary();
  const clean = pairs.filter((p) => p.english.trim() !== '' && p.lopit.trim() !== '');
  const en = encode(
    clean.map((p) => p.english),
    enVocab,
  );
  const lpx = encode(
    clean.map((p) => p.lopit),
    lpxVocab,
  );
  enVocab.finalise();
  lpxVocab.finalise();
  const maxLength = options.maxSentenceLength ?? 80;
  const usable: number[] = [];
  en.forEach((a, s) => {
    const b = lpx[s] as Int32Array;
    const ok = a.length > 0 && b.length > 0 && a.length <= maxLength && b.length <= maxLength;
    if (ok && a.length <= MAX_LENGTH_RATIO * b.length && b.length <= MAX_LENGTH_RATIO * a.length)
      usable.push(s);
  });
  const enA = usable.map((s) => en[s] as Int32Array);
  const lpxA = usable.map((s) => lpx[s] as Int32Array);
  await report(5);

  // fast_align in both directions: Lopit given English, then English given Lopit.
  const lpxGivenEn = await alignWords(enA, lpxA, options.aligner, (f) => report(5 + 30 * f));
  const enGivenLpx = await alignWords(lpxA, enA, options.aligner, (f) => report(35 + 30 * f));
  const matrices = enA.map((a, s) =>
    growDiagFinalAnd(
      a.length,
      (lpxA[s] as Int32Array).length,
      lpxGivenEn.links[s] as Int32Array,
      enGivenLpx.links[s] as Int32Array,
    ),
  );
  await report(70);
  const extraction = buildPhraseTable(enA, lpxA, matrices, options);
  await report(85);
  const lmEn = trainLanguageModel(en, options.lmOrder ?? 3, options.lmPruneSingletons ?? true);
  await report(92);
  const lmLpx = trainLanguageModel(lpx, options.lmOrder ?? 3, options.lmPruneSingletons ?? true);
  const model: MtModelData = {
    vocab: {
      en: { words: enVocab.words, surfaces: enVocab.surfaces },
      lpx: { words: lpxVocab.words, surfaces: lpxVocab.surfaces },
    },
    phrases: extraction.table,
    lm: { en: lmEn, lpx: lmLpx },
    bestLpxForEn: extraction.bestLpxForEn,
    bestEnForLpx: extraction.bestEnForLpx,
    statistics: extraction.statistics,
    weights: { ...DEFAULT_WEIGHTS, ...options.weights },
    meta: {
      trainedAt: new Date().toISOString(),
      pairCount: clean.length,
      tension: { enToLpx: lpxGivenEn.tension, lpxToEn: enGivenLpx.tension },
    },
  };
  await report(100);
  return model;
}
