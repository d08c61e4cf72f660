// Mono audio in memory (float samples in [-1, 1]) and what speech playback does to it: loudness measured as in
// ITU-R BS.1770 (K-weighted, gated) and normalised, silence trimmed at the ends, clips joined with equal-power
// crossfades, and 16-bit WAV out.
import { encodeWav } from '../recordings/wav.ts';

export interface Clip {
  samples: Float32Array;
  sampleRate: number;
}

export const clipSeconds = (clip: Clip) => clip.samples.length / clip.sampleRate;

export function fromInt16(samples: Int16Array, sampleRate: number): Clip {
  const out = new Float32Array(samples.length);
  for (let i = 0; i < samples.length; i++) out[i] = (samples[i] ?? 0) / 32768;
  return { samples: out, sampleRate };
}

/** 16-bit PCM WAV; samples are clamped to full scale. */
export function toWav(clip: Clip): Buffer {
  const pcm = new Int16Array(clip.samples.length);
  for (let i = 0; i < pcm.length; i++) {
    const value = Math.round((clip.samples[i] ?? 0) * 32767);
    pcm[i] = value > 32767 ? 32767 : value < -32768 ? -32768 : value;
  }
  return encodeWav({ sampleRate: clip.sampleRate, samples: pcm });
}

type Biquad = { b: [number, number, number]; a: [number, number] };

/** The two K-weighting filters of BS.1770 for any sample rate (coefficients as derived in libebur128). */
function kWeighting(rate: number): [Biquad, Biquad] {
  let f0 = 1681.974450955533;
  const gainDb = 3.999843853973347;
  let q = 0.7071752369554196;
  let k = Math.tan((Math.PI * f0) / rate);
  const vh = 10 ** (gainDb / 20);
  const vb = vh ** 0.4996667741545416;
  let a0 = 1 + k / q + k * k;
  const shelf: Biquad = {
    b: [(vh + (vb * k) / q + k * k) / a0, (2 * (k * k - vh)) / a0, (vh - (vb * k) / q + k * k) / a0],
    a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0],
  };
  f0 = 38.13547087602444;
  q = 0.5003270373238773;
  k = Math.tan((Math.PI * f0) / rate);
  a0 = 1 + k / q + k * k;
  const highPass: Biquad = { b: [1, -2, 1], a: [(2 * (k * k - 1)) / a0, (1 - k / q + k * k) / a0] };
  return [shelf, highPass];
}

function filter(input: Float32Array, { b, a }: Biquad): Float32Array {
  const out = new Float32Array(input.length);
  let x1 = 0;
  let x2 = 0;
  let y1 = 0;
  let y2 = 0;
  for (let i = 0; i < input.length; i++) {
    const x = input[i] ?? 0;
    const y = b[0] * x + b[1] * x1 + b[2] * x2 - a[0] * y1 - a[1] * y2;
    x2 = x1;
    x1 = x;
    y2 = y1;
    y1 = y;
    out[i] = y;
  }
  return out;
}

const ABSOLUTE_GATE_LUFS = -70;
const RELATIVE_GATE_LU = -10;

/** Integrated loudness in LUFS (400 ms blocks, 75% overlap, gated); -Infinity for silence. */
export function loudness(clip: Clip): number {
  const [shelf, highPass] = kWeighting(clip.sampleRate);
  const weighted = filter(filter(clip.samples, shelf), highPass);
  const block = Math.round(clip.sampleRate * 0.4);
  const hop = Math.round(clip.sampleRate * 0.1);
  const powers: number[] = [];
  const meanSquare = (start: number, end: number) => {
    let sum = 0;
    for (let i = start; i < end; i++) sum += (weighted[i] ?? 0) ** 2;
    return sum / Math.max(1, end - start);
  };
  // A word may be shorter than one block: it is then one block.
  if (weighted.length <= block) powers.push(meanSquare(0, weighted.length));
  else
    for (let start = 0; start + block <= weighted.length; start += hop)
      powers.push(meanSquare(start, start + block));
  const lufs = (power: number) => -0.691 + 10 * Math.log10(power);
  const loud = powers.filter((power) => power > 0 && lufs(power) > ABSOLUTE_GATE_LUFS);
  if (loud.length === 0) return -Infinity;
  const threshold = lufs(loud.reduce((sum, p) => sum + p, 0) / loud.length) + RELATIVE_GATE_LU;
  const gated = loud.filter((power) => lufs(power) > threshold);
  return lufs(gated.reduce((sum, p) => sum + p, 0) / gated.length);
}

function peak(samples: Float32Array): number {
  let max = 0;
  for (const sample of samples) max = Math.max(max, Math.abs(sample));
  return max;
}

