// Dataset exports for community admins: what each export would hold, and the options of each download.
import { z } from 'zod';
import type { ClipReviewState } from '../review/rules.ts';

export const EXPORT_KINDS = ['asr', 'tts', 'mt'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Sample rates of the WAV files: 16 kHz for speech recognition, 22,050 Hz for voices (LJSpeech). */
export const ASR_WAV_SAMPLE_RATE = 16_000;
export const TTS_WAV_SAMPLE_RATE = 22_050;

/**
 * Audio of the speech recognition export: `wav` (the default) 16 kHz mono 16-bit PCM, which soundfile, Hugging
 * Face's audiofolder, NeMo, Lhotse and ESPnet open as they are; `flac` the same samples losslessly compressed
 * (the archive starts after every clip is encoded); `original` the files as recorded (WebM/Ogg Opus, MP4/AAC, ...),
 * smallest, but many toolkits cannot open them without ffmpeg.
 */
export const ASR_AUDIO_FORMATS = ['wav', 'flac', 'original'] as const;
export type AsrAudioFormat = (typeof ASR_AUDIO_FORMATS)[number];

/**
 * Which clips a speech recognition export holds: `accepted` (the default) only those the community validated,
 * what a model should learn from; `all` every consented, transcribed clip with its review state and votes,
 * for research on the review itself. Consent decides both: a withdrawn speaker is in neither.
 */
export const EXPORT_SETS = ['accepted', 'all'] as const;
export type ExportSet = (typeof EXPORT_SETS)[number];
export const EXPORT_SET_LABELS: Record<ExportSet, string> = {
  accepted: 'Validated clips only (for training)',
  all: 'Full set with review states, for research',
};

/** lopit-asr-2026-05-01, lopit-asr-full-2026-05-01: the folder inside the archive and the archive's name. */
export function datasetName(kind: ExportKind, createdAt: Date, set: ExportSet = 'accepted'): string {
  return `lopit-${kind}${set === 'all' ? '-full' : ''}-${createdAt.toISOString().slice(0, 10)}`;
}

export const asrExportQuerySchema = z.object({
  audio: z.enum(ASR_AUDIO_FORMATS, { error: 'audio must be wav, flac or original' }).default('wav'),
  set: z.enum(EXPORT_SETS, { error: 'set must be accepted or all' }).default('accepted'),
});

/**
 * Common Voice's clip file of each review state: other.tsv holds the clips not yet decided, those waiting for
 * votes and those a listener reported that wait for an admin (Common Voice's reported.tsv lists reported
 * sentences, not clips).
 */
export const REVIEW_STATE_FILES: Record<ClipReviewState, string> = {
  validated: 'validated.tsv',
  invalidated: 'invalidated.tsv',
  pending: 'other.tsv',
  reported: 'other.tsv',
};

export const ttsExportQuerySchema = z.object({
  /** The speaker's account id; without it, the speaker with the most consented, validated, transcribed audio. */
  speaker: z.uuid('speaker must be the id of a speaker listed by GET /api/admin/exports').optional(),
});

export const ttsSpeakerSchema = z.object({
  /** Account id (admins only see this list). */
  id: z.string(),
  name: z.string(),
  /** The pseudonymous id the dashboard shows. */
  label: z.string(),
  dialect: z.string().nullable(),
  clips: z.number().int(),
  hours: z.number(),
});
export type TtsSpeaker = z.infer<typeof ttsSpeakerSchema>;

const clipStateCountsSchema = z.object({
  pending: z.number().int(),
  validated: z.number().int(),
  invalidated: z.number().int(),
  reported: z.number().int(),
} satisfies Record<ClipReviewState, z.ZodType>);

export const exportSummarySchema = z.object({
  asr: z.object({
    /**
     * Clips, speakers, hours (core/api/data.ts audioHoursOf) of the default export: the usable Lopit speech
     * /training and /data show (usableSpeechSchema's totals); audio bytes of those clips.
     */
    clips: z.number().int(),
    speakers: z.number().int(),
    hours: z.number(),
    /** Consented recordings left out because they have no transcript. */
    untranscribed: z.number().int(),
    /** Recordings left out because their speaker's recording consent does not stand (never given or withdrawn). */
    withoutConsent: z.number().int(),
    /** Consented, transcribed recordings left out because they are not Lopit (English read speech): never mixed in. */
    otherLanguage: z.number().int(),
    /**
     * Consented, transcribed Lopit recordings left out because the server's inspection found them silent or
     * shorter than a recording may be (in no speech dataset and no figure, whatever their review).
     */
    flagged: z.number().int(),
    /** Bytes of audio as recorded (the archive is a little larger). */
    audioBytes: z.number().int(),
    /** Consented, transcribed Lopit clips by review state: the full set holds them all. */
    states: clipStateCountsSchema,
    /** Bytes of audio of the full set. */
    allAudioBytes: z.number().int(),
  }),
  tts: z.object({
    /** Speakers with consented, transcribed, validated Lopit recordings, most audio first. */
    speakers: z.array(ttsSpeakerSchema),
    defaultSpeakerId: z.string().nullable(),
  }),
  mt: z.object({ pairs: z.number().int() }),
  ffmpeg: z.boolean(),
});
export type ExportSummary = z.infer<typeof exportSummarySchema>;

/** manifest.json in every export. */
export interface ExportManifest {
  dataset: string;
  kind: ExportKind;
  createdAt: string;
  licence: string;
  licenceUrl: string;
  language: { code: string; name: string };
  counts: Record<string, number>;
  hours?: number;
  /** Consent form versions of the contributors whose data is included: version -> contributors. */
  consentFormVersions: Record<string, number>;
  excluded: Record<string, number>;
  format: { name: string; description: string; files: Record<string, string> };
  [key: string]: unknown;
}
