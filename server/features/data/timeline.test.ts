import { describe, expect, it } from 'vitest';
import { audioHoursOf } from '../../../core/api/data.ts';
import { autoBucket, bucketStart, buildTimeline } from './timeline.ts';

const day = (text: string) => Date.parse(`${text}T00:00:00Z`);

describe('timeline', () => {
  it('starts weeks on Monday and months on the first (UTC)', () => {
    // 2026-03-05 is a Thursday.
    expect(new Date(bucketStart(day('2026-03-05') + 5 * 3600_000, 'week')).toISOString()).toBe(
      '2026-03-02T00:00:00.000Z',
    );
    expect(new Date(bucketStart(day('2026-03-01'), 'week')).toISOString()).toBe('2026-02-23T00:00:00.000Z');
    expect(new Date(bucketStart(day('2026-03-31'), 'month')).toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('picks the finest bucket giving at most 120 points', () => {
    expect(autoBucket(day('2026-01-01'), day('2026-04-30'))).toBe('day');
    expect(autoBucket(day('2026-01-01'), day('2027-06-30'))).toBe('week');
    expect(autoBucket(day('2020-01-01'), day('2026-06-30'))).toBe('month');
  });

  it('fills gaps up to now and keeps running totals', () => {
    const timeline = buildTimeline(
      [
        { day: '2026-03-02', seconds: 3600, recordings: 2, pairs: 0 },
        { day: '2026-03-04', seconds: 1800, recordings: 1, pairs: 5 },
        { day: '2026-03-12', seconds: 0, recordings: 0, pairs: 3 },
      ],
      'week',
      new Date('2026-03-20T12:00:00Z'),
    );
    expect(timeline.bucket).toBe('week');
    expect(timeline.points).toEqual([
      {
        start: '2026-03-02',
        audioHours: 1.5,
        recordings: 3,
        pairs: 5,
        cumulativeAudioHours: 1.5,
        cumulativeRecordings: 3,
        cumulativePairs: 5,
      },
      {
        start: '2026-03-09',
        audioHours: 0,
        recordings: 0,
        pairs: 3,
        cumulativeAudioHours: 1.5,
        cumulativeRecordings: 3,
        cumulativePairs: 8,
      },
      {
        start: '2026-03-16',
        audioHours: 0,
        recordings: 0,
        pairs: 0,
        cumulativeAudioHours: 1.5,
        cumulativeRecordings: 3,
        cumulativePairs: 8,
      },
    ]);
  });

  it('answers no points without activity, and keeps the totals of buckets it leaves out', () => {
    expect(buildTimeline([], undefined, new Date()).points).toEqual([]);
    const long = buildTimeline(
      [{ day: '2020-01-01', seconds: 7200, recordings: 1, pairs: 1 }],
      'day',
      new Date('2026-01-01T00:00:00Z'),
    );
    expect(long.points).toHaveLength(400);
    expect(long.points[0]).toMatchObject({ cumulativeAudioHours: 2, cumulativePairs: 1, audioHours: 0 });
    expect(long.points.at(-1)?.start).toBe('2026-01-01');
  });

  it('rounds hours the way the tiles do: once, from the exact seconds, to 1/100 h', () => {
    // 161.9 s is 0.04497 h: the tile says 0.04; rounding first to 1/1000 (0.045) made the chart say 0.05.
    const timeline = buildTimeline(
      [{ day: '2026-03-02', seconds: 161.9, recordings: 1, pairs: 0 }],
      'day',
      new Date('2026-03-02T12:00:00Z'),
    );
    expect(audioHoursOf(161.9)).toBe(0.04);
    expect(timeline.points.at(-1)).toMatchObject({ audioHours: 0.04, cumulativeAudioHours: 0.04 });
  });
});
