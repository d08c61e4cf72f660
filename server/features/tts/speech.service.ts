// Speech playback: a consented, validated recording of the text, else the text assembled from such recordings of
// its words, else espeak-ng synthesis (Lopit through the letter-to-sound table, labelled an approximation).
// Results are cached on disk under a key naming everything the audio depends on, so a new recording, a clip
// validated or turned down, or a withdrawn consent changes the key, and the answer.
import crypto from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { SpeechSource, TtsLanguage } from '../../../core/api/tts.ts';
import { detectDirection } from '../../../core/direction.ts';
import { normaliseText, sentenceKey } from '../../../core/mt/normalise.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/driver.ts';
import { speakerLabeller } from '../../lib/speaker-pseudonyms.ts';
import { AppError } from '../../errors.ts';
import { spoolBlob, storageArea, type BlobStore } from '../../lib/blob-store.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';
import { decodingNeedsSeeking } from '../recordings/audio-types.ts';
import { LOCK_NAMESPACES, ProcessLocks, type SharedLocks } from '../../lib/shared-locks.ts';
import { toWav, type Clip } from './audio-clip.ts';
import { canDecode, decodeToClip } from './audio-decode.ts';
import { EspeakEngine } from './espeak-engine.ts';
import { lopitLetterToSound, type LetterToSound } from './letter-to-sound.ts';
import {
  planSpeech,
  recordingsOf,
  relevantRecordings,
  renderAssembled,
  renderRecording,
  type SpeechPlan,
} from './recording-voice.ts';
import { SpeechCache } from './speech-cache.ts';
import { Synthesizer } from './synthesizer.ts';
import type { VoiceRepository } from './voices.repository.ts';
import { type VoiceRecording } from './voices.repository.ts';

/** Changes when the processing does (trimming, loudness, crossfades, WAV format): old cache entries go unused. */
const PIPELINE_VERSION = 1;
/** Rate recordings are decoded and played at (speech needs no more). */
export const RECORDING_OUTPUT_RATE = 24_000;
/** A recording longer than this is not used to speak a text of at most 500 characters. */
const MAX_SOURCE_SECONDS = 120;
export const SPEECH_CACHE_DEFAULT_MAX_BYTES = 256 * 1024 * 1024;

export interface SpeechRequest {
  text: string;
  language?: TtsLanguage | null | undefined;
  speaker?: string | null | undefined;
}

export interface SpeechResult {
  audio: Buffer;
  source: SpeechSource;
  language: TtsLanguage;
  /** Synthesis of Lopit: the pronunciation is only approximated. */
  approximation: boolean;
  /** Synthesis after recordings were looked for: the words no recording was found for. */
  missingWords: string[];
  /** Pseudonymous ids of the speakers heard. */
  speakers: string[];
  cached: boolean;
  /** The cache key (SHA-256 hex). */
  key: string;
}

export interface SpeechServiceOptions {
  engine?: EspeakEngine;
  cacheMaxBytes?: number;
  letterToSound?: LetterToSound;
  /** Who makes a result when identical requests come at once: the installation's locks (every server's). */
  locks?: SharedLocks;
}

/** English unless the text is mostly not basic Latin letters, as the chat decides a direction. */
export function languageOf(text: string, given: TtsLanguage | null | undefined): TtsLanguage {
  return given ?? (detectDirection(text) === 'en_to_lpx' ? 'en' : 'lpx');
}

export class SpeechService {
  readonly engine: EspeakEngine;
  readonly cache: SpeechCache;
  readonly synthesizer: Synthesizer;
  private readonly locks: SharedLocks;

  constructor(
    private readonly db: Db,
    private readonly voices: VoiceRepository,
    /** The store the uploads write to. */
    private readonly blobs: BlobStore,
    private readonly config: Config,
    options: SpeechServiceOptions = {},
  ) {
    this.engine = options.engine ?? new EspeakEngine();
    this.cache = new SpeechCache(
      storageArea(config, 'tts-cache'),
      options.cacheMaxBytes ?? SPEECH_CACHE_DEFAULT_MAX_BYTES,
    );
    this.synthesizer = new Synthesizer(this.engine, options.letterToSound ?? lopitLetterToSound());
    this.locks = options.locks ?? new ProcessLocks();
  }

  async speak(request: SpeechRequest, log?: FastifyBaseLogger): Promise<SpeechResult> {
    const language = languageOf(request.text, request.language);
    const speaker = request.speaker?.toLowerCase() ?? null;
    const plan = await this.plan(request.text, language, speaker);
    if (plan.source !== 'synthesis') {
      try {
        return await this.produce(plan, request.text, language, speaker, log);
      } catch (error) {
        if (error instanceof AppError) throw error;
        // A missing blob or a failed decode: speak it anyway, by synthesis.
        log?.warn({ err: error }, 'recordings could not be used for speech; synthesising');
        return this.produce({ source: 'synthesis', missingWords: [] }, request.text, language, speaker, log);
      }
    }
    return this.produce(plan, request.text, language, speaker, log);
  }

