// encodeSpans: several segments of a story cut by one ffmpeg run, each output holding its own span (its length,
// and its sound: loud where the story was loud, silent where it was silent). Real ffmpeg, generated audio.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ANALYSIS_RATE, decodeLevels } from '../recordings/ffmpeg-levels.ts';
import { encodeWav, generateSamples } from '../recordings/wav.ts';
import { encodeSpans } from './story-cutter.ts';

const hasFfmpeg = spawnSync('ffmpeg', ['-version']).status === 0;

describe.skipIf(!hasFfmpeg)('encodeSpans', () => {
  let dir: string;
  let story: string;

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'story-cutter-'));
    // Six seconds: a tone from 1 s to 2.5 s, silence around it; Opus in WebM as the phones record.
    const wave = (t: number) => (t >= 1 && t < 2.5 ? 0.5 * Math.sin(2 * Math.PI * 220 * t) : 0);
    const wav = path.join(dir, 'story.wav');
    fs.writeFileSync(wav, encodeWav({ sampleRate: 48_000, samples: generateSamples(6, 48_000, wave) }));
    story = path.join(dir, 'story.webm');
    execFileSync('ffmpeg', ['-v', 'error', '-i', wav, '-c:a', 'libopus', '-f', 'webm', story]);
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('writes each span to its own output, of its length, with its own sound', async () => {
    const spans = [
      { span: [1_200, 2_200] as [number, number], outPath: path.join(dir, 'loud.webm') },
      { span: [3_000, 4_500] as [number, number], outPath: path.join(dir, 'quiet.webm') },
      { span: [2_000, 3_000] as [number, number], outPath: path.join(dir, 'half.webm') },
    ];
    await encodeSpans(story, 'matroska', spans, 'ffmpeg');
    const measured = await Promise.all(
      spans.map(async ({ outPath }) => {
        const decoded = await decodeLevels(outPath, 'matroska', { ffmpegPath: 'ffmpeg' });
        if (decoded.status !== 'decoded') throw new Error('ffmpeg is missing');
        return { seconds: decoded.samples / ANALYSIS_RATE, rmsDb: decoded.levels.rmsDb };
      }),
    );
    // Each output lasts its span (Opus frames and its pre-skip within 60 ms).
    for (const [index, { span }] of spans.entries())
      expect(Math.abs(measured[index]!.seconds * 1000 - (span[1] - span[0]))).toBeLessThan(60);
    // The tone's whole second is loud, the silence silent, the span across the tone's end in between.
    const [loud, quiet, half] = measured.map((entry) => entry.rmsDb);
    expect(loud).toBeGreaterThan(-12);
    expect(quiet).toBeLessThan(-60);
    expect(half).toBeLessThan(loud! - 2);
    expect(half).toBeGreaterThan(quiet! + 20);
  });
});
