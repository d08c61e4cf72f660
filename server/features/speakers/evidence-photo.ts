// Checks a photo of a signed consent form before it counts as evidence: the type sniffed from its bytes, the
// dimensions its header declares (bounded before a single pixel is decoded, so a small file declaring a huge
// image is refused cheaply), then a whole decode by ffmpeg in a child process (bounded again by -max_pixels and a
// timeout), so a truncated, damaged or disguised file is refused instead of being kept.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import { fileTypeFromFile } from 'file-type';
import { imageSize } from 'image-size';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  CONSENT_EVIDENCE_PHOTO_MAX_BYTES,
  CONSENT_PHOTO_MAX_EDGE,
  CONSENT_PHOTO_MAX_PIXELS,
  CONSENT_PHOTO_TYPES,
  SPEAKER_PHOTO_MAX_EDGE,
} from '../../../core/api/speakers.ts';
import { AppError } from '../../errors.ts';
import { decoders } from '../../lib/concurrency.ts';

/** The image types a photo of the form may be: the name image-size gives each, and ffmpeg's demuxer for it. */
const PHOTO_FORMATS: Record<(typeof CONSENT_PHOTO_TYPES)[number], { sizeType: string; demuxer: string }> = {
  'image/jpeg': { sizeType: 'jpg', demuxer: 'jpeg_pipe' },
  'image/png': { sizeType: 'png', demuxer: 'png_pipe' },
  'image/webp': { sizeType: 'webp', demuxer: 'webp_pipe' },
};
/** JPEG's frame header may follow large metadata (EXIF, thumbnails); a phone's stays well inside this. */
const HEADER_READ_BYTES = 512 * 1024;
const DECODE_TIMEOUT_MS = 60_000;
const OUTPUT_KEEP = 4 * 1024;
const TAKE_AGAIN = 'Take the photo of the signed form again in the app.';

const unreadableImage = (why: string, again = TAKE_AGAIN) =>
  new AppError(422, `The photo could not be read: ${why} ${again}`, ERROR_CODES.unreadableImage);

export interface PhotoCheckOptions {
  ffmpegPath: string;
  decodeTimeoutMs?: number;
  /** Another use of these checks (picture prompts): its own size bound and what the answers ask for. */
  purpose?: { maxBytes: number; what: string; again: string };
}

/** The photo's sniffed MIME type once it has decoded whole; an AppError (4xx, or 503 without ffmpeg) otherwise. */
export async function checkPhoto(
  filePath: string,
  size: number,
  options: PhotoCheckOptions,
): Promise<string> {
  if (size === 0) throw new AppError(400, 'The file is empty.', ERROR_CODES.emptyFile);
  const again = options.purpose?.again ?? TAKE_AGAIN;
  if (size > (options.purpose?.maxBytes ?? CONSENT_EVIDENCE_PHOTO_MAX_BYTES))
    throw new AppError(413, 'This photo is too large.', ERROR_CODES.fileTooLarge);
  const sniffed = await fileTypeFromFile(filePath);
  const type = CONSENT_PHOTO_TYPES.find((accepted) => accepted === sniffed?.mime);
  const format = type ? PHOTO_FORMATS[type] : undefined;
  if (!type || !format)
    throw new AppError(
      400,
      `${options.purpose?.what ?? 'A photo of the signed form'} must be a JPEG, PNG or WebP image.`,
      ERROR_CODES.validation,
    );

  const { width, height } = await declaredSize(filePath, size, format.sizeType, again);
  if (Math.max(width, height) > CONSENT_PHOTO_MAX_EDGE || width * height > CONSENT_PHOTO_MAX_PIXELS) {
    throw new AppError(
      422,
      `This photo is ${width} x ${height} pixels; a photo may be at most ${CONSENT_PHOTO_MAX_EDGE} pixels on its longest side and ${CONSENT_PHOTO_MAX_PIXELS / 1_000_000} million pixels in all. ${options.purpose ? again : `${TAKE_AGAIN} (it makes photos of ${SPEAKER_PHOTO_MAX_EDGE} pixels).`}`,
      ERROR_CODES.imageTooLarge,
      { width, height },
    );
  }

  const decoded = await decoders.run(() => decodeImage(filePath, format.demuxer, options));
  if (decoded.status === 'missing')
    throw new AppError(
      503,
      'The server cannot check photos just now (its image decoder, ffmpeg, is missing); the photo is kept on the phone and sent again later.',
      ERROR_CODES.unavailable,
    );
  if (decoded.errors) throw unreadableImage('it is damaged or incomplete.', again);
  if (decoded.frames !== 1) throw unreadableImage('it holds no single image.', again);
  if (decoded.width !== width || decoded.height !== height)
    throw unreadableImage('its header does not describe the image it holds.', again);
  return type;
}

