// Trains the translation model from the approved pairs whose authors consent, scores it on a held-out split,
// and stores the model file (with the memory and lexicon snapshot the browser needs offline) as the new
// latest `mt` artifact. Used by the training job queue and by `npm run train:mt`.
//
// Which model is stored: the split model is trained on about 90% of the pairs only to be scored; the stored
// model is then retrained on all pairs. With a few thousand pairs every sentence adds words and phrases the
// model would otherwise not know, and that is worth the second training run (about as long as the first).
// The metrics therefore describe a model trained on slightly less data than the stored one: a conservative
// estimate of its quality.
import {
  compactModel,
  MODEL_CONTENT_TYPE,
  phoneFile,
  sentenceKey,
  serialiseModel,
  splitHeldOut,
  type MtModelData,
  type ModelSnapshot,
  type TranslationPairInput,
} from '../../../core/mt/index.ts';
import { MT_HELD_OUT_FRACTION, MT_MIN_TRAINING_PAIRS, MT_SPLIT_SEED } from '../../../core/constants.ts';
import type { Db } from '../../db/driver.ts';
import { AppError } from '../../errors.ts';
import type { BlobStore, StorageConfig } from '../../lib/blob-store.ts';
import { LexiconRepository } from '../lexicon/lexicon.repository.ts';
import { ArtifactStore } from '../models/artifact-store.ts';
import { TranslationRepository } from '../translation/translation.repository.ts';
import { consentedApprovedPairs } from './mt.service.ts';
import type { DirectionScores } from './held-out.ts';
import { trainInWorker } from './train-in-worker.ts';

/** Model files are binary since format version 3 (core/mt/serialise.ts). */
export const MT_MODEL_CONTENT_TYPE = MODEL_CONTENT_TYPE;
export const NOT_ENOUGH_PAIRS_CODE = 'NOT_ENOUGH_PAIRS';

export interface TrainMtOptions {
  db: Db;
  /** Where the model goes: this artifact store (a training job's, made once by its worker)... */
  artifacts?: ArtifactStore;
  /** ...or one on this blob store (staging in the OS temp folder)... */
  blobStore?: BlobStore;
  /** ...or the installation's store (its blobs area). One of the three is required. */
  config?: StorageConfig;
  /** Progress 0..100 with what is happening; awaited, so a job can record it. */
  onProgress?: (percent: number, message: string) => void | Promise<void>;
  /** Stops training at the next checkpoint (rejects with TrainingStoppedError; nothing is stored). */
  signal?: AbortSignal;
  /** Recorded on the artifact. */
  jobId?: number | null;
}

export interface TrainMtResult {
  /**
   * chrf/bleu (mean of both directions), chrfEnToLpx, bleuEnToLpx, chrfLpxToEn, bleuLpxToEn (0..100, on the
   * held-out pairs), pairsUsed, trainPairs, heldOutPairs, vocabularyEnglish, vocabularyLopit, phrasePairs,
   * lexiconEntries, modelBytes (the server's file), phoneModelBytes (what a phone downloads, before gzip).
   */
  metrics: Record<string, number>;
  artifactId: number;
  version: string;
}

/** Training was stopped through its AbortSignal. */
export class TrainingStoppedError extends Error {
  override name = 'AbortError';
  constructor() {
    super('Training was stopped.');
  }
}

export const notEnoughPairs = (count: number) =>
  new AppError(
    422,
    `A translation model needs at least ${MT_MIN_TRAINING_PAIRS} approved translation pairs; there ${count === 1 ? 'is' : 'are'} ${count} now. Add translations in the Translation Editor (or import pairs), then train again.`,
    NOT_ENOUGH_PAIRS_CODE,
    { pairs: count, minimum: MT_MIN_TRAINING_PAIRS },
  );

const round2 = (x: number) => Math.round(x * 100) / 100;