  close(): Promise<void> {
    return this.engine.close();
  }

  /**
   * Only validated recordings whose owner consents now, and only those that could speak this text, are
   * considered.
   */
  private async plan(text: string, language: TtsLanguage, speaker: string | null): Promise<SpeechPlan> {
    const candidates = relevantRecordings(
      text,
      await this.voices.transcribed(language, MAX_SOURCE_SECONDS),
    ).filter((recording) => canDecode(recording.mimeType));
    const consenting = await this.voices.consentingOwners(candidates.map((recording) => recording.ownerId));
    return planSpeech(
      text,
      candidates.filter((recording) => consenting.has(recording.ownerId)),
      speaker,
      await speakerLabeller(this.db),
    );
  }

  private keyOf(plan: SpeechPlan, text: string, language: TtsLanguage, speaker: string | null): string {
    const parts = {
      pipeline: PIPELINE_VERSION,
      source: plan.source,
      language,
      speaker,
      // Recordings: the audio depends on the words only; synthesis also reads punctuation.
      text: plan.source === 'synthesis' ? normaliseText(text).replace(/\s+/g, ' ').trim() : sentenceKey(text),
      recordings: recordingsOf(plan).map((recording) => `${recording.id}:${recording.sha256}`),
      synthesis: plan.source === 'synthesis' ? this.synthesizer.versionOf(language) : null,
    };
    return crypto.createHash('sha256').update(JSON.stringify(parts)).digest('hex');
  }

  private async produce(
    plan: SpeechPlan,
    text: string,
    language: TtsLanguage,
    speaker: string | null,
    log?: FastifyBaseLogger,
  ): Promise<SpeechResult> {
    const key = this.keyOf(plan, text, language, speaker);
    const labelOf = await speakerLabeller(this.db);
    // Identical requests at once make the audio once, on whichever servers they arrive.
    const { audio, cached } = await this.locks.run(LOCK_NAMESPACES.speech, key, async () => {
      const hit = await this.cache.get(key);
      if (hit) return { audio: hit, cached: true };
      const made = toWav(await this.render(plan, text, language));
      // A full disk costs the cache, not the answer.
      await this.cache
        .put(key, made)
        .catch((error: unknown) => log?.warn({ err: error }, 'speech cache write failed'));
      return { audio: made, cached: false };
    });
    return {
      audio,
      source: plan.source,
      language,
      approximation: plan.source === 'synthesis' && language === 'lpx',
      missingWords: plan.source === 'synthesis' ? plan.missingWords : [],
      speakers: [...new Set(recordingsOf(plan).map((recording) => labelOf(recording.ownerId)))],
      cached,
      key,
    };
  }

  private async render(plan: SpeechPlan, text: string, language: TtsLanguage): Promise<Clip> {
    if (plan.source === 'synthesis') return this.synthesizer.speak(text, language);
    const decoded = new Map<string, Promise<Clip>>();
    const decode = (recording: VoiceRecording) => {
      let clip = decoded.get(recording.id);
      if (!clip) {
        clip = this.decode(recording);
        decoded.set(recording.id, clip);
      }
      return clip;
    };
    if (plan.source === 'recording') return renderRecording(await decode(plan.recording));
    const clips: Clip[] = [];
    // One at a time: each decode is an ffmpeg process.
    for (const { recording } of plan.words) clips.push(await decode(recording));
    return renderAssembled(clips);
  }

  private async decode(recording: VoiceRecording): Promise<Clip> {
    const options = {
      ffmpegPath: this.config.FFMPEG_PATH,
      sampleRate: RECORDING_OUTPUT_RATE,
      maxSeconds: MAX_SOURCE_SECONDS + 5,
    };
    const local = this.blobs.localPath(recording.sha256);
    if (local) return decodeToClip({ path: local }, recording.mimeType, options);
    if (decodingNeedsSeeking(recording.mimeType)) {
      // ffmpeg cannot seek in a pipe: a copy, removed however the decoding ends.
      const file = await spoolBlob(this.blobs, recording.sha256, uploadTempDir(this.config));
      try {
        return await decodeToClip({ path: file.path }, recording.mimeType, options);
      } finally {
        await file.done();
      }
    }
    const { stream } = await this.blobs.open(recording.sha256);
    return decodeToClip({ stream }, recording.mimeType, options);
  }
}
