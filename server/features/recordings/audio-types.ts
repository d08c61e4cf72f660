// The audio containers an upload may be, what each is stored as (MIME type, file extension) and the ffmpeg
// demuxer forced when decoding it: one table for uploads, downloads, exports, WAV conversion and speech decoding;
// and the refusals of an upload whose audio is not usable.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { AppError } from '../../errors.ts';

export const ACCEPTED_FORMATS_TEXT = 'WebM, Ogg (Opus or Vorbis), MP4/M4A, WAV, MP3, FLAC or AAC';

export type Family = 'wav' | 'webm' | 'matroska' | 'ogg' | 'mp4' | 'mp3' | 'flac' | 'aac';

/** What each accepted container is stored as, its file extension, and the ffmpeg demuxer forced when decoding it. */
export const FAMILIES: Record<Family, { mimeType: string; extension: string; demuxer: string }> = {
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

/**
 * Whether ffmpeg must seek to read a stored audio type, so it cannot read it from a pipe: MP4/M4A, whose index
 * (moov) a phone's recorder may write at the end of the file.
 */
export const decodingNeedsSeeking = (mimeType: string): boolean => mimeType === FAMILIES.mp4.mimeType;

/** The ffmpeg demuxer to force for a stored audio type (undefined for a type the upload never stores). */
export const storedAudioDemuxer = (mimeType: string): string | undefined =>
  STORED_TYPES.get(mimeType)?.demuxer;

export function familyOf(sniffedMime: string): Family | null {
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

export const emptyFile = () =>
  new AppError(400, 'The file is empty. Record again and upload the new recording.', ERROR_CODES.emptyFile);
export const unsupported = (why: string) =>
  new AppError(415, `${why} Upload a recording in ${ACCEPTED_FORMATS_TEXT}.`, ERROR_CODES.unsupportedAudio);
export const truncated = (why: string) =>
  new AppError(
    422,
    `The file is incomplete: ${why} It may have been cut off while saving or uploading; upload the whole recording again.`,
    ERROR_CODES.truncatedAudio,
  );
export const unreadable = (why: string) =>
  new AppError(422, `The audio could not be read: ${why}`, ERROR_CODES.unreadableAudio);
