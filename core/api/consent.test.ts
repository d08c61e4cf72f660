// The consent rule's one table: every type covers exactly what it names.
import { describe, expect, it } from 'vitest';
import { CONSENT_TYPES } from '../constants.ts';
import {
  CONSENT_COVERAGE,
  CONSENT_FORM_VERSION,
  CONSENT_SCOPES,
  consentCovers,
  consentStatusSchema,
  consentSubmitSchema,
  consentWithdrawSchema,
  newestConsentEvent,
  statusAfter,
  typeGiving,
  typesCovering,
} from './consent.ts';

describe('consent coverage', () => {
  it('has a row for every consent type and a column for every scope', () => {
    expect(Object.keys(CONSENT_COVERAGE).sort()).toEqual([...CONSENT_TYPES].sort());
    for (const type of CONSENT_TYPES)
      expect(Object.keys(CONSENT_COVERAGE[type]).sort()).toEqual([...CONSENT_SCOPES].sort());
  });

  it('covers what each type names, and full covers both', () => {
    expect(consentCovers('recording')).toEqual({ recording: true, translation: false });
    expect(consentCovers('translation')).toEqual({ recording: false, translation: true });
    expect(consentCovers('full')).toEqual({ recording: true, translation: true });
    expect(typesCovering('recording')).toEqual(['recording', 'full']);
    expect(typesCovering('translation')).toEqual(['translation', 'full']);
  });
});

describe('typeGiving', () => {
  it('is the inverse of the coverage table: each type from the status its grant gives, none from nothing', () => {
    for (const type of CONSENT_TYPES) expect(typeGiving(consentCovers(type))).toBe(type);
    expect(typeGiving({ recording: false, translation: false })).toBeNull();
  });
});

describe('statusAfter', () => {
  const at = '2026-11-25T08:00:00.000Z';

  it('covers nothing, from no form and at no time, before any event', () => {
    expect(statusAfter(undefined)).toStrictEqual({
      recording: false,
      translation: false,
      formVersion: null,
      updatedAt: null,
    });
  });

  it('a grant covers what its type names; a withdrawal ends it; both keep their form and time', () => {
    expect(
      statusAfter({ action: 'grant', consentType: 'recording', formVersion: 'v-test', at }),
    ).toStrictEqual({
      recording: true,
      translation: false,
      formVersion: 'v-test',
      updatedAt: at,
    });
    expect(statusAfter({ action: 'withdraw', consentType: 'full', formVersion: 'v-test', at })).toStrictEqual(
      {
        recording: false,
        translation: false,
        formVersion: 'v-test',
        updatedAt: at,
      },
    );
  });

  it('gives a status the API answers with as it is', () => {
    const status = statusAfter({
      action: 'grant',
      consentType: 'full',
      formVersion: CONSENT_FORM_VERSION,
      at,
    });
    expect(consentStatusSchema.parse(status)).toStrictEqual(status);
  });
});

describe('consent forms and the submit body', () => {
  it('the form version starts with the year and month of the forms (the consent documents are dated from it)', () => {
    expect(CONSENT_FORM_VERSION).toMatch(/^\d{4}-\d{2}/);
  });

  it('accepts every consent type and names them all when the type is unknown', () => {
    for (const type of CONSENT_TYPES)
      expect(consentSubmitSchema.parse({ consent_type: type })).toStrictEqual({ consent_type: type });
    const unknown = consentSubmitSchema.safeParse({ consent_type: 'everything' });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues.map((issue) => [issue.path, issue.message])).toEqual([
      [['consent_type'], 'Choose one of: recording, translation or full'],
    ]);
  });
});

describe('the newest consent event', () => {
  it('is the one placed last in the ledger, whatever order the events are read in', () => {
    const at = '2026-11-20T08:00:00.000Z';
    const grant = { seq: 5, action: 'grant' as const, consentType: 'full' as const, formVersion: '1', at };
    // Made later by the clock, placed earlier in the ledger: the place decides.
    const withdrawal = { ...grant, seq: 3, action: 'withdraw' as const, at: '2026-11-21T08:00:00.000Z' };
    expect(newestConsentEvent([grant, withdrawal])).toBe(grant);
    expect(newestConsentEvent([withdrawal, grant])).toBe(grant);
    expect(newestConsentEvent([])).toBeUndefined();
  });

  it('keeps when a withdrawal happened on the phone', () => {
    expect(consentWithdrawSchema.parse({ withdrawnAt: '2026-11-20T08:00:00.000Z' })).toEqual({
      withdrawnAt: '2026-11-20T08:00:00.000Z',
    });
  });
});
