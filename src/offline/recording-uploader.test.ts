// The recording sender's answers to a busy server: the "does the server have it" question and tus's own retries
// leave a 503 or 429 with Retry-After to the sync engine, which waits as told (sync-engine.test.ts). An expired
// partial upload starts again; a repetition of a clip that is gone (ITEM_GONE) is dropped, not started again.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { isBusyAnswer, retryWithinRound, serverHas, uploadFailure } from './recording-uploader.ts';

const session = { userId: 'u1', token: 't1' };

function answering(status: number, headers: Record<string, string> = {}): typeof fetch {
  return () => Promise.resolve(new Response(status === 204 ? null : '{}', { status, headers }));
}

describe('serverHas', () => {
  it('tells a stored recording, an unknown one and an ended session apart', async () => {
    expect(await serverHas('/api', session, 'r1', answering(200), () => 0)).toBe(true);
    expect(await serverHas('/api', session, 'r1', answering(404), () => 0)).toBe(false);
    expect(await serverHas('/api', session, 'r1', answering(401), () => 0)).toBe('signed-out');
  });

  it('passes a busy server’s Retry-After on, and retries without one when unreachable', async () => {
    expect(await serverHas('/api', session, 'r1', answering(503, { 'Retry-After': '12' }), () => 0)).toEqual({
      kind: 'retry',
      message: 'The server answered 503.',
      retryAfter: 12_000,
    });
    expect(await serverHas('/api', session, 'r1', answering(429, { 'Retry-After': '3' }), () => 0)).toEqual(
      expect.objectContaining({ kind: 'retry', retryAfter: 3_000 }),
    );
    const down: typeof fetch = () => Promise.reject(new TypeError('Failed to fetch'));
    expect(await serverHas('/api', session, 'r1', down, () => 0)).toEqual({
      kind: 'retry',
      message: 'The server cannot be reached.',
      retryAfter: null,
    });
  });
});

describe('retryWithinRound', () => {
  it('leaves a busy server’s 503 or 429 with Retry-After to the sync engine', () => {
    expect(retryWithinRound(503, '5')).toBe(false);
    expect(retryWithinRound(429, '5')).toBe(false);
  });

  it('knows a busy answer by its status and Retry-After', () => {
    expect(isBusyAnswer(503, '5')).toBe(true);
    expect(isBusyAnswer(429, '1')).toBe(true);
    expect(isBusyAnswer(503, null)).toBe(false);
    expect(isBusyAnswer(503, '')).toBe(false);
    expect(isBusyAnswer(404, '5')).toBe(false);
  });

  it('keeps tus-js-client’s own rule otherwise', () => {
    expect(retryWithinRound(503, null)).toBe(true);
    expect(retryWithinRound(500, null)).toBe(true);
    expect(retryWithinRound(0, null)).toBe(true);
    expect(retryWithinRound(409, null)).toBe(true);
    expect(retryWithinRound(423, null)).toBe(true);
    expect(retryWithinRound(400, null)).toBe(false);
    expect(retryWithinRound(404, null)).toBe(false);
    expect(retryWithinRound(429, null)).toBe(false);
  });
});

describe('uploadFailure', () => {
  it('starts an expired partial upload again, but drops a repetition whose clip is gone', () => {
    const notFound = '{"message":"This upload was not found.","code":"NOT_FOUND"}';
    expect(uploadFailure('PATCH', 404, notFound, null, 0)).toBe('restart');
    expect(uploadFailure('HEAD', 404, '', null, 0)).toBe('restart');
    expect(uploadFailure('PATCH', 410, 'Gone', null, 0)).toBe('restart');
    const gone = { message: 'The clip this recording repeats is no longer available.', code: 'ITEM_GONE' };
    expect(uploadFailure('POST', 404, JSON.stringify(gone), null, 0)).toEqual({
      kind: 'gone',
      problem: { status: 404, code: 'ITEM_GONE', message: gone.message, details: undefined },
    });
    expect(
      uploadFailure('POST', 403, '{"message":"No consent.","code":"CONSENT_REQUIRED"}', null, 0),
    ).toMatchObject({ kind: 'refused' });
  });

  it('keeps a creation refused for what it refers to (404) for the contributor, never starting it again', () => {
    const speaker = '{"message":"This speaker is not on your account.","code":"NOT_FOUND"}';
    expect(uploadFailure('POST', 404, speaker, null, 0)).toMatchObject({
      kind: 'refused',
      problem: { status: 404, code: 'NOT_FOUND' },
    });
  });
});
