// Words of the training page: model titles, the spec's requirement texts, status labels, metric names, figures
// (the messages are core/i18n/messages/training.ts; these tables say which message each value shows).
import type { ModelStatus, ReadinessItem, TrainingJobState } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';
import { CLIP_VOTES_TO_DECIDE, PROPOSAL_APPROVALS_TO_ACCEPT } from '../../../core/review/rules.ts';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { training } from '../../../core/i18n/messages/training.ts';
import {
  formatDate as formatDateIn,
  formatNumber,
  t as translateNow,
  type Translate,
} from '../../i18n/i18n.tsx';

/** Each model type's heading, what it needs, and its short name. */
export const MODEL_TEXT: Record<
  ModelType,
  { title: MessageDescriptor; needs: MessageDescriptor; short: MessageDescriptor }
> = {
  asr: { title: training.asrTitle, needs: training.asrNeeds, short: training.asrShort },
  tts: { title: training.ttsTitle, needs: training.ttsNeeds, short: training.ttsShort },
  mt: { title: training.mtTitle, needs: training.mtNeeds, short: training.mtShort },
};

/** A model's status in words (its icon is beside it: the colour is never its only sign). */
export const MODEL_STATUS_TEXT: Record<ModelStatus['status'], MessageDescriptor> = {
  trained: training.trained,
  training: training.training,
  not_trained: training.notTrained,
  error: training.error,
};

/** How a training run ended (or that it has not). */
export const JOB_STATE_TEXT: Record<TrainingJobState, MessageDescriptor> = {
  queued: training.queued,
  running: training.running,
  succeeded: training.succeeded,
  failed: training.failed,
  stopped: training.stopped,
};

/** The readiness figures the server measures, by model type and key. */
export const READINESS_LABELS: Record<ModelType, Partial<Record<string, MessageDescriptor>>> = {
  asr: {
    hours: training.asrHoursLabel,
    speakers: training.asrSpeakersLabel,
    utterances: training.asrUtterancesLabel,
    validated: training.asrValidatedLabel,
  },
  tts: { hours: training.ttsHoursLabel, utterances: training.ttsUtterancesLabel },
  mt: { pairs: training.mtPairsLabel, words: training.mtWordsLabel },
};

/** A figure in its unit: alone (with the count choosing the form), and against the need's range. */
export const UNIT_TEXT: Record<ReadinessItem['unit'], { count: MessageDescriptor; of: MessageDescriptor }> = {
  hours: { count: training.hours, of: training.hoursOf },
  speakers: { count: training.speakers, of: training.speakersOf },
  recordings: { count: training.recordings, of: training.recordingsOf },
  pairs: { count: training.pairs, of: training.pairsOf },
  words: { count: training.words, of: training.wordsOf },
  percent: { count: training.percentValue, of: training.percentOf },
};

/** Names of the metrics trainers report. */
export const METRIC_TEXT: Partial<Record<string, MessageDescriptor>> = {
  chrf: training.chrf,
  bleu: training.bleu,
  chrfEnToLpx: training.chrfEnToLpx,
  bleuEnToLpx: training.bleuEnToLpx,
  chrfLpxToEn: training.chrfLpxToEn,
  bleuLpxToEn: training.bleuLpxToEn,
  pairsUsed: training.pairsUsed,
  trainPairs: training.trainPairs,
  heldOutPairs: training.heldOutPairs,
  vocabularyEnglish: training.vocabularyEnglish,
  vocabularyLopit: training.vocabularyLopit,
  phrasePairs: training.phrasePairs,
  lexiconEntries: training.lexiconEntries,
  modelBytes: training.modelBytes,
  phoneModelBytes: training.phoneModelBytes,
  speaker: training.speaker,
  hours: training.hoursMetric,
  utterances: training.utterances,
  speakers: training.speakersMetric,
  lexiconWords: training.lexiconWords,
  lexiconWordsCovered: training.lexiconWordsCovered,
  lexiconCoveragePercent: training.lexiconCoveragePercent,
  wer: training.wer,
  cer: training.cer,
};

/** Icons of the statuses, beside their words. */
export const STATUS_ICON: Record<ModelStatus['status'], string> = {
  trained: '✓',
  training: '⟳',
  not_trained: '○',
  error: '⚠',
};

/** A metric's name for people: known ones by name, others from camelCase ("trainHours" -> "Train hours"). */
export function metricName(key: string, t: Translate = translateNow): string {
  const known = METRIC_TEXT[key];
  if (known) return t(known);
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(value: number | string): string {
  return typeof value === 'number' ? formatNumber(value, { maximumFractionDigits: 2 }) : value;
}

/** A metric as shown: hours under a tenth are given in seconds (0.003 h would read as 0). */
export function formatMetric(name: string, value: number | string, t: Translate = translateNow): string {
  if (name === 'hours' && typeof value === 'number' && value < 0.1)
    return t(training.seconds, { value: formatNumber(Math.round(value * 3600)) });
  return formatValue(value);
}

/**
 * An amount of speech: hours (to 1/100) from a tenth of an hour on, seconds below (0.004 h would read as 0); the
 * hours are the server's rounding, so every page shows the same figure.
 */
export function formatSpeechAmount(seconds: number, hours: number, t: Translate = translateNow): string {
  if (hours < 0.1) return t(training.seconds, { value: formatNumber(Math.round(seconds)) });
  return t(training.hours, { count: hours, value: formatValue(hours) });
}

/** "1.5 of 20-50 hours", "12 of 50+ speakers", "3 recordings", "1 recording", "40 %". */
export function readinessText(item: ReadinessItem, t: Translate = translateNow): string {
  const unit = UNIT_TEXT[item.unit];
  const value = formatValue(item.value);
  if (item.min === null) return t(unit.count, { count: item.value, value });
  const range =
    item.target !== null
      ? t(training.range, { min: formatValue(item.min), target: formatValue(item.target) })
      : t(training.atLeast, { min: formatValue(item.min) });
  return t(unit.of, { value, range });
}

/** A date and time in the interface's language ("—" for none). */
export const formatDate = (iso: string | null) =>
  iso ? formatDateIn(iso, { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** What counts as accepted data for a model type, in words (the server's readiness note, in the interface's language). */
export function readinessNote(modelType: ModelType, t: Translate = translateNow): string {
  const clips = t(training.acceptedClips, { votes: CLIP_VOTES_TO_DECIDE });
  if (modelType === 'asr') return clips;
  if (modelType === 'tts') return t(training.ttsNote, { accepted: clips });
  return t(training.acceptedPairs, { approvals: PROPOSAL_APPROVALS_TO_ACCEPT });
}
