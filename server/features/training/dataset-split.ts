// Speaker-disjoint train/dev/test split of a speech data set: every speaker's recordings land in one split, so a
// model is scored on voices it never heard. Deterministic: the same speakers and totals give the same split.
import { ASR_DEV_SHARE, ASR_TEST_SHARE } from '../../../core/constants.ts';

export type Split = 'train' | 'dev' | 'test';

export interface SplitSpeaker {
  /** A stable key (the hashed speaker id): speakers are visited in its order, a fixed pseudo-random order. */
  key: string;
  seconds: number;
  utterances: number;
}

export interface SplitSummary {
  speakers: number;
  utterances: number;
  hours: number;
}

const hours = (seconds: number) => Math.round((seconds / 3600) * 100) / 100;

/**
 * Visits speakers in key order and fills test, then dev, up to their share of the audio time; the rest is train.
 * Train always keeps at least one speaker; with two speakers there is no dev, with one only train.
 */
export function splitSpeakers(
  speakers: readonly SplitSpeaker[],
  { devShare = ASR_DEV_SHARE, testShare = ASR_TEST_SHARE } = {},
): { assignment: Record<string, Split>; summary: Record<Split, SplitSummary> } {
  const ordered = [...speakers].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const total = ordered.reduce((sum, speaker) => sum + speaker.seconds, 0);
  const seconds: Record<Split, number> = { train: 0, dev: 0, test: 0 };
  const summary: Record<Split, SplitSummary> = {
    train: { speakers: 0, utterances: 0, hours: 0 },
    dev: { speakers: 0, utterances: 0, hours: 0 },
    test: { speakers: 0, utterances: 0, hours: 0 },
  };
  const assignment: Record<string, Split> = {};
  ordered.forEach((speaker, index) => {
    const laterSpeakers = ordered.length - index - 1;
    let split: Split = 'train';
    if (laterSpeakers >= 1 && ordered.length >= 2 && seconds.test < total * testShare) split = 'test';
    else if (laterSpeakers >= 1 && ordered.length >= 3 && seconds.dev < total * devShare) split = 'dev';
    assignment[speaker.key] = split;
    seconds[split] += speaker.seconds;
    summary[split].speakers += 1;
    summary[split].utterances += speaker.utterances;
  });
  for (const split of ['train', 'dev', 'test'] as const) summary[split].hours = hours(seconds[split]);
  return { assignment, summary };
}
