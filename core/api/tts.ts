// Speech playback: POST /api/tts/synthesize, its request and the response headers saying where the audio came from.
import { z } from 'zod';
import { validationText } from './texts.ts';

/** Longest text read aloud, in characters after trimming. */
export const TTS_TEXT_MAX = 500;

export const TTS_LANGUAGES = ['en', 'lpx'] as const;
export const ttsLanguageSchema = z.enum(TTS_LANGUAGES, { error: 'Language must be en or lpx' });
export type TtsLanguage = z.infer<typeof ttsLanguageSchema>;

/** A user id, or the pseudonymous speaker label of the data dashboard (`S-` and 8 hex digits; server/lib/speaker-pseudonyms.ts). */
export const SPEAKER_ID_PATTERN =
  /^(S-[0-9a-f]{8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

export const ttsRequestSchema = z.object({
  text: z
    .string({ error: 'Text is required' })
    .trim()
    .min(1, validationText('typeToReadAloud'))
    .max(TTS_TEXT_MAX, validationText('textTooLong', { max: TTS_TEXT_MAX }))
    .refine((text) => /[\p{L}\p{N}]/u.test(text), validationText('noWordsToRead')),
  /** Prefer this speaker's recordings (a user id or S-xxxxxxxx); others are used where theirs are missing. */
  speaker: z
    .string()
    .trim()
    .regex(SPEAKER_ID_PATTERN, 'speaker must be a speaker id like S-1a2b3c4d or a user id')
    .nullish(),
  /** When absent, decided like the chat's direction: mostly basic Latin letters means English. */
  language: ttsLanguageSchema.nullish(),
});

/**
 * Where the audio came from, best first: a recording of the whole text; the text assembled from recordings of
 * each of its words; espeak-ng synthesis (for Lopit, through a letter-to-sound table: an approximation).
 */
export const SPEECH_SOURCES = ['recording', 'assembled', 'synthesis'] as const;
export const speechSourceSchema = z.enum(SPEECH_SOURCES);
export type SpeechSource = z.infer<typeof speechSourceSchema>;

/** The answer is audio/wav (16-bit mono PCM, plays in every browser); these headers describe it. */
export const SPEECH_HEADERS = {
  /** recording | assembled | synthesis */
  source: 'X-Speech-Source',
  /** 'true' when the audio only approximates Lopit pronunciation (synthesis of Lopit), otherwise 'false'. */
  approximation: 'X-Speech-Approximation',
  /** en | lpx: the language the text was read as (given, or detected). */
  language: 'X-Speech-Language',
  /** Synthesis only: words no recording was found for, each URI-encoded, joined by commas (at most 20). */
  missingWords: 'X-Speech-Missing-Words',
  /** Recordings only: pseudonymous ids (S-xxxxxxxx) of the speakers heard, joined by commas. */
  speakers: 'X-Speech-Speakers',
  /** hit | miss: whether the server's speech cache answered. */
  cache: 'X-Speech-Cache',
} as const;

export const SPEECH_MISSING_WORDS_MAX = 20;

export interface SpeechInfo {
  source: SpeechSource | null;
  approximation: boolean;
  language: TtsLanguage | null;
  missingWords: string[];
  speakers: string[];
}

/** Reads the speech headers of a response (names are case-insensitive in `Headers`). */
export function readSpeechInfo(headers: { get(name: string): string | null }): SpeechInfo {
  const list = (name: string) =>
    (headers.get(name) ?? '')
      .split(',')
      .filter(Boolean)
      .map((part) => {
        try {
          return decodeURIComponent(part);
        } catch {
          return part;
        }
      });
  const source = speechSourceSchema.safeParse(headers.get(SPEECH_HEADERS.source));
  const language = ttsLanguageSchema.safeParse(headers.get(SPEECH_HEADERS.language));
  return {
    source: source.success ? source.data : null,
    approximation: headers.get(SPEECH_HEADERS.approximation) === 'true',
    language: language.success ? language.data : null,
    missingWords: list(SPEECH_HEADERS.missingWords),
    speakers: list(SPEECH_HEADERS.speakers),
  };
}
