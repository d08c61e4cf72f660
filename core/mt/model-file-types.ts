// What a model file holds, whatever its format version (serialise.ts writes and reads them).
import type { MtModelData } from './model-data.ts';
import type { LexiconEntryInput, TranslationPairInput } from './types.ts';

export const MODEL_FORMAT = 'lopit-mt';

/** What a model file holds beside the model: the data the engine was built from when it was trained. */
export interface ModelSnapshot {
  /** Approved translation pairs (the translation memory). */
  pairs: readonly TranslationPairInput[];
  lexicon: readonly LexiconEntryInput[];
}

/** A parsed model file. */
export interface ModelFile extends ModelSnapshot {
  version: number;
  /** The model a phone translates with: the compact (pruned, quantised) one in version 3 files. */
  model: MtModelData;
  /**
   * The fuller model the server answers with, when the file carries one (the server's copy of a version 3
   * file; the phone's copy leaves it out). Null otherwise: then `model` is the only one.
   */
  server: MtModelData | null;
}

/** The file cannot be used: not a model, an unsupported version, or damaged. */
export class ModelFormatError extends Error {
  override name = 'ModelFormatError';
}
