// What /training shows and does: each model type's status (spec section 7) with its current run, history and
// data readiness; starting and stopping jobs.
import type {
  ModelStatus,
  Readiness,
  ReadinessItem,
  TrainingModelStatus,
  TrainingProgress,
  TrainingRun,
  TrainingStart,
} from '../../../core/api/training.ts';
import {
  ACCEPTED_CLIPS_TEXT,
  ACCEPTED_PAIRS_TEXT,
  audioHoursOf,
  type UsableSpeech,
} from '../../../core/api/data.ts';
import { MODEL_TYPES, TRAINING_REQUIREMENTS, type ModelType } from '../../../core/constants.ts';
import { AppError, notFound } from '../../errors.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { TrainingServices } from './training-plugin.ts';

function item(
  key: string,
  label: string,
  value: number,
  unit: ReadinessItem['unit'],
  min: number | null = null,
  target: number | null = null,
): ReadinessItem {
  return { key, label, value, unit, min, target, met: min === null || value >= min };
}

function readinessOf(
  items: ReadinessItem[],
  speaker: string | null = null,
  note: string | null = null,
  speech: UsableSpeech | null = null,
): Readiness {
  return { ready: items.every((entry) => entry.met), items, speaker, note, speech };
}

/** The spec's four statuses from the runs: training while queued or running, error after a failed last run. */
export function statusOf(job: TrainingRun | null, lastSucceeded: TrainingRun | null): ModelStatus['status'] {
  if (job && (job.state === 'queued' || job.state === 'running')) return 'training';
  if (job?.state === 'failed') return 'error';
  return lastSucceeded ? 'trained' : 'not_trained';
}

export class TrainingService {
  constructor(private readonly training: TrainingServices) {}

  async readiness(): Promise<Record<ModelType, Readiness>> {
    const { data } = this.training;
    const [speech, reviewed, [voice], mt] = await Promise.all([
      data.usableSpeech(),
      data.reviewedShare(),
      data.speakerTotals('tts', 1),
      data.mtFigures(),
    ]);
    // What the review has accepted so far, of everything consented: the rest is waiting for listeners or was
    // turned down.
    const validatedShare =
      reviewed.consentedSeconds > 0
        ? Math.round((reviewed.validatedSeconds / reviewed.consentedSeconds) * 1000) / 10
        : 0;
    const req = TRAINING_REQUIREMENTS;
    return {
      asr: readinessOf(
        [
          item(
            'hours',
            'Validated, transcribed Lopit audio',
            speech.hours,
            'hours',
            req.asr.minHours,
            req.asr.targetHours,
          ),
          item(
            'speakers',
            'Speakers with validated Lopit recordings',
            speech.speakers,
            'speakers',
            req.asr.minSpeakers,
          ),
          item('utterances', 'Validated, transcribed Lopit recordings', speech.clips, 'recordings'),
          item('validated', 'Recorded audio validated by listeners', validatedShare, 'percent'),
        ],
        null,
        ACCEPTED_CLIPS_TEXT,
        speech,
      ),
      tts: readinessOf(
        [
          item(
            'hours',
            'Validated audio of one speaker',
            audioHoursOf(voice?.seconds ?? 0),
            'hours',
            req.tts.minHours,
            req.tts.targetHours,
          ),
          item('utterances', 'Their validated, transcribed recordings', voice?.utterances ?? 0, 'recordings'),
        ],
        voice ? await this.training.data.speakerLabel(voice.userId) : null,
        `Counts the speaker with the most validated, transcribed audio. ${ACCEPTED_CLIPS_TEXT} Accent (Omiaha) and recording quality beyond silence and clipping are not measured.`,
      ),
      mt: readinessOf(
        [
          item('pairs', 'Approved sentence pairs', mt.pairs, 'pairs', req.mt.minPairs, req.mt.targetPairs),
          item('words', 'Distinct Lopit words in them', mt.lopitWords, 'words'),
        ],
        null,
        ACCEPTED_PAIRS_TEXT,
      ),
    };
  }

  async statusList(): Promise<TrainingModelStatus[]> {
    const { queue, tokens } = this.training;
    const [history, succeeded, readiness, workers] = await Promise.all([
      queue.history(),
      queue.lastSucceeded(),
      this.readiness(),
      tokens.countByType(),
    ]);
    return MODEL_TYPES.map((modelType) => {
      const runs = history.filter((run) => run.modelType === modelType);
      const job = runs[0] ?? null;
      const last = succeeded.get(modelType) ?? null;
      const status = statusOf(job, last);
      return {
        modelType,
        status,
        lastTrained: last?.finishedAt ?? null,
        progress: status === 'training' ? (job?.progress ?? 0) : status === 'trained' ? 100 : 0,
        metrics: last?.metrics ?? {},
        job,
        history: runs,
        readiness: readiness[modelType],
        externalWorkers: workers[modelType],
      };
    });
  }

  async progress(modelType: ModelType): Promise<TrainingProgress> {
    const { queue } = this.training;
    const [active, succeeded] = await Promise.all([queue.active(modelType), queue.lastSucceeded()]);
    const job = active ?? (await queue.history(1)).find((run) => run.modelType === modelType) ?? null;
    const status = statusOf(job, succeeded.get(modelType) ?? null);
    return {
      modelType,
      status,
      progress: status === 'training' ? (job?.progress ?? 0) : status === 'trained' ? 100 : 0,
      message: job?.state === 'failed' ? job.error : (job?.message ?? null),
      job,
    };
  }

  async start(input: TrainingStart, userId: string): Promise<TrainingRun> {
    const { model_type: modelType, speaker_id: speakerId, runner } = input;
    if (modelType !== 'tts' && (speakerId || runner)) {
      throw new AppError(
        400,
        modelType === 'mt'
          ? 'MT trains in this server: it takes no speaker and no runner.'
          : 'ASR always prepares its set here and trains on an external worker: it takes no speaker and no runner.',
        ERROR_CODES.validation,
      );
    }
    if (speakerId && !(await this.training.data.speakerTotal('tts', speakerId))) {
      throw new AppError(
        400,
        'That speaker has no consented, transcribed Lopit recordings that listeners have validated to build a voice from.',
        ERROR_CODES.validation,
        [{ path: 'speaker_id', message: 'No validated recordings for this speaker' }],
      );
    }
    const params = {
      ...(speakerId ? { speakerId } : {}),
      ...(runner ? { runner } : {}),
    };
    const job = await this.training.queue.enqueue({ modelType, params, createdBy: userId });
    this.training.notify();
    return job;
  }

  async stop(modelType: ModelType): Promise<TrainingRun> {
    const job = await this.training.queue.requestStop(modelType);
    this.training.notify();
    return job;
  }

  /** Revokes a worker token (404 when there is none): its worker's requests are refused from now on. */
  async revokeWorkerToken(id: number): Promise<void> {
    if (!(await this.training.tokens.revoke(id))) throw notFound('No such worker token.');
  }
}
