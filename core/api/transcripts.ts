// Transcribe (issue 16): Lopit clips without a transcript, one at a time, for contributors to write down what is
// said. A transcript is a proposal reviewed like a translation (core/review/rules.ts); once approved it becomes
// the clip's transcript (ASR data once the clip is also validated) and, for a spoken translation, a proposal of
// the English sentence's Lopit text.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { integerTextSchema, serialIdTextSchema } from './input.ts';
import { RECORDING_TRANSCRIPT_MAX } from './recordings.ts';
import { PROPOSAL_LIFECYCLE_STATES } from '../review/rules.ts';
import { proposalVerdictSchema } from './review.ts';

/** Clips one queue answer holds (the audio is fetched with each clip, so a few at a time). */
export const TRANSCRIBE_QUEUE_CLIPS = 10;
export const TRANSCRIBE_QUEUE_CLIPS_MAX = 50;
export const TRANSCRIPT_REVIEW_PACK = 20;

export const transcribeClipIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown recording' }) });
export const transcriptIdParamsSchema = z.object({ id: serialIdTextSchema('Unknown transcript') });

export const transcribeQueueQuerySchema = z.object({
  limit: integerTextSchema(1, TRANSCRIBE_QUEUE_CLIPS_MAX).default(TRANSCRIBE_QUEUE_CLIPS),
});

/** A clip to transcribe: what the transcriber hears (the audio route) and, for a spoken translation, reads. */
export const transcribeClipSchema = z.object({
  id: z.string(),
  duration: z.number(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** The English sentence this clip translates aloud (a spoken translation), else null (a free recording). */
  english: z.string().nullable(),
  sourcePairId: z.number().int().nullable(),
  /** The clip's title, when the speaker gave one (a free recording). */
  title: z.string().nullable(),
  /**
   * Repeat (issue 32): clips in which a speaker repeats this one slowly, to listen to as help, oldest first.
   * Absent in packs kept by versions before it.
   */
  repetitions: z.array(z.string()).optional(),
  /**
   * The picture prompt a clip said "From a picture" answers: its id (the phone's pack holds the image) and its
   * English description (the image's text alternative, and a hint while the image is not on the phone). Absent in
   * packs kept by versions before it.
   */
  picture: z.object({ id: z.string(), description: z.string() }).nullable().optional(),
});
export type TranscribeClip = z.infer<typeof transcribeClipSchema>;
export const transcribeQueueSchema = z.object({ clips: z.array(transcribeClipSchema) });

/**
 * POST /api/transcripts/clips/:id: the caller's transcript of the clip. It replaces their open one (whose
 * reviews do not carry over); '' withdraws it. An admin's transcript is approved at once.
 */
export const transcriptSaveSchema = z.object({
  text: z
    .string({ error: 'The transcript must be text' })
    .trim()
    .max(RECORDING_TRANSCRIPT_MAX, validationText('transcriptTooLong', { max: RECORDING_TRANSCRIPT_MAX })),
});
export type TranscriptSave = z.infer<typeof transcriptSaveSchema>;

/** What became of an approved transcript of a spoken translation, for its English sentence. */
export const TRANSLATION_OUTCOMES = ['proposed', 'already-open'] as const;
export const translationOutcomeSchema = z.object({
  /** 'proposed': a new translation proposal; 'already-open': the author already had one open (left as it is). */
  kind: z.enum(TRANSLATION_OUTCOMES),
  pairId: z.number().int(),
  proposalId: z.number().int(),
});
export type TranslationOutcome = z.infer<typeof translationOutcomeSchema>;

/** Where a transcript stands after a save, a review or a decision. */
export const transcriptStatusSchema = z.object({
  id: z.number().int(),
  recordingId: z.string(),
  text: z.string(),
  state: z.enum(PROPOSAL_LIFECYCLE_STATES),
  approvals: z.number().int(),
  rejections: z.number().int(),
  myVerdict: proposalVerdictSchema.nullable(),
  /** Set when this answer approved a transcript of a spoken translation. */
  translation: translationOutcomeSchema.nullable(),
});
export type TranscriptStatus = z.infer<typeof transcriptStatusSchema>;
/** `transcript` is null after a withdrawal ('' sent) or a save of nothing new. */
export const transcriptResponseSchema = z.object({ transcript: transcriptStatusSchema.nullable() });

/** A transcript to check: the clip to hear, the text, and the other transcripts waiting for the same clip. */
export const reviewTranscriptSchema = z.object({
  id: z.number().int(),
  recordingId: z.string(),
  text: z.string(),
  authorName: z.string().nullable(),
  approvals: z.number().int(),
  rejections: z.number().int(),
  english: z.string().nullable(),
  duration: z.number(),
  mimeType: z.string(),
  others: z.array(z.object({ id: z.number().int(), text: z.string(), mine: z.boolean() })),
});
export type ReviewTranscript = z.infer<typeof reviewTranscriptSchema>;
export const reviewTranscriptsQuerySchema = z.object({
  limit: integerTextSchema(1, 200).default(TRANSCRIPT_REVIEW_PACK),
});
export const reviewTranscriptsSchema = z.object({ transcripts: z.array(reviewTranscriptSchema) });

/** GET /api/transcripts/stats?since=<start of the contributor's day>: transcripts written and reviews given. */
export const transcriptStatsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date and time' }).optional(),
});
const dayAndTotal = z.object({ today: z.number().int(), total: z.number().int() });
export const transcriptStatsSchema = z.object({ transcripts: dayAndTotal, reviews: dayAndTotal });
export type TranscriptStats = z.infer<typeof transcriptStatsSchema>;
