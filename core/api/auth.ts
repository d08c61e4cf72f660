// Account schemas: one definition gives the server's validation, the forms' rules and the types.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { PASSWORD_MIN_LENGTH } from '../constants.ts';

/** RFC 5321's limit on an address's length. */
export const EMAIL_MAX_LENGTH = 254;

/**
 * Product-spec section 5: text, @, text, dot, text (no white space, one @, a dot inside the domain). Checked in
 * linear time on a length-bounded string: the pattern `^[^\s@]+@[^\s@]+\.[^\s@]+$` it replaces backtracks
 * quadratically on `a@b.b.b.…@` and let one request hold the server for seconds.
 */
export function isEmailAddress(text: string): boolean {
  if (text.length > EMAIL_MAX_LENGTH || /\s/.test(text)) return false;
  const at = text.indexOf('@');
  if (at <= 0 || at !== text.lastIndexOf('@')) return false;
  const domain = text.slice(at + 1);
  const dot = domain.indexOf('.', 1);
  return dot !== -1 && dot <= domain.length - 2;
}

/** The sign-up and sign-in checks of product-spec section 5 (their English is in ./texts.ts). */
export const VALIDATION_MESSAGES = {
  nameRequired: validationText('nameRequired'),
  emailRequired: validationText('emailRequired'),
  emailInvalid: validationText('emailInvalid'),
  passwordRequired: validationText('passwordRequired'),
  passwordTooShort: validationText('passwordTooShort', { min: PASSWORD_MIN_LENGTH }),
  passwordsDoNotMatch: validationText('passwordsDoNotMatch'),
  termsRequired: validationText('termsRequired'),
} as const;

export const emailSchema = z
  .string({ error: VALIDATION_MESSAGES.emailRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.emailRequired)
  .max(EMAIL_MAX_LENGTH, VALIDATION_MESSAGES.emailInvalid)
  .refine(isEmailAddress, VALIDATION_MESSAGES.emailInvalid)
  .transform((email) => email.toLowerCase());

export const nameSchema = z
  .string({ error: VALIDATION_MESSAGES.nameRequired })
  .trim()
  .min(1, VALIDATION_MESSAGES.nameRequired)
  .max(120, validationText('nameTooLong', { max: 120 }));

export const newPasswordSchema = z
  .string({ error: VALIDATION_MESSAGES.passwordRequired })
  .min(1, VALIDATION_MESSAGES.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, VALIDATION_MESSAGES.passwordTooShort)
  .max(1024, validationText('passwordTooLong', { max: 1024 }));

export const signupRequestSchema = z.object({
  name: nameSchema,
  email: emailSchema,
  password: newPasswordSchema,
});
export type SignupRequest = z.input<typeof signupRequestSchema>;

export const loginRequestSchema = z.object({
  email: emailSchema,
  password: z
    .string({ error: VALIDATION_MESSAGES.passwordRequired })
    .min(1, VALIDATION_MESSAGES.passwordRequired)
    .max(1024),
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const ROLES = ['contributor', 'admin'] as const;
export const roleSchema = z.enum(ROLES);
export type Role = z.infer<typeof roleSchema>;

/** Speaker profile: copied onto each recording when it is stored, so datasets can be balanced. */
export const PREFER_NOT_TO_SAY = 'prefer_not_to_say';
export const AGE_GROUPS = ['18-29', '30-44', '45-59', '60+', PREFER_NOT_TO_SAY] as const;
export const GENDERS = ['female', 'male', 'other', PREFER_NOT_TO_SAY] as const;
export const DIALECT_MAX_LENGTH = 120;
export const ageGroupSchema = z.enum(AGE_GROUPS, { error: 'Choose an age group from the list' });
export const genderSchema = z.enum(GENDERS, { error: 'Choose a gender from the list' });
/** Dialect or home village, free text; empty clears it. */
export const dialectSchema = z
  .string({ error: 'Dialect or village must be text' })
  .trim()
  .max(DIALECT_MAX_LENGTH, validationText('dialectTooLong', { max: DIALECT_MAX_LENGTH }))
  .transform((text) => text || null);
export type AgeGroup = z.infer<typeof ageGroupSchema>;
export type Gender = z.infer<typeof genderSchema>;

export const speakerProfileSchema = z.object({
  ageGroup: ageGroupSchema.nullable(),
  gender: genderSchema.nullable(),
  dialect: z.string().nullable(),
});
export type SpeakerProfile = z.infer<typeof speakerProfileSchema>;

export const userSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  createdAt: z.string(),
  ageGroup: ageGroupSchema.nullable(),
  gender: genderSchema.nullable(),
  dialect: z.string().nullable(),
});
export type User = z.infer<typeof userSchema>;

export const authResponseSchema = z.object({ token: z.string(), user: userSchema });
export const userResponseSchema = z.object({ user: userSchema });
export const usersResponseSchema = z.object({ users: z.array(userSchema) });

/** PATCH /api/auth/me: any of the name and the speaker profile (null clears a speaker field). */
export const updateProfileRequestSchema = z
  .object({
    name: nameSchema.optional(),
    ageGroup: ageGroupSchema.nullable().optional(),
    gender: genderSchema.nullable().optional(),
    dialect: dialectSchema.nullable().optional(),
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), {
    message: 'Send at least one of name, ageGroup, gender, dialect',
  });

export const changePasswordRequestSchema = z.object({
  currentPassword: z.string().min(1, VALIDATION_MESSAGES.passwordRequired),
  newPassword: newPasswordSchema,
});

export const resetPasswordRequestSchema = z.object({
  token: z.string().min(20, validationText('resetLinkInvalid')).max(200),
  newPassword: newPasswordSchema,
});

export const setRoleRequestSchema = z.object({ role: roleSchema });

export const resetLinkResponseSchema = z.object({ token: z.string(), expiresAt: z.string() });

/** Signup form rules (client side), including the confirm and terms fields the server does not see. */
export const signupFormSchema = signupRequestSchema
  .extend({
    confirmPassword: z.string(),
    acceptTerms: z.literal(true, { error: VALIDATION_MESSAGES.termsRequired }),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ['confirmPassword'],
    message: VALIDATION_MESSAGES.passwordsDoNotMatch,
  });

export { displayName } from '../display-name.ts';
