// Audio inspection on generated audio: WAV written in JavaScript, Opus/WebM encoded from it with ffmpeg.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_RATE, decodeLevels } from './ffmpeg-levels.ts';
import { inspectAudio, type InspectOptions } from './inspect-audio.ts';
import { encodeWav, generateSamples } from './wav.ts';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;
const WITH_FFMPEG: InspectOptions = { ffmpegPath: 'ffmpeg', maxSeconds: 300 };
const WITHOUT_FFMPEG: InspectOptions = { ffmpegPath: '/nonexistent/ffmpeg', maxSeconds: 300 };

let dir: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'inspect-audio-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function file(name: string, bytes: Buffer | string): string {
  const target = path.join(dir, name);
  fs.writeFileSync(target, bytes);
  return target;
}

const sine =
  (amplitude: number, frequency = 440) =>
  (t: number) =>
    amplitude * Math.sin(2 * Math.PI * frequency * t);
const wav = (name: string, seconds: number, wave: (t: number) => number, sampleRate = 16_000) =>
  file(name, encodeWav({ sampleRate, samples: generateSamples(seconds, sampleRate, wave) }));

function ffmpeg(input: string, output: string, ...args: string[]): string {
  execFileSync('ffmpeg', ['-v', 'error', '-y', '-i', input, ...args, output]);
  return output;
}

describe.each([
  ['with ffmpeg', WITH_FFMPEG],
  ['without ffmpeg', WITHOUT_FFMPEG],
] as const)('WAV %s', (label, options) => {
  it.skipIf(label === 'with ffmpeg' && !hasFfmpeg)(
    'measures a sine tone: duration, levels, no flags',
    async () => {
      const result = await inspectAudio(wav('tone.wav', 2, sine(0.5), 48_000), options);
      expect(result).toMatchObject({ mimeType: 'audio/wav', codec: 'pcm', sampleRate: 48_000, channels: 1 });
      expect(result.duration).toBeCloseTo(2, 2);
      expect(result.quality).toMatchObject({
        tooShort: false,
        tooLong: false,
        silent: false,
        quiet: false,
        clipped: false,
        levelsMeasured: true,
      });
      // 0.5 of full scale: peak -6 dBFS, RMS of a sine 3 dB lower.
      expect(result.quality.peakDb).toBeCloseTo(-6.02, 0);
      expect(result.quality.rmsDb).toBeCloseTo(-9.03, 0);
      expect(result.quality.clippedRatio).toBe(0);
    },
  );

  it.skipIf(label === 'with ffmpeg' && !hasFfmpeg)('flags silence as silent and quiet', async () => {
    const result = await inspectAudio(
      wav('silence.wav', 2, () => 0),
      options,
    );
    expect(result.quality).toMatchObject({
      silent: true,
      quiet: true,
      clipped: false,
      rmsDb: -120,
      peakDb: -120,
    });
  });

  it.skipIf(label === 'with ffmpeg' && !hasFfmpeg)('flags a faint tone as quiet but not silent', async () => {
    const result = await inspectAudio(wav('faint.wav', 2, sine(0.005)), options);
    expect(result.quality).toMatchObject({ silent: false, quiet: true });
    expect(result.quality.rmsDb).toBeLessThan(-40);
    expect(result.quality.rmsDb).toBeGreaterThan(-60);
  });

  it.skipIf(label === 'with ffmpeg' && !hasFfmpeg)('flags a full-scale square wave as clipped', async () => {
    const square = (t: number) => (Math.sin(2 * Math.PI * 100 * t) >= 0 ? 1 : -1);
    const result = await inspectAudio(wav('square.wav', 2, square), options);
    expect(result.quality.clipped).toBe(true);
    expect(result.quality.clippedRatio).toBeGreaterThan(0.5);
    expect(result.quality.peakDb).toBeCloseTo(0, 0);
  });

  it.skipIf(label === 'with ffmpeg' && !hasFfmpeg)(
    'flags short and long recordings, refuses beyond twice the limit',
    async () => {
      expect((await inspectAudio(wav('short.wav', 0.5, sine(0.3)), options)).quality.tooShort).toBe(true);
      const long = await inspectAudio(wav('long.wav', 1.5, sine(0.3)), { ...options, maxSeconds: 1 });
      expect(long.quality).toMatchObject({ tooShort: false, tooLong: true });
      await expect(
        inspectAudio(wav('too-long.wav', 2.5, sine(0.3)), { ...options, maxSeconds: 1 }),
      ).rejects.toMatchObject({ statusCode: 422, code: 'AUDIO_TOO_LONG' });
    },
  );

  it('refuses a WAV whose data chunk claims more bytes than the file holds', async () => {
    const whole = encodeWav({ sampleRate: 16_000, samples: generateSamples(2, 16_000, sine(0.5)) });
    await expect(inspectAudio(file('cut.wav', whole.subarray(0, 20_000)), options)).rejects.toMatchObject({
      statusCode: 422,
      code: 'TRUNCATED_AUDIO',
      message: expect.stringMatching(/incomplete/) as unknown,
    });
  });

  it('refuses empty files, text renamed .wav and random bytes', async () => {
    await expect(inspectAudio(file('empty.wav', ''), options)).rejects.toMatchObject({
      statusCode: 400,
      code: 'EMPTY_FILE',
    });
    await expect(
      inspectAudio(file('text.wav', 'This is not audio at all.\n'.repeat(40)), options),
    ).rejects.toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_AUDIO',
    });
    const noise = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 251));
    await expect(inspectAudio(file('noise.wav', noise), options)).rejects.toMatchObject({
      statusCode: 415,
      code: 'UNSUPPORTED_AUDIO',
    });
  });

  it('refuses a PNG image renamed .wav', async () => {
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]),
      Buffer.from('IHDR'),
      Buffer.alloc(64),
    ]);
    await expect(inspectAudio(file('image.wav', png), options)).rejects.toMatchObject({
      statusCode: 415,
      message: expect.stringMatching(/image\/png/) as unknown,
    });
  });
});

