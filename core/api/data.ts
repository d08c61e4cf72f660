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

export const recordingSchema = z.object({
  id: z.string(),
  fileName: z.string(),
  duration: z.number(),
  createdAt: z.string(),
  mimeType: z.string(),
});
export type Recording = z.infer<typeof recordingSchema>;

export const modelStatusSchema = z.object({
  modelType: z.enum(['asr', 'tts', 'mt']),
  status: z.enum(['trained', 'training', 'not_trained', 'error']),
  lastTrained: z.string().nullable(),
  progress: z.number().min(0).max(100),
  metrics: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;
