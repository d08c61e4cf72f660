// Sync-storm audio: real one-minute Opus/WebM clips at 32 kbps, each with its own bytes, cached in .tmp.
import { execFile, execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export const CLIP_SECONDS = 60;
export const CLIP_MIME_TYPE = 'audio/webm';

export interface Clip {
  index: number;
  bytes: Buffer;
  sha256: string;
}

/** Where clip `index` is kept in `cacheDir`. */
export const clipFile = (cacheDir: string, index: number) => path.join(cacheDir, `clip-${index}.webm`);

/** Made-up words (an invented language, "Zorblish"), spoken by espeak-ng and looped to a minute. */
const SPEECH = 'zorbel quandy mipple, tessaro vint. blorvish keltamon, wuzzle prandy. ';

/**
 * Clips 0..count-1: the same minute of made-up speech mixed with a quiet tone of its own frequency
 * (150 Hz + index/4), encoded as the app records (Opus in WebM, 32 kbps, mono), so every clip is its own blob.
 * Made with `concurrency` ffmpeg processes at once; kept in `cacheDir` for the next run.
 */
export async function makeClips(
  count: number,
  cacheDir: string,
  concurrency = 2,
  log: (line: string) => void = () => undefined,
): Promise<Clip[]> {
  fs.mkdirSync(cacheDir, { recursive: true });
  const speech = path.join(cacheDir, 'speech-60s.wav');
  if (!fs.existsSync(speech)) {
    const voice = path.join(cacheDir, 'voice.wav');
    execFileSync('espeak-ng', ['-w', voice, SPEECH]);
    execFileSync('ffmpeg', [
      '-loglevel',
      'error',
      '-y',
      '-stream_loop',
      '-1',
      '-i',
      voice,
      '-t',
      String(CLIP_SECONDS),
      '-ar',
      '48000',
      '-ac',
      '1',
      `${speech}.part.wav`,
    ]);
    fs.renameSync(`${speech}.part.wav`, speech);
  }
  const missing: number[] = [];
  const fileOf = (index: number) => clipFile(cacheDir, index);
  for (let index = 0; index < count; index += 1) if (!fs.existsSync(fileOf(index))) missing.push(index);
  if (missing.length > 0) log(`encoding ${missing.length} one-minute clips (cached in ${cacheDir})`);
  let next = 0;
  const worker = async () => {
    while (next < missing.length) {
      const index = missing[next++]!;
      const frequency = 150 + index / 4;
      const part = `${fileOf(index)}.part.webm`;
      await run('ffmpeg', [
        '-loglevel',
        'error',
        '-y',
        '-i',
        speech,
        '-f',
        'lavfi',
        '-i',
        `sine=frequency=${frequency}:sample_rate=48000:duration=${CLIP_SECONDS}`,
        '-filter_complex',
        '[0:a][1:a]amix=inputs=2:duration=first:weights=1 0.15',
        '-ac',
        '1',
        '-c:a',
        'libopus',
        '-b:a',
        '32k',
        '-vbr',
        'constrained',
        // The fastest Opus settings: the bytes only need to be real, distinct audio.
        '-compression_level',
        '0',
        part,
      ]);
      fs.renameSync(part, fileOf(index));
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, concurrency) }, worker));
  const clips: Clip[] = [];
  const seen = new Set<string>();
  for (let index = 0; index < count; index += 1) {
    const bytes = fs.readFileSync(fileOf(index));
    const sha256 = crypto.createHash('sha256').update(bytes).digest('hex');
    if (seen.has(sha256)) throw new Error(`clip ${index} has the same bytes as an earlier clip`);
    seen.add(sha256);
    clips.push({ index, bytes, sha256 });
  }
  return clips;
}

/** The clip's bytes as the recorder would have stored them: about one second per piece. */
export function secondPieces(bytes: Buffer, seconds = CLIP_SECONDS): ArrayBuffer[] {
  const size = Math.ceil(bytes.length / seconds);
  const pieces: ArrayBuffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    const piece = bytes.subarray(offset, Math.min(bytes.length, offset + size));
    pieces.push(piece.buffer.slice(piece.byteOffset, piece.byteOffset + piece.byteLength) as ArrayBuffer);
  }
  return pieces;
}
