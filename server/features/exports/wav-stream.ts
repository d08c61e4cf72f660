// Recordings converted to mono 16-bit PCM WAV by ffmpeg as the archive is read, each of a size known in advance:
// the sample count comes from the duration the server measured at upload, and the decoded audio is cut or
// padded with silence to exactly that count (a difference of a few milliseconds at most), so the archive's
// Content-Length holds.
import { spawn } from 'node:child_process';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type BlobStore, FileBlobStore } from '../../lib/blob-store.ts';
import { storedAudioDemuxer } from '../recordings/audio-types.ts';

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
 * The recording as a WAV stream of exactly wavSize(duration, sampleRate) bytes. A local blob is opened by path
 * (MP4 needs seeking); another store's blob is piped in. Destroying the stream stops ffmpeg.
 */
export async function openWav(
  blobs: BlobStore,
  source: WavSource,
  sampleRate: number,
  ffmpegPath: string,
): Promise<Readable> {
  const samples = sampleCount(source.durationSeconds, sampleRate);
  const local = blobs instanceof FileBlobStore ? blobs.pathOf(source.sha256) : null;
  const piped = local ? null : (await blobs.open(source.sha256)).stream;
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
  let stderr = '';
  child.stderr.setEncoding('utf8');
  child.stderr.on('data', (text: string) => {
    if (stderr.length < STDERR_KEEP) stderr += text.slice(0, STDERR_KEEP - stderr.length);
  });
  const exit = new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', (code) => resolve(code));
  });
  exit.catch(() => undefined);

  async function* generate(): AsyncGenerator<Buffer> {
    try {
      yield wavHeader(sampleRate, samples);
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
          `ffmpeg could not convert recording ${source.id}: ${stderr.trim() || `exit ${code}`}`,
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
  return Readable.from(generate(), { objectMode: false });
}
