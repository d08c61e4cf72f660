// The rules of dataset exports: audio is converted (WAV, FLAC) only where the server has ffmpeg, and an archive is
// built whole (its entries listed, its size known) before a byte is sent; one that fails leaves no spool file.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { AppError } from '../../errors.ts';
import type { BuiltExport, ExportContext } from './export-format.ts';
import { ffmpegAvailable } from './wav-stream.ts';

const FFMPEG_MISSING =
  'Converting recordings to WAV or FLAC needs ffmpeg on the server (on Debian: apt-get install ffmpeg, or set FFMPEG_PATH). The speech recognition export with the audio as recorded (audio=original) works without it.';

/** 503 UNAVAILABLE when the server has no ffmpeg to convert audio with. */
export async function requireFfmpeg(ffmpegPath: string): Promise<void> {
  if (!(await ffmpegAvailable(ffmpegPath))) throw new AppError(503, FFMPEG_MISSING, ERROR_CODES.unavailable);
}

/** Builds an export into its archive and finishes it: its download name, bytes and size; disposed on failure. */
export async function buildArchive(
  context: ExportContext,
  build: (context: ExportContext) => Promise<BuiltExport>,
) {
  try {
    const { fileName } = await build(context);
    const { stream, size } = await context.archive.finish();
    return { fileName, stream, size };
  } catch (error) {
    await context.archive.dispose();
    throw error;
  }
}
