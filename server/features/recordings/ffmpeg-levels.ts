// The server's one ffmpeg runner (runFfmpeg), and decoding for the levels: ffmpeg turns the first audio stream into mono 16 kHz PCM, measured as it streams,
// and its log says whether the input held video or no audio at all, and the stream's real channel count.
import { spawn } from 'node:child_process';
import { unreadable } from './audio-types.ts';
import { LevelMeter, type Levels } from '../../../core/audio/levels.ts';

/** Sample rate of the decoded signal the levels are measured on. */
export const ANALYSIS_RATE = 16_000;
const DEFAULT_DECODE_TIMEOUT_MS = 120_000;
const STDERR_KEEP = 64 * 1024;

export interface DecodeOptions {
  /** ffmpeg executable. */
  ffmpegPath: string;
  decodeTimeoutMs?: number;
  /**
   * Decode no more than this many seconds: a file longer than its bound is known to be so once this much is
   * decoded, and a hostile hour-long file costs no more than the bound's decoding.
   */
  maxDecodeSeconds?: number;
}

export type Decoded =
  | { status: 'missing' }
  | {
      status: 'decoded';
      samples: number;
      levels: Levels;
      hasVideo: boolean;
      noAudioStream: boolean;
      /** Channels of the decoded stream as the decoder found them (not the container's header); null if not said. */
      channels: number | null;
    };

/** Channels of a named layout in ffmpeg's stream listing; numbered layouts (5.1, 7.1(wide), 22.2) add up. */
const NAMED_LAYOUTS: Record<string, number> = {
  mono: 1,
  stereo: 2,
  downmix: 2,
  quad: 4,
  hexagonal: 6,
  octagonal: 8,
  hexadecagonal: 16,
};

/**
 * Channel count of an audio stream in ffmpeg's listing of the input, from the layout after the sample rate, e.g.
 * `Stream #0:0(und): Audio: aac (LC) (mp4a / 0x6134706D), 44100 Hz, mono, fltp`. An MP4 header says 2 channels
 * for any AAC stream (the field is fixed by the format); the decoder reads the real count from the stream.
 */
export function decodedChannels(streamLine: string): number | null {
  const parts = streamLine.split(/: Audio: /)[1]?.split(', ') ?? [];
  const rateAt = parts.findIndex((part) => /^\d+ Hz$/.test(part));
  const layout = rateAt >= 0 ? (parts[rateAt + 1] ?? '') : '';
  const name = layout.replace(/\(.*\)$/, '');
  const counted = /^(\d+) channels$/.exec(layout);
  const numbered = /^(\d+)\.(\d+)$/.exec(name);
  const channels = counted
    ? Number(counted[1])
    : numbered
      ? Number(numbered[1]) + Number(numbered[2])
      : (NAMED_LAYOUTS[name] ?? null);
  return channels && channels > 0 ? channels : null;
}

/**
 * Decodes the first audio stream to mono 16 kHz signed 16-bit PCM with ffmpeg (an argument array, no shell;
 * the demuxer is forced from the sniffed type and only local files may be opened), handing `onSamples` whole
 * samples as they stream.
 */
export function decodePcm(
  filePath: string,
  demuxer: string,
  options: DecodeOptions,
  onSamples: (s16le: Buffer) => void,
): Promise<FfmpegRun> {
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
    ...(options.maxDecodeSeconds === undefined ? [] : ['-t', options.maxDecodeSeconds.toFixed(3)]),
    '-f',
    's16le',
    '-acodec',
    'pcm_s16le',
    'pipe:1',
  ];
  let carry: Buffer | null = null;
  return runFfmpeg(args, options, (chunk) => {
    const bytes: Buffer = carry ? Buffer.concat([carry, chunk]) : chunk;
    const whole = bytes.length - (bytes.length % 2);
    onSamples(bytes.subarray(0, whole));
    carry = whole < bytes.length ? bytes.subarray(whole) : null;
  });
}

/** Decodes as decodePcm does and measures the levels as they stream, with what ffmpeg said of the input. */
export async function decodeLevels(
  filePath: string,
  demuxer: string,
  options: DecodeOptions,
): Promise<Decoded> {
  const meter = new LevelMeter();
  const run = await decodePcm(filePath, demuxer, options, (samples) => meter.addS16le(samples));
  if (run.status === 'missing') return run;
  // Only the input's streams: the listing before the output section.
  const input = run.stderr.split(/^Output #0|^Stream mapping:/m)[0] ?? '';
  const streams = input.split('\n').filter((line) => /^\s*Stream #\d+:\d+/.test(line));
  const hasVideo = streams.some((line) => /: Video: /.test(line) && !/attached pic/.test(line));
  const audio = streams.find((line) => /: Audio: /.test(line));
  return {
    status: 'decoded',
    samples: meter.samples,
    levels: meter.result(),
    hasVideo,
    noAudioStream: !audio,
    channels: audio ? decodedChannels(audio) : null,
  };
}

export type FfmpegRun = { status: 'missing' } | { status: 'ran'; code: number | null; stderr: string };

/**
 * The one way the server runs ffmpeg: an argument array (no shell), stdout streamed to `onStdout` (or ignored),
 * the start of stderr kept, killed after the timeout (an `unreadable` refusal). 'missing' when ffmpeg cannot be
 * started (not installed); otherwise its exit code, which the caller judges.
 */
export function runFfmpeg(
  args: string[],
  options: DecodeOptions,
  onStdout?: (chunk: Buffer) => void,
): Promise<FfmpegRun> {
  return new Promise((resolve, reject) => {
    let stderr = '';
    let settled = false;
    const child = spawn(options.ffmpegPath, args, {
      stdio: ['ignore', onStdout ? 'pipe' : 'ignore', 'pipe'],
      shell: false,
    });
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
    if (onStdout) child.stdout?.on('data', onStdout);
    child.stderr?.setEncoding('utf8');
    child.stderr?.on('data', (text: string) => {
      if (stderr.length < STDERR_KEEP) stderr += text.slice(0, STDERR_KEEP - stderr.length);
    });
    child.on('close', (code) => finish(() => resolve({ status: 'ran', code, stderr })));
  });
}
