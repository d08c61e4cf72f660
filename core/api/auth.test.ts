// The email check: the spec's rule (text, @, text, dot, text), answered in linear time for any input.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX_LENGTH, emailSchema, isEmailAddress } from './auth.ts';

/** The pattern the spec describes, kept here only as the reference the linear check must agree with. */
const SPEC_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

describe('isEmailAddress', () => {
  it('accepts and refuses what the spec says', () => {
    for (const good of ['a@b.co', 'first.last@mail.example.org', 'x@y.z', 'a.b@c..d']) {
      expect(isEmailAddress(good), good).toBe(true);
    }
    for (const bad of ['', 'a', 'a@', '@b.co', 'a@b', 'a@.co', 'a@b.', 'a@b@c.d', 'a b@c.d', 'a@b.c\n']) {
      expect(isEmailAddress(bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('agrees with the spec pattern on every short address', () => {
    const text = fc.string({ unit: fc.constantFrom('a', 'b', '.', '@', ' ', '\t', 'é'), maxLength: 12 });
    fc.assert(
      fc.property(text, (candidate) => isEmailAddress(candidate) === SPEC_PATTERN.test(candidate)),
      { seed: 12, numRuns: 5_000 },
    );
  });

  it('refuses addresses longer than RFC 5321 allows, and the pattern that used to backtrack', () => {
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX_LENGTH - 6)}@b.com`)).toBe(true);
    expect(isEmailAddress(`${'a'.repeat(EMAIL_MAX_LENGTH - 5)}@b.com`)).toBe(false);
    expect(isEmailAddress(`a@${'b.'.repeat(500_000)}@`)).toBe(false);
    const parsed = emailSchema.safeParse(`a@${'b.'.repeat(500_000)}@`);
    expect(parsed.success).toBe(false);
  });
});
