// Helpers of the audio API tests: generated audio (real bytes), an app with its own DATA_DIR, consent, tus
// requests and multipart bodies.
import { execFileSync, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { encodeWav, generateSamples } from '../../server/features/recordings/wav.ts';
import { recordingResponseSchema, type Recording } from '../../core/api/recordings.ts';
import {
  answer,
  createTestApp,
  grantConsent,
  inspectionsDone,
  type DatabaseKind,
  type TestApp,
} from './test-app.ts';

export const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

/** A sine tone WAV (mono, 16-bit). */
export function toneWav(
  seconds: number,
  { sampleRate = 16_000, amplitude = 0.5, frequency = 440 } = {},
): Buffer {
  return encodeWav({
    sampleRate,
    samples: generateSamples(seconds, sampleRate, (t) => amplitude * Math.sin(2 * Math.PI * frequency * t)),
  });
}

/** The WAV encoded as Ogg/Opus by ffmpeg. */
export function opusOf(wav: Buffer): Buffer {
  return execFileSync(
    'ffmpeg',
    ['-v', 'error', '-f', 'wav', '-i', 'pipe:0', '-c:a', 'libopus', '-f', 'ogg', 'pipe:1'],
    // A story minutes long is several MB of Opus (the default buffer is 1 MB).
    { input: wav, maxBuffer: 256 * 1024 * 1024 },
  );
}

/**
 * A long Ogg/Opus tone made by ffmpeg alone (no samples generated here), cheaply (low bitrate, least effort):
 * for tests where only its length matters, e.g. a recording past its bound.
 */
export function longOpusTone(seconds: number): Buffer {
  return execFileSync(
    'ffmpeg',
    [
      ...['-v', 'error', '-f', 'lavfi', '-i', `sine=frequency=220:sample_rate=8000:duration=${seconds}`],
      ...['-c:a', 'libopus', '-b:a', '6k', '-compression_level', '0', '-f', 'ogg', 'pipe:1'],
    ],
    { maxBuffer: 256 * 1024 * 1024 },
  );
}

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex');

export interface AudioTestApp extends TestApp {
  dataDir: string;
  /** Files in the blob store. */
  blobFiles(): string[];
  /** Files left in the temporary and tus upload folders (of one tus upload: its Location). */
  uploadFiles(location?: string): string[];
}

/** A test app with a DATA_DIR of its own (blobs and uploads are not shared with other test files). */
export async function createAudioTestApp(
  kind: DatabaseKind,
  env: Record<string, string> = {},
): Promise<AudioTestApp> {
  const dataDir = path.resolve('.tmp', 'api-tests', `audio-${crypto.randomBytes(6).toString('hex')}`);
  const t = await createTestApp(kind, { DATA_DIR: dataDir, ...env });
  const list = (folder: string) =>
    fs.existsSync(folder)
      ? fs
          .readdirSync(folder, { recursive: true, withFileTypes: true })
          .filter((entry) => entry.isFile())
          .map((entry) => entry.name)
      : [];
  return {
    ...t,
    dataDir,
    blobFiles: () => list(path.join(dataDir, 'blobs')),
    uploadFiles: (location?: string) =>
      [...list(path.join(dataDir, 'uploads', 'tmp')), ...list(path.join(dataDir, 'uploads', 'tus'))].filter(
        (name) => !location || name.startsWith(location.split('/').pop() ?? ''),
      ),
    close: async () => {
      await t.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function grantRecordingConsent(app: FastifyInstance, auth: Record<string, string>) {
  return grantConsent(app, auth, 'recording');
}

/** tus Upload-Metadata: keys with base64 values. */
export function uploadMetadata(fields: Record<string, string | number | undefined>): string {
  return Object.entries(fields)
    .filter(([, value]) => value !== undefined)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');
}

export const TUS = { 'tus-resumable': '1.0.0' };

/** A stored recording once the app's worker has inspected it (its verdict written), as its owner reads it. */
export async function inspectedRecording(
  app: FastifyInstance,
  auth: Record<string, string>,
  id: string,
): Promise<Recording> {
  await inspectionsDone(app);
  const response = await app.inject({ method: 'GET', url: `/api/audio/recordings/${id}`, headers: auth });
  return answer(response, recordingResponseSchema).recording;
}

export function tusCreate(
  app: FastifyInstance,
  auth: Record<string, string>,
  length: number,
  metadata: Record<string, string | number | undefined>,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/audio/tus',
    headers: {
      ...auth,
      ...TUS,
      'upload-length': String(length),
      'upload-metadata': uploadMetadata(metadata),
    },
  });
}

export function tusPatch(
  app: FastifyInstance,
  auth: Record<string, string>,
  location: string,
  offset: number,
  chunk: Buffer,
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      ...auth,
      ...TUS,
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: chunk,
  });
}

