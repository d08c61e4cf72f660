// The built-in trainers, by model type:
//   mt  - trains the statistical translation model (server/features/mt/mt-training.ts), which then serves;
//   tts - builds the recording-based voice inventory from one speaker's consented, transcribed, validated
//         recordings;
//   asr - prepares the speaker-disjoint training set, then hands the job to an external worker (a GPU machine),
//         or fails saying that none is registered: this server never pretends to train speech recognition.
import { matchWords, sentenceKey } from '../../../core/mt/normalise.ts';
import type { TrainingMetrics } from '../../../core/api/training.ts';
import { trainMtModel, type TrainMtOptions, type TrainMtResult } from '../mt/mt-training.ts';
import { splitSpeakers, type Split, type SplitSummary } from './dataset-split.ts';
import { speakerHash, type DatasetRecording } from './training-data.repository.ts';
import { speakerLabeller } from '../../lib/speaker-pseudonyms.ts';
import { throwIfAborted, TrainingError, type Trainer, type TrainerRegistry } from './worker.ts';

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/** What the TTS job stores as its result: the voice the speech engine plays recordings from. */
export interface VoiceInventory {
  /** Pseudonymous speaker id (S-xxxxxxxx). */
  speaker: string;
  speakerUserId: string;
  recordings: { id: string; transcript: string; key: string; durationSeconds: number }[];
}

/** What the ASR job stores as its result: the split of each (hashed) speaker, and the split sizes. */
export interface AsrTrainingSet {
  speakers: Record<string, Split>;
  summary: Record<Split, SplitSummary>;
}

export interface RunnerParams {
  speakerId?: string;
  runner?: 'builtin' | 'external';
}

// --- mt ---------------------------------------------------------------------------------------------------

/** The translation model's trainer (server/features/mt/mt-training.ts); tests pass a stand-in. */
export type TrainMtModel = (options: TrainMtOptions) => Promise<TrainMtResult>;

export function mtTrainer(train: TrainMtModel = trainMtModel): Trainer {
  return {
    async run({ job, db, config, artifacts, signal, onProgress }) {
      const trained = await train({ db, config, artifacts, signal, onProgress, jobId: job.jobId });
      return {
        kind: 'succeeded',
        metrics: trained.metrics,
        modelArtifactId: trained.artifactId,
        modelVersion: trained.version,
      };
    },
  };
}

// --- tts --------------------------------------------------------------------------------------------------

/** Share (percent, one decimal) of the lexicon's distinct Lopit words that occur in the transcripts. */
export function lexiconCoverage(lexicon: readonly string[], transcripts: readonly string[]) {
  const lexiconWords = new Set(lexicon.flatMap((text) => matchWords(text)));
  const spoken = new Set(transcripts.flatMap((text) => matchWords(text)));
  let covered = 0;
  for (const word of lexiconWords) if (spoken.has(word)) covered += 1;
  const percent = lexiconWords.size === 0 ? 0 : Math.round((covered / lexiconWords.size) * 1000) / 10;
  return { lexiconWords: lexiconWords.size, covered, percent };
}

