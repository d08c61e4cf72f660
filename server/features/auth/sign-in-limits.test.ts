// The delay on wrong passwords past an account's limit grows with them and stays bounded: never a lockout.
import { describe, expect, it } from 'vitest';
import { AUTH_FAILURE_DELAY_BASE_MS, AUTH_FAILURE_DELAY_MAX_MS } from '../../../core/constants.ts';
import { accountKey, failureDelayMs } from './sign-in-limits.ts';

describe('failureDelayMs', () => {
  it('holds nothing up to the limit, then doubles up to the ceiling', () => {
    expect([-1, 0].map(failureDelayMs)).toEqual([0, 0]);
    const delays = [1, 2, 3, 4, 5, 6, 7].map(failureDelayMs);
    expect(delays[0]).toBe(AUTH_FAILURE_DELAY_BASE_MS);
    expect(delays[1]).toBe(2 * AUTH_FAILURE_DELAY_BASE_MS);
    for (let i = 1; i < delays.length; i += 1) expect(delays[i]).toBeGreaterThanOrEqual(delays[i - 1]!);
    expect(delays.at(-1)).toBe(AUTH_FAILURE_DELAY_MAX_MS);
  });

  it('stays at the ceiling however many failures there were', () => {
    for (const n of [100, 10_000, Number.MAX_SAFE_INTEGER])
      expect(failureDelayMs(n)).toBe(AUTH_FAILURE_DELAY_MAX_MS);
  });
});

describe('accountKey', () => {
  it('keys an email whatever its case and surrounding spaces', () => {
    expect(accountKey('  Ama@Example.ORG ')).toBe('ama@example.org');
  });
});
