// The sync indicator never says "All saved" before it has read the outbox, and counts what waits.
import { describe, expect, it } from 'vitest';
import type { OutboxEntry } from '../../offline/local-db.ts';
import { indicatorState } from './indicator-state.ts';

const online = { phase: 'online' as const, progress: null };
const entry = (state: OutboxEntry['state']): OutboxEntry => ({
  id: crypto.randomUUID(),
  userId: 'u1',
  kind: 'translation.save',
  subject: 'pair:1',
  params: {},
  body: { id: 1, translation: 'zq' },
  label: 'Good morning.',
  createdAt: 0,
  attempts: 0,
  state,
});

describe('indicatorState', () => {
  it('says it is checking, not "All saved", while the outbox is being read', () => {
    expect(indicatorState(undefined, online, true).text).toBe('Checking…');
    expect(indicatorState([], online, true).text).toBe('All saved');
  });
  it('counts what waits, and what needs the contributor first', () => {
    expect(indicatorState([entry('pending'), entry('pending')], online, true).text).toBe('2 waiting');
    expect(indicatorState([entry('pending'), entry('attention')], online, true).text).toBe(
      'Needs attention (1)',
    );
    expect(indicatorState([entry('pending')], { phase: 'offline', progress: null }, true).text).toBe(
      'Offline · 1 waiting',
    );
  });
});
