// Data dashboard: statistics, speakers and lexicon entries.
import { z } from 'zod';
import { integerTextSchema } from './input.ts';
import { LEXICON_DEFAULT_LIMIT } from '../constants.ts';

/**
 * Totals of the dashboard. Recordings, speakers and audio count only contributors whose recording consent
 * stands now; translation pairs only approved ones whose author's translation consent stands (or that have no
 * author: seeded and imported texts).
 */
export const statisticsSchema = z.object({
  totalAudioHours: z.number(),
  totalSpeakers: z.number().int(),
  totalTranslations: z.number().int(),
  totalRecordings: z.number().int(),
  lexiconSize: z.number().int(),
  /** Hours of those recordings that have a transcript (what speech recognition can be trained on). */
  transcribedAudioHours: z.number(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

/**
 * Seconds of audio as the hours every figure shows (tiles, goals, the timeline, dialects): rounded once, to
 * 1/100 h, from the exact seconds, so a tile and a chart never disagree by a rounding.
 */
export function audioHoursOf(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}

export const TIMELINE_BUCKETS = ['day', 'week', 'month'] as const;
export type TimelineBucket = (typeof TIMELINE_BUCKETS)[number];
/** Most points the timeline answers; older buckets still count in the cumulative figures. */
export const TIMELINE_MAX_POINTS = 400;

export const timelineQuerySchema = z.object({
  /** Without it the server picks the finest bucket that gives at most about 120 points. */
  bucket: z.enum(TIMELINE_BUCKETS, { error: 'bucket must be day, week or month' }).optional(),
});

/** One bucket (UTC; weeks start on Monday) of consenting contributions, with running totals. */
export const timelinePointSchema = z.object({
  /** First day of the bucket, YYYY-MM-DD. */
  start: z.string(),
  audioHours: z.number(),
  recordings: z.number().int(),
  pairs: z.number().int(),
  cumulativeAudioHours: z.number(),
  cumulativeRecordings: z.number().int(),
  cumulativePairs: z.number().int(),
});
export type TimelinePoint = z.infer<typeof timelinePointSchema>;

export const timelineSchema = z.object({
  bucket: z.enum(TIMELINE_BUCKETS),
  points: z.array(timelinePointSchema),
});
export type Timeline = z.infer<typeof timelineSchema>;

/** Figures of one dialect or home village (the contributors' profile text, grouped case-insensitively). */
export const dialectFiguresSchema = z.object({
  /** As most contributors of the group spell it; null for contributors who have not given one. */
  dialect: z.string().nullable(),
  speakers: z.number().int(),
  recordings: z.number().int(),
  audioHours: z.number(),
  translators: z.number().int(),
  pairs: z.number().int(),
});
export type DialectFigures = z.infer<typeof dialectFiguresSchema>;

export const dialectsSchema = z.object({ dialects: z.array(dialectFiguresSchema) });
export type Dialects = z.infer<typeof dialectsSchema>;

export const speakerSchema = z.object({
  id: z.string(),
  ageGroup: z.string().nullable(),
  gender: z.string().nullable(),
  recordingCount: z.number().int(),
  totalDuration: z.number(),
});
export type Speaker = z.infer<typeof speakerSchema>;
export const speakersResponseSchema = z.object({ speakers: z.array(speakerSchema) });

export const lexiconEntrySchema = z.object({
  lopit: z.string(),
  english: z.string(),
  partOfSpeech: z.string().nullable(),
});
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>;
export const lexiconEntriesResponseSchema = z.object({ entries: z.array(lexiconEntrySchema) });

export const lexiconQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: integerTextSchema(1, 1000).default(LEXICON_DEFAULT_LIMIT),
});

export const RECORDING_LANGUAGES = ['lpx', 'en'] as const;
export const recordingLanguageSchema = z.enum(RECORDING_LANGUAGES, { error: 'Language must be lpx or en' });
export type RecordingLanguage = z.infer<typeof recordingLanguageSchema>;

/**
 * What the server measured. The flags come from the duration (always known) and the levels (decoded to mono
 * 16 kHz); when the levels could not be measured (no ffmpeg for a compressed format) `levelsMeasured` is false,
 * the level figures are null and the level flags false.
 */
export const recordingQualitySchema = z.object({
  tooShort: z.boolean(),
  tooLong: z.boolean(),
  silent: z.boolean(),
  quiet: z.boolean(),
  clipped: z.boolean(),
  /** dBFS, at least RECORDING_LEVEL_FLOOR_DB. */
  peakDb: z.number().nullable(),
  rmsDb: z.number().nullable(),
  /** Share of samples at full scale, 0..1. */
  clippedRatio: z.number().nullable(),
  levelsMeasured: z.boolean(),
});
export type RecordingQuality = z.infer<typeof recordingQualitySchema>;

export const recordingSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  title: z.string().nullable(),
  /** Seconds, as measured by the server. */
  duration: z.number(),
  createdAt: z.string(),
  /** The type sniffed from the bytes (audio/webm, audio/ogg, audio/mp4, audio/wav, audio/mpeg, audio/flac, audio/aac). */
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  transcript: z.string().nullable(),
  language: recordingLanguageSchema.nullable(),
  promptPairId: z.number().int().nullable(),
  /** opus, vorbis, aac, pcm, mp3, flac... */
  codec: z.string().nullable(),
  sampleRate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  quality: recordingQualitySchema,
  ownerId: z.string(),
  ownerName: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const recordingListSchema = z.object({
  recordings: z.array(recordingSchema),
  total: z.number().int(),
  page: z.number().int(),
});
export type RecordingList = z.infer<typeof recordingListSchema>;

export const modelStatusSchema = z.object({
  modelType: z.enum(['asr', 'tts', 'mt']),
  status: z.enum(['trained', 'training', 'not_trained', 'error']),
  lastTrained: z.string().nullable(),
  progress: z.number().min(0).max(100),
  metrics: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;