/** Width and height as the header declares them, read from the file's start without decoding anything. */
async function declaredSize(
  filePath: string,
  size: number,
  sizeType: string,
  again: string,
): Promise<{ width: number; height: number }> {
  const handle = await fsp.open(filePath, 'r');
  let header: Buffer;
  try {
    header = Buffer.alloc(Math.min(size, HEADER_READ_BYTES));
    await handle.read(header, 0, header.length, 0);
  } finally {
    await handle.close();
  }
  let found: ReturnType<typeof imageSize>;
  try {
    found = imageSize(header);
  } catch {
    throw unreadableImage('its header gives no size.', again);
  }
  const { width, height } = found;
  if (found.type !== sizeType || !width || !height || width < 1 || height < 1)
    throw unreadableImage('its header gives no size.', again);
  return { width, height };
}

type Decoded =
  | { status: 'missing' }
  | { status: 'decoded'; frames: number; width: number | null; height: number | null; errors: boolean };

/**
 * Decodes every pixel with ffmpeg (an argument array, no shell; the image demuxer forced from the sniffed type,
 * local files only, at most CONSENT_PHOTO_MAX_PIXELS) into a checksum per frame, so nothing large is piped back.
 * Any error ffmpeg reports counts: a truncated JPEG decodes to a picture with a grey bottom and only says so.
 */
function decodeImage(filePath: string, demuxer: string, options: PhotoCheckOptions): Promise<Decoded> {
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-xerror',
    '-protocol_whitelist',
    'file',
    '-max_pixels',
    String(CONSENT_PHOTO_MAX_PIXELS),
    // The pixels as stored, as the header declares them: not turned by an EXIF orientation (a phone photo held
    // upright is stored sideways with orientation 6, and ffmpeg's autorotation would swap its width and height).
    '-noautorotate',
    '-f',
    demuxer,
    '-i',
    `file:${filePath}`,
    '-map',
    '0:v:0',
    '-f',
    'framecrc',
    'pipe:1',
  ];
  return new Promise((resolve, reject) => {
    let stdout = '';
    let stderr = '';
    let settled = false;
    const child = spawn(options.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], shell: false });
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(unreadableImage('decoding it took too long.', options.purpose?.again)));
    }, options.decodeTimeoutMs ?? DECODE_TIMEOUT_MS);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') finish(() => resolve({ status: 'missing' }));
      else finish(() => reject(error));
    });
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (text: string) => {
      if (stdout.length < OUTPUT_KEEP) stdout += text.slice(0, OUTPUT_KEEP - stdout.length);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < OUTPUT_KEEP) stderr += text.slice(0, OUTPUT_KEEP - stderr.length);
    });
    child.on('close', (code) => {
      const lines = stdout.split('\n');
      const dimensions = /^#dimensions 0: (\d+)x(\d+)$/m.exec(stdout);
      finish(() =>
        resolve({
          status: 'decoded',
          frames: lines.filter((line) => /^0,/.test(line)).length,
          width: dimensions ? Number(dimensions[1]) : null,
          height: dimensions ? Number(dimensions[2]) : null,
          errors: code !== 0 || stderr.trim() !== '',
        }),
      );
    });
  });
}
