// MP4 audio read from an S3-compatible store (s3rver): ffmpeg must seek in MP4 (its index, moov, is written at
// the end by ffmpeg's muxer as by phones' recorders), which a pipe cannot, so the blob is spooled into a
// temporary file; the copy is removed on every way out: read to the end, destroyed unread, or failed.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { openWav, wavSize } from '../../server/features/exports/wav-stream.ts';
import { blobStoreOf, type BlobStore } from '../../server/lib/blob-store.ts';
import { s3ServerForThisFile } from '../s3-server.ts';

const FFMPEG = process.env.FFMPEG_PATH ?? 'ffmpeg';
/** Long enough that ffmpeg cannot hold the whole file while it looks for the index (a 3 s file it can). */
const SECONDS = 120;
const held = s3ServerForThisFile('stored-mp4');

describe('MP4 audio from an S3-compatible store', () => {
  let blobs: BlobStore;
  let mp4: { sha256: string; size: number };
  let tempDir: string;
  beforeAll(async () => {
    blobs = blobStoreOf({
      DATA_DIR: held.scratch,
      BLOB_STORE: `s3://${held.s3.bucket}/mp4-${crypto.randomBytes(4).toString('hex')}`,
      BLOB_STORE_S3_PATH_STYLE: true,
    });
    tempDir = path.join(held.scratch, 'tmp');
    const file = path.join(held.scratch, 'tone.m4a');
    const made = spawnSync(FFMPEG, [
      '-v',
      'error',
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=120',
      '-c:a',
      'aac',
      '-f',
      'mp4',
      file,
    ]);
    expect(made.status, made.stderr.toString()).toBe(0);
    // The index after the audio: what makes reading from a pipe fail.
    const bytes = fs.readFileSync(file);
    expect(bytes.indexOf('moov')).toBeGreaterThan(bytes.indexOf('mdat'));
    mp4 = await blobs.put(file);
  });

  const source = (sha256: string) => ({
    id: 'tone',
    sha256,
    mimeType: 'audio/mp4',
    durationSeconds: SECONDS,
  });
  const leftInTemp = () => (fs.existsSync(tempDir) ? fs.readdirSync(tempDir) : []);
  /** Waits (bounded) until the temporary folder is empty, and answers what is left. */
  const tempEmptied = async () => {
    for (let tries = 0; tries < 200 && leftInTemp().length > 0; tries += 1)
      await new Promise((resolve) => setTimeout(resolve, 50));
    return leftInTemp();
  };

  it('is a pipe ffmpeg cannot read (the reason for the copy)', async () => {
    const { stream } = await blobs.open(mp4.sha256);
    const input = Buffer.concat((await stream.toArray()) as Buffer[]);
    const piped = spawnSync(
      FFMPEG,
      ['-v', 'error', '-f', 'mp4', '-i', 'pipe:0', '-ac', '1', '-ar', '16000', '-f', 's16le', 'pipe:1'],
      { input, maxBuffer: 64 * 1024 * 1024 },
    );
    expect(piped.stdout.length).toBeLessThan(SECONDS * 16_000);
    expect(piped.stderr.toString()).toMatch(/partial file|Invalid data/);
  });

  it('converts it whole to WAV through a temporary copy, removed at the end', async () => {
    const wav = await openWav(blobs, source(mp4.sha256), 16_000, FFMPEG, tempDir);
    const chunks: Buffer[] = [];
    for await (const chunk of wav as AsyncIterable<Buffer>) chunks.push(chunk);
    const bytes = Buffer.concat(chunks);
    expect(bytes.length).toBe(wavSize(SECONDS, 16_000));
    // A tone, not silence: the middle second has samples far from zero.
    let loudest = 0;
    for (let offset = 44 + 32_000; offset < 44 + 64_000; offset += 2)
      loudest = Math.max(loudest, Math.abs(bytes.readInt16LE(offset)));
    expect(loudest).toBeGreaterThan(2_000);
    expect(await tempEmptied()).toEqual([]);
  });

  it('removes the copy when the stream is destroyed unread', async () => {
    const wav = await openWav(blobs, source(mp4.sha256), 16_000, FFMPEG, tempDir);
    expect(leftInTemp()).toHaveLength(1);
    wav.destroy();
    expect(await tempEmptied()).toEqual([]);
  });

  it('removes the copy when the conversion fails', async () => {
    const notAudio = path.join(held.scratch, 'not-audio.m4a');
    fs.writeFileSync(notAudio, crypto.randomBytes(50_000));
    const stored = await blobs.put(notAudio);
    const wav = await openWav(blobs, source(stored.sha256), 16_000, FFMPEG, tempDir);
    await expect(text(wav)).rejects.toThrow(/ffmpeg could not convert recording tone/);
    expect(await tempEmptied()).toEqual([]);
  });
});