/** Scales the clip to `targetLufs`, never past a peak of `ceilingDb` dBFS; silence is left alone. */
export function normaliseLoudness(clip: Clip, targetLufs = -20, ceilingDb = -1): Clip {
  const measured = loudness(clip);
  const top = peak(clip.samples);
  if (!Number.isFinite(measured) || top === 0) return clip;
  const gain = Math.min(10 ** ((targetLufs - measured) / 20), 10 ** (ceilingDb / 20) / top);
  const samples = new Float32Array(clip.samples.length);
  for (let i = 0; i < samples.length; i++) samples[i] = (clip.samples[i] ?? 0) * gain;
  return { samples, sampleRate: clip.sampleRate };
}

/**
 * Cuts quiet stretches at both ends: 10 ms frames quieter than `belowLoudestDb` under the loudest frame (and
 * never louder than `floorDb` dBFS) are silence; `marginSeconds` of it is kept on each side.
 */
export function trimSilence(
  clip: Clip,
  { marginSeconds = 0.03, belowLoudestDb = 35, floorDb = -50 } = {},
): Clip {
  const frame = Math.max(1, Math.round(clip.sampleRate * 0.01));
  const frames = Math.ceil(clip.samples.length / frame);
  const levels = new Float64Array(frames);
  for (let f = 0; f < frames; f++) {
    let sum = 0;
    const end = Math.min(clip.samples.length, (f + 1) * frame);
    for (let i = f * frame; i < end; i++) sum += (clip.samples[i] ?? 0) ** 2;
    levels[f] = 10 * Math.log10(sum / Math.max(1, end - f * frame) + 1e-12);
  }
  const loudest = levels.reduce((max, level) => Math.max(max, level), -Infinity);
  const threshold = Math.max(loudest - belowLoudestDb, floorDb);
  const first = levels.findIndex((level) => level > threshold);
  if (first < 0) return clip;
  const last = levels.findLastIndex((level) => level > threshold);
  const margin = Math.round(clip.sampleRate * marginSeconds);
  const start = Math.max(0, first * frame - margin);
  const end = Math.min(clip.samples.length, (last + 1) * frame + margin);
  return { samples: clip.samples.slice(start, end), sampleRate: clip.sampleRate };
}

/** Short fades at both ends so a cut never clicks. */
export function fadeEdges(clip: Clip, seconds = 0.005): Clip {
  const samples = clip.samples.slice();
  const n = Math.min(Math.round(clip.sampleRate * seconds), Math.floor(samples.length / 2));
  for (let i = 0; i < n; i++) {
    const gain = i / n;
    samples[i] = (samples[i] ?? 0) * gain;
    samples[samples.length - 1 - i] = (samples[samples.length - 1 - i] ?? 0) * gain;
  }
  return { samples, sampleRate: clip.sampleRate };
}

/**
 * Joins clips of one sample rate, each overlapping the next by `crossfadeSeconds` (less when a clip is too short)
 * with an equal-power fade, so the result lasts the sum of the clips less the overlaps.
 */
export function crossfadeConcat(clips: Clip[], crossfadeSeconds = 0.04): Clip {
  const first = clips[0];
  if (!first) throw new Error('Nothing to join');
  const rate = first.sampleRate;
  if (clips.some((clip) => clip.sampleRate !== rate))
    throw new Error('Clips to join must share a sample rate');
  const wanted = Math.round(rate * crossfadeSeconds);
  const overlaps = clips
    .slice(1)
    .map((clip, i) =>
      Math.min(wanted, Math.floor(clip.samples.length / 2), Math.floor((clips[i]?.samples.length ?? 0) / 2)),
    );
  const total =
    clips.reduce((sum, clip) => sum + clip.samples.length, 0) - overlaps.reduce((s, o) => s + o, 0);
  const out = new Float32Array(total);
  let position = 0;
  clips.forEach((clip, index) => {
    const overlap = index === 0 ? 0 : (overlaps[index - 1] ?? 0);
    const start = position - overlap;
    for (let i = 0; i < clip.samples.length; i++) {
      const sample = clip.samples[i] ?? 0;
      if (i < overlap) {
        // Equal power: the outgoing tail falls as cos, the incoming head rises as sin.
        const t = (i + 0.5) / overlap;
        const gainIn = Math.sin((t * Math.PI) / 2);
        const gainOut = Math.cos((t * Math.PI) / 2);
        out[start + i] = (out[start + i] ?? 0) * gainOut + sample * gainIn;
      } else out[start + i] = sample;
    }
    position = start + clip.samples.length;
  });
  return { samples: out, sampleRate: rate };
}
