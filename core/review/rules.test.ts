// The review rule at every boundary.
import { describe, expect, it } from 'vitest';
import {
  CLIP_REPORTERS_TO_HOLD,
  clipReviewState,
  clipStateFromVotes,
  proposalStateFromReviews,
} from './rules.ts';

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

describe('clipReviewState', () => {
  const hold = CLIP_REPORTERS_TO_HOLD;
  it.each([
    [0, 2, 0, null, 'validated'],
    // Fewer reporters than the hold leave the votes (or an admin) deciding.
    [1, 2, 0, null, 'validated'],
    [hold - 1, 0, 0, null, 'pending'],
    [hold - 1, 0, 2, null, 'invalidated'],
    [hold - 1, 0, 0, 'validated', 'validated'],
    // Enough of them send it to the admins, whatever the votes or an earlier decision say.
    [hold, 2, 0, null, 'reported'],
    [hold, 0, 0, 'validated', 'reported'],
    [hold + 4, 0, 0, null, 'reported'],
  ] as const)('%i open reports, %i up, %i down, settled %s: %s', (openReports, up, down, settled, state) => {
    expect(clipReviewState({ openReports, up, down, settled })).toBe(state);
  });

  it('holds a clip only after more than one reporter', () => {
    expect(CLIP_REPORTERS_TO_HOLD).toBeGreaterThan(1);
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
