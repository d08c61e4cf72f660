// Data dashboard: statistics, the activity timeline, dialect figures and speakers.
import { z } from 'zod';
import { CLIP_VOTES_TO_DECIDE, PROPOSAL_APPROVALS_TO_ACCEPT } from '../review/rules.ts';

/**
 * What counts as accepted data (core/review/rules.ts), in words: the dashboard's goals, /training's readiness
 * and what models learn from all count only this.
 */
export const ACCEPTED_CLIPS_TEXT = `A recording counts once listeners have validated it: at least ${CLIP_VOTES_TO_DECIDE} people other than its speaker voted, more of them up than down (or an admin decided).`;
export const ACCEPTED_PAIRS_TEXT = `A translation counts once it is approved by ${PROPOSAL_APPROVALS_TO_ACCEPT} contributors other than its author (or by an admin).`;

/**
 * Usable Lopit speech, the one set of figures /training, /data and the speech exports show of it: consented,
 * validated, transcribed Lopit clips not flagged silent or too short by inspection
 * (server/features/consent/consent-sql.ts usableSpeechCondition). A clip is one segment: a Tell recording's
 * segments each count as one clip.
 */
export const speechTotalsSchema = z.object({
  /** Exact seconds of audio, from which hours are rounded once (audioHoursOf). */
  seconds: z.number(),
  hours: z.number(),
  clips: z.number().int(),
  speakers: z.number().int(),
});
export type SpeechTotals = z.infer<typeof speechTotalsSchema>;

/** One speaker's usable Lopit speech, by the pseudonymous label screens show (never a name). */
export const speechSpeakerSchema = speechTotalsSchema.omit({ speakers: true }).extend({
  speaker: z.string(),
  /** The dialect or home village given with most of their usable audio; null when none was given. */
  dialect: z.string().nullable(),
});
export type SpeechSpeaker = z.infer<typeof speechSpeakerSchema>;

/** One dialect's usable Lopit speech (the dialect given with each clip, grouped case-insensitively). */
export const speechDialectSchema = speechTotalsSchema.extend({ dialect: z.string().nullable() });
export type SpeechDialect = z.infer<typeof speechDialectSchema>;

/** Speakers listed at most (most audio first); the totals count every one. */
export const SPEECH_SPEAKERS_LISTED = 200;

export const usableSpeechSchema = speechTotalsSchema.extend({
  /** Most audio first, at most SPEECH_SPEAKERS_LISTED. */
  bySpeaker: z.array(speechSpeakerSchema),
  /** Most audio first; clips of no stated dialect last. */
  byDialect: z.array(speechDialectSchema),
});
export type UsableSpeech = z.infer<typeof usableSpeechSchema>;

/**
 * Totals of the dashboard. Recordings, speakers and audio count only contributors whose recording consent
 * stands now; translation pairs and proposals only those whose author's translation consent stands (or that have
 * no author: seeded and imported texts). Beside all audio collected and the pairs proposed stands what models
 * learn from (usable Lopit speech, approved pairs): the goals count only that.
 */
export const statisticsSchema = z.object({
  /** All audio collected: every consented recording, in any language, whatever its review. */
  totalAudioHours: z.number(),
  totalSpeakers: z.number().int(),
  /** Approved pairs (what models learn from). */
  totalTranslations: z.number().int(),
  totalRecordings: z.number().int(),
  /** Approved lexicon entries (those sent to review count once approved). */
  lexiconSize: z.number().int(),
  /**
   * Usable Lopit speech (usableSpeechSchema's totals): what speech models learn from and what the ASR export
   * holds. The figures above count all audio collected, in any language and review state.
   */
  lopitSpeech: speechTotalsSchema,
  /** Pairs with at least one proposed text waiting for review. */
  pairsProposed: z.number().int(),
  /** What waits for the community: clips not yet decided, clips reported to the admins, open proposals. */
  backlog: z.object({
    clipsPending: z.number().int(),
    clipsReported: z.number().int(),
    proposalsWaiting: z.number().int(),
  }),
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
