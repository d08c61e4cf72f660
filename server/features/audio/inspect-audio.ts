// Inspects an uploaded audio file: the real type sniffed from its bytes, the stream parameters, the duration,
// and the levels (decoded with ffmpeg to mono 16 kHz). Refuses empty, non-audio, video, truncated and
// undecodable files with a clear message. Never trusts the client's name or type.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { parseFile, type IAudioMetadata } from 'music-metadata';
import type { RecordingQuality } from '../../../core/api/data.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  RECORDING_ACCEPTED_LENGTH_FACTOR,
  RECORDING_CLIPPED_RATIO,
  RECORDING_MIN_SECONDS,
  RECORDING_QUIET_RMS_DB,
  RECORDING_SILENT_RMS_DB,
} from '../../../core/constants.ts';
import { AppError } from '../../errors.ts';
import { LevelMeter, type Levels } from './levels.ts';
import {
  isJsReadableWav,
  measureWavLevels,
  readWavInfo,
  WavFormatError,
  WAVE_FORMAT_IEEE_FLOAT,
  WAVE_FORMAT_PCM,
} from './wav.ts';

/** Sample rate of the decoded signal the levels are measured on. */
const ANALYSIS_RATE = 16_000;
/** A decoded stream shorter than this share of the declared duration (less a quarter second) is truncated. */
const TRUNCATION_TOLERANCE = 0.9;
const DEFAULT_DECODE_TIMEOUT_MS = 120_000;
const STDERR_KEEP = 64 * 1024;

export const ACCEPTED_FORMATS_TEXT = 'WebM, Ogg (Opus or Vorbis), MP4/M4A, WAV, MP3, FLAC or AAC';

type Family = 'wav' | 'webm' | 'matroska' | 'ogg' | 'mp4' | 'mp3' | 'flac' | 'aac';

/** What each accepted container is stored as, its file extension, and the ffmpeg demuxer forced when decoding it. */
const FAMILIES: Record<Family, { mimeType: string; extension: string; demuxer: string }> = {
  wav: { mimeType: 'audio/wav', extension: 'wav', demuxer: 'wav' },
  webm: { mimeType: 'audio/webm', extension: 'webm', demuxer: 'matroska' },
  matroska: { mimeType: 'audio/x-matroska', extension: 'mka', demuxer: 'matroska' },
  ogg: { mimeType: 'audio/ogg', extension: 'ogg', demuxer: 'ogg' },
  mp4: { mimeType: 'audio/mp4', extension: 'm4a', demuxer: 'mp4' },
  mp3: { mimeType: 'audio/mpeg', extension: 'mp3', demuxer: 'mp3' },
  flac: { mimeType: 'audio/flac', extension: 'flac', demuxer: 'flac' },
  aac: { mimeType: 'audio/aac', extension: 'aac', demuxer: 'aac' },
};

const STORED_TYPES = new Map(Object.values(FAMILIES).map((family) => [family.mimeType, family]));

/** File extension of a stored audio type (undefined for a type the upload never stores). */
export const storedAudioExtension = (mimeType: string): string | undefined =>
  STORED_TYPES.get(mimeType)?.extension;

/** The ffmpeg demuxer to force for a stored audio type (undefined for a type the upload never stores). */
export const storedAudioDemuxer = (mimeType: string): string | undefined =>
  STORED_TYPES.get(mimeType)?.demuxer;

function familyOf(sniffedMime: string): Family | null {
  const mime = sniffedMime.split(';')[0]?.trim().toLowerCase() ?? '';
  switch (mime) {
    case 'audio/wav':
    case 'audio/wave':
    case 'audio/x-wav':
    case 'audio/vnd.wave':
      return 'wav';
    case 'audio/webm':
    case 'video/webm':
      return 'webm';
    case 'audio/matroska':
    case 'audio/x-matroska':
    case 'video/matroska':
    case 'video/x-matroska':
      return 'matroska';
    case 'audio/ogg':
    case 'audio/opus':
    case 'application/ogg':
      return 'ogg';
    case 'audio/mp4':
    case 'audio/x-m4a':
    case 'audio/m4a':
    case 'video/mp4':
      return 'mp4';
    case 'audio/mpeg':
      return 'mp3';
    case 'audio/flac':
    case 'audio/x-flac':
      return 'flac';
    case 'audio/aac':
    case 'audio/x-aac':
      return 'aac';
    default:
      return null;
  }
}