export function tusHead(app: FastifyInstance, auth: Record<string, string>, location: string) {
  return app.inject({ method: 'HEAD', url: location, headers: { ...auth, ...TUS } });
}

/** Sends a whole file in PATCH requests of `chunkSize` bytes from `from`; returns the last response. */
export async function tusSend(
  app: FastifyInstance,
  auth: Record<string, string>,
  location: string,
  bytes: Buffer,
  chunkSize = 1024 * 1024,
  from = 0,
): Promise<LightMyRequestResponse> {
  let offset = from;
  let last: LightMyRequestResponse | undefined;
  while (offset < bytes.length) {
    const chunk = bytes.subarray(offset, offset + chunkSize);
    last = await tusPatch(app, auth, location, offset, chunk);
    if (last.statusCode !== 204) return last;
    offset = Number(last.headers['upload-offset']);
  }
  if (!last) throw new Error('nothing to send');
  return last;
}

/** A multipart/form-data body with the file in `file` and optional `metadata` JSON. */
export function multipartBody(
  file: { bytes: Buffer; fileName?: string; contentType?: string } | null,
  metadata?: unknown,
  extra: { name: string; bytes: Buffer; fileName: string }[] = [],
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----lopit${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  if (metadata !== undefined) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="metadata"\r\n\r\n${typeof metadata === 'string' ? metadata : JSON.stringify(metadata)}\r\n`,
      ),
    );
  }
  const files = [
    ...(file
      ? [
          {
            name: 'file',
            bytes: file.bytes,
            fileName: file.fileName ?? 'recording.wav',
            type: file.contentType,
          },
        ]
      : []),
    ...extra.map((part) => ({ ...part, type: undefined })),
  ];
  for (const part of files) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"; filename="${part.fileName}"\r\nContent-Type: ${part.type ?? 'audio/wav'}\r\n\r\n`,
      ),
      part.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** multipart/form-data with text fields and one file. */
export function form(
  fields: Record<string, string>,
  file: { name: string; bytes: Buffer; fileName: string } | null,
) {
  const boundary = `----lopit${crypto.randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** A part of a made-up story: speech-like sound or silence, so many seconds long. */
export type StoryPart = ['speech' | 'pause', number];

/**
 * A story as a WAV: speech-like sound (a voice's harmonics around `f0`, loudness moving at syllable rate) and
 * digital silences, in the order given; with each part's span in ms, to check where it is cut.
 */
export function storyWav(
  parts: StoryPart[],
  sampleRate = 16_000,
): { wav: Buffer; spans: [number, number][] } {
  const spans: [number, number][] = [];
  let at = 0;
  for (const [, seconds] of parts) {
    spans.push([Math.round(at * 1000), Math.round((at + seconds) * 1000)]);
    at += seconds;
  }
  const partAt = (t: number) => spans.findIndex(([, end]) => t * 1000 < end);
  const samples = generateSamples(at, sampleRate, (t) => {
    const index = partAt(t);
    if (index < 0 || parts[index]![0] === 'pause') return 0;
    const f0 = 110 + (index % 5) * 23;
    const syllables = 0.6 + 0.4 * Math.sin(2 * Math.PI * 4 * t);
    return (
      (0.3 *
        syllables *
        (Math.sin(2 * Math.PI * f0 * t) +
          0.5 * Math.sin(4 * Math.PI * f0 * t) +
          0.25 * Math.sin(6 * Math.PI * f0 * t))) /
      1.75
    );
  });
  return { wav: encodeWav({ sampleRate, samples }), spans };
}
