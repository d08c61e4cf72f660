// Inspects an uploaded audio file: the real type sniffed from its bytes, the stream parameters, the duration,
// and the levels (PCM WAV read in this process; every other container decoded with ffmpeg to mono 16 kHz). Refuses empty, non-audio, video, truncated and
// undecodable files with a clear message. Never trusts the client's name or type.
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import type { RecordingQuality } from '../../../core/api/recordings.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { RECORDING_ACCEPTED_LENGTH_FACTOR } from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import {
  emptyFile,
  FAMILIES,
  familyOf,
  truncated,
  unreadable,
  unsupported,
  type Family,
} from './audio-types.ts';
import { ANALYSIS_RATE, decodeLevels, type DecodeOptions } from './ffmpeg-levels.ts';
import type { Levels } from '../../../core/audio/levels.ts';
import { qualityOf } from '../../../core/audio/quality.ts';
import {
  isJsReadableWav,
  measureWavLevels,
  readWavInfo,
  WavFormatError,
  WAVE_FORMAT_IEEE_FLOAT,
  WAVE_FORMAT_PCM,
  type WavInfo,
} from './wav.ts';

/** How far past the longest accepted length a file is decoded, to know that it is longer. */
const DECODED_PAST_BOUND_SECONDS = 1;
/** A decoded stream shorter than this share of the declared duration (less a quarter second) is truncated. */
const TRUNCATION_TOLERANCE = 0.9;

export interface InspectOptions extends DecodeOptions {
  /** When ffmpeg cannot be started only WAV levels are measured (in JavaScript). */
  ffmpegPath: string;
  /** Recordings longer are flagged too long; longer than twice this (or `acceptedSeconds`) are refused. */
  maxSeconds: number;
  /** The longest accepted, when not twice maxSeconds (a Tell recording's own bound). */
  acceptedSeconds?: number;
  /** The client's own measure, used only when the duration cannot be found otherwise. */
  clientDuration?: number | null | undefined;
}

export interface AudioInspection {
  /** The sniffed type as stored and served (audio/webm, audio/ogg, audio/mp4, audio/wav, ...). */
  mimeType: string;
  codec: string | null;
  sampleRate: number | null;
  channels: number | null;
  bitrate: number | null;
  /** Seconds. */
  duration: number;
  sizeBytes: number;
  quality: RecordingQuality;
}

/** What the upload itself checks (cheap: the first bytes and, for WAV, the chunk layout), before it answers. */
export interface SniffedAudio {
  family: Family;
  /** The type as stored and served. */
  mimeType: string;
  sizeBytes: number;
  /** A WAV file's layout (its duration is known from it), null for other containers. */
  wav: WavInfo | null;
}

/**
 * The checks an upload answers with before it is stored: not empty, audio by its bytes (not its name or type),
 * and for WAV a layout that holds the samples it announces in a format the server reads. Refuses with the
 * same errors as inspectAudio. Decoding and measuring are inspectAudio's, in the inspection job.
 */
export async function sniffAudio(filePath: string): Promise<SniffedAudio> {
  const { size } = await fsp.stat(filePath);
  if (size === 0) throw emptyFile();

  const sniffed = await fileTypeFromFile(filePath);
  if (!sniffed)
    throw unsupported('This file is not audio we recognise (its contents match no audio format).');
  const family = familyOf(sniffed.mime);
  if (!family) throw unsupported(`This file is ${sniffed.mime} (.${sniffed.ext}), not a recording.`);

  let wav: WavInfo | null = null;
  if (family === 'wav') {
    try {
      wav = await readWavInfo(filePath);
    } catch (error) {
      if (error instanceof WavFormatError) throw unreadable(error.message);
      throw error;
    }
    if (!wav) throw unsupported('This file is not a WAV file.');
    if (wav.formatTag !== WAVE_FORMAT_PCM && wav.formatTag !== WAVE_FORMAT_IEEE_FLOAT) {
      throw unsupported('This WAV file holds compressed audio; only PCM WAV is accepted.');
    }
    if (wav.truncated) {
      throw truncated('the WAV header announces more audio than the file holds.');
    }
    if (wav.dataBytes < wav.blockAlign) throw unreadable('the WAV file holds no samples.');
  }
  return { family, mimeType: FAMILIES[family].mimeType, sizeBytes: size, wav };
}

