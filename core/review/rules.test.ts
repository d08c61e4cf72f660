// The review rule at every boundary.
import { describe, expect, it } from 'vitest';
import { clipStateFromVotes, proposalStateFromReviews } from './rules.ts';

describe('clipStateFromVotes', () => {
  it.each([
    [0, 0, 'pending'],
    [1, 0, 'pending'],
    [0, 1, 'pending'],
    [2, 0, 'validated'],
    [1, 1, 'pending'],
    [0, 2, 'invalidated'],
    [2, 1, 'validated'],
    [1, 2, 'invalidated'],
    [2, 2, 'invalidated'],
    [3, 2, 'validated'],
    [5, 5, 'invalidated'],
  ] as const)('%i up, %i down: %s', (up, down, state) => {
    expect(clipStateFromVotes({ up, down })).toBe(state);
  });
});

describe('proposalStateFromReviews', () => {
  it.each([
    [0, 0, 'proposed'],
    [1, 0, 'proposed'],
    [2, 0, 'approved'],
    [0, 1, 'proposed'],
    [0, 2, 'rejected'],
    [1, 1, 'proposed'],
    [2, 2, 'approved'],
  ] as const)('%i approvals, %i rejections: %s', (approvals, rejections, state) => {
    expect(proposalStateFromReviews({ approvals, rejections })).toBe(state);
  });
});