export const ttsTrainer: Trainer = {
  async run({ job, db, data, tokens, signal, onProgress }) {
    const params = job.params as RunnerParams;
    onProgress(5, 'Choosing the speaker');
    const speaker = params.speakerId
      ? await data.speakerTotal('tts', params.speakerId)
      : ((await data.speakerTotals('tts', 1))[0] ?? null);
    if (!speaker) {
      throw new TrainingError(
        params.speakerId
          ? 'The chosen speaker has no consented, transcribed Lopit recordings that listeners have validated (or withdrew recording consent).'
          : 'No speaker has consented, transcribed Lopit recordings that listeners have validated yet. Record and transcribe some, and ask the community to listen to them on the Listen screen.',
      );
    }
    throwIfAborted(signal);
    const label = await speakerLabeller(db);
    onProgress(20, `Collecting the recordings of ${label(speaker.userId)}`);
    const recordings: DatasetRecording[] = await data.recordings('tts', speaker.userId);
    throwIfAborted(signal);
    onProgress(60, 'Measuring how much of the lexicon the voice covers');
    const coverage = lexiconCoverage(
      await data.lexiconLopit(),
      recordings.map((recording) => recording.transcript),
    );
    throwIfAborted(signal);
    const inventory: VoiceInventory = {
      speaker: label(speaker.userId),
      speakerUserId: speaker.userId,
      recordings: recordings.map((recording) => ({
        id: recording.id,
        transcript: recording.transcript,
        key: sentenceKey(recording.transcript),
        durationSeconds: recording.durationSeconds,
      })),
    };
    const seconds = recordings.reduce((sum, recording) => sum + recording.durationSeconds, 0);
    const metrics: TrainingMetrics = {
      speaker: inventory.speaker,
      hours: hours(seconds),
      utterances: recordings.length,
      lexiconWords: coverage.lexiconWords,
      lexiconWordsCovered: coverage.covered,
      lexiconCoveragePercent: coverage.percent,
    };
    onProgress(90, 'Storing the voice inventory');
    if (params.runner === 'external') {
      if ((await tokens.countByType()).tts === 0) {
        throw new TrainingError(
          'The voice set is prepared, but no external TTS worker is registered to train on it. Create a worker token on this page and run a worker with it, or start TTS without an external worker to build the recording-based voice.',
          { metrics, result: inventory },
        );
      }
      return {
        kind: 'handoff',
        message: 'Voice set prepared: waiting for an external TTS worker to claim it.',
        metrics,
        result: inventory,
      };
    }
    return { kind: 'succeeded', metrics, result: inventory };
  },
};

// --- asr --------------------------------------------------------------------------------------------------

export const asrTrainer: Trainer = {
  async run({ data, tokens, signal, onProgress }) {
    onProgress(10, 'Collecting consented, transcribed, validated recordings');
    const totals = await data.speakerTotals('asr');
    throwIfAborted(signal);
    if (totals.length === 0) {
      throw new TrainingError(
        'There are no consented, transcribed Lopit recordings that listeners have validated yet, so there is no training set to prepare.',
      );
    }
    onProgress(50, 'Splitting speakers into train, dev and test');
    const { assignment, summary } = splitSpeakers(
      totals.map((total) => ({
        key: speakerHash(total.userId),
        seconds: total.seconds,
        utterances: total.utterances,
      })),
    );
    const result: AsrTrainingSet = { speakers: assignment, summary };
    const seconds = totals.reduce((sum, total) => sum + total.seconds, 0);
    const metrics: TrainingMetrics = {
      hours: hours(seconds),
      utterances: totals.reduce((sum, total) => sum + total.utterances, 0),
      speakers: totals.length,
      trainHours: summary.train.hours,
      trainSpeakers: summary.train.speakers,
      devHours: summary.dev.hours,
      devSpeakers: summary.dev.speakers,
      testHours: summary.test.hours,
      testSpeakers: summary.test.speakers,
    };
    throwIfAborted(signal);
    const described = `${metrics.utterances} recordings, ${metrics.hours} h, ${totals.length} speakers`;
    if ((await tokens.countByType()).asr === 0) {
      throw new TrainingError(
        `The ASR training set is prepared (${described}), but no external ASR worker is registered. This server cannot train speech recognition itself (that needs a GPU machine): create a worker token under External workers, run a worker with it, then start ASR again.`,
        { metrics, result },
      );
    }
    return {
      kind: 'handoff',
      message: `Training set prepared (${described}): waiting for an external ASR worker to claim it.`,
      metrics,
      result,
    };
  },
};

/** The trainers of this installation. */
export function defaultTrainers(): TrainerRegistry {
  return { mt: mtTrainer(), tts: ttsTrainer, asr: asrTrainer };
}
