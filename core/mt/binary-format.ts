// Byte-level building blocks of the binary model file (format version 3): a growable writer and a bounds-checked
// reader of unsigned LEB128 varints, bytes and UTF-8 strings, a CRC-32 to detect damage, and an 8-bit codebook
// quantiser for log scores. Pure TypeScript, so the server and the browser read and write the same bytes.

/** A read ran past the end of the data, or a value is out of range: the file is damaged. */
export class ByteFormatError extends Error {
  override name = 'ByteFormatError';
}

const encoder = new TextEncoder();
const decoder = new TextDecoder('utf-8', { fatal: true });

export class ByteWriter {
  private buffer = new Uint8Array(1 << 16);
  length = 0;

  private ensure(extra: number): void {
    if (this.length + extra <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < this.length + extra) size *= 2;
    const next = new Uint8Array(size);
    next.set(this.buffer.subarray(0, this.length));
    this.buffer = next;
  }

  byte(value: number): void {
    this.ensure(1);
    this.buffer[this.length++] = value & 255;
  }

  /** Unsigned LEB128 of a non-negative integer below 2^32. */
  varint(value: number): void {
    if (!Number.isInteger(value) || value < 0 || value > 0xffffffff) throw new RangeError(`varint ${value}`);
    this.ensure(5);
    let v = value;
    while (v >= 0x80) {
      this.buffer[this.length++] = (v & 0x7f) | 0x80;
      v = Math.floor(v / 128);
    }
    this.buffer[this.length++] = v;
  }

  bytes(data: Uint8Array): void {
    this.ensure(data.length);
    this.buffer.set(data, this.length);
    this.length += data.length;
  }

  uint32(value: number): void {
    this.ensure(4);
    new DataView(this.buffer.buffer).setUint32(this.length, value >>> 0, true);
    this.length += 4;
  }

  float32(value: number): void {
    this.ensure(4);
    new DataView(this.buffer.buffer).setFloat32(this.length, value, true);
    this.length += 4;
  }

  /** A length-prefixed UTF-8 string. */
  string(text: string): void {
    const data = encoder.encode(text);
    this.varint(data.length);
    this.bytes(data);
  }

  /** A length-prefixed block of bytes. */
  block(data: Uint8Array): void {
    this.varint(data.length);
    this.bytes(data);
  }

  finish(): Uint8Array {
    return this.buffer.slice(0, this.length);
  }
}

export class ByteReader {
  offset: number;
  private readonly view: DataView;

  constructor(
    private readonly data: Uint8Array,
    offset = 0,
    private readonly end = data.length,
  ) {
    this.offset = offset;
    this.view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  }

  get remaining(): number {
    return this.end - this.offset;
  }

  private need(n: number): void {
    if (n < 0 || this.offset + n > this.end) throw new ByteFormatError('the data ends too early');
  }

  byte(): number {
    this.need(1);
    return this.data[this.offset++] as number;
  }

  varint(): number {
    let value = 0;
    let scale = 1;
    for (let k = 0; k < 5; k++) {
      const b = this.byte();
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        if (value > 0xffffffff) break;
        return value;
      }
      scale *= 128;
    }
    throw new ByteFormatError('a number is too long');
  }

  /** A varint that must be below `limit` (a count or an id into a table of that size). */
  bounded(limit: number, what: string): number {
    const v = this.varint();
    if (v >= limit) throw new ByteFormatError(`${what} is out of range`);
    return v;
  }

  bytes(n: number): Uint8Array {
    this.need(n);
    const out = this.data.subarray(this.offset, this.offset + n);
    this.offset += n;
    return out;
  }

  uint32(): number {
    this.need(4);
    const v = this.view.getUint32(this.offset, true);
    this.offset += 4;
    return v;
  }

  float32(): number {
    this.need(4);
    const v = this.view.getFloat32(this.offset, true);
    this.offset += 4;
    return v;
  }

  string(): string {
    const n = this.varint();
    try {
      return decoder.decode(this.bytes(n));
    } catch (e) {
      if (e instanceof ByteFormatError) throw e;
      throw new ByteFormatError('a text is not UTF-8');
    }
  }

  block(): Uint8Array {
    return this.bytes(this.varint());
  }
}

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 (IEEE 802.3, as zlib and PNG use). */
export function crc32(data: Uint8Array, from = 0, to = data.length): number {
  let c = 0xffffffff;
  for (let i = from; i < to; i++) c = (CRC_TABLE[(c ^ (data[i] as number)) & 255] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/** Codebook of at most 256 values and the 8-bit code of every input value. */
export interface Quantised {
  codebook: Float32Array;
  codes: Uint8Array;
}

/**
 * 8-bit quantisation by equal-population binning, as KenLM's quantised tries do: the sorted values are cut
 * into 256 bins of (nearly) the same size and each bin is represented by its mean. Common values get fine
 * steps, rare extremes coarse ones; each value becomes the code of the nearest representative.
 */
export function quantise8(values: Float32Array): Quantised {
  const sorted = Float64Array.from(values).sort();
  const distinct: number[] = [];
  for (const v of sorted) if (distinct[distinct.length - 1] !== v) distinct.push(v);
  let centres: number[];
  if (distinct.length <= 256) centres = distinct;
  else {
    centres = [];
    const n = sorted.length;
    for (let b = 0; b < 256; b++) {
      const from = Math.floor((b * n) / 256);
      const to = Math.floor(((b + 1) * n) / 256);
      if (to <= from) continue;
      let sum = 0;
      for (let i = from; i < to; i++) sum += sorted[i] as number;
      const mean = sum / (to - from);
      if (centres[centres.length - 1] !== mean) centres.push(mean);
    }
  }
  const codebook = Float32Array.from(centres);
  const codes = new Uint8Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i] as number;
    let lo = 0;
    let hi = codebook.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (v > ((codebook[mid] as number) + (codebook[mid + 1] as number)) / 2) lo = mid + 1;
      else hi = mid;
    }
    codes[i] = lo;
  }
  return { codebook, codes };
}

/** Writes log scores (clamped to <= 0) as a codebook and one byte each. */
export function writeQuantised(out: ByteWriter, values: Float32Array): void {
  const { codebook, codes } = quantise8(values.map((v) => Math.min(0, v)));
  out.varint(codebook.length);
  for (const v of codebook) out.float32(v);
  out.varint(codes.length);
  out.bytes(codes);
}

export function readQuantised(input: ByteReader, expected: number, what: string): Float32Array {
  const size = input.varint();
  if (size > 256) throw new ByteFormatError(`${what} has a damaged codebook`);
  const codebook = new Float32Array(size);
  for (let k = 0; k < size; k++) {
    const v = input.float32();
    if (!Number.isFinite(v) || v > 0) throw new ByteFormatError(`${what} has a damaged codebook`);
    codebook[k] = v;
  }
  const n = input.varint();
  if (n !== expected) throw new ByteFormatError(`${what} has the wrong length`);
  const codes = input.bytes(n);
  const out = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    const c = codes[i] as number;
    if (c >= size) throw new ByteFormatError(`${what} refers past its codebook`);
    out[i] = codebook[c] as number;
  }
  return out;
}
