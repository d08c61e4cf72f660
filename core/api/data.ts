// Data dashboard: statistics, speakers and lexicon entries.
import { z } from 'zod';
import { LEXICON_DEFAULT_LIMIT } from '../constants.ts';

export const statisticsSchema = z.object({
  totalAudioHours: z.number(),
  totalSpeakers: z.number().int(),
  totalTranslations: z.number().int(),
  totalRecordings: z.number().int(),
  lexiconSize: z.number().int(),
});
export type Statistics = z.infer<typeof statisticsSchema>;

export const speakerSchema = z.object({
  id: z.string(),
  ageGroup: z.string().nullable(),
  gender: z.string().nullable(),
  recordingCount: z.number().int(),
  totalDuration: z.number(),
});
export type Speaker = z.infer<typeof speakerSchema>;

export const lexiconEntrySchema = z.object({
  lopit: z.string(),
  english: z.string(),
  partOfSpeech: z.string().nullable(),
});
export type LexiconEntry = z.infer<typeof lexiconEntrySchema>;

export const lexiconQuerySchema = z.object({
  search: z.string().trim().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(1000).default(LEXICON_DEFAULT_LIMIT),
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
