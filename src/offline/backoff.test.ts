import { describe, expect, it } from 'vitest';
import { BACKOFF_CAP_MS, backoffDelay, retryAfterDelay, retryAfterMs } from './backoff.ts';

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

describe('retryAfterDelay', () => {
  it('waits what the server asked plus up to half of it again, at least a second of spread', () => {
    expect(retryAfterDelay(10_000, () => 0)).toBe(10_000);
    expect(retryAfterDelay(10_000, () => 1)).toBe(15_000);
    expect(retryAfterDelay(0, () => 1)).toBe(1_000);
    expect(retryAfterDelay(2_000, () => 0.5)).toBe(2_500);
  });

  it('spreads phones told the same Retry-After over the jitter window', () => {
    const delays = Array.from({ length: 200 }, () => retryAfterDelay(4_000));
    expect(Math.min(...delays)).toBeGreaterThanOrEqual(4_000);
    expect(Math.max(...delays)).toBeLessThanOrEqual(6_000);
    expect(new Set(delays).size).toBeGreaterThan(50);
  });
});
