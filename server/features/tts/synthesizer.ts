// Synthesis with espeak-ng: English with its English voice; Lopit through the letter-to-sound table (an
// approximation). Answers a loudness-normalised clip.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { TtsLanguage } from '../../../core/api/tts.ts';
import { AppError } from '../../errors.ts';
import { fadeEdges, fromInt16, normaliseLoudness, type Clip } from './audio-clip.ts';
import type { EspeakEngine } from './espeak-engine.ts';
import type { LetterToSound } from './letter-to-sound.ts';

/** espeak-ng's English voice, at its usual rate (words per minute). */
export const ENGLISH_VOICE = { voice: 'en', rate: 175 } as const;

/**
 * English text for espeak-ng, which reads SSML: & < > become entities so markup in the text (a <break> of a
 * minute) is read as text, and [[ ]] (phoneme input) is not taken from the user.
 */
export function englishInput(text: string): string {
  return text
    .replace(/\[\[|\]\]/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export class Synthesizer {
  constructor(
    private readonly engine: EspeakEngine,
    private readonly lopit: LetterToSound,
  ) {}

  /** What makes synthesis of this language change: part of the speech cache key. */
  versionOf(language: TtsLanguage): string {
    return language === 'en'
      ? `espeak-ng/${ENGLISH_VOICE.voice}/${ENGLISH_VOICE.rate}`
      : `espeak-ng/${this.lopit.voice}/${this.lopit.rate}/table-${this.lopit.version}`;
  }

  async speak(text: string, language: TtsLanguage): Promise<Clip> {
    const job =
      language === 'en'
        ? { text: englishInput(text), ...ENGLISH_VOICE }
        : { text: this.lopit.toEspeakInput(text).input, voice: this.lopit.voice, rate: this.lopit.rate };
    if (!job.text.trim()) {
      throw new AppError(
        422,
        'Nothing in this text can be read aloud: it has no letters the speech table knows.',
        ERROR_CODES.validation,
      );
    }
    const audio = await this.engine.synthesize(job);
    if (audio.samples.length === 0) {
      throw new AppError(
        500,
        'The speech synthesiser produced no sound for this text.',
        ERROR_CODES.internal,
      );
    }
    return fadeEdges(normaliseLoudness(fromInt16(audio.samples, audio.sampleRate)));
  }
}