export interface InspectOptions {
  /** ffmpeg executable; when it cannot be started only WAV levels are measured (in JavaScript). */
  ffmpegPath: string;
  /** Recordings longer are flagged too long; longer than twice this are refused. */
  maxSeconds: number;
  /** The client's own measure, used only when the duration cannot be found otherwise. */
  clientDuration?: number | null | undefined;
  decodeTimeoutMs?: number;
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

export const emptyFile = () =>
  new AppError(400, 'The file is empty. Record again and upload the new recording.', ERROR_CODES.emptyFile);
const unsupported = (why: string) =>
  new AppError(415, `${why} Upload a recording in ${ACCEPTED_FORMATS_TEXT}.`, ERROR_CODES.unsupportedAudio);
const truncated = (why: string) =>
  new AppError(
    422,
    `The file is incomplete: ${why} It may have been cut off while saving or uploading; upload the whole recording again.`,
    ERROR_CODES.truncatedAudio,
  );
const unreadable = (why: string) =>
  new AppError(422, `The audio could not be read: ${why}`, ERROR_CODES.unreadableAudio);

export async function inspectAudio(filePath: string, options: InspectOptions): Promise<AudioInspection> {
  const { size } = await fsp.stat(filePath);
  if (size === 0) throw emptyFile();

  const sniffed = await fileTypeFromFile(filePath);
  if (!sniffed)
    throw unsupported('This file is not audio we recognise (its contents match no audio format).');
  const family = familyOf(sniffed.mime);
  if (!family) throw unsupported(`This file is ${sniffed.mime} (.${sniffed.ext}), not a recording.`);

  let wavDuration: number | null = null;
  let wav: Awaited<ReturnType<typeof readWavInfo>> = null;
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
    wavDuration = wav.duration;
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

  const decoded = await decodeLevels(filePath, FAMILIES[family].demuxer, options);
  let duration: number;
  let levels: Levels | null = null;
  if (decoded.status === 'missing') {
    if (!metadata) throw unreadable(`the ${family.toUpperCase()} structure is damaged.`);
    if (wav && isJsReadableWav(wav)) levels = (await measureWavLevels(filePath, wav)).result();
    duration =
      declaredDuration ??
      (await scannedDuration(filePath)) ??
      (isPositive(options.clientDuration) ? options.clientDuration : 0);
  } else {
    if (decoded.hasVideo) throw unsupported('This file contains video.');
    if (decoded.samples === 0) {
      if (decoded.noAudioStream) throw unsupported('This file contains no audio track.');
      throw unreadable('no sound could be decoded from it.');
    }
    duration = decoded.samples / ANALYSIS_RATE;
    if (declaredDuration !== null && duration < declaredDuration * TRUNCATION_TOLERANCE - 0.25) {
      throw truncated(
        `its header announces ${declaredDuration.toFixed(1)} s but only ${duration.toFixed(1)} s could be decoded.`,
      );
    }
    levels = decoded.levels;
  }
  duration = Math.round(duration * 1000) / 1000;

  const acceptedSeconds = options.maxSeconds * RECORDING_ACCEPTED_LENGTH_FACTOR;
  if (duration > acceptedSeconds) {
    throw new AppError(
      422,
      `The recording is ${Math.round(duration)} s long; recordings may be at most ${acceptedSeconds} s. Split it into shorter recordings.`,
      ERROR_CODES.audioTooLong,
    );
  }

  return {
    mimeType: FAMILIES[family].mimeType,
    codec: codecName(format.codec),
    sampleRate: positiveInt(format.sampleRate ?? wav?.sampleRate),
    channels: positiveInt(format.numberOfChannels ?? wav?.channels),
    bitrate: positiveInt(format.bitrate),
    duration,
    sizeBytes: size,
    quality: qualityOf(duration, levels, options.maxSeconds),
  };
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

export function qualityOf(duration: number, levels: Levels | null, maxSeconds: number): RecordingQuality {
  return {
    tooShort: duration < RECORDING_MIN_SECONDS,
    tooLong: duration > maxSeconds,
    silent: levels ? levels.rmsDb < RECORDING_SILENT_RMS_DB : false,
    quiet: levels ? levels.rmsDb < RECORDING_QUIET_RMS_DB : false,
    clipped: levels ? levels.clippedRatio > RECORDING_CLIPPED_RATIO : false,
    peakDb: levels?.peakDb ?? null,
    rmsDb: levels?.rmsDb ?? null,
    clippedRatio: levels?.clippedRatio ?? null,
    levelsMeasured: levels !== null,
  };
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

type Decoded =
  | { status: 'missing' }
  | { status: 'decoded'; samples: number; levels: Levels; hasVideo: boolean; noAudioStream: boolean };

/**
 * Decodes the first audio stream to mono 16 kHz signed 16-bit PCM with ffmpeg (an argument array, no shell;
 * the demuxer is forced from the sniffed type and only local files may be opened) and measures it as it streams.
 */
export function decodeLevels(filePath: string, demuxer: string, options: InspectOptions): Promise<Decoded> {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-v',
    'info',
    '-protocol_whitelist',
    'file',
    '-f',
    demuxer,
    '-i',
    `file:${filePath}`,
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(ANALYSIS_RATE),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    const meter = new LevelMeter();
    let carry: Buffer | null = null;
    let stderr = '';
    let settled = false;
    const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(unreadable('decoding took too long.')));
    }, options.decodeTimeoutMs ?? DEFAULT_DECODE_TIMEOUT_MS);
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') finish(() => resolve({ status: 'missing' }));
      else finish(() => reject(error));
    });
    child.stdout.on('data', (chunk: Buffer) => {
      const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
      const whole = bytes.length - (bytes.length % 2);
      meter.addS16le(bytes.subarray(0, whole));
      carry = whole < bytes.length ? bytes.subarray(whole) : null;
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < STDERR_KEEP) stderr += text.slice(0, STDERR_KEEP - stderr.length);
    });
    child.on('close', () => {
      // Only the input's streams: the listing before the output section.
      const input = stderr.split(/^Output #0|^Stream mapping:/m)[0] ?? '';
      const streams = input.split('\n').filter((line) => /^\s*Stream #\d+:\d+/.test(line));
      const hasVideo = streams.some((line) => /: Video: /.test(line) && !/attached pic/.test(line));
      const noAudioStream = !streams.some((line) => /: Audio: /.test(line));
      finish(() =>
        resolve({
          status: 'decoded',
          samples: meter.samples,
          levels: meter.result(),
          hasVideo,
          noAudioStream,
        }),
      );
    });
  });
}
