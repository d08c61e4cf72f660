// Reads a zip archive from its central directory (stored or deflated entries; ZIP64 end records, not ZIP64
// entries): enough to check the dataset exports without a zip library.
import zlib from 'node:zlib';

export interface ZipEntry {
  name: string;
  method: number;
  size: number;
  data: Buffer;
}

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;
const ZIP64_EOCD = 0x06064b50;
const ZIP64_LOCATOR = 0x07064b50;

export function readZip(archive: Buffer): Map<string, ZipEntry> {
  let eocd = -1;
  for (let at = archive.length - 22; at >= Math.max(0, archive.length - 22 - 0xffff); at--) {
    if (archive.readUInt32LE(at) === EOCD) {
      eocd = at;
      break;
    }
  }
  if (eocd < 0) throw new Error('not a zip archive: no end of central directory');
  let count = archive.readUInt16LE(eocd + 10);
  let at = archive.readUInt32LE(eocd + 16);
  if (count === 0xffff || at === 0xffffffff) {
    // ZIP64: the locator just before the end record points to the ZIP64 end record.
    if (archive.readUInt32LE(eocd - 20) !== ZIP64_LOCATOR) throw new Error('no ZIP64 end locator');
    const record = Number(archive.readBigUInt64LE(eocd - 20 + 8));
    if (archive.readUInt32LE(record) !== ZIP64_EOCD) throw new Error('no ZIP64 end record');
    count = Number(archive.readBigUInt64LE(record + 32));
    at = Number(archive.readBigUInt64LE(record + 48));
  }
  const entries = new Map<string, ZipEntry>();
  for (let i = 0; i < count; i++) {
    if (archive.readUInt32LE(at) !== CENTRAL) throw new Error(`bad central directory entry ${i}`);
    const method = archive.readUInt16LE(at + 10);
    const compressedSize = archive.readUInt32LE(at + 20);
    const size = archive.readUInt32LE(at + 24);
    const nameLength = archive.readUInt16LE(at + 28);
    const extraLength = archive.readUInt16LE(at + 30);
    const commentLength = archive.readUInt16LE(at + 32);
    const localOffset = archive.readUInt32LE(at + 42);
    const name = archive.toString('utf8', at + 46, at + 46 + nameLength);
    if (archive.readUInt32LE(localOffset) !== LOCAL) throw new Error(`bad local header of ${name}`);
    const dataStart =
      localOffset + 30 + archive.readUInt16LE(localOffset + 26) + archive.readUInt16LE(localOffset + 28);
    const raw = archive.subarray(dataStart, dataStart + compressedSize);
    const data = method === 0 ? raw : zlib.inflateRawSync(raw);
    if (data.length !== size) throw new Error(`size of ${name} does not match`);
    entries.set(name, { name, method, size, data });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
