// What the speaker routes tell the published contract beyond their zod schemas (server/lib/route-contract.ts):
// the multipart bodies of consent evidence (their refusals are declared with the kinds, core/api/mutations.ts).
import { speakerConsentFieldsSchema } from '../../../core/api/speakers.ts';
import { fileAnswer, multipartBody, type RouteContractConfig } from '../../lib/route-contract.ts';

/** A spoken consent recording or a photo of the signed form. */
const EVIDENCE_TYPES = 'audio/*, image/jpeg, image/png, image/webp';

/** POST /api/speakers/:id/consent: the consent (JSON field) with its first evidence file. */
export const CONSENT_WITH_EVIDENCE = multipartBody({
  description: 'The consent as JSON in the field "consent" and what shows it in the field "evidence".',
  files: { evidence: EVIDENCE_TYPES },
  jsonFields: { consent: speakerConsentFieldsSchema },
});

/** POST /api/speakers/:id/consent/:consentId/evidence/:kind: one more file for a consent already sent. */
export const MORE_EVIDENCE = multipartBody({
  description: 'The file in the field "evidence".',
  files: { evidence: EVIDENCE_TYPES },
});

/** GET /api/admin/speakers/:id/evidence/:evidenceId: the file as kept. */
export const EVIDENCE_FILE: RouteContractConfig = {
  answers: [fileAnswer('The evidence file (a recording or a photo).', ['audio/*', 'image/*'])],
};
