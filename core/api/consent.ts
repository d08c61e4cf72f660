// Consent: what a contributor may grant, and the status the app reads.
import { z } from 'zod';
import { CONSENT_TYPES } from '../constants.ts';

/** Version of the consent forms in public/docs; stored with every ledger entry. */
export const CONSENT_FORM_VERSION = '2026-11-v1';

export const consentTypeSchema = z.enum(CONSENT_TYPES, {
  error: 'Choose one of: recording, translation or full',
});

export const consentSubmitSchema = z.object({ consent_type: consentTypeSchema });
export type ConsentSubmit = z.infer<typeof consentSubmitSchema>;

export const consentStatusSchema = z.object({
  recording: z.boolean(),
  translation: z.boolean(),
  formVersion: z.string().nullable(),
  updatedAt: z.string().nullable(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** What a grant of each type covers. */
export function consentCovers(type: z.infer<typeof consentTypeSchema>): {
  recording: boolean;
  translation: boolean;
} {
  return { recording: type !== 'translation', translation: type !== 'recording' };
}
