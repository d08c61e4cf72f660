// Figures for field recording (issue 4), measured, not asserted:
//  1. bytes per minute of speech as the app records it (Chromium's MediaRecorder, Opus in WebM, 32 kbps
//     mono, fed by espeak-ng through the fake microphone);
//  2. time to upload 20 one-minute recordings over loopback with the app's tus settings (1 MB chunks);
//  3. bytes sent again after the server is killed in the middle of an upload and restarted;
//  4. the server's peak memory (VmHWM) while it receives a 100 MB upload.
// Needs Debian's chromium, ffmpeg, sox and espeak-ng. Usage: npm run bench:recording
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { Upload } from 'tus-js-client';
import { RECORDING_BITS_PER_SECOND } from '../core/constants.ts';
import { serverProcess } from './lib/server-process.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const CHUNK = 1024 * 1024;
const root = path.resolve('.tmp', 'bench-recording');
fs.rmSync(root, { recursive: true, force: true });
fs.mkdirSync(root, { recursive: true });

/** Resident memory of a process now, in MiB (Linux). */
function rssMiB(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)?.[1] ?? 0) / 1024;
}

function sha256(bytes: Buffer) {
  return crypto.createHash('sha256').update(bytes).digest('hex');
}

// 1. What the browser records: a real MediaRecorder with the app's settings.
async function bytesPerMinute(origin: string): Promise<{ mimeType: string; perMinute: number }> {
  const voice = path.join(root, 'voice.wav');
  // Obviously made-up words, spoken continuously for the whole take.
  execFileSync('espeak-ng', ['-w', voice, 'zorbel quandy mipple, tessaro vint. '.repeat(12)]);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      '--no-sandbox',
      '--use-fake-ui-for-media-stream',
      '--use-fake-device-for-media-stream',
      `--use-file-for-fake-audio-capture=${voice}`,
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
  const page = await browser.newPage();
  // A secure context (loopback), so the page may use the microphone.
  await page.goto(`${origin}/api/health`);
  const seconds = 20;
  const result = await page.evaluate(
    async ({ seconds, bits }) => {
      const stream = await navigator.mediaDevices.getUserMedia({ audio: { channelCount: 1 } });
      const mimeType = 'audio/webm;codecs=opus';
      const recorder = new MediaRecorder(stream, { mimeType, audioBitsPerSecond: bits });
      const parts: Blob[] = [];
      recorder.ondataavailable = (event) => parts.push(event.data);
      recorder.start(1000);
      await new Promise((resolve) => setTimeout(resolve, seconds * 1000));
      await new Promise((resolve) => {
        recorder.onstop = resolve;
        recorder.stop();
      });
      return { mimeType, bytes: parts.reduce((sum, part) => sum + part.size, 0) };
    },
    { seconds, bits: RECORDING_BITS_PER_SECOND },
  );
  await browser.close();
  return { mimeType: result.mimeType, perMinute: (result.bytes / seconds) * 60 };
}

async function signUp(base: string) {
  const response = await fetch(`${base}/api/auth/signup`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench',
      email: `bench-${Date.now()}@example.org`,
      password: 'a long password',
    }),
  });
  const { token } = (await response.json()) as { token: string };
  await fetch(`${base}/api/consent/submit`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
    body: JSON.stringify({ consent_type: 'recording' }),
  });
  return token;
}

interface UploadStats {
  sentBytes: number;
  url: string | null;
}

function upload(
  base: string,
  token: string,
  file: Buffer,
  options: {
    id: string;
    fileName: string;
    mimeType: string;
    uploadUrl?: string | null;
    onChunk?: () => void;
  },
  stats: UploadStats,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const task = new Upload(file, {
      endpoint: `${base}/api/audio/tus`,
      uploadUrl: options.uploadUrl ?? null,
      chunkSize: CHUNK,
      retryDelays: [],
      storeFingerprintForResuming: false,
      headers: { Authorization: `Bearer ${token}` },
      metadata: {
        recordingId: options.id,
        fileName: options.fileName,
        mimeType: options.mimeType,
        sha256: sha256(file),
      },
      onBeforeRequest: (request) => {
        if (request.getMethod() === 'PATCH') {
          const offset = Number(request.getHeader('Upload-Offset'));
          stats.sentBytes += Math.min(CHUNK, file.length - offset);
        }
      },
      onUploadUrlAvailable: () => {
        stats.url = task.url;
      },
      onChunkComplete: () => options.onChunk?.(),
      onSuccess: () => resolve(),
      onError: reject,
    });
    task.start();
  });
}

