// A recording's quality verdict, one rule for the server (the stored file) and the phone (the microphone while it
// recorded): the flags from the duration and the levels, and what each problem means to the contributor, in words.
import type { RecordingQuality } from '../api/recordings.ts';
import {
  RECORDING_CLIPPED_RATIO,
  RECORDING_MIN_SECONDS,
  RECORDING_QUIET_RMS_DB,
  RECORDING_SILENT_RMS_DB,
} from '../constants.ts';
import type { Levels } from './levels.ts';

/** The flags and figures of a recording `duration` seconds long; without levels, the level flags stay false. */
export function qualityOf(duration: number, levels: Levels | null, maxSeconds: number): RecordingQuality {
  return {
    tooShort: duration < RECORDING_MIN_SECONDS,
    tooLong: duration > maxSeconds,
    silent: levels ? levels.rmsDb < RECORDING_SILENT_RMS_DB : false,
    quiet: levels ? levels.rmsDb < RECORDING_QUIET_RMS_DB : false,
    clipped: levels ? levels.clippedRatio > RECORDING_CLIPPED_RATIO : false,
    peakDb: levels?.peakDb ?? null,
    rmsDb: levels?.rmsDb ?? null,
    clippedRatio: levels?.clippedRatio ?? null,
    levelsMeasured: levels !== null,
  };
}

export type QualityProblemKind = 'tooShort' | 'tooLong' | 'silent' | 'quiet' | 'clipped';

export interface QualityProblem {
  kind: QualityProblemKind;
  /** A few words for a list ("Too quiet"). */
  label: string;
  /** What happened and what to do, for the contributor who just recorded. */
  advice: string;
}

const PROBLEMS: Record<QualityProblemKind, Omit<QualityProblem, 'kind'>> = {
  tooShort: {
    label: 'Too short',
    advice: `Shorter than ${RECORDING_MIN_SECONDS} s: start recording, then say the whole sentence before you stop.`,
  },
  tooLong: {
    label: 'Too long',
    advice: 'Longer than a recording may be: record long stories in parts.',
  },
  silent: {
    label: 'Silent',
    advice: 'Nothing was heard: check that the microphone is not covered and that the speaker is close.',
  },
  quiet: {
    label: 'Too quiet',
    advice:
      'Hard to hear: hold the phone closer to the speaker (about a hand’s width) or find a quieter place.',
  },
  clipped: {
    label: 'Distorted',
    advice: 'Too loud, so the sound is distorted: hold the phone a little further from the speaker.',
  },
};

/** The problems of a verdict, worst first; silent says more than quiet, so a silent clip is not also quiet. */
export function qualityProblems(quality: RecordingQuality): QualityProblem[] {
  const kinds: QualityProblemKind[] = [];
  if (quality.silent) kinds.push('silent');
  else if (quality.quiet) kinds.push('quiet');
  if (quality.clipped) kinds.push('clipped');
  if (quality.tooShort) kinds.push('tooShort');
  if (quality.tooLong) kinds.push('tooLong');
  return kinds.map((kind) => ({ kind, ...PROBLEMS[kind] }));
}

/** The problems of a clip's raised flags (as the review routes send them), in the same words, worst first. */
export function flagProblems(flags: readonly QualityProblemKind[]): QualityProblem[] {
  const raised = new Set(flags);
  const has = (kind: QualityProblemKind) => raised.has(kind);
  return qualityProblems({
    tooShort: has('tooShort'),
    tooLong: has('tooLong'),
    silent: has('silent'),
    quiet: has('quiet'),
    clipped: has('clipped'),
    peakDb: null,
    rmsDb: null,
    clippedRatio: null,
    levelsMeasured: true,
  });
}
