// Words of the training page: model titles, the spec's requirement texts, status labels, metric names.
import type { ModelStatus, ReadinessItem, TrainingJobState } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';

export const MODEL_INFO: Record<ModelType, { title: string; requirement: string }> = {
  asr: {
    title: 'Speech recognition (ASR)',
    requirement: 'Needs 20-50 hours of transcribed audio that listeners have validated, from 50+ speakers.',
  },
  tts: {
    title: 'Text-to-speech (TTS)',
    requirement:
      'Needs 3-8 hours of validated, high-quality recordings of one speaker with the Omiaha accent.',
  },
  mt: {
    title: 'Machine translation (MT)',
    requirement: 'Needs 10-30k approved Lopit-English sentence pairs with diverse vocabulary.',
  },
};

/** Icon and words: the colour of a status is never its only sign. */
export const STATUS_LABEL: Record<ModelStatus['status'], { icon: string; text: string }> = {
  trained: { icon: '✓', text: 'Trained' },
  training: { icon: '⟳', text: 'Training' },
  not_trained: { icon: '○', text: 'Not trained' },
  error: { icon: '⚠', text: 'Error' },
};

export const JOB_STATE_LABEL: Record<TrainingJobState, string> = {
  queued: 'Queued',
  running: 'Running',
  succeeded: 'Succeeded',
  failed: 'Failed',
  stopped: 'Stopped',
};

const METRIC_NAMES: Record<string, string> = {
  chrf: 'chrF',
  bleu: 'BLEU',
  chrfEnToLpx: 'chrF English → Lopit',
  bleuEnToLpx: 'BLEU English → Lopit',
  chrfLpxToEn: 'chrF Lopit → English',
  bleuLpxToEn: 'BLEU Lopit → English',
  pairsUsed: 'Pairs used',
  trainPairs: 'Training pairs',
  heldOutPairs: 'Held-out pairs',
  vocabularyEnglish: 'English vocabulary',
  vocabularyLopit: 'Lopit vocabulary',
  phrasePairs: 'Phrase pairs',
  lexiconEntries: 'Lexicon entries',
  modelBytes: 'Model size (bytes)',
  speaker: 'Speaker',
  hours: 'Hours',
  utterances: 'Utterances',
  speakers: 'Speakers',
  lexiconWords: 'Lexicon words',
  lexiconWordsCovered: 'Lexicon words covered',
  lexiconCoveragePercent: 'Lexicon words covered (%)',
  wer: 'WER',
  cer: 'CER',
};

/** A metric's name for people: known ones by name, others from camelCase ("trainHours" -> "Train hours"). */
export function metricName(key: string): string {
  const known = METRIC_NAMES[key];
  if (known) return known;
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function formatValue(value: number | string): string {
  return typeof value === 'number' ? value.toLocaleString(undefined, { maximumFractionDigits: 2 }) : value;
}

/** A metric as shown: hours under a tenth are given in seconds (0.003 h would read as 0). */
export function formatMetric(name: string, value: number | string): string {
  if (name === 'hours' && typeof value === 'number' && value < 0.1) return `${Math.round(value * 3600)} s`;
  return formatValue(value);
}

/** Each unit in the singular and the plural. */
const UNIT_WORDS: Record<ReadinessItem['unit'], readonly [string, string]> = {
  hours: ['hour', 'hours'],
  speakers: ['speaker', 'speakers'],
  recordings: ['recording', 'recordings'],
  pairs: ['pair', 'pairs'],
  words: ['word', 'words'],
  percent: ['%', '%'],
};

/** "1.5 of 20-50 hours", "12 of 50+ speakers", "3 recordings", "1 recording", "40 %". */
export function readinessText(item: ReadinessItem): string {
  const [singular, plural] = UNIT_WORDS[item.unit];
  const value = formatValue(item.value);
  if (item.min === null) return `${value} ${item.value === 1 ? singular : plural}`;
  const range =
    item.target !== null
      ? `${formatValue(item.min)}-${formatValue(item.target)}`
      : `${formatValue(item.min)}+`;
  return `${value} of ${range} ${plural}`;
}

export const formatDate = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : '—');
