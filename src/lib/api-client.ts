// The API client (ky): base address from VITE_API_URL, 10 s timeout, bearer token, and the spec's error catalogue.
import ky, { HTTPError, TimeoutError, type ResponsePromise } from 'ky';
import type { ZodType, output } from 'zod';
import type { ApiErrorBody } from '../../core/api/errors.ts';
import { CLIENT_ERROR_CODES, CLIENT_ERROR_TEXTS } from '../../core/api/client-errors.ts';
import { problemsOf } from '../../core/api/problems.ts';
import { REQUEST_TIMEOUT_MS } from '../../core/constants.ts';
import { authStore } from './auth-store.ts';
import { SOURCE_LOCALE } from '../../core/i18n/languages.ts';
import { i18n } from '../i18n/i18n.tsx';

export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '/api';

/** Product-spec section 8 (the English; a phone in another language writes them in it, ./error-texts.ts). */
export const ERROR_TEXTS = CLIENT_ERROR_TEXTS;
export { CLIENT_ERROR_CODES };

export class ApiError extends Error implements ApiErrorBody {
  constructor(
    message: string,
    readonly status: number | null,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
  /** Field errors the server reported, keyed by field name. */
  fieldErrors(): Record<string, string> {
    const result: Record<string, string> = {};
    if (!Array.isArray(this.details)) return result;
    for (const item of this.details as unknown[]) {
      const { path, message } = (item ?? {}) as { path?: unknown; message?: unknown };
      if (typeof path === 'string' && typeof message === 'string' && !(path in result))
        result[path] = message;
    }
    return result;
  }
}

export const api = ky.create({
  prefixUrl: API_BASE_URL,
  timeout: REQUEST_TIMEOUT_MS,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        const token = authStore.getToken();
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
      },
    ],
  },
});

/**
 * Turns anything thrown by a request into an ApiError with the catalogue's message, in the interface's language
 * (English as the spec writes it; another language's words load with the first failure, ./error-texts.ts).
 */
export async function toApiError(error: unknown): Promise<ApiError> {
  const english = await englishApiError(error);
  if (i18n.locale === SOURCE_LOCALE) return english;
  const { localiseApiError } = await import('./error-texts.ts');
  return localiseApiError(english);
}

async function englishApiError(error: unknown): Promise<ApiError> {
  if (error instanceof ApiError) return error;
  if (error instanceof TimeoutError)
    return new ApiError(ERROR_TEXTS.timeout, null, CLIENT_ERROR_CODES.timeout);
  if (error instanceof HTTPError) {
    let body: Partial<ApiErrorBody> = {};
    try {
      body = (await error.response.clone().json()) as Partial<ApiErrorBody>;
    } catch {
      // Not JSON (a proxy's error page, say): fall back to the library text.
    }
    const message =
      typeof body.message === 'string' && body.message ? body.message : error.message || ERROR_TEXTS.fallback;
    return new ApiError(message, error.response.status, body.code, body.details);
  }
  if (error instanceof TypeError) return new ApiError(ERROR_TEXTS.network, null, CLIENT_ERROR_CODES.network);
  if (error instanceof Error && error.message) return new ApiError(error.message, null);
  return new ApiError(ERROR_TEXTS.fallback, null);
}

/**
 * Sends a request whose answer is JSON and parses the answer with the contract's schema (core/api): what the
 * screen gets is what the type says, and an answer that is not is an ApiError naming what differs. The schema
 * is the caller's, so zod loads with the screen that calls, not with the first page.
 */
export function requestJson<S extends ZodType>(schema: S, send: () => ResponsePromise): Promise<output<S>> {
  return request(async () => {
    const response = await send();
    const parsed = schema.safeParse(await response.json());
    if (parsed.success) return parsed.data;
    throw new ApiError(
      ERROR_TEXTS.unreadable,
      response.status,
      CLIENT_ERROR_CODES.unreadable,
      problemsOf(parsed.error),
    );
  });
}

/** Runs a request and rethrows failures as ApiError. */
export async function request<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw await toApiError(error);
  }
}
