// The image of a picture prompt: the upload checked by its bytes as a consent photo is (evidence-photo.ts: type
// sniffed, declared size bounded, decoded whole), then re-encoded by ffmpeg into a new JPEG at most
// PICTURE_SERVED_MAX_EDGE pixels on its longest side, upright: the EXIF orientation a phone's camera writes
// instead of turning the pixels is applied first. Only the pixels cross over: no EXIF (so no GPS position,
// camera or owner), no XMP, no ICC profile, no comment of the upload reaches the phones. The upload is not kept.
import { spawn } from 'node:child_process';
import fsp from 'node:fs/promises';
import { imageSize } from 'image-size';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import {
  PICTURE_SERVED_MAX_EDGE,
  PICTURE_SERVED_TYPE,
  PICTURE_UPLOAD_MAX_BYTES,
} from '../../../core/api/pictures.ts';
import { AppError } from '../../errors.ts';
import { decoders } from '../../lib/concurrency.ts';
import { checkPhoto } from '../speakers/evidence-photo.ts';

const ENCODE_TIMEOUT_MS = 60_000;
const ERROR_KEEP = 4 * 1024;
const UPLOAD_AGAIN = 'Choose a JPEG, PNG or WebP image and upload it again.';

export interface PreparedPicture {
  width: number;
  height: number;
  mimeType: typeof PICTURE_SERVED_TYPE;
}

/**
 * Checks the upload at `uploadPath` and writes its re-encoding to `outputPath`; an AppError (4xx, 503 without
 * ffmpeg) when it is no image, is damaged or too large.
 */
export async function preparePicture(
  uploadPath: string,
  size: number,
  outputPath: string,
  options: { ffmpegPath: string },
): Promise<PreparedPicture> {
  await checkPhoto(uploadPath, size, {
    ffmpegPath: options.ffmpegPath,
    purpose: { maxBytes: PICTURE_UPLOAD_MAX_BYTES, what: 'A picture', again: UPLOAD_AGAIN },
  });
  const orientation = exifOrientation(await fsp.readFile(uploadPath));
  const encoded = await decoders.run(() =>
    reencode(uploadPath, outputPath, { ffmpegPath: options.ffmpegPath, orientation }),
  );
  if (!encoded)
    throw new AppError(
      503,
      'The server cannot prepare pictures just now (its image encoder, ffmpeg, is missing).',
      ERROR_CODES.unavailable,
    );
  const { width, height, type } = imageSize(await fsp.readFile(outputPath));
  if (type !== 'jpg' || !width || !height)
    throw new AppError(
      422,
      `The picture could not be prepared. ${UPLOAD_AGAIN}`,
      ERROR_CODES.unreadableImage,
    );
  return { width, height, mimeType: PICTURE_SERVED_TYPE };
}

/**
 * ffmpeg filters that turn a picture stored with EXIF orientation 1-8 upright (TIFF 6.0 / EXIF 2.32 tag 0x0112:
 * 6 is a phone held upright, its sensor's rows stored sideways). Applied by us, not by ffmpeg's autorotation,
 * which versions apply to JPEG differently.
 */
export const ORIENTATION_FILTERS: Record<number, readonly string[]> = {
  1: [],
  2: ['hflip'],
  3: ['hflip', 'vflip'],
  4: ['vflip'],
  5: ['transpose=cclock_flip'],
  6: ['transpose=clock'],
  7: ['transpose=clock_flip'],
  8: ['transpose=cclock'],
};

/** The EXIF orientation of a JPEG (image-size reads it), 1 (as stored) when it has none or another type. */
function exifOrientation(bytes: Uint8Array): number {
  try {
    const { orientation } = imageSize(bytes);
    return orientation !== undefined && orientation in ORIENTATION_FILTERS ? orientation : 1;
  } catch {
    return 1;
  }
}

/**
 * ffmpeg (an argument array, no shell, local files only): the first frame turned upright, scaled down (never up)
 * to fit PICTURE_SERVED_MAX_EDGE, flattened onto white (a transparent PNG does not turn black), written as a
 * baseline JPEG with every metadata map dropped. false when ffmpeg is missing.
 */
function reencode(
  input: string,
  output: string,
  { ffmpegPath, orientation }: { ffmpegPath: string; orientation: number },
): Promise<boolean> {
  const edge = PICTURE_SERVED_MAX_EDGE;
  const filters = [
    ...(ORIENTATION_FILTERS[orientation] ?? []),
    `scale=w='min(${edge},iw)':h='min(${edge},ih)':force_original_aspect_ratio=decrease:force_divisible_by=2`,
    'format=rgba',
    `split[image][back];[back]drawbox=c=white:t=fill[white];[white][image]overlay=format=auto`,
    'format=yuvj420p',
  ].join(',');
  const args = [
    ...['-nostdin', '-hide_banner', '-nostats', '-v', 'error', '-y'],
    // -noautorotate: the orientation is applied once, by the filters above, whatever this ffmpeg would do.
    ...['-protocol_whitelist', 'file', '-noautorotate', '-i', `file:${input}`],
    ...['-map', '0:v:0', '-frames:v', '1', '-vf', filters],
    ...['-map_metadata', '-1', '-map_chapters', '-1', '-fflags', '+bitexact', '-flags:v', '+bitexact'],
    ...['-c:v', 'mjpeg', '-q:v', '4', '-f', 'image2', `file:${output}`],
  ];
  return new Promise((resolve, reject) => {
    let stderr = '';
    let settled = false;
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'ignore', 'pipe'], shell: false });
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() =>
        reject(
          new AppError(
            422,
            `Preparing the picture took too long. ${UPLOAD_AGAIN}`,
            ERROR_CODES.unreadableImage,
          ),
        ),
      );
    }, ENCODE_TIMEOUT_MS);
    child.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'EACCES') finish(() => resolve(false));
      else finish(() => reject(error));
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < ERROR_KEEP) stderr += text.slice(0, ERROR_KEEP - stderr.length);
    });
    child.on('close', (code) => {
      if (code === 0) finish(() => resolve(true));
      else
        finish(() =>
          reject(
            new AppError(
              422,
              `The picture could not be prepared. ${UPLOAD_AGAIN}`,
              ERROR_CODES.unreadableImage,
              { reason: stderr.trim().slice(0, 500) },
            ),
          ),
        );
    });
  });
}
