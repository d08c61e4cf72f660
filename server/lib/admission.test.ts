// The admission gate: places up to the limit, a queue served in order, and refusals with Retry-After once the
// queue is full or a wait runs out (fake timers: no test waits in real time).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdmissionGate, ADMISSION_RETRY_AFTER_MAX_SECONDS, type Admission } from './admission.ts';

function released(admission: Admission): () => void {
  if (!admission.admitted) throw new Error('expected a place');
  return admission.release;
}

describe('AdmissionGate', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('admits up to the limit, queues the next in order and turns away beyond the queue', async () => {
    const gate = new AdmissionGate({ maxInFlight: 2, maxQueue: 2, maxWaitMs: 5_000 });
    const first = released(await gate.enter());
    released(await gate.enter());
    const order: string[] = [];
    const third = gate.enter().then((admission) => {
      order.push('third');
      return admission;
    });
    const fourth = gate.enter().then((admission) => {
      order.push('fourth');
      return admission;
    });
    const fifth = await gate.enter();
    expect(fifth).toMatchObject({ admitted: false });
    expect(gate.rejected).toBe(1);
    expect(gate.queued).toBe(2);

    first();
    first(); // a second release of the same place changes nothing
    expect((await third).admitted).toBe(true);
    expect(order).toEqual(['third']);
    expect(gate.inFlight).toBe(2);
    expect(gate.queued).toBe(1);
    released(await third)();
    expect((await fourth).admitted).toBe(true);
    expect(order).toEqual(['third', 'fourth']);
  });

  it('turns a waiting request away when its wait runs out, and serves the next one', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 5, maxWaitMs: 5_000 });
    const holder = released(await gate.enter());
    const waiting = gate.enter();
    await vi.advanceTimersByTimeAsync(5_000);
    const answer = await waiting;
    expect(answer.admitted).toBe(false);
    if (!answer.admitted) expect(answer.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(gate.queued).toBe(0);
    const next = gate.enter();
    holder();
    expect((await next).admitted).toBe(true);
  });

  it('with no queue, turns away as soon as every place is taken', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 0, maxWaitMs: 1_000 });
    const holder = released(await gate.enter());
    expect((await gate.enter()).admitted).toBe(false);
    holder();
    expect((await gate.enter()).admitted).toBe(true);
  });

  it('asks for longer waits as the line grows, within 1 s and the cap', async () => {
    const gate = new AdmissionGate({ maxInFlight: 1, maxQueue: 10_000, maxWaitMs: 600_000 });
    expect(gate.retryAfterSeconds()).toBe(1);
    // Teach the gate that a request holds its place for about 2 s.
    for (let i = 0; i < 60; i += 1) {
      const release = released(await gate.enter());
      vi.advanceTimersByTime(2_000);
      release();
    }
    released(await gate.enter());
    for (let i = 0; i < 4; i += 1) void gate.enter();
    const short = gate.retryAfterSeconds();
    for (let i = 0; i < 1_000; i += 1) void gate.enter();
    const long = gate.retryAfterSeconds();
    expect(short).toBeGreaterThan(1);
    expect(long).toBeGreaterThan(short);
    expect(long).toBe(ADMISSION_RETRY_AFTER_MAX_SECONDS);
  });

  it('refuses limits that are not whole numbers', () => {
    expect(() => new AdmissionGate({ maxInFlight: 0, maxQueue: 1, maxWaitMs: 1 })).toThrow(/maxInFlight/);
    expect(() => new AdmissionGate({ maxInFlight: 1, maxQueue: -1, maxWaitMs: 1 })).toThrow(/maxQueue/);
    expect(() => new AdmissionGate({ maxInFlight: 1, maxQueue: 1, maxWaitMs: 1.5 })).toThrow(/maxWaitMs/);
  });
});