const server = serverProcess({
  port: 3390,
  dataDir: path.join(root, 'data'),
  staticDir: path.join(root, 'no-build'),
  databaseUrl: process.env.DATABASE_URL ?? '',
  logLevel: 'warn',
});
process.on('exit', () => void server.kill());
process.on('uncaughtException', (error) => {
  console.error(error);
  process.exit(1);
});
await server.start();
const base = server.url;
const token = await signUp(base);

const recorded = await bytesPerMinute(base);

// 2. Twenty one-minute recordings in the chosen format, made from the same voice with ffmpeg.
const minute = path.join(root, 'minute.webm');
execFileSync('ffmpeg', [
  '-loglevel',
  'error',
  '-stream_loop',
  '-1',
  '-i',
  path.join(root, 'voice.wav'),
  '-t',
  '60',
  '-ac',
  '1',
  '-c:a',
  'libopus',
  '-b:a',
  '32k',
  minute,
]);
const minuteBytes = fs.readFileSync(minute);
let begun = performance.now();
for (let index = 0; index < 20; index += 1) {
  // Twenty recordings (own ids); the same audio, so the blob store keeps one copy of the bytes.
  await upload(
    base,
    token,
    minuteBytes,
    { id: crypto.randomUUID(), fileName: `minute-${index}.webm`, mimeType: 'audio/webm' },
    { sentBytes: 0, url: null },
  );
}
const twentyMs = performance.now() - begun;

// 3. Killed after the first acknowledged chunk, restarted, resumed from the server's offset.
const long = path.join(root, 'long.wav');
execFileSync('sox', ['-n', '-r', '16000', '-c', '1', '-b', '16', long, 'synth', '100', 'sine', '300-900']);
const longBytes = fs.readFileSync(long);
const stats: UploadStats = { sentBytes: 0, url: null };
const id = crypto.randomUUID();
const crash: { killed: Promise<void> | null } = { killed: null };
await upload(
  base,
  token,
  longBytes,
  {
    id,
    fileName: 'long.wav',
    mimeType: 'audio/wav',
    onChunk: () => {
      crash.killed ??= server.kill();
    },
  },
  stats,
).catch(() => undefined);
await crash.killed;
await server.start();
await upload(
  base,
  token,
  longBytes,
  { id, fileName: 'long.wav', mimeType: 'audio/wav', uploadUrl: stats.url },
  stats,
);
const resent = stats.sentBytes - longBytes.length;

// 4. A 100 MB upload (48 kHz stereo WAV, under the size limit and twice the length limit).
await server.stop();
await server.start();
const bigFile = path.join(root, 'big.wav');
execFileSync('sox', [
  '-n',
  '-r',
  '48000',
  '-c',
  '2',
  '-b',
  '16',
  bigFile,
  'synth',
  '540',
  'sine',
  '220',
  'sine',
  '330',
]);
const bigBytes = fs.readFileSync(bigFile);
const before = rssMiB(server.pid);
let peak = before;
const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(server.pid))), 20);
begun = performance.now();
await upload(
  base,
  await signUp(base),
  bigBytes,
  { id: crypto.randomUUID(), fileName: 'big.wav', mimeType: 'audio/wav' },
  { sentBytes: 0, url: null },
);
const bigMs = performance.now() - begun;
clearInterval(sampler);
peak = Math.max(peak, rssMiB(server.pid));
await server.stop();

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(2);
console.log(`Recording format: ${recorded.mimeType} at ${RECORDING_BITS_PER_SECOND / 1000} kbps mono`);
console.log(
  `  bytes per minute of speech: ${Math.round(recorded.perMinute)} (${mib(recorded.perMinute)} MiB)`,
);
console.log(
  `20 x 1-minute uploads over loopback (tus, 1 MB chunks, ${mib(minuteBytes.length)} MiB each): ${(twentyMs / 1000).toFixed(2)} s (${(twentyMs / 20).toFixed(0)} ms per recording)`,
);
console.log(
  `Interrupted upload of ${mib(longBytes.length)} MiB: ${resent} bytes sent again (${(resent / CHUNK).toFixed(2)} chunks; limit 1)`,
);
console.log(
  `100 MB upload (${mib(bigBytes.length)} MiB) in ${(bigMs / 1000).toFixed(1)} s: server RSS peak ${peak.toFixed(0)} MiB while receiving (${before.toFixed(0)} MiB before, +${(peak - before).toFixed(0)} MiB)`,
);
