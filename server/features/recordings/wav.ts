// RIFF/WAVE in plain JavaScript: the chunk layout (to catch truncated files), PCM levels when ffmpeg is not
// installed, and a writer for generated audio (tests, fixtures).
import fsp from 'node:fs/promises';
import { LevelMeter } from '../../../core/audio/levels.ts';

export const WAVE_FORMAT_PCM = 1;
export const WAVE_FORMAT_IEEE_FLOAT = 3;
const WAVE_FORMAT_EXTENSIBLE = 0xfffe;
/** Streaming writers put 0 or 0xFFFFFFFF in the size fields: the data runs to the end of the file. */
const UNKNOWN_SIZES = new Set([0, 0xffffffff]);
const MAX_CHUNKS = 1000;

export interface WavInfo {
  /** WAVE_FORMAT_PCM, WAVE_FORMAT_IEEE_FLOAT or another format tag (extensible files give their sub-format). */
  formatTag: number;
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  blockAlign: number;
  dataOffset: number;
  /** Bytes of sample data present in the file (the declared size, or what is there for streamed files). */
  dataBytes: number;
  /** The data chunk claims more bytes than the file holds. */
  truncated: boolean;
  /** Seconds of audio present. */
  duration: number;
}

export class WavFormatError extends Error {}

/** Reads the chunk layout of a RIFF/WAVE file; null when the file is not RIFF/WAVE at all. */
export async function readWavInfo(filePath: string): Promise<WavInfo | null> {
  const handle = await fsp.open(filePath, 'r');
  try {
    const fileSize = (await handle.stat()).size;
    const read = async (position: number, length: number) => {
      const buffer = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buffer, 0, length, position);
      return buffer.subarray(0, bytesRead);
    };
    const header = await read(0, 12);
    if (
      header.length < 12 ||
      header.toString('latin1', 0, 4) !== 'RIFF' ||
      header.toString('latin1', 8, 12) !== 'WAVE'
    ) {
      return null;
    }
    let position = 12;
    let format: Omit<WavInfo, 'dataOffset' | 'dataBytes' | 'truncated' | 'duration'> | null = null;
    for (let chunks = 0; chunks < MAX_CHUNKS; chunks++) {
      const chunkHeader = await read(position, 8);
      if (chunkHeader.length < 8) break;
      const id = chunkHeader.toString('latin1', 0, 4);
      const size = chunkHeader.readUInt32LE(4);
      if (id === 'fmt ') {
        const fmt = await read(position + 8, Math.min(size, 40));
        if (fmt.length < 16) throw new WavFormatError('The WAV format chunk is incomplete.');
        let formatTag = fmt.readUInt16LE(0);
        if (formatTag === WAVE_FORMAT_EXTENSIBLE && fmt.length >= 26) formatTag = fmt.readUInt16LE(24);
        format = {
          formatTag,
          channels: fmt.readUInt16LE(2),
          sampleRate: fmt.readUInt32LE(4),
          blockAlign: fmt.readUInt16LE(12),
          bitsPerSample: fmt.readUInt16LE(14),
        };
      } else if (id === 'data') {
        if (!format) throw new WavFormatError('The WAV file has no format chunk before its data.');
        if (format.channels === 0 || format.sampleRate === 0 || format.blockAlign === 0) {
          throw new WavFormatError('The WAV format chunk is not valid.');
        }
        const dataOffset = position + 8;
        const present = Math.max(0, fileSize - dataOffset);
        const streamed = UNKNOWN_SIZES.has(size);
        const truncated = !streamed && size > present;
        const dataBytes = streamed ? present : Math.min(size, present);
        const frames = Math.floor(dataBytes / format.blockAlign);
        return { ...format, dataOffset, dataBytes, truncated, duration: frames / format.sampleRate };
      }
      position += 8 + size + (size % 2);
      if (position > fileSize) break;
    }
    throw new WavFormatError(
      format ? 'The WAV file has no audio data.' : 'The WAV file has no format chunk.',
    );
  } finally {
    await handle.close();
  }
}

