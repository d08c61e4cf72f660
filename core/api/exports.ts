// Dataset exports for community admins: what each export would hold, and the options of each download.
import { z } from 'zod';

export const EXPORT_KINDS = ['asr', 'tts', 'mt'] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];

/** Sample rates of the WAV files: 16 kHz for speech recognition, 22,050 Hz for voices (LJSpeech). */
export const ASR_WAV_SAMPLE_RATE = 16_000;
export const TTS_WAV_SAMPLE_RATE = 22_050;

export const ASR_AUDIO_FORMATS = ['original', 'wav'] as const;
export const asrExportQuerySchema = z.object({
  /** original: the files as recorded (smaller); wav: 16 kHz mono 16-bit PCM, read by every toolkit. */
  audio: z.enum(ASR_AUDIO_FORMATS, { error: 'audio must be original or wav' }).default('original'),
});

export const ttsExportQuerySchema = z.object({
  /** The speaker's account id; without it, the speaker with the most consented, transcribed audio. */
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

export const exportSummarySchema = z.object({
  asr: z.object({
    clips: z.number().int(),
    speakers: z.number().int(),
    hours: z.number(),
    /** Consented recordings left out because they have no transcript. */
    untranscribed: z.number().int(),
    /** Recordings left out because their speaker's recording consent does not stand (never given or withdrawn). */
    withoutConsent: z.number().int(),
    /** Bytes of audio as recorded (the archive is a little larger). */
    audioBytes: z.number().int(),
  }),
  tts: z.object({
    /** Speakers with consented, transcribed recordings not marked English, most audio first. */
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
