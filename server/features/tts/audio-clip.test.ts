// Loudness as BS.1770 defines it (a full-scale 997 Hz sine reads -3.01 LUFS), normalisation under a peak
// ceiling, silence trimming and crossfaded joins.
import { describe, expect, it } from 'vitest';
import {
  clipSeconds,
  crossfadeConcat,
  loudness,
  normaliseLoudness,
  toWav,
  trimSilence,
  type Clip,
} from './audio-clip.ts';

const sine = (seconds: number, frequency: number, amplitude: number, sampleRate = 24_000): Clip => {
  const samples = new Float32Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++)
    samples[i] = amplitude * Math.sin((2 * Math.PI * frequency * i) / sampleRate);
  return { samples, sampleRate };
};
const silence = (seconds: number, sampleRate = 24_000): Clip => ({
  samples: new Float32Array(Math.round(seconds * sampleRate)),
  sampleRate,
});
const peakOf = (clip: Clip) => clip.samples.reduce((max, s) => Math.max(max, Math.abs(s)), 0);

describe('audio clips', () => {
  it('measures loudness as BS.1770 does, at any sample rate', () => {
    for (const rate of [48_000, 24_000, 22_050, 16_000]) {
      expect(loudness(sine(2, 997, 1, rate))).toBeCloseTo(-3.01, 1);
      expect(loudness(sine(2, 997, 0.1, rate))).toBeCloseTo(-23.01, 1);
    }
    expect(loudness(silence(1))).toBe(-Infinity);
    // A word shorter than one 400 ms block still has a loudness.
    expect(loudness(sine(0.2, 997, 1))).toBeCloseTo(-3.01, 0);
  });

  it('normalises to the target loudness unless that would push peaks past the ceiling', () => {
    const quiet = normaliseLoudness(sine(1, 997, 0.01), -20, -1);
    expect(loudness(quiet)).toBeCloseTo(-20, 1);
    // A spiky clip: one full-scale click in a quiet tone may not be amplified past -1 dBFS.
    const spiky = sine(1, 997, 0.01);
    spiky.samples[100] = 0.9;
    expect(peakOf(normaliseLoudness(spiky, -20, -1))).toBeCloseTo(10 ** (-1 / 20), 3);
    const nothing = silence(0.5);
    expect(normaliseLoudness(nothing)).toBe(nothing);
  });

  it('trims quiet ends and keeps a margin', () => {
    const padded = crossfadeConcat([silence(0.5), sine(0.6, 440, 0.5), silence(0.8)], 0);
    const trimmed = trimSilence(padded, { marginSeconds: 0.05 });
    expect(clipSeconds(trimmed)).toBeCloseTo(0.7, 1);
    expect(clipSeconds(trimSilence(silence(1)))).toBe(1);
  });

  it('joins clips overlapping by the crossfade, shortening it for very short clips', () => {
    const joined = crossfadeConcat([sine(1, 300, 0.5), sine(0.5, 600, 0.5), sine(0.02, 600, 0.5)], 0.04);
    expect(joined.samples.length).toBe(24_000 + 12_000 + 480 - 960 - 240);
    // Equal power: no dip or bump in level through a crossfade of two steady tones.
    expect(peakOf(joined)).toBeLessThan(0.75);
    expect(() => crossfadeConcat([sine(1, 300, 0.5), sine(1, 300, 0.5, 16_000)])).toThrow(/sample rate/);
  });

  it('writes 16-bit mono WAV, clamping at full scale', () => {
    const wav = toWav({ samples: Float32Array.from([0, 0.5, -1, 2]), sampleRate: 24_000 });
    expect(wav.toString('latin1', 0, 4)).toBe('RIFF');
    expect(wav.readUInt32LE(24)).toBe(24_000);
    expect([0, 1, 2, 3].map((i) => wav.readInt16LE(44 + i * 2))).toEqual([0, 16_384, -32_767, 32_767]);
  });
});
