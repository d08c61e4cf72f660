// What the tus endpoint answers on refusal: the error a tus hook throws (answered by @tus/server as it is) and
// the tus server's own plain-text errors turned into { message, code }.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { AppError } from '../../errors.ts';

/** An error a tus hook throws: @tus/server answers its status_code and body. */
export class TusHookError extends Error {
  constructor(
    readonly status_code: number,
    readonly body: string,
  ) {
    super(body);
  }
}

export function hookError(error: AppError): TusHookError {
  return new TusHookError(
    error.statusCode,
    JSON.stringify({ message: error.message, code: error.code, details: error.details }),
  );
}

/** Keeps JSON error bodies (ours); turns the tus server's plain-text errors into { message, code }. */
export function errorBody(status: number, text: string, maxBytes: number): string {
  try {
    const parsed = JSON.parse(text) as { message?: unknown };
    if (typeof parsed.message === 'string') return text;
  } catch {
    // Plain text from @tus/server.
  }
  const known: Record<number, { message: string; code: string }> = {
    404: { message: 'This upload was not found. Start the upload again.', code: ERROR_CODES.notFound },
    409: {
      message:
        'The upload offset does not match what the server has. Ask for the offset (HEAD) and continue from it.',
      code: ERROR_CODES.uploadOffsetConflict,
    },
    410: { message: 'This upload has expired. Start the upload again.', code: ERROR_CODES.uploadGone },
    413: text.startsWith("upload's size exceeded")
      ? {
          message:
            'This request carries more bytes than the upload declared (Upload-Length). Ask for the offset (HEAD) and send only the rest.',
          code: ERROR_CODES.uploadProtocol,
        }
      : { message: fileTooLargeMessage(maxBytes), code: ERROR_CODES.fileTooLarge },
  };
  return JSON.stringify(
    known[status] ?? {
      message: text.trim() || 'The upload request was not valid.',
      code: status >= 500 ? ERROR_CODES.internal : ERROR_CODES.uploadProtocol,
    },
  );
}

/** A size in bytes as people read it: 1.5 MB, 120 KB. */
export function fileSizeText(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`
    : `${Math.round((bytes / 1024) * 10) / 10} KB`;
}

export function fileTooLargeMessage(maxBytes: number): string {
  return `The file is larger than ${fileSizeText(maxBytes)}, the most the server accepts. Record shorter pieces.`;
}
