// Recordings converted to mono 16-bit PCM by ffmpeg, each of a length known in advance: the sample count comes
// from the duration the server measured by decoding at upload, and the decoded audio is cut or padded with
// silence to exactly that count (a difference of a few milliseconds at most). A WAV is streamed as the archive
// is read (its size is known, so the archive's Content-Length holds); a FLAC is encoded from the same samples
// into a spool file first, as its size is only known once encoded.
import { spawn, type ChildProcess } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Spool } from './zip-archive.ts';
import { seekableBlobFile, type BlobStore } from '../../lib/blob-store.ts';
import { decodingNeedsSeeking, storedAudioDemuxer } from '../recordings/audio-types.ts';

const WAV_HEADER_BYTES = 44;
const SILENCE_CHUNK = 64 * 1024;
const STDERR_KEEP = 4 * 1024;

export interface WavSource {
  id: string;
  sha256: string;
  mimeType: string;
  durationSeconds: number;
}

export const sampleCount = (durationSeconds: number, sampleRate: number) =>
  Math.max(0, Math.round(durationSeconds * sampleRate));

/** Bytes of the WAV file of a recording at this rate. */
export const wavSize = (durationSeconds: number, sampleRate: number) =>
  WAV_HEADER_BYTES + sampleCount(durationSeconds, sampleRate) * 2;

export function wavHeader(sampleRate: number, samples: number): Buffer {
  const dataBytes = samples * 2;
  const header = Buffer.alloc(WAV_HEADER_BYTES);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // mono
  header.writeUInt32LE(sampleRate, 24);
  header.writeUInt32LE(sampleRate * 2, 28);
  header.writeUInt16LE(2, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/** Whether ffmpeg can be started. */
export function ffmpegAvailable(ffmpegPath: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(ffmpegPath, ['-version'], { stdio: 'ignore', shell: false });
    child.on('error', () => resolve(false));
    child.on('close', (code) => resolve(code === 0));
  });
}

/**
 * The recording as mono 16-bit PCM (s16le) of exactly sampleCount(duration, sampleRate) samples. A local blob
 * is opened by path; another store's blob is piped in, except MP4, which ffmpeg must seek in: it is spooled into
 * `tempDir` first, and the copy removed when the stream closes (read to the end, destroyed, or failed).
 * Destroying the stream stops ffmpeg.
 */
export async function openPcm(
  blobs: BlobStore,
  source: WavSource,
  sampleRate: number,
  ffmpegPath: string,
  tempDir: string,
): Promise<Readable> {
  const samples = sampleCount(source.durationSeconds, sampleRate);
  const file = decodingNeedsSeeking(source.mimeType)
    ? await seekableBlobFile(blobs, source.sha256, tempDir)
    : null;
  const local = file?.path ?? blobs.localPath(source.sha256);
  let piped: Readable | null = null;
  try {
    piped = local ? null : (await blobs.open(source.sha256)).stream;
  } catch (error) {
    await file?.done();
    throw error;
  }
  const demuxer = storedAudioDemuxer(source.mimeType);
  const args = [
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-protocol_whitelist',
    local ? 'file' : 'pipe',
    ...(demuxer ? ['-f', demuxer] : []),
    '-i',
    local ? `file:${local}` : 'pipe:0',
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(sampleRate),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
  const child = spawn(ffmpegPath, local ? ['-nostdin', ...args] : args, {
    stdio: ['pipe', 'pipe', 'pipe'],
    shell: false,
  });
  if (piped) pipeline(piped, child.stdin).catch(() => undefined);
  else child.stdin.end();
  const { stderr, exit } = watch(child);

  async function* generate(): AsyncGenerator<Buffer> {
    try {
      let remaining = samples * 2;
      for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
        if (remaining <= 0) continue; // past the measured length: drained and dropped
        const part = chunk.length <= remaining ? chunk : chunk.subarray(0, remaining);
        remaining -= part.length;
        yield part;
      }
      const code = await exit;
      if (code !== 0) {
        throw new Error(
          `ffmpeg could not convert recording ${source.id}: ${stderr().trim() || `exit ${code}`}`,
        );
      }
      while (remaining > 0) {
        const length = Math.min(remaining, SILENCE_CHUNK);
        remaining -= length;
        yield Buffer.alloc(length);
      }
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      piped?.destroy();
    }
  }
  const pcm = Readable.from(generate(), { objectMode: false });
  // 'close' comes on every way out, also for a stream destroyed before it was read (its generator never ran).
  if (file) pcm.once('close', () => void file.done());
  return pcm;
}

/** The recording as a WAV stream of exactly wavSize(duration, sampleRate) bytes. */
export async function openWav(
  blobs: BlobStore,
  source: WavSource,
  sampleRate: number,
  ffmpegPath: string,
  tempDir: string,
): Promise<Readable> {
  const pcm = await openPcm(blobs, source, sampleRate, ffmpegPath, tempDir);
  async function* generate(): AsyncGenerator<Buffer> {
    try {
      yield wavHeader(sampleRate, sampleCount(source.durationSeconds, sampleRate));
      for await (const chunk of pcm as AsyncIterable<Buffer>) yield chunk;
    } finally {
      pcm.destroy();
    }
  }
  const wav = Readable.from(generate(), { objectMode: false });
  // Destroyed before it was read, its generator never runs: ffmpeg and a spooled copy end with it all the same.
  wav.once('close', () => pcm.destroy());
  return wav;
}

/**
 * The recording encoded as FLAC (mono, 16-bit, the same samples as its WAV) into `spool`, whose size is then
 * known. ffmpeg writes the file itself (it is seekable), so the header holds the sample count and checksum.
 */
export async function writeFlac(
  blobs: BlobStore,
  source: WavSource,
  sampleRate: number,
  ffmpegPath: string,
  spool: Spool,
  tempDir: string,
): Promise<void> {
  await spool.close();
  const pcm = await openPcm(blobs, source, sampleRate, ffmpegPath, tempDir);
  const child = spawn(
    ffmpegPath,
    [
      '-hide_banner',
      '-nostats',
      '-v',
      'error',
      '-y',
      '-f',
      's16le',
      '-ar',
      String(sampleRate),
      '-ac',
      '1',
      '-i',
      'pipe:0',
      '-c:a',
      'flac',
      '-f',
      'flac',
      `file:${spool.path}`,
    ],
    { stdio: ['pipe', 'ignore', 'pipe'], shell: false },
  );
  const { stderr, exit } = watch(child);
  let code: number | null;
  let failed: Error | undefined;
  try {
    // A decoding failure ends the input early (ffmpeg then exits cleanly): it is the error to report.
    const piping = pipeline(pcm, child.stdin).then(
      () => undefined,
      (error: Error) => error,
    );
    code = await exit;
    failed = await piping;
  } finally {
    pcm.destroy();
    if (child.exitCode === null) child.kill('SIGKILL');
  }
  if (code !== 0) {
    throw new Error(
      `ffmpeg could not encode recording ${source.id} as FLAC: ${stderr().trim() || `exit ${code}`}`,
    );
  }
  if (failed) throw failed;
  await spool.measure();
}

/** The end of an ffmpeg process and the start of what it said on stderr. */
function watch(child: ChildProcess): { stderr: () => string; exit: Promise<number | null> } {
  let text = '';
  child.stderr?.setEncoding('utf8');
  child.stderr?.on('data', (chunk: string) => {
    if (text.length < STDERR_KEEP) text += chunk.slice(0, STDERR_KEEP - text.length);
  });
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  exit.catch(() => undefined);
  return { stderr: () => text, exit };
}
