// The error shape every API failure answers with, and the codes the server uses.
import { z } from 'zod';

export const apiErrorSchema = z.object({
  message: z.string(),
  code: z.string().optional(),
  details: z.unknown().optional(),
});
export type ApiErrorBody = z.infer<typeof apiErrorSchema>;

/**
 * One error answer an operation can give: its HTTP status and the `code` of its body. A route (or a mutation's
 * declaration) lists the answers only it gives; the published contract adds those every route of its kind gives.
 */
export interface ErrorAnswer {
  status: number;
  code: string;
}

/** The answer of an action with nothing else to say. */
export const okSchema = z.object({ ok: z.literal(true) });

export const ERROR_CODES = {
  validation: 'VALIDATION_FAILED',
  unauthenticated: 'UNAUTHENTICATED',
  forbidden: 'FORBIDDEN',
  notFound: 'NOT_FOUND',
  conflict: 'CONFLICT',
  emailTaken: 'EMAIL_TAKEN',
  invalidCredentials: 'INVALID_CREDENTIALS',
  rateLimited: 'RATE_LIMITED',
  invalidResetToken: 'INVALID_RESET_TOKEN',
  lastAdmin: 'LAST_ADMIN',
  internal: 'INTERNAL',
  unavailable: 'UNAVAILABLE',
  /** 503 with Retry-After: too many database-bound requests at once (server/lib/admission.ts); retry later. */
  serverBusy: 'SERVER_BUSY',
  invalidIdempotencyKey: 'INVALID_IDEMPOTENCY_KEY',
  idempotencyKeyReused: 'IDEMPOTENCY_KEY_REUSED',
  idempotencyKeyInFlight: 'IDEMPOTENCY_KEY_IN_FLIGHT',
  invalidImport: 'INVALID_IMPORT',
  importTooLarge: 'IMPORT_TOO_LARGE',
  consentRequired: 'CONSENT_REQUIRED',
  fileTooLarge: 'FILE_TOO_LARGE',
  emptyFile: 'EMPTY_FILE',
  unsupportedAudio: 'UNSUPPORTED_AUDIO',
  truncatedAudio: 'TRUNCATED_AUDIO',
  unreadableAudio: 'UNREADABLE_AUDIO',
  audioTooLong: 'AUDIO_TOO_LONG',
  checksumMismatch: 'CHECKSUM_MISMATCH',
  recordingIdTaken: 'RECORDING_ID_TAKEN',
  uploadOffsetConflict: 'UPLOAD_OFFSET_CONFLICT',
  uploadGone: 'UPLOAD_GONE',
  uploadProtocol: 'UPLOAD_PROTOCOL',
  /** 429 of a tus creation: the account's unfinished uploads are at UPLOAD_QUOTA_OPEN_UPLOADS or _BYTES. */
  uploadQuota: 'UPLOAD_QUOTA',
  /** 422 of consent evidence: a photo whose header declares more pixels than CONSENT_PHOTO_MAX_EDGE/_PIXELS. */
  imageTooLarge: 'IMAGE_TOO_LARGE',
  /** 422 of consent evidence: a photo that does not decode whole (truncated, damaged, not what it claims). */
  unreadableImage: 'UNREADABLE_IMAGE',
  rangeNotSatisfiable: 'RANGE_NOT_SATISFIABLE',
  notTrained: 'NOT_TRAINED',
  /** 409 of POST /api/translation/save; details: editConflictDetailsSchema (core/api/translation.ts). */
  editConflict: 'EDIT_CONFLICT',
  /** 403 of the review routes: nobody reviews their own clip or translation (issue 15). */
  ownContribution: 'OWN_CONTRIBUTION',
  /** 422 of POST /api/i18n/proposals: placeholders or plurals differ from the English (issue 18). */
  translationProblems: 'TRANSLATION_PROBLEMS',
  /**
   * 404 of a vote, report, review or transcript whose item is gone for good (deleted, its speaker withdrew
   * consent, no longer open): nobody can fix it, so the phone's outbox drops it with a notice (issue 29).
   */
  itemGone: 'ITEM_GONE',
  /**
   * 400: the body is not what its Content-Type says (JSON that does not parse, or a Content-Length its bytes do
   * not match). Fastify's own refusals are answered with this and the two codes below (server/plugins/errors.ts).
   */
  malformedBody: 'MALFORMED_BODY',
  /** 413: the body is larger than the address takes (a JSON body: 1 MB, 16 KB for sign-in and sign-up). */
  bodyTooLarge: 'BODY_TOO_LARGE',
  /** 415: the body's Content-Type is not one the address takes. */
  unsupportedMediaType: 'UNSUPPORTED_MEDIA_TYPE',
} as const;

export { CLIENT_ERROR_CODES, CLIENT_ERROR_TEXTS } from './client-errors.ts';
