import ky, { HTTPError, TimeoutError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { userResponseSchema } from '../../core/api/auth.ts';
import { ApiError, CLIENT_ERROR_CODES, ERROR_TEXTS, requestJson, toApiError } from './api-client.ts';

const request = new Request('http://localhost/api/x');
const options = {} as NormalizedOptions;
const httpError = (status: number, body: string, contentType = 'application/json') =>
  new HTTPError(new Response(body, { status, headers: { 'content-type': contentType } }), request, options);

describe('toApiError (product-spec section 8)', () => {
  it('maps a network failure to the connection message', async () => {
    expect((await toApiError(new TypeError('Failed to fetch'))).message).toBe(ERROR_TEXTS.network);
  });

  it('maps a timeout to the timeout message', async () => {
    expect((await toApiError(new TimeoutError(request))).message).toBe(ERROR_TEXTS.timeout);
  });

  it("uses the server's message, code and details", async () => {
    const error = await toApiError(
      httpError(
        409,
        JSON.stringify({
          message: 'Taken',
          code: 'EMAIL_TAKEN',
          details: [{ path: 'email', message: 'Taken' }],
        }),
      ),
    );
    expect(error).toMatchObject({ message: 'Taken', code: 'EMAIL_TAKEN', status: 409 });
    expect(error.fieldErrors()).toEqual({ email: 'Taken' });
  });

  it("falls back to the library's text, then to the generic text", async () => {
    const fromLibrary = await toApiError(httpError(502, '<html>bad gateway</html>', 'text/html'));
    expect(fromLibrary.message).toMatch(/502/);
    expect((await toApiError('something odd')).message).toBe(ERROR_TEXTS.fallback);
  });
});

describe('requestJson: answers parsed with the contract', () => {
  const user = {
    id: '8d3f6f7e-7a53-4d7e-9d6b-2f2a4b8c9e01',
    email: 'ada@example.org',
    name: 'Ada',
    role: 'contributor',
    createdAt: '2026-11-24T10:00:00.000Z',
    ageGroup: null,
    gender: null,
    dialect: null,
  };
  // A stand-in for the network: ky's own fetch option answering with a fixed body.
  const answering = (body: unknown) =>
    ky.create({
      prefixUrl: 'http://api.test',
      retry: 0,
      fetch: () => Promise.resolve(Response.json(body)),
    });

  it('returns the parsed answer when it matches', async () => {
    const answer = await requestJson(userResponseSchema, () => answering({ user }).get('auth/me'));
    expect(answer.user.email).toBe(user.email);
  });

  it('refuses an answer that does not match, naming what differs', async () => {
    const error = await requestJson(userResponseSchema, () =>
      answering({ user: { ...user, role: 'owner' } }).get('auth/me'),
    ).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      message: ERROR_TEXTS.unreadable,
      status: 200,
      code: CLIENT_ERROR_CODES.unreadable,
      details: [expect.objectContaining({ path: 'user.role' })],
    });
  });
});
