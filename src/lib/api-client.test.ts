import { HTTPError, TimeoutError, type NormalizedOptions } from 'ky';
import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, toApiError } from './api-client.ts';

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
