// Recordings: the stored recording and its measured quality, the tus endpoint and its Upload-Metadata keys,
// the simple multipart upload's metadata, the list, transcription and the prompt pack.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { RECORDINGS_MAX_PAGE_SIZE, RECORDINGS_PAGE_SIZE, TRANSLATION_CATEGORIES } from '../constants.ts';
import { integerTextSchema, serialIdTextSchema } from './input.ts';
import { ERROR_CODES, type ErrorAnswer } from './errors.ts';

/**
 * What storing a recording can refuse, however it arrives (the tus upload of the outbox's `recording.upload`,
 * core/api/mutations.ts, or the one-request multipart upload): server/features/recordings/recordings.service.ts,
 * audio-types.ts and inspect-audio.ts.
 */
export const RECORDING_STORE_ERRORS: readonly ErrorAnswer[] = [
  { status: 400, code: ERROR_CODES.emptyFile },
  { status: 403, code: ERROR_CODES.consentRequired },
  { status: 404, code: ERROR_CODES.notFound },
  // A repetition of a clip that is gone (server/features/recordings/recordings.service.ts checkRepeats).
  { status: 404, code: ERROR_CODES.itemGone },
  { status: 409, code: ERROR_CODES.recordingIdTaken },
  { status: 409, code: ERROR_CODES.conflict },
  { status: 413, code: ERROR_CODES.fileTooLarge },
  { status: 415, code: ERROR_CODES.unsupportedAudio },
  { status: 422, code: ERROR_CODES.truncatedAudio },
  { status: 422, code: ERROR_CODES.unreadableAudio },
  { status: 422, code: ERROR_CODES.audioTooLong },
  { status: 422, code: ERROR_CODES.checksumMismatch },
];

export const RECORDING_LANGUAGES = ['lpx', 'en'] as const;
/**
 * What a recording is: a clip (read, said or free; a segment of a story too), or a story (Tell, issue 32): free
 * speech minutes long, kept whole and cut on the server into segments, which are the clips of it.
 */
export const RECORDING_KINDS = ['clip', 'story'] as const;
export const recordingKindSchema = z.enum(RECORDING_KINDS, { error: 'kind must be clip or story' });
export type RecordingKind = z.infer<typeof recordingKindSchema>;
/** A story's cutting: waiting (to be cut, or being cut), cut, or failed (kept whole). */
export const STORY_CUT_STATES = ['waiting', 'cut', 'failed'] as const;
/**
 * Where the server's inspection of a recording's audio stands (issue 33): the upload is answered once the bytes
 * are stored, 'inspecting' until the audio is decoded and measured, then 'inspected' (its quality verdict holds)
 * or 'failed' (the audio could not be decoded or is too long: kept, but never reviewed).
 */
export const INSPECTION_STATES = ['inspecting', 'inspected', 'failed'] as const;
export type InspectionState = (typeof INSPECTION_STATES)[number];
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
  /** Seconds, as measured by the server (while inspecting: the WAV header's, or the phone's measure, or 0). */
  duration: z.number(),
  /** When the server received it. */
  createdAt: z.string(),
  /** When it was recorded, by the phone's clock; null when not sent or implausible (see plausibleRecordedAt). */
  recordedAt: z.string().nullable(),
  /** The type sniffed from the bytes (audio/webm, audio/ogg, audio/mp4, audio/wav, audio/mpeg, audio/flac, audio/aac). */
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  sha256: z.string(),
  transcript: z.string().nullable(),
  language: recordingLanguageSchema.nullable(),
  promptPairId: z.number().int().nullable(),
  /** Read Lopit from the sentence collection (issue 32): the approved written sentence it reads; null otherwise. */
  promptSentenceId: z.number().int().nullable(),
  /** opus, vorbis, aac, pcm, mp3, flac... */
  codec: z.string().nullable(),
  sampleRate: z.number().int().nullable(),
  channels: z.number().int().nullable(),
  /** Measured by the inspection: all flags false and no levels while `inspection` is 'inspecting'. */
  quality: recordingQualitySchema,
  inspection: z.enum(INSPECTION_STATES),
  /** Why the inspection failed, for the contributor; null unless `inspection` is 'failed'. */
  inspectionError: z.string().nullable(),
  ownerId: z.string(),
  ownerName: z.string(),
  /** A field speaker who speaks in it (issue 16); null when it is the owner. */
  speakerId: z.string().nullable(),
  /** A spoken translation: the pair whose English sentence it translates. */
  sourcePairId: z.number().int().nullable(),
  kind: recordingKindSchema,
  /** A clip said from a picture (issue 32): the picture prompt it answers. */
  pictureId: z.string().nullable(),
  /** A segment of a story: the story, its place (from 0) and its span there in ms. */
  segment: z
    .object({
      parentId: z.string(),
      index: z.number().int(),
      startMs: z.number().int(),
      endMs: z.number().int(),
    })
    .nullable(),
  /**
   * A story's cutting (in lists): its state, the segments planned (null until planned), stored, and transcribed
   * (with an approved transcript). Null for a clip, and for a story where not counted.
   */
  story: z
    .object({
      state: z.enum(STORY_CUT_STATES),
      planned: z.number().int().nullable(),
      segments: z.number().int(),
      transcribed: z.number().int(),
    })
    .nullable(),
  /** A repetition (Repeat, issue 32): the clip it repeats slowly; null otherwise. */
  repeatsId: z.string().nullable(),
});
export type Recording = z.infer<typeof recordingSchema>;
export type StoryCutStatus = NonNullable<Recording['story']>;

