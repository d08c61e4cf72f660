// Consent: what a contributor may grant, and the status the app reads.
import { z } from 'zod';
import { CONSENT_TYPES, type ConsentType } from '../constants.ts';
import { clientTimeSchema } from './input.ts';

/** Version of the consent forms in public/docs; stored with every ledger entry. */
export const CONSENT_FORM_VERSION = '2026-11-v1';

export const consentTypeSchema = z.enum(CONSENT_TYPES, {
  error: 'Choose one of: recording, translation or full',
});

export const consentSubmitSchema = z.object({
  consent_type: consentTypeSchema,
  /** When it was given on the phone, by its clock (absent from older phones: the arrival time stands). */
  givenAt: clientTimeSchema.optional(),
});

/**
 * POST /api/consent/withdraw: when it was withdrawn on the phone. Older clients send no body (Fastify reads null)
 * or {}: the arrival time stands.
 */
export const consentWithdrawSchema = z.object({ withdrawnAt: clientTimeSchema.optional() }).nullish();

export const consentStatusSchema = z.object({
  recording: z.boolean(),
  translation: z.boolean(),
  formVersion: z.string().nullable(),
  /** When the deciding event happened (on the phone, by its clock, when it sent a plausible time; else its arrival). */
  updatedAt: z.string().nullable(),
});
export type ConsentStatus = z.infer<typeof consentStatusSchema>;

/** The kinds of contribution a consent can cover. */
export const CONSENT_SCOPES = ['recording', 'translation'] as const;
export type ConsentScope = (typeof CONSENT_SCOPES)[number];

/**
 * What a grant of each type covers: the one table of the consent rule. The server's SQL (which users'
 * contributions count), its upload and export gates and the phone's checks are all derived from it; a new
 * consent type is a new row here (and in CONSENT_TYPES), covering nothing it does not name.
 */
export const CONSENT_COVERAGE: Record<ConsentType, Record<ConsentScope, boolean>> = {
  recording: { recording: true, translation: false },
  translation: { recording: false, translation: true },
  full: { recording: true, translation: true },
};

/** What a grant of this type covers. */
export function consentCovers(type: ConsentType): Record<ConsentScope, boolean> {
  return { ...CONSENT_COVERAGE[type] };
}

/** The consent type whose grant gives this status (the inverse of CONSENT_COVERAGE); null when nothing is covered. */
export function typeGiving(status: Pick<ConsentStatus, ConsentScope>): ConsentType | null {
  return (
    CONSENT_TYPES.find((type) =>
      CONSENT_SCOPES.every((scope) => CONSENT_COVERAGE[type][scope] === status[scope]),
    ) ?? null
  );
}

/** The consent types whose grant covers a scope (for SQL: `consent_type in (...)`). */
export function typesCovering(scope: ConsentScope): ConsentType[] {
  return CONSENT_TYPES.filter((type) => CONSENT_COVERAGE[type][scope]);
}

/** One row of the consent ledger, as the rule reads it. */
export interface ConsentEvent {
  action: 'grant' | 'withdraw';
  consentType: ConsentType;
  formVersion: string;
  /** ISO time the event was made. */
  at: string;
}

/** A ledger event with its place in the ledger: the server's consent_events id, the phone's outbox seq. */
export interface PlacedConsentEvent extends ConsentEvent {
  seq: number;
}

/**
 * Which event of a ledger is the newest: the one placed last (the highest seq). Its time does not decide: the
 * events of one transaction share a time and clocks can run back, while the ledger's order cannot. The server's
 * SQL (server/features/consent/consent-sql.ts, currentConsents) orders by the same place, and
 * tests/server/consent-rule.test.ts runs both on the same random histories.
 */
export function newestConsentEvent<E extends PlacedConsentEvent>(events: Iterable<E>): E | undefined {
  let newest: E | undefined;
  for (const event of events) if (!newest || event.seq > newest.seq) newest = event;
  return newest;
}

/**
 * The status an event leaves: a grant covers what its type covers; a withdrawal (or no event) covers nothing, so
 * a withdrawal ends every grant before it.
 */
export function statusAfter(event: ConsentEvent | undefined): ConsentStatus {
  const covers =
    event?.action === 'grant' ? consentCovers(event.consentType) : { recording: false, translation: false };
  return { ...covers, formVersion: event?.formVersion ?? null, updatedAt: event?.at ?? null };
}

/**
 * The consent rule: the newest event of a ledger decides. The server reads its ledger with it (in SQL, the same
 * order), and the phone folds the choices waiting in its outbox over the server's status with it, so a choice
 * made offline governs the phone at once.
 */
export function consentStatusOf(events: Iterable<PlacedConsentEvent>): ConsentStatus {
  return statusAfter(newestConsentEvent(events));
}