export async function inspectAudio(filePath: string, options: InspectOptions): Promise<AudioInspection> {
  const { family, sizeBytes: size, wav } = await sniffAudio(filePath);
  const wavDuration = wav?.duration ?? null;

  // PCM WAV is read in this process (wav.ts): no decoder process to start for it.
  if (wav && isJsReadableWav(wav)) {
    const duration = Math.round(wav.duration * 1000) / 1000;
    refuseTooLong(duration, options);
    const levels = (await measureWavLevels(filePath, wav)).result();
    return {
      mimeType: FAMILIES[family].mimeType,
      codec: wav.formatTag === WAVE_FORMAT_IEEE_FLOAT ? 'pcm_float' : 'pcm',
      sampleRate: positiveInt(wav.sampleRate),
      channels: positiveInt(wav.channels),
      bitrate: positiveInt(wav.sampleRate * wav.blockAlign * 8),
      duration,
      sizeBytes: size,
      quality: qualityOf(duration, levels, options.maxSeconds),
    };
  }

  // music-metadata cannot walk every valid stream (a browser's live WebM has elements of unknown size);
  // then ffmpeg's decoding below decides whether the file is audio.
  let metadata: IAudioMetadata | null = null;
  try {
    metadata = await parseFile(filePath, { duration: false, skipCovers: true });
  } catch {
    metadata = null;
  }
  const format: Partial<IAudioMetadata['format']> = metadata?.format ?? {};
  const tracks = format.trackInfo ?? [];
  if (tracks.some(isVideoTrack)) throw unsupported('This file contains video.');
  if (metadata && !format.codec && !tracks.some((track) => track.audio)) {
    throw unsupported('This file contains no audio track.');
  }
  const declaredDuration = wavDuration ?? (isPositive(format.duration) ? format.duration : null);

  // Decoding stops a second past the longest accepted: what lies beyond it is never needed.
  const decoded = await decodeLevels(filePath, FAMILIES[family].demuxer, {
    ...options,
    maxDecodeSeconds: acceptedSecondsOf(options) + DECODED_PAST_BOUND_SECONDS,
  });
  let duration: number;
  let levels: Levels | null = null;
  if (decoded.status === 'missing') {
    if (!metadata) throw unreadable(`the ${family.toUpperCase()} structure is damaged.`);
    duration =
      declaredDuration ??
      (await scannedDuration(filePath)) ??
      (isPositive(options.clientDuration) ? options.clientDuration : 0);
    refuseTooLong(duration, options);
  } else {
    if (decoded.hasVideo) throw unsupported('This file contains video.');
    if (decoded.samples === 0) {
      if (decoded.noAudioStream) throw unsupported('This file contains no audio track.');
      throw unreadable('no sound could be decoded from it.');
    }
    duration = decoded.samples / ANALYSIS_RATE;
    // Before the truncation check: a file decoded only up to the bound is shorter than its header says.
    refuseTooLong(duration, options);
    if (declaredDuration !== null && duration < declaredDuration * TRUNCATION_TOLERANCE - 0.25) {
      throw truncated(
        `its header announces ${declaredDuration.toFixed(1)} s but only ${duration.toFixed(1)} s could be decoded.`,
      );
    }
    levels = decoded.levels;
  }
  duration = Math.round(duration * 1000) / 1000;
  const streamChannels = decoded.status === 'decoded' ? decoded.channels : null;

  return {
    mimeType: FAMILIES[family].mimeType,
    codec: codecName(format.codec),
    sampleRate: positiveInt(format.sampleRate ?? wav?.sampleRate),
    // The decoder's count first: a container's header can be wrong (MP4 says 2 channels for mono AAC).
    channels: positiveInt(streamChannels ?? format.numberOfChannels ?? wav?.channels),
    bitrate: positiveInt(format.bitrate),
    duration,
    sizeBytes: size,
    quality: qualityOf(duration, levels, options.maxSeconds),
  };
}

/** The longest recording accepted: twice the flagged length, or the kind's own bound. */
function acceptedSecondsOf(options: InspectOptions): number {
  return options.acceptedSeconds ?? options.maxSeconds * RECORDING_ACCEPTED_LENGTH_FACTOR;
}

/** Refuses a recording longer than it may be (a decoded one is known only up to a second past the bound). */
function refuseTooLong(duration: number, options: InspectOptions): void {
  const acceptedSeconds = acceptedSecondsOf(options);
  if (duration > acceptedSeconds) {
    throw new AppError(
      422,
      `The recording is longer than ${acceptedSeconds} s; recordings may be at most ${acceptedSeconds} s. Split it into shorter recordings.`,
      ERROR_CODES.audioTooLong,
    );
  }
}

/** Without ffmpeg: let music-metadata read the whole file for a duration the header does not give. */
async function scannedDuration(filePath: string): Promise<number | null> {
  try {
    const { format } = await parseFile(filePath, { duration: true, skipCovers: true });
    return isPositive(format.duration) ? format.duration : null;
  } catch {
    return null;
  }
}

const VIDEO_CODEC = /avc|h26[345]|hev|hvc|vp[089]|av01|mp4v|theora|mjpeg|prores/i;

function isVideoTrack(track: { video?: unknown; codecName?: string | undefined; audio?: unknown }): boolean {
  return Boolean(track.video) || (!track.audio && VIDEO_CODEC.test(track.codecName ?? ''));
}

function codecName(codec: string | undefined): string | null {
  if (!codec) return null;
  const text = codec.toLowerCase();
  if (text.includes('opus')) return 'opus';
  if (text.includes('vorbis')) return 'vorbis';
  if (text.includes('aac')) return 'aac';
  if (text.includes('flac')) return 'flac';
  if (text.includes('layer 3') || text === 'mp3') return 'mp3';
  if (text.includes('pcm')) return 'pcm';
  if (text.includes('float')) return 'pcm_float';
  return text.slice(0, 40);
}

function isPositive(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0;
}

function positiveInt(value: number | undefined): number | null {
  return isPositive(value) ? Math.round(value) : null;
}