export const recordingListSchema = z.object({
  recordings: z.array(recordingSchema),
  total: z.number().int(),
  page: z.number().int(),
});

/** tus 1.0 endpoint (creation, HEAD, PATCH, termination); uploads live at `${TUS_ENDPOINT}/<upload id>`. */
export const TUS_ENDPOINT = '/api/audio/tus';
/** Response header naming the stored recording: on the final PATCH, and on HEAD of an upload already stored. */
export const RECORDING_ID_HEADER = 'Recording-Id';

export const RECORDING_FILE_NAME_MAX = 200;
export const RECORDING_TITLE_MAX = 200;
export const RECORDING_TRANSCRIPT_MAX = 10_000;
export const SHA256_PATTERN = /^[0-9a-fA-F]{64}$/;

/** A file name for display: no folders, no control characters, at most 200 characters; never used in a path. */
export function sanitiseFileName(name: string | null | undefined, fallback = 'recording'): string {
  const base = (name ?? '').split(/[/\\]/).pop() ?? '';
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return clean ? Array.from(clean).slice(0, RECORDING_FILE_NAME_MAX).join('') : fallback;
}

const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .transform((text) => text.trim() || null)
    .nullish();

const sha256Schema = z
  .string()
  .regex(SHA256_PATTERN, 'sha256 must be 64 hexadecimal digits')
  .transform((hex) => hex.toLowerCase());

const promptPairIdSchema = serialIdTextSchema('promptPairId must be a translation pair id');
const promptSentenceIdSchema = serialIdTextSchema('promptSentenceId must be a written sentence id');

/** Phone clocks before this are wrong (the platform did not exist); the time is then kept as unknown. */
export const RECORDED_AT_EARLIEST = Date.parse('2020-01-01T00:00:00Z');
/** A recording time may run ahead of the server's clock by at most this (time zones set wrong, drift). */
export const RECORDED_AT_MAX_AHEAD_MS = 24 * 60 * 60 * 1000;

/**
 * The recording time to keep: the phone's, unless its clock was clearly wrong (before 2020 or more than a day
 * ahead of `receivedAt`); a wrong clock must not cost the recording, so the time is then unknown (null).
 */
export function plausibleRecordedAt(recordedAt: string | null | undefined, receivedAt: number): Date | null {
  if (!recordedAt) return null;
  const time = Date.parse(recordedAt);
  if (!Number.isFinite(time) || time < RECORDED_AT_EARLIEST || time > receivedAt + RECORDED_AT_MAX_AHEAD_MS)
    return null;
  return new Date(time);
}

/** An ISO 8601 time with its offset (e.g. 2026-11-25T08:00:00.000Z), length bounded before the pattern runs. */
const recordedAtSchema = z
  .string()
  .max(40, 'recordedAt must be an ISO 8601 time, e.g. 2026-11-25T08:00:00Z')
  .pipe(
    z.iso.datetime({ offset: true, error: 'recordedAt must be an ISO 8601 time, e.g. 2026-11-25T08:00:00Z' }),
  );

