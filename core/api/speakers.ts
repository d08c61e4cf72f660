// Field speakers (issue 16): people recorded by a contributor in the field who have no account of their own.
// A speaker is kept apart from accounts: their name (or the pseudonym they chose) is seen by who added them and
// by admins only; exports and dashboards show a random pseudonym made by the server. Each speaker has a consent
// of their own in the same ledger as accounts (the same types and rule, core/api/consent.ts), recorded on the
// phone before their first clip with what shows it: a spoken consent recording and/or a photo of the signed
// form. Their clips are theirs: their consent governs them everywhere an account's consent governs its own.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { clientTimeSchema } from './input.ts';
import { ageGroupSchema, dialectSchema, genderSchema } from './auth.ts';
import { consentStatusSchema, consentTypeSchema } from './consent.ts';

export const SPEAKER_NAME_MAX = 80;
export const SPEAKER_REASON_MAX = 500;
/** The largest spoken consent recording (a few minutes of Opus is well under 2 MB). */
export const CONSENT_EVIDENCE_AUDIO_MAX_BYTES = 10 * 1024 * 1024;
/** The largest photo of a signed form (the phone scales photos down to SPEAKER_PHOTO_MAX_EDGE first). */
export const CONSENT_EVIDENCE_PHOTO_MAX_BYTES = 8 * 1024 * 1024;
/** Longest edge, in pixels, of the photo the phone keeps and sends: a signed form stays legible. */
export const SPEAKER_PHOTO_MAX_EDGE = 1600;
/**
 * Longest edge, in pixels, a photo of the form may declare: the phone sends SPEAKER_PHOTO_MAX_EDGE, or the camera's
 * own photo when it cannot scale it (a 12 MP phone camera is 4000 x 3000). Checked in the header before decoding.
 */
export const CONSENT_PHOTO_MAX_EDGE = 6000;
/** Pixels a photo of the form may declare (a 24 MP camera photo), so that decoding it stays within memory. */
export const CONSENT_PHOTO_MAX_PIXELS = 24_000_000;
/** Image types accepted as a photo of a signed form (sniffed from the bytes). */
export const CONSENT_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;

export const CONSENT_EVIDENCE_KINDS = ['spoken', 'photo'] as const;
export type ConsentEvidenceKind = (typeof CONSENT_EVIDENCE_KINDS)[number];
export const evidenceKindSchema = z.enum(CONSENT_EVIDENCE_KINDS, { error: 'kind must be spoken or photo' });

/** A name without control characters (NUL among them), length bounded before anything else runs. */
const speakerNameSchema = z
  .string({ error: validationText('speakerNameRequired') })
  .max(SPEAKER_NAME_MAX * 4, validationText('speakerNameTooLong', { max: SPEAKER_NAME_MAX }))
  .trim()
  .min(1, validationText('speakerNameRequired'))
  .max(SPEAKER_NAME_MAX, validationText('speakerNameTooLong', { max: SPEAKER_NAME_MAX }))
  // eslint-disable-next-line no-control-regex
  .refine((name) => !/[\u0000-\u001f\u007f]/.test(name), validationText('nameControlCharacters'));

/** POST /api/speakers: a speaker added on a phone; the id is the phone's, so a replay finds the first. */
export const speakerCreateSchema = z.object({
  id: z.uuid('id must be a UUID'),
  name: speakerNameSchema,
  ageGroup: ageGroupSchema.nullable().default(null),
  gender: genderSchema.nullable().default(null),
  dialect: dialectSchema.nullable().default(null),
  /** When the phone added them, by its clock. */
  addedAt: clientTimeSchema.optional(),
});
export type SpeakerCreate = z.input<typeof speakerCreateSchema>;

export const speakerIdParamsSchema = z.object({ id: z.uuid('Unknown speaker') });

/**
 * The fields of POST /api/speakers/:id/consent (multipart field `consent`, JSON) beside the file in field
 * `evidence`: the consent recorded on the phone, under the phone's UUID (a replay finds the first), with what
 * the file is. The same consent's second piece of evidence goes to .../consent/:consentId/evidence.
 */
export const speakerConsentFieldsSchema = z.object({
  id: z.uuid('id must be a UUID'),
  consentType: consentTypeSchema,
  kind: evidenceKindSchema,
  /** When the consent was recorded on the phone, by its clock (absent from older phones). */
  recordedAt: clientTimeSchema.optional(),
});
export type SpeakerConsentFields = z.infer<typeof speakerConsentFieldsSchema>;

export const speakerEvidenceParamsSchema = z.object({
  id: z.uuid('Unknown speaker'),
  consentId: z.uuid('Unknown consent'),
  kind: evidenceKindSchema,
});

/** POST /api/speakers/:id/withdraw: the speaker withdrew; their clips leave exports and training at once. */
export const speakerWithdrawSchema = z.object({
  reason: z
    .string()
    .max(SPEAKER_REASON_MAX * 4)
    .trim()
    .max(SPEAKER_REASON_MAX, validationText('noteTooLong', { max: SPEAKER_REASON_MAX }))
    .optional(),
  /** When the withdrawal was recorded on the phone, by its clock (absent from older phones). */
  withdrawnAt: clientTimeSchema.optional(),
});

export const consentEvidenceSchema = z.object({
  id: z.number().int(),
  kind: evidenceKindSchema,
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  createdAt: z.string(),
});
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;

export const speakerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** What exports and dashboards show. */
  pseudonym: z.string(),
  ageGroup: ageGroupSchema.nullable(),
  gender: genderSchema.nullable(),
  dialect: z.string().nullable(),
  /** When the server received them. */
  createdAt: z.string(),
  /** When they were added on the phone, by its clock; null when not sent or implausible (plausibleRecordedAt). */
  addedAt: z.string().nullable(),
  /** Their consent now (the ledger's newest event decides; `updatedAt`: when it was given on the phone). */
  consent: consentStatusSchema,
  /** Their newest event is a withdrawal. */
  withdrawn: z.boolean(),
  /** Clips attributed to them. */
  clips: z.number().int(),
  /** What shows their consent (kinds only for contributors; admins also open the files). */
  evidence: z.array(consentEvidenceSchema),
  /** Who added them (admins' list only). */
  addedBy: z.object({ id: z.string(), name: z.string() }).nullable().optional(),
});
export type Speaker = z.infer<typeof speakerSchema>;

export const speakerResponseSchema = z.object({ speaker: speakerSchema });
export const speakersResponseSchema = z.object({ speakers: z.array(speakerSchema) });
export const speakerConsentResponseSchema = z.object({
  speaker: speakerSchema,
  consentId: z.string(),
  /** false: this consent (or this piece of evidence) was already stored. */
  created: z.boolean(),
});
export type SpeakerConsentResponse = z.infer<typeof speakerConsentResponseSchema>;

export const adminSpeakersQuerySchema = z.object({
  withdrawn: z.enum(['true', 'false']).optional(),
});
export const speakerEvidenceFileParamsSchema = z.object({
  id: z.uuid('Unknown speaker'),
  evidenceId: z
    .string()
    .max(20)
    .regex(/^[1-9]\d{0,15}$/, 'Unknown evidence'),
});