describe.skipIf(!hasFfmpeg)('compressed audio made with ffmpeg', () => {
  let source: string;
  beforeAll(() => {
    source = wav('source.wav', 3, sine(0.4, 330), 48_000);
  });

  it('reads Ogg/Opus: type, codec, duration and levels', async () => {
    const ogg = ffmpeg(source, path.join(dir, 'voice.ogg'), '-c:a', 'libopus', '-b:a', '32k');
    const result = await inspectAudio(ogg, WITH_FFMPEG);
    expect(result).toMatchObject({ mimeType: 'audio/ogg', codec: 'opus', channels: 1 });
    expect(result.duration).toBeGreaterThan(2.9);
    expect(result.duration).toBeLessThan(3.1);
    expect(result.quality.levelsMeasured).toBe(true);
    expect(result.quality.rmsDb).toBeCloseTo(-11, 0);
  });

  it('counts the channels the decoder finds: mono AAC in MP4 is 1 channel (its header says 2), stereo is 2', async () => {
    for (const channels of [1, 2]) {
      const m4a = ffmpeg(
        source,
        path.join(dir, `voice-${channels}.m4a`),
        '-ac',
        String(channels),
        '-c:a',
        'aac',
      );
      const result = await inspectAudio(m4a, WITH_FFMPEG);
      expect(result).toMatchObject({ mimeType: 'audio/mp4', codec: 'aac', channels });
      expect(result.duration).toBeCloseTo(3, 1);
    }
  });

  it('without ffmpeg reports Opus levels as not measured, with the header duration', async () => {
    const ogg = ffmpeg(source, path.join(dir, 'voice2.ogg'), '-c:a', 'libopus');
    const result = await inspectAudio(ogg, WITHOUT_FFMPEG);
    expect(result.quality).toMatchObject({
      levelsMeasured: false,
      peakDb: null,
      rmsDb: null,
      clippedRatio: null,
    });
    expect(result.quality.silent).toBe(false);
    expect(result.duration).toBeCloseTo(3, 1);
  });

  it('finds the duration of a MediaRecorder-style WebM without one in its header by decoding', async () => {
    const webm = path.join(dir, 'live.webm');
    // Written to a pipe, ffmpeg cannot go back to write the duration: like MediaRecorder.
    const bytes = execFileSync('ffmpeg', [
      '-v',
      'error',
      '-i',
      source,
      '-c:a',
      'libopus',
      '-f',
      'webm',
      'pipe:1',
    ]);
    fs.writeFileSync(webm, bytes);
    const result = await inspectAudio(webm, WITH_FFMPEG);
    expect(result).toMatchObject({ mimeType: 'audio/webm', codec: 'opus' });
    expect(result.duration).toBeCloseTo(3, 1);
  });

  it('refuses WebM with video, and a cut-off WebM', async () => {
    const video = path.join(dir, 'video.webm');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x64:rate=10',
      '-i',
      source,
      '-t',
      '1',
      '-c:v',
      'libvpx',
      '-c:a',
      'libopus',
      video,
    ]);
    await expect(inspectAudio(video, WITH_FFMPEG)).rejects.toMatchObject({
      statusCode: 415,
      message: expect.stringMatching(/video/) as unknown,
    });
    const whole = fs.readFileSync(ffmpeg(source, path.join(dir, 'whole.webm'), '-c:a', 'libopus'));
    const cut = file('cut.webm', whole.subarray(0, Math.floor(whole.length / 3)));
    await expect(inspectAudio(cut, WITH_FFMPEG)).rejects.toMatchObject({
      statusCode: 422,
      code: 'TRUNCATED_AUDIO',
    });
  });

  it('decodes a file past its bound only a second beyond it, and refuses it', async () => {
    const ogg = ffmpeg(source, path.join(dir, 'bounded.ogg'), '-c:a', 'libopus');
    // The 3 s file decoded up to 1 s: about 1 s of samples, not 3 s.
    const capped = await decodeLevels(ogg, 'ogg', { ffmpegPath: 'ffmpeg', maxDecodeSeconds: 1 });
    expect(capped).toMatchObject({ status: 'decoded' });
    if (capped.status !== 'decoded') return;
    expect(capped.samples).toBeGreaterThan(0.9 * ANALYSIS_RATE);
    expect(capped.samples).toBeLessThan(1.1 * ANALYSIS_RATE);
    // Accepted at most 1 s (twice the flagged half second): refused, not taken for a truncated file.
    await expect(inspectAudio(ogg, { ...WITH_FFMPEG, maxSeconds: 0.5 })).rejects.toMatchObject({
      statusCode: 422,
      code: 'AUDIO_TOO_LONG',
      message: expect.stringMatching(/longer than 1 s/) as unknown,
    });
    // Within its bound it is read whole.
    expect((await inspectAudio(ogg, { ...WITH_FFMPEG, maxSeconds: 2 })).duration).toBeCloseTo(3, 1);
  });

  it('reads M4A/AAC, MP3 and FLAC', async () => {
    for (const [name, codec, mimeType] of [
      ['voice.m4a', 'aac', 'audio/mp4'],
      ['voice.mp3', 'mp3', 'audio/mpeg'],
      ['voice.flac', 'flac', 'audio/flac'],
    ] as const) {
      const result = await inspectAudio(ffmpeg(source, path.join(dir, name)), WITH_FFMPEG);
      expect(result, name).toMatchObject({ mimeType, codec });
      expect(result.duration, name).toBeCloseTo(3, 0);
    }
  });
});
