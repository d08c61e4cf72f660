// Decodes a stored recording to a mono clip at a fixed rate with ffmpeg (an argument array, no shell; the demuxer
// is forced from the stored type and only the one local file may be opened).
import { spawn } from 'node:child_process';
import type { Readable } from 'node:stream';
import { storedAudioDemuxer } from '../recordings/audio-types.ts';
import type { Clip } from './audio-clip.ts';

export const canDecode = (mimeType: string) => storedAudioDemuxer(mimeType) !== undefined;

export class DecodeError extends Error {}

export interface DecodeOptions {
  ffmpegPath: string;
  sampleRate: number;
  /** Longer audio is refused. */
  maxSeconds: number;
  timeoutMs?: number;
}

/** The recording as mono float samples; `input` is a file path, or a stream when the store has no files. */
export function decodeToClip(
  input: { path: string } | { stream: Readable },
  mimeType: string,
  options: DecodeOptions,
): Promise<Clip> {
  const demuxer = storedAudioDemuxer(mimeType);
  if (!demuxer) return Promise.reject(new DecodeError(`No decoder for ${mimeType}`));
  const source = 'path' in input ? `file:${input.path}` : 'pipe:0';
  const args = [
    '-nostdin',
    '-hide_banner',
    '-nostats',
    '-v',
    'error',
    '-protocol_whitelist',
    'path' in input ? 'file' : 'pipe',
    '-f',
    demuxer,
    '-i',
    source,
    '-map',
    '0:a:0',
    '-ac',
    '1',
    '-ar',
    String(options.sampleRate),
    '-f',
    'f32le',
    '-acodec',
    'pcm_f32le',
    'pipe:1',
  ].filter((arg) => !('stream' in input) || arg !== '-nostdin');
  const maxBytes = Math.ceil(options.maxSeconds * options.sampleRate) * 4;
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let bytes = 0;
    let stderr = '';
    let settled = false;
    const child = spawn(options.ffmpegPath, args, { stdio: ['pipe', 'pipe', 'pipe'], shell: false });
    const finish = (action: () => void) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      action();
    };
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      finish(() => reject(new DecodeError('Decoding took too long')));
    }, options.timeoutMs ?? 30_000);
    // ffmpeg may exit before reading all of its input.
    child.stdin.on('error', () => undefined);
    if ('stream' in input) {
      input.stream.on('error', (error) => {
        child.kill('SIGKILL');
        finish(() => reject(error));
      });
      input.stream.pipe(child.stdin);
    } else child.stdin.end();
    child.on('error', (error) =>
      finish(() => reject(new DecodeError(`ffmpeg could not start: ${error.message}`))),
    );
    child.stdout.on('data', (chunk: Buffer) => {
      bytes += chunk.length;
      if (bytes > maxBytes) {
        child.kill('SIGKILL');
        finish(() => reject(new DecodeError(`The recording is longer than ${options.maxSeconds} s`)));
        return;
      }
      chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      if (stderr.length < 4000) stderr += text;
    });
    child.on('close', (code) => {
      if (code !== 0) {
        finish(() => reject(new DecodeError(`ffmpeg failed (${code}): ${stderr.trim().slice(0, 500)}`)));
        return;
      }
      const all = Buffer.concat(chunks);
      const count = Math.floor(all.length / 4);
      // Copied into an aligned buffer (a Buffer may start at any byte offset).
      const samples = new Float32Array(count);
      for (let i = 0; i < count; i++) samples[i] = all.readFloatLE(i * 4);
      if (count === 0) finish(() => reject(new DecodeError('No audio could be decoded')));
      else finish(() => resolve({ samples, sampleRate: options.sampleRate }));
    });
  });
}
