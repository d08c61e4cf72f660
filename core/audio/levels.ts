// Level figures of mono samples in [-1, 1]: peak and RMS in dBFS, and the share of samples at full scale; the
// same figures on the server (decoded files) and on the phone (the microphone while it records).
import { RECORDING_LEVEL_FLOOR_DB } from '../constants.ts';

/** A sample at or beyond this magnitude is at full scale (32767 of 16-bit). */
export const FULL_SCALE = 32767 / 32768;

export interface Levels {
  samples: number;
  peakDb: number;
  rmsDb: number;
  clippedRatio: number;
}

export function toDb(amplitude: number): number {
  if (amplitude <= 0) return RECORDING_LEVEL_FLOOR_DB;
  return Math.max(RECORDING_LEVEL_FLOOR_DB, Math.round(20 * Math.log10(amplitude) * 100) / 100);
}

export class LevelMeter {
  private count = 0;
  private peak = 0;
  private sumOfSquares = 0;
  private clipped = 0;

  add(sample: number): void {
    const magnitude = Math.abs(sample);
    this.count += 1;
    if (magnitude > this.peak) this.peak = magnitude;
    this.sumOfSquares += sample * sample;
    if (magnitude >= FULL_SCALE) this.clipped += 1;
  }

  /** Signed 16-bit little-endian samples (an even number of bytes; callers carry an odd last byte over). */
  addS16le(chunk: Uint8Array): void {
    const view = new DataView(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    const whole = chunk.length - (chunk.length % 2);
    for (let offset = 0; offset < whole; offset += 2) this.add(view.getInt16(offset, true) / 32768);
  }

  /** Samples as the Web Audio API gives them (floats in [-1, 1]). */
  addFloats(samples: ArrayLike<number>): void {
    for (let index = 0; index < samples.length; index += 1) this.add(samples[index] ?? 0);
  }

  get samples(): number {
    return this.count;
  }

  result(): Levels {
    const rms = this.count > 0 ? Math.sqrt(this.sumOfSquares / this.count) : 0;
    return {
      samples: this.count,
      peakDb: toDb(this.peak),
      rmsDb: toDb(rms),
      clippedRatio: this.count > 0 ? Math.round((this.clipped / this.count) * 1e6) / 1e6 : 0,
    };
  }
}
