// Getting ready for the field: steps run in order, a failure is told in words and does not stop the rest, a
// second request joins the run under way, the result is kept on the phone, and when a start-up prepares again.
import 'fake-indexeddb/auto';
import { beforeEach, describe, expect, it } from 'vitest';
import type { KeptReadiness } from '../../offline/settings-store.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { needsPreparing, READINESS_MAX_AGE_MS } from './auto-prepare.ts';
import {
  isReady,
  prepareForField,
  readinessSummary,
  resetFieldReadiness,
  runSteps,
  type FieldStep,
  type StepState,
} from './field-readiness.ts';

const step = (id: string, run: FieldStep['run']): FieldStep => ({ id, label: `Step ${id}`, run });
const offline = Object.assign(new Error('Failed to fetch'), { status: null });

beforeEach(() => resetFieldReadiness());

describe('runSteps', () => {
  it('runs the steps one after another and reports every change', async () => {
    const order: string[] = [];
    const seen: StepState[][] = [];
    const steps = [
      step('a', ({ report }) => {
        order.push('a');
        report('halfway');
        return Promise.resolve({ status: 'done', detail: '3 sentences' });
      }),
      step('b', () => {
        order.push('b');
        return Promise.reject(offline);
      }),
      step('c', () => {
        order.push('c');
        return Promise.resolve({ status: 'warning', detail: 'not kept' });
      }),
    ];
    const result = await runSteps(steps, 'u1', (states) => seen.push(states));
    expect(order).toEqual(['a', 'b', 'c']);
    expect(result.map(({ status, detail }) => [status, detail])).toEqual([
      ['done', '3 sentences'],
      ['failed', 'No connection. Try again where there is a signal.'],
      ['warning', 'not kept'],
    ]);
    expect(seen[0]?.every((state) => state.status === 'waiting')).toBe(true);
    expect(seen.some((states) => states[0]?.detail === 'halfway' && states[0].status === 'working')).toBe(
      true,
    );
  });
});

describe('prepareForField', () => {
  it('joins the run under way, keeps the result, and tells whether the phone is ready', async () => {
    let runs = 0;
    const steps = [step('a', () => Promise.resolve({ status: 'done', detail: `run ${++runs}` }))];
    const [first, second] = await Promise.all([prepareForField('u1', steps), prepareForField('u1', steps)]);
    expect(runs).toBe(1);
    expect(second).toEqual(first);
    expect(isReady(first)).toBe(true);
    expect(readinessSummary(first)).toMatch(/^Ready for the field/);
    expect(await settingsStore.fieldReadiness()).toMatchObject({
      userId: 'u1',
      steps: [{ detail: 'run 1' }],
    });

    const failing = await prepareForField('u1', [step('b', () => Promise.reject(new Error('Disk full')))]);
    expect(isReady(failing)).toBe(false);
    expect(failing.steps[0]).toMatchObject({ status: 'failed', detail: 'Disk full' });
    expect(readinessSummary(failing)).toMatch(/^Not ready for the field: 1 step failed/);
  });
});

describe('needsPreparing', () => {
  const now = Date.parse('2026-11-25T12:00:00Z');
  const kept = (change: Partial<KeptReadiness> = {}): KeptReadiness => ({
    userId: 'u1',
    finishedAt: now - 1000,
    steps: [{ id: 'a', label: 'A', status: 'done', detail: '' }],
    ...change,
  });
  it('prepares when nothing is kept, for another contributor, after a failure or after a day', () => {
    expect(needsPreparing(null, 'u1', now)).toBe(true);
    expect(needsPreparing(kept(), 'u2', now)).toBe(true);
    expect(
      needsPreparing(kept({ steps: [{ id: 'a', label: 'A', status: 'failed', detail: '' }] }), 'u1', now),
    ).toBe(true);
    expect(needsPreparing(kept({ finishedAt: now - READINESS_MAX_AGE_MS - 1 }), 'u1', now)).toBe(true);
    expect(needsPreparing(kept({ finishedAt: null }), 'u1', now)).toBe(true);
  });
  it('leaves a phone prepared today, warnings included, alone', () => {
    expect(needsPreparing(kept(), 'u1', now)).toBe(false);
    expect(
      needsPreparing(kept({ steps: [{ id: 'a', label: 'A', status: 'warning', detail: '' }] }), 'u1', now),
    ).toBe(false);
  });
});