/** Whether the levels of this WAV can be read in JavaScript. */
export function isJsReadableWav(info: WavInfo): boolean {
  if (info.formatTag === WAVE_FORMAT_PCM) return [8, 16, 24, 32].includes(info.bitsPerSample);
  if (info.formatTag === WAVE_FORMAT_IEEE_FLOAT) return [32, 64].includes(info.bitsPerSample);
  return false;
}

/** Levels of a PCM or float WAV, mixed down to mono, read in 1 MB slices. */
export async function measureWavLevels(filePath: string, info: WavInfo): Promise<LevelMeter> {
  const meter = new LevelMeter();
  const bytesPerSample = info.bitsPerSample / 8;
  const frameBytes = bytesPerSample * info.channels;
  const sliceFrames = Math.max(1, Math.floor((1024 * 1024) / frameBytes));
  const readSample = sampleReader(info.formatTag, info.bitsPerSample);
  const handle = await fsp.open(filePath, 'r');
  try {
    const totalFrames = Math.floor(info.dataBytes / frameBytes);
    for (let frame = 0; frame < totalFrames; frame += sliceFrames) {
      const frames = Math.min(sliceFrames, totalFrames - frame);
      const buffer = Buffer.alloc(frames * frameBytes);
      const { bytesRead } = await handle.read(buffer, 0, buffer.length, info.dataOffset + frame * frameBytes);
      const complete = Math.floor(bytesRead / frameBytes);
      for (let i = 0; i < complete; i++) {
        let sum = 0;
        for (let channel = 0; channel < info.channels; channel++) {
          sum += readSample(buffer, i * frameBytes + channel * bytesPerSample);
        }
        meter.add(sum / info.channels);
      }
      if (complete < frames) break;
    }
  } finally {
    await handle.close();
  }
  return meter;
}

/** Reads one sample as a number in [-1, 1]. */
function sampleReader(formatTag: number, bits: number): (buffer: Buffer, offset: number) => number {
  if (formatTag === WAVE_FORMAT_IEEE_FLOAT) {
    return bits === 64 ? (b, o) => b.readDoubleLE(o) : (b, o) => b.readFloatLE(o);
  }
  switch (bits) {
    case 8:
      return (b, o) => (b.readUInt8(o) - 128) / 128;
    case 16:
      return (b, o) => b.readInt16LE(o) / 32768;
    case 24:
      return (b, o) => b.readIntLE(o, 3) / 8388608;
    default:
      return (b, o) => b.readInt32LE(o) / 2147483648;
  }
}

/** A 16-bit PCM WAV file of interleaved samples. */
export function encodeWav({
  sampleRate,
  channels = 1,
  samples,
}: {
  sampleRate: number;
  channels?: number;
  samples: Int16Array;
}): Buffer {
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'latin1');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'latin1');
  buffer.write('fmt ', 12, 'latin1');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(WAVE_FORMAT_PCM, 20);
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * 2, 28);
  buffer.writeUInt16LE(channels * 2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'latin1');
  buffer.writeUInt32LE(dataBytes, 40);
  for (let i = 0; i < samples.length; i++) buffer.writeInt16LE(samples[i] ?? 0, 44 + i * 2);
  return buffer;
}

/** Mono 16-bit samples of `seconds` of a generated signal, `wave(t)` in [-1, 1] at time t seconds. */
export function generateSamples(
  seconds: number,
  sampleRate: number,
  wave: (t: number) => number,
): Int16Array {
  const samples = new Int16Array(Math.round(seconds * sampleRate));
  for (let i = 0; i < samples.length; i++) {
    samples[i] = Math.max(-32768, Math.min(32767, Math.round(wave(i / sampleRate) * 32767)));
  }
  return samples;
}
