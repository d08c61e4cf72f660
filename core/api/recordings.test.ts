// The recording time kept from a phone: its own, unless the phone's clock was clearly wrong.
import { describe, expect, it } from 'vitest';
import { plausibleRecordedAt, RECORDED_AT_MAX_AHEAD_MS, tusUploadMetadataSchema } from './recordings.ts';

const received = Date.parse('2026-11-25T12:00:00Z');

describe('plausibleRecordedAt', () => {
  it('keeps a time from the past, days before it arrived', () => {
    expect(plausibleRecordedAt('2026-11-20T07:30:00.000Z', received)?.toISOString()).toBe(
      '2026-11-20T07:30:00.000Z',
    );
  });
  it('keeps a time a little ahead of the server (a phone clock that drifted), not one far ahead', () => {
    expect(
      plausibleRecordedAt(new Date(received + RECORDED_AT_MAX_AHEAD_MS).toISOString(), received),
    ).not.toBeNull();
    expect(
      plausibleRecordedAt(new Date(received + RECORDED_AT_MAX_AHEAD_MS + 1).toISOString(), received),
    ).toBeNull();
  });
  it('treats a time before 2020, or none, as unknown', () => {
    expect(plausibleRecordedAt('1970-01-01T00:00:00Z', received)).toBeNull();
    expect(plausibleRecordedAt(null, received)).toBeNull();
    expect(plausibleRecordedAt(undefined, received)).toBeNull();
  });
});

describe('recordedAt in tus metadata', () => {
  const base = {
    recordingId: '6f1c2a1e-2b7e-4b8a-9a43-0c2f5d6e7a81',
    fileName: 'a.webm',
    sha256: 'a'.repeat(64),
  };
  it('accepts an ISO time with its offset, and an empty value as absent', () => {
    expect(
      tusUploadMetadataSchema.parse({ ...base, recordedAt: '2026-11-25T08:00:00+03:00' }).recordedAt,
    ).toBe('2026-11-25T08:00:00+03:00');
    expect(tusUploadMetadataSchema.parse({ ...base, recordedAt: '' }).recordedAt).toBeUndefined();
  });
  it('refuses anything else, an overlong value before the pattern runs', () => {
    for (const bad of ['yesterday', '2026-11-25', `2026-11-25T08:00:00${'9'.repeat(100_000)}Z`]) {
      expect(tusUploadMetadataSchema.safeParse({ ...base, recordedAt: bad }).success).toBe(false);
    }
  });
});
