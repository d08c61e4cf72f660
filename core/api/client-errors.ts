// The failures the client finds itself, apart from the zod schemas of ./errors.ts so that the first page can
// name them without loading zod.

/** Product-spec section 8: the texts of failures the client finds itself. */
export const CLIENT_ERROR_TEXTS = {
  network: 'Unable to connect to server. Please check if the backend is running.',
  timeout: 'Request timeout. Please try again.',
  fallback: 'An error occurred',
  /** The answer does not match the contract (e.g. the server is newer than this copy of the app). */
  unreadable: 'The server answered in a form this version of the app cannot read. Please reload the page.',
  /** A field speaker's consent evidence waiting to be sent is gone from the phone's storage. */
  evidenceMissing: 'The consent recording or photo is no longer on this phone. Record it again.',
} as const;

/** Codes of failures the client finds itself (the server's are ERROR_CODES). */
export const CLIENT_ERROR_CODES = {
  network: 'NETWORK',
  timeout: 'TIMEOUT',
  unreadable: 'UNREADABLE_RESPONSE',
  evidenceMissing: 'EVIDENCE_MISSING',
} as const;
