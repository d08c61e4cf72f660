import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, retryAfterMs } from './backoff.ts';

describe('backoffDelay', () => {
  it('starts near one second and doubles', () => {
    const high = () => 1;
    expect(backoffDelay(1, high)).toBe(1_000);
    expect(backoffDelay(2, high)).toBe(2_000);
    expect(backoffDelay(3, high)).toBe(4_000);
    expect(backoffDelay(1, () => 0)).toBe(500);
  });

  it('never exceeds the five-minute cap, however many failures', () => {
    expect(backoffDelay(9, () => 1)).toBe(256_000);
    expect(backoffDelay(10, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1_000, () => 1)).toBe(BACKOFF_CAP_MS);
    expect(backoffDelay(1_000, () => 0)).toBe(BACKOFF_CAP_MS / 2);
  });

  it('spreads retries with jitter between half and all of the step', () => {
    const delays = Array.from({ length: 200 }, () => backoffDelay(4));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(8_000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});

describe('retryAfterMs', () => {
  it('reads seconds and HTTP dates', () => {
    expect(retryAfterMs('3', 0)).toBe(3_000);
    expect(retryAfterMs(new Date(10_000).toUTCString(), 4_000)).toBe(6_000);
    expect(retryAfterMs(null, 0)).toBeNull();
    expect(retryAfterMs('soon', 0)).toBeNull();
  });
});
