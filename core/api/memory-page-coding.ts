// A page of the translation memory (GET /api/translation/memory) coded with the word ids of the model the phone
// already holds, so the memory's words do not travel twice: the phone names its model's version, and when that
// is the server's latest model the page comes in this binary form instead of JSON (at 10,000 Bible verse pairs,
// 727 kB gzip for the whole memory against 1,014 kB; npm run bench:mt prints both). Both sides run this module:
// the server writes, the phone's worker reads with the same vocabularies, so a page names nothing the phone
// cannot rebuild.
//
// Layout (core/mt/binary-format.ts): the format byte, the cursor, flags (1 more, 2 reset), remaining, the
// removed ids, the entries' ids (each a varint, as a difference from the one before when it is larger, which
// the ids of a first download are), then the English texts and the Lopit texts as core/mt/memory-coding.ts codes
// them (the model file's memory section used the same coding).
import { ByteFormatError, ByteReader, ByteWriter } from '../mt/binary-format.ts';
import { readMemorySide, writeMemorySide } from '../mt/memory-coding.ts';
import type { VocabularyData } from '../mt/model-data.ts';
import { MEMORY_PAGE_MAX, memoryPageSchema, type MemoryPage } from './chat.ts';

/** The media type of a coded page; anything else is a JSON page. */
export const MEMORY_PAGE_CODED_TYPE = 'application/x-lopit-memory';
const FORMAT = 1;
const FLAG = { more: 1, reset: 2 } as const;
/** Ids above this are refused when read (a serial id of PostgreSQL's integer columns). */
const MAX_ID = 2 ** 31 - 1;

/** The model's two vocabularies, as its file holds them. */
export interface MemoryVocabularies {
  en: VocabularyData;
  lpx: VocabularyData;
}

/** Ids in order, each as the difference from the one before when larger (2 * gap + 1), else as itself (2 * id). */
function writeIds(out: ByteWriter, ids: readonly number[]): void {
  out.varint(ids.length);
  let last = 0;
  for (const id of ids) {
    out.varint(id > last ? 2 * (id - last) + 1 : 2 * id);
    last = id;
  }
}

function readIds(input: ByteReader, limit: number, what: string): number[] {
  const count = input.bounded(limit, what);
  const ids: number[] = [];
  let last = 0;
  for (let i = 0; i < count; i++) {
    const code = input.varint();
    const id = code % 2 === 1 ? last + (code - 1) / 2 : code / 2;
    if (!Number.isSafeInteger(id) || id > MAX_ID) throw new ByteFormatError(`${what}: an id is out of range`);
    ids.push(id);
    last = id;
  }
  return ids;
}

/** The page in its coded form, for a phone holding the model whose vocabularies these are. */
export function encodeMemoryPage(page: MemoryPage, vocab: MemoryVocabularies): Uint8Array {
  const out = new ByteWriter();
  out.byte(FORMAT);
  out.string(page.cursor);
  out.byte((page.more ? FLAG.more : 0) | (page.reset ? FLAG.reset : 0));
  out.varint(page.remaining);
  writeIds(out, page.removed);
  writeIds(out, page.ids);
  writeMemorySide(out, page.english, vocab.en);
  writeMemorySide(out, page.lopit, vocab.lpx);
  return out.finish();
}

/**
 * A coded page read back with the phone's model's vocabularies. Damaged or foreign bytes throw ByteFormatError
 * (or the page schema's error): the caller keeps what it had, as for any answer it cannot read.
 */
export function decodeMemoryPage(bytes: Uint8Array, vocab: MemoryVocabularies): MemoryPage {
  const input = new ByteReader(bytes);
  const format = input.byte();
  if (format !== FORMAT) throw new ByteFormatError(`memory page format ${format} is not one this app reads`);
  const cursor = input.string();
  const flags = input.byte();
  const remaining = input.varint();
  // Removals are never more than a page holds, nor are entries.
  const removed = readIds(input, MEMORY_PAGE_MAX + 1, 'removed ids');
  const ids = readIds(input, MEMORY_PAGE_MAX + 1, 'entry ids');
  const english = readMemorySide(input, ids.length, vocab.en, 'memory page (English)');
  const lopit = readMemorySide(input, ids.length, vocab.lpx, 'memory page (Lopit)');
  if (input.remaining !== 0) throw new ByteFormatError('memory page has bytes after its end');
  return memoryPageSchema.parse({
    ids,
    english,
    lopit,
    removed,
    cursor,
    more: (flags & FLAG.more) !== 0,
    remaining,
    reset: (flags & FLAG.reset) !== 0,
  });
}
