// Public surface of the translation engine (isomorphic: the server and the browser import this).
export { corpusBleu, tokenise13a, type BleuOptions, type BleuResult } from './bleu.ts';
export { corpusChrf, type ChrfOptions } from './chrf.ts';
export { wordEditDistance, wordSimilarity } from './edit-distance.ts';
export {
  evaluateModel,
  score,
  splitHeldOut,
  trainAndEvaluate,
  type HeldOutResult,
  type Scores,
  type SplitOptions,
} from './evaluate.ts';
export { Lexicon } from './lexicon.ts';
export { DEFAULT_WEIGHTS, type ModelWeights, type MtModelData } from './model-data.ts';
export { MtModel } from './mt-model.ts';
export { compactModel, DEFAULT_PRUNE, type PruneOptions } from './prune.ts';
export { accentKey, detokenise, matchForm, sentenceKey, tokenise, type Token } from './normalise.ts';
export {
  MODEL_FORMAT,
  MODEL_FORMAT_MIN_VERSION,
  MODEL_FORMAT_VERSION,
  ModelFormatError,
  parseModel,
  parseModelFile,
  phoneFile,
  serialiseModel,
  serialiseModelJson,
  MODEL_CONTENT_TYPE,
  type ModelFile,
  type ModelSnapshot,
} from './serialise.ts';
export { trainModel, type ProgressCallback, type TrainOptions } from './train.ts';
export { createEngineState, createEngineStateFromFile, translate, type EngineState } from './translate.ts';
export { FUZZY_MATCH_THRESHOLD, TranslationMemory, type MemoryMatch } from './translation-memory.ts';
export * from './types.ts';
