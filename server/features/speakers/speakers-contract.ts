// What the speaker routes tell the published contract beyond their zod schemas (server/lib/route-contract.ts):
// the multipart bodies of consent evidence and the refusals of the files, kept apart from the handlers.
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { speakerConsentFieldsSchema } from '../../../core/api/speakers.ts';
import { idempotentContract } from '../../lib/idempotency.ts';
import { fileAnswer, multipartBody, type RouteContractConfig } from '../../lib/route-contract.ts';

/** A spoken consent recording or a photo of the signed form. */
const EVIDENCE_TYPES = 'audio/*, image/jpeg, image/png, image/webp';

const EVIDENCE_ERRORS = [
  { status: 400, code: ERROR_CODES.emptyFile },
  { status: 409, code: ERROR_CODES.conflict },
  { status: 413, code: ERROR_CODES.fileTooLarge },
  { status: 415, code: ERROR_CODES.validation },
  { status: 415, code: ERROR_CODES.unsupportedAudio },
  { status: 422, code: ERROR_CODES.imageTooLarge },
  { status: 422, code: ERROR_CODES.unreadableImage },
  { status: 422, code: ERROR_CODES.unreadableAudio },
  { status: 422, code: ERROR_CODES.truncatedAudio },
  { status: 422, code: ERROR_CODES.unsupportedAudio },
  { status: 503, code: ERROR_CODES.unavailable },
];

/** POST /api/speakers/:id/consent: the consent (JSON field) with its first evidence file. */
export const CONSENT_WITH_EVIDENCE: RouteContractConfig = {
  ...idempotentContract(...EVIDENCE_ERRORS),
  requestBody: multipartBody({
    description: 'The consent as JSON in the field "consent" and what shows it in the field "evidence".',
    files: { evidence: EVIDENCE_TYPES },
    jsonFields: { consent: speakerConsentFieldsSchema },
  }),
};

/** POST /api/speakers/:id/consent/:consentId/evidence/:kind: one more file for a consent already sent. */
export const MORE_EVIDENCE: RouteContractConfig = {
  ...idempotentContract(...EVIDENCE_ERRORS),
  requestBody: multipartBody({
    description: 'The file in the field "evidence".',
    files: { evidence: EVIDENCE_TYPES },
  }),
};

/** GET /api/admin/speakers/:id/evidence/:evidenceId: the file as kept. */
export const EVIDENCE_FILE: RouteContractConfig = {
  answers: [fileAnswer('The evidence file (a recording or a photo).', ['audio/*', 'image/*'])],
};