const pictureIdSchema = z.uuid('pictureId must be a picture id');

const durationSchema = z.coerce
  .number({ error: 'The duration must be a number of seconds' })
  .min(0, 'The duration must be a number of seconds')
  .max(86_400, 'The duration must be a number of seconds');

/**
 * tus Upload-Metadata (each value base64 as the protocol says). Required: recordingId (the client's UUID for
 * the recording; the stored recording gets this id), fileName (display only), sha256 (hex of the whole file).
 * Optional: mimeType (the client's, kept for information), durationSeconds (the client's measure), transcript,
 * language ('lpx' | 'en'), title, promptPairId (the translation pair read aloud), promptSentenceId (the
 * approved written sentence read aloud, instead of a pair), recordedAt (ISO time the
 * recording was made, by the phone's clock), speakerId (a field speaker who speaks in it), sourcePairId (the
 * pair whose English a spoken translation translates), kind ('story': a Tell recording), repeatsId (the clip a
 * repetition repeats, one the uploader may hear), pictureId (the picture prompt a clip answers). Empty values count
 * as absent.
 */
export const tusUploadMetadataSchema = z.object({
  recordingId: z.uuid('recordingId must be a UUID'),
  fileName: z
    .string({ error: 'fileName is required' })
    .min(1, 'fileName is required')
    .max(1000, 'fileName is too long')
    .transform((name) => sanitiseFileName(name)),
  sha256: sha256Schema,
  mimeType: optionalText(100, 'mimeType must be at most 100 characters'),
  durationSeconds: z.preprocess((value) => (value === '' ? undefined : value), durationSchema.optional()),
  transcript: optionalText(
    RECORDING_TRANSCRIPT_MAX,
    validationText('transcriptTooLong', { max: RECORDING_TRANSCRIPT_MAX }),
  ),
  language: z.preprocess((value) => (value === '' ? undefined : value), recordingLanguageSchema.nullish()),
  title: optionalText(RECORDING_TITLE_MAX, validationText('titleTooLong', { max: RECORDING_TITLE_MAX })),
  promptPairId: z.preprocess((value) => (value === '' ? undefined : value), promptPairIdSchema.nullish()),
  /** Read Lopit (issue 32): the approved written sentence (the sentence collection) read aloud. */
  promptSentenceId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    promptSentenceIdSchema.nullish(),
  ),
  recordedAt: z.preprocess((value) => (value === '' ? undefined : value), recordedAtSchema.nullish()),
  /** Who speaks, when not the account holder: a field speaker they added (issue 16). */
  speakerId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.uuid('speakerId must be a speaker id').nullish(),
  ),
  /** A spoken translation: the translation pair whose English sentence this Lopit clip translates. */
  sourcePairId: z.preprocess((value) => (value === '' ? undefined : value), promptPairIdSchema.nullish()),
  /** 'story': a Tell recording, cut into segments on the server (issue 32); absent: a clip. */
  kind: z.preprocess((value) => (value === '' ? undefined : value), recordingKindSchema.nullish()),
  /** Repeat (issue 32): the recording this one repeats slowly, to help its transcription. */
  repeatsId: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.uuid('repeatsId must be a recording id').nullish(),
  ),
  /** A clip said from a picture prompt (issue 32): the picture's id. */
  pictureId: z.preprocess((value) => (value === '' ? undefined : value), pictureIdSchema.nullish()),
});
type TusField = keyof typeof tusUploadMetadataSchema.shape;
type RequiredTusField = 'recordingId' | 'fileName' | 'sha256';
/** Upload-Metadata as a tus client sends it: every value text, the keys those the server's schema reads. */
export type TusUploadMetadata = Record<RequiredTusField, string> &
  Partial<Record<Exclude<TusField, RequiredTusField>, string>>;

/**
 * POST /api/audio/upload: multipart with the file in field `file` and optionally field `metadata`, a JSON
 * string of these (the spec's fileName, duration, speakerId, and the same extras as tus). speakerId names a
 * field speaker of the contributor's (a UUID); any other value (the spec's numeric ids) is ignored and the
 * speaker is the signed-in contributor.
 */
