// Data dashboard: statistics, the activity timeline, dialect figures and speakers.
import { z } from 'zod';

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

export const speakerSchema = z.object({
  id: z.string(),
  ageGroup: z.string().nullable(),
  gender: z.string().nullable(),
  recordingCount: z.number().int(),
  totalDuration: z.number(),
});
export type Speaker = z.infer<typeof speakerSchema>;
export const speakersResponseSchema = z.object({ speakers: z.array(speakerSchema) });
