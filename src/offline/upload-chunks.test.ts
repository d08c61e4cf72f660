// Upload pieces sized to the link: from the connection type at first, then from the pieces sent, within bounds.
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetUploadRate,
  notePieceSent,
  pieceSendingMs,
  UPLOAD_CHUNK_MAX_BYTES,
  UPLOAD_CHUNK_MIN_BYTES,
  uploadChunkBytes,
} from './upload-chunks.ts';

afterEach(() => forgetUploadRate());

describe('uploadChunkBytes', () => {
  it('sends the largest pieces when nothing is known, smaller ones on a connection the browser calls slow', () => {
    expect(uploadChunkBytes(undefined)).toBe(UPLOAD_CHUNK_MAX_BYTES);
    expect(uploadChunkBytes({ effectiveType: '4g' })).toBe(UPLOAD_CHUNK_MAX_BYTES);
    expect(uploadChunkBytes({ effectiveType: '3g' })).toBe(393_216);
    expect(uploadChunkBytes({ effectiveType: '2g' })).toBe(65_536);
    expect(uploadChunkBytes({ effectiveType: 'slow-2g' })).toBe(UPLOAD_CHUNK_MIN_BYTES);
  });

  it('follows the rate measured on the pieces sent, whatever the browser guessed', () => {
    // 64 kB in 10.5 s: about 6.2 kB/s, a 50 kbit/s uplink.
    notePieceSent(65_536, 10_500);
    expect(uploadChunkBytes({ effectiveType: '4g' })).toBe(65_536);
    // The link got faster: the pieces grow, up to the largest.
    notePieceSent(1_048_576, 1_000);
    notePieceSent(1_048_576, 1_000);
    expect(uploadChunkBytes({ effectiveType: '2g' })).toBe(UPLOAD_CHUNK_MAX_BYTES);
  });

  it('never goes below the smallest piece, and ignores empty measurements', () => {
    notePieceSent(0, 1_000);
    notePieceSent(1_000, 0);
    expect(uploadChunkBytes(undefined)).toBe(UPLOAD_CHUNK_MAX_BYTES);
    notePieceSent(1_000, 60_000);
    expect(uploadChunkBytes(undefined)).toBe(UPLOAD_CHUNK_MIN_BYTES);
  });
});

describe('pieceSendingMs', () => {
  it('times a piece until its last byte went out when the progress saw it, not until the busy server answered', () => {
    // 256 kB from offset 0 handed to the link in 200 ms; the server stored it and answered 9 s later.
    expect(pieceSendingMs(1_000, 262_144, { bytes: 262_144, at: 1_200 }, 10_200)).toBe(200);
    notePieceSent(262_144, pieceSendingMs(1_000, 262_144, { bytes: 262_144, at: 1_200 }, 10_200));
    expect(uploadChunkBytes(undefined)).toBe(UPLOAD_CHUNK_MAX_BYTES);
  });

  it('falls back to the answer when the progress did not reach the piece’s end, or is of an earlier piece', () => {
    expect(pieceSendingMs(1_000, 262_144, { bytes: 131_072, at: 1_100 }, 10_200)).toBe(9_200);
    expect(pieceSendingMs(1_000, 262_144, { bytes: 262_144, at: 900 }, 10_200)).toBe(9_200);
    expect(pieceSendingMs(1_000, 262_144, null, 10_200)).toBe(9_200);
  });
});
