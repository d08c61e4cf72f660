// Application errors carrying an HTTP status and a stable code; answered as { message, code?, details? }.
import { ERROR_CODES } from '../core/api/errors.ts';
import { errorCodes } from '../core/i18n/messages/errors.ts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
    /** Headers the answer carries (a 416's Content-Range). */
    readonly headers?: Readonly<Record<string, string>>,
  ) {
    super(message);
  }
}

export const unauthenticated = (message = errorCodes.unauthenticated.message) =>
  new AppError(401, message, ERROR_CODES.unauthenticated);
export const forbidden = (message = errorCodes.forbidden.message) =>
  new AppError(403, message, ERROR_CODES.forbidden);
export const notFound = (message = errorCodes.notFound.message) =>
  new AppError(404, message, ERROR_CODES.notFound);
/** What a vote, review or transcript was about is gone for good (ERROR_CODES.itemGone). */
export const itemGone = (message: string) => new AppError(404, message, ERROR_CODES.itemGone);
export const conflict = (message: string, code: string = ERROR_CODES.conflict, details?: unknown) =>
  new AppError(409, message, code, details);