/** The same English and Lopit text twice (after normalisation) is one pair. */
function distinctPairs(pairs: readonly TranslationPairInput[]): TranslationPairInput[] {
  const seen = new Set<string>();
  return pairs.filter((pair) => {
    const key = `${sentenceKey(pair.english)}\u0000${sentenceKey(pair.lopit)}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

export async function trainMtModel(options: TrainMtOptions): Promise<TrainMtResult> {
  const { db, signal } = options;
  const store =
    options.artifacts ??
    (options.blobStore
      ? new ArtifactStore(db, options.blobStore)
      : options.config
        ? ArtifactStore.fromConfig(db, options.config)
        : null);
  if (!store) throw new Error('trainMtModel needs an artifact store, a blobStore or a config');
  const checkpoint = async (percent: number, message: string) => {
    if (signal?.aborted) throw new TrainingStoppedError();
    await options.onProgress?.(Math.max(0, Math.min(100, Math.round(percent))), message);
  };
  // core/mt's trainer stops with a plain Error at its next report; answer the stop as such.
  /** Trains in a worker thread; its progress reports are recorded one after another, never two at once. */
  const trainOffThread = async (
    input: readonly TranslationPairInput[],
    heldOut: readonly TranslationPairInput[],
    snapshot: ModelSnapshot | null,
    from: number,
    span: number,
    message: string,
  ) => {
    let reports: Promise<void> = Promise.resolve();
    try {
      return await trainInWorker(
        input,
        heldOut,
        snapshot,
        (percent) => {
          reports = reports
            .then(() => checkpoint(from + (percent * span) / 100, message))
            .catch(() => undefined);
        },
        signal,
      );
    } catch (error) {
      if (signal?.aborted) throw new TrainingStoppedError();
      throw error;
    } finally {
      await reports;
    }
  };

  await checkpoint(0, 'Reading the approved translation pairs');
  const translation = new TranslationRepository(db);
  const lexiconEntries = new LexiconRepository(db);
  const pairs = distinctPairs(await consentedApprovedPairs(translation));
  if (pairs.length < MT_MIN_TRAINING_PAIRS) throw notEnoughPairs(pairs.length);
  const lexicon = await lexiconEntries.listAll();

  // A fixed seed: the same pairs always give the same split, so runs are comparable.
  const { train, test } = splitHeldOut(pairs, { fraction: MT_HELD_OUT_FRACTION, seed: MT_SPLIT_SEED });
  if (train.length === 0) throw notEnoughPairs(0);
  const splitMessage = `Training on ${train.length} pairs to score on ${test.length} held-out pairs`;
  await checkpoint(2, splitMessage);
  const split = await trainOffThread(train, test, null, 2, 48, `${splitMessage}, then scoring it`);
  const scores = split.scores as DirectionScores;

  const finalMessage = `Training the final model on all ${pairs.length} pairs`;
  await checkpoint(50, finalMessage);
  const { data, file: written } = await trainOffThread(pairs, [], { pairs, lexicon }, 50, 45, finalMessage);

  await checkpoint(96, 'Saving the model');
  const file = written ?? serialiseModel(compactModel(data), { pairs, lexicon }, { server: data });
  const bytes = Buffer.from(file.buffer, file.byteOffset, file.byteLength);
  const metrics = describe(data, scores, {
    pairsUsed: pairs.length,
    trainPairs: train.length,
    heldOutPairs: test.length,
    lexiconEntries: lexicon.length,
    modelBytes: bytes.length,
    phoneModelBytes: phoneFile(file).length,
  });
  if (signal?.aborted) throw new TrainingStoppedError();
  const artifact = await store.save({
    modelType: 'mt',
    bytes,
    contentType: MT_MODEL_CONTENT_TYPE,
    metrics,
    jobId: options.jobId ?? null,
  });
  await options.onProgress?.(100, 'Trained and saved');
  return { metrics, artifactId: artifact.id, version: artifact.version };
}

function describe(
  data: MtModelData,
  scores: DirectionScores,
  counts: Record<string, number>,
): Record<string, number> {
  const en = scores.en_to_lpx;
  const lpx = scores.lpx_to_en;
  return {
    chrf: round2((en.chrf + lpx.chrf) / 2),
    bleu: round2((en.bleu + lpx.bleu) / 2),
    chrfEnToLpx: round2(en.chrf),
    bleuEnToLpx: round2(en.bleu),
    chrfLpxToEn: round2(lpx.chrf),
    bleuLpxToEn: round2(lpx.bleu),
    ...counts,
    vocabularyEnglish: data.vocab.en.words.length,
    vocabularyLopit: data.vocab.lpx.words.length,
    phrasePairs: data.phrases.pairEn.length,
  };
}
