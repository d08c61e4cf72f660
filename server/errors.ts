// Application errors carrying an HTTP status and a stable code; answered as { message, code?, details? }.
import { ERROR_CODES } from '../core/api/errors.ts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export const unauthenticated = (message = 'Please sign in to continue.') =>
  new AppError(401, message, ERROR_CODES.unauthenticated);
export const forbidden = (message = 'You do not have permission to do this.') =>
  new AppError(403, message, ERROR_CODES.forbidden);
export const notFound = (message = 'Not found.') => new AppError(404, message, ERROR_CODES.notFound);
export const conflict = (message: string, code: string = ERROR_CODES.conflict, details?: unknown) =>
  new AppError(409, message, code, details);
