// The quality rule at its boundaries, and the level figures it reads, the same from floats (the phone's
// microphone) and from 16-bit samples (the server's decoded file).
import { describe, expect, it } from 'vitest';
import {
  RECORDING_CLIPPED_RATIO,
  RECORDING_LEVEL_FLOOR_DB,
  RECORDING_MIN_SECONDS,
  RECORDING_QUIET_RMS_DB,
  RECORDING_SILENT_RMS_DB,
} from '../constants.ts';
import { LevelMeter, type Levels } from './levels.ts';
import { flagProblems, qualityOf, qualityProblems } from './quality.ts';

const levels = (rmsDb: number, clippedRatio = 0): Levels => ({
  samples: 16_000,
  peakDb: 0,
  rmsDb,
  clippedRatio,
});
const kinds = (duration: number, measured: Levels | null) =>
  qualityProblems(qualityOf(duration, measured, 300)).map((problem) => problem.kind);

describe('qualityOf and qualityProblems', () => {
  it('finds nothing wrong with a clip of speech at a good level', () => {
    expect(kinds(4, levels(-22))).toEqual([]);
  });

  it('calls a clip quiet below the quiet level, silent below the silent level (and then only silent)', () => {
    expect(kinds(4, levels(RECORDING_QUIET_RMS_DB))).toEqual([]);
    expect(kinds(4, levels(RECORDING_QUIET_RMS_DB - 0.01))).toEqual(['quiet']);
    expect(kinds(4, levels(RECORDING_SILENT_RMS_DB))).toEqual(['quiet']);
    expect(kinds(4, levels(RECORDING_SILENT_RMS_DB - 0.01))).toEqual(['silent']);
    expect(kinds(4, levels(RECORDING_LEVEL_FLOOR_DB))).toEqual(['silent']);
  });

  it('calls a clip distorted above the clipped share, and too short below the shortest length', () => {
    expect(kinds(4, levels(-10, RECORDING_CLIPPED_RATIO))).toEqual([]);
    expect(kinds(4, levels(-10, RECORDING_CLIPPED_RATIO * 2))).toEqual(['clipped']);
    expect(kinds(RECORDING_MIN_SECONDS, levels(-20))).toEqual([]);
    expect(kinds(RECORDING_MIN_SECONDS - 0.1, levels(-20))).toEqual(['tooShort']);
    expect(kinds(301, levels(-20))).toEqual(['tooLong']);
    expect(kinds(0.5, levels(-70, 0.5))).toEqual(['silent', 'clipped', 'tooShort']);
  });

  it('judges only the length when the levels could not be measured', () => {
    const quality = qualityOf(0.4, null, 300);
    expect(quality).toMatchObject({ levelsMeasured: false, rmsDb: null, silent: false, quiet: false });
    expect(qualityProblems(quality).map((problem) => problem.kind)).toEqual(['tooShort']);
  });

  it('says each problem in words, with what to do', () => {
    for (const problem of qualityProblems(qualityOf(0.5, levels(-50, 0.5), 300))) {
      expect(problem.label.length).toBeGreaterThan(3);
      expect(problem.advice).toMatch(/[a-z]{3,}.*\.$/);
    }
  });

  it('words the flags a clip in review carries the same way, worst first', () => {
    expect(flagProblems(['tooShort', 'quiet', 'silent']).map((problem) => problem.label)).toEqual([
      'Silent',
      'Too short',
    ]);
    expect(flagProblems([])).toEqual([]);
  });
});

describe('LevelMeter', () => {
  it('gives the same figures for floats and for 16-bit samples of the same sound', () => {
    const floats = Array.from(
      { length: 4_800 },
      (_, index) => 0.25 * Math.sin((2 * Math.PI * 440 * index) / 48_000),
    );
    const bytes = new Uint8Array(floats.length * 2);
    const view = new DataView(bytes.buffer);
    floats.forEach((sample, index) => view.setInt16(index * 2, Math.round(sample * 32768), true));
    const fromFloats = new LevelMeter();
    fromFloats.addFloats(floats);
    const fromBytes = new LevelMeter();
    fromBytes.addS16le(bytes);
    // A sine of amplitude 0.25: peak -12.04 dBFS, RMS 3.01 dB lower.
    expect(fromFloats.result().peakDb).toBeCloseTo(-12.04, 1);
    expect(fromFloats.result().rmsDb).toBeCloseTo(-15.05, 1);
    expect(fromBytes.result().rmsDb).toBeCloseTo(fromFloats.result().rmsDb, 1);
    expect(fromBytes.result().samples).toBe(4_800);
  });

  it('counts samples at full scale, and gives the floor for silence', () => {
    const meter = new LevelMeter();
    meter.addFloats([1, -1, 0.5, 0]);
    expect(meter.result().clippedRatio).toBe(0.5);
    const silence = new LevelMeter();
    silence.addFloats(new Float32Array(100));
    expect(silence.result()).toMatchObject({
      rmsDb: RECORDING_LEVEL_FLOOR_DB,
      peakDb: RECORDING_LEVEL_FLOOR_DB,
    });
  });
});
