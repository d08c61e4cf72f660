// The consent rule's one table: every type covers exactly what it names.
import { describe, expect, it } from 'vitest';
import { CONSENT_TYPES } from '../constants.ts';
import { CONSENT_COVERAGE, CONSENT_SCOPES, consentCovers, typeGiving, typesCovering } from './consent.ts';

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
