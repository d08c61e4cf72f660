// The data set of a held speech job, as an external worker downloads it: its recordings, re-checked against
// consent at every request, as JSON lines (datasetLineSchema), and whether one recording belongs to it.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { DatasetLine } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import type { TrainingQueue } from './job-queue.ts';
import {
  speakerHash,
  type DatasetRecording,
  type SpeechUse,
  type TrainingDataRepository,
} from './training-data.repository.ts';
import type { AsrTrainingSet, VoiceInventory } from './trainers.ts';

/** Speech jobs have a data set of recordings; MT trains in the server from pairs. */
function speechUse(modelType: ModelType): SpeechUse {
  if (modelType === 'mt') throw new AppError(400, 'MT jobs have no speech data set.', ERROR_CODES.validation);
  return modelType;
}

export function workerDataset(queue: TrainingQueue, data: TrainingDataRepository) {
  /** The recordings of a held job's data set, re-checked against consent now. */
  async function datasetOf(jobId: number, modelType: ModelType) {
    const use = speechUse(modelType);
    if (use === 'asr') {
      const splits = (await queue.result<AsrTrainingSet>(jobId))?.speakers ?? {};
      return (await data.recordings(use)).flatMap((recording) => {
        const split = splits[speakerHash(recording.ownerId)];
        return split ? [{ recording, split }] : [];
      });
    }
    const inventory = await queue.result<VoiceInventory>(jobId);
    if (!inventory) return [];
    const ids = new Set(inventory.recordings.map((recording) => recording.id));
    return (await data.recordings(use, inventory.speakerUserId))
      .filter((recording) => ids.has(recording.id))
      .map((recording) => ({ recording, split: 'train' as const }));
  }

  /** One recording of a held job's data set, if it is in it and still usable (consent now). */
  async function datasetRecording(jobId: number, modelType: ModelType, recordingId: string) {
    const use = speechUse(modelType);
    const recording = await data.usableRecordingById(use, recordingId);
    if (!recording) return null;
    if (use === 'asr') {
      const splits = (await queue.result<AsrTrainingSet>(jobId))?.speakers ?? {};
      return splits[speakerHash(recording.ownerId)] ? recording : null;
    }
    const inventory = await queue.result<VoiceInventory>(jobId);
    return inventory?.recordings.some((entry) => entry.id === recording.id) ? recording : null;
  }

  const lineOf = (jobId: number, recording: DatasetRecording, split: DatasetLine['split']): DatasetLine => ({
    split,
    recordingId: recording.id,
    speaker: speakerHash(recording.ownerId),
    sentence: recording.transcript,
    durationSeconds: recording.durationSeconds,
    mimeType: recording.mimeType,
    sha256: recording.sha256,
    ageGroup: recording.ageGroup,
    gender: recording.gender,
    dialect: recording.dialect,
    audioPath: `jobs/${jobId}/recordings/${recording.id}/audio`,
  });

  return { entries: datasetOf, recording: datasetRecording, line: lineOf };
}
