// The trained model's data (what is serialised) and its default decoding weights.
import type { LanguageModelData } from './language-model.ts';
import type { PhraseStatistics } from './phrase-extraction.ts';
import type { PhraseTableData } from './phrase-table.ts';

/** Log-linear weights of the decoder's features (Moses' untuned defaults as the starting point). */
export interface ModelWeights {
  lm: number;
  /** log p(target | source) */
  forward: number;
  /** log p(source | target) */
  backward: number;
  lexForward: number;
  lexBackward: number;
  /** Added once per phrase used. */
  phrasePenalty: number;
  /** Added once per target word (positive values favour longer output). */
  wordPenalty: number;
  /** Multiplies the jump distance between consecutive phrases. */
  distortion: number;
  /** Subtracted for every word passed through untranslated. */
  unknown: number;
}

export const DEFAULT_WEIGHTS: ModelWeights = {
  lm: 0.5,
  forward: 0.2,
  backward: 0.2,
  lexForward: 0.2,
  lexBackward: 0.2,
  phrasePenalty: 0.2,
  wordPenalty: 1,
  distortion: 0.3,
  unknown: 1,
};

export interface VocabularyData {
  /** Matching forms; the index is the word id. */
  words: string[];
  /** The most frequent written form of each word, used for output. */
  surfaces: string[];
}

export interface MtModelData {
  vocab: { en: VocabularyData; lpx: VocabularyData };
  phrases: PhraseTableData;
  /** Language models of each language (used when translating into it). */
  lm: { en: LanguageModelData; lpx: LanguageModelData };
  /** Word-for-word best translations from the alignment (-1 when none). */
  bestLpxForEn: Int32Array;
  bestEnForLpx: Int32Array;
  weights: ModelWeights;
  /** Training counts of the phrase table, for pruning (prune.ts); present after training, never in files. */
  statistics?: PhraseStatistics;
  meta: {
    trainedAt: string;
    pairCount: number;
    /** Tension the aligner settled on, per direction. */
    tension: { enToLpx: number; lpxToEn: number };
  };
}