export const multipartUploadMetadataSchema = z.object({
  recordingId: z.uuid('recordingId must be a UUID').optional(),
  fileName: z.string().max(1000, 'fileName is too long').optional(),
  duration: durationSchema.optional(),
  speakerId: z.union([z.string().max(200), z.number()]).optional(),
  sha256: sha256Schema.optional(),
  mimeType: optionalText(100, 'mimeType must be at most 100 characters'),
  transcript: optionalText(
    RECORDING_TRANSCRIPT_MAX,
    validationText('transcriptTooLong', { max: RECORDING_TRANSCRIPT_MAX }),
  ),
  language: recordingLanguageSchema.nullish(),
  title: optionalText(RECORDING_TITLE_MAX, validationText('titleTooLong', { max: RECORDING_TITLE_MAX })),
  promptPairId: promptPairIdSchema.nullish(),
  promptSentenceId: promptSentenceIdSchema.nullish(),
  recordedAt: recordedAtSchema.nullish(),
  sourcePairId: promptPairIdSchema.nullish(),
  kind: recordingKindSchema.nullish(),
  repeatsId: z.uuid('repeatsId must be a recording id').nullish(),
  pictureId: pictureIdSchema.nullish(),
});

/** Answer of a finished upload (201 stored now, 200 already stored under this id). */
export const recordingResponseSchema = z.object({ recording: recordingSchema });

export const recordingsQuerySchema = z.object({
  page: integerTextSchema(1, 1_000_000).default(1),
  limit: integerTextSchema(1, RECORDINGS_MAX_PAGE_SIZE).default(RECORDINGS_PAGE_SIZE),
  /** Admins only: one contributor's recordings. */
  owner: z.uuid('owner must be a user id').optional(),
  /** Admins only: everyone's recordings. */
  all: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
});

export const transcribeRequestSchema = z.object({
  audioId: z.string({ error: 'audioId is required' }).min(1, 'audioId is required').max(100),
});

/** Sentences in a phone's prompt pack by default: enough for several days of reading without a signal. */
export const PROMPT_PACK_SIZE = 300;
/** The most a prompt pack may hold. */
export const PROMPT_PACK_MAX = 1000;

export const promptPackQuerySchema = z.object({
  limit: integerTextSchema(1, PROMPT_PACK_MAX).default(PROMPT_PACK_SIZE),
});

/**
 * A sentence to read aloud: a translation pair's English text and, once it has one, its Lopit text; `recordings`
 * counts the clips already made of it (by anyone).
 */
export const recordingPromptSchema = z.object({
  id: z.number().int(),
  english: z.string(),
  lopit: z.string(),
  category: z.enum(TRANSLATION_CATEGORIES),
  recordings: z.number().int().min(0),
  /**
   * This person recorded it already (they or a speaker they record): the sentence no longer counts among those
   * left to read. Absent in packs kept by versions before it.
   */
  mine: z.boolean().optional(),
});
export type RecordingPrompt = z.infer<typeof recordingPromptSchema>;

/**
 * A Lopit sentence a contributor wrote to be read aloud and the community approved (the sentence collection,
 * core/api/sentences.ts): Lopit only, with no English, so it is never a pair to translate.
 */
export const writtenPromptSchema = z.object({
  id: z.number().int(),
  lopit: z.string(),
  /** Where the sentence comes from or what it is about, as its writer said. */
  source: z.string().nullable(),
  /** The clips already made of it (by anyone). */
  recordings: z.number().int().min(0),
  /** This person recorded it already (they or a speaker they record): it no longer counts among those left. */
  mine: z.boolean(),
});
export type WrittenPrompt = z.infer<typeof writtenPromptSchema>;

/**
 * The pack: `prompts`, the sentences of English-Lopit pairs, those with the fewest recordings first (the
 * contributor's own recorded sentences last); `sentences`, approved written Lopit sentences to read, in the same
 * order (absent in answers of servers before the sentence collection).
 */
export const promptPackSchema = z.object({
  prompts: z.array(recordingPromptSchema),
  sentences: z.array(writtenPromptSchema).optional(),
});
export type PromptPack = z.infer<typeof promptPackSchema>;
