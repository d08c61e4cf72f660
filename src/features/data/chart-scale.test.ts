import { describe, expect, it } from 'vitest';
import { formatHours, linePaths, niceMax, periodLabel } from './chart-scale.ts';

describe('chart scale', () => {
  it('rounds the top of the axis up to 1, 2, 2.5 or 5 times a power of ten', () => {
    expect(niceMax(0)).toBe(1);
    expect(niceMax(0.3)).toBeCloseTo(0.5);
    expect(niceMax(1)).toBe(1);
    expect(niceMax(1.2)).toBe(2);
    expect(niceMax(2.25)).toBe(2.5);
    expect(niceMax(7)).toBe(10);
    expect(niceMax(9_999)).toBe(10_000);
  });

  it('draws the line and closes the area on the baseline', () => {
    expect(
      linePaths(
        [
          { x: 0, y: 10 },
          { x: 5, y: 2.25 },
        ],
        20,
      ),
    ).toEqual({ line: 'M0,10 L5,2.25', area: 'M0,10 L5,2.25 L5,20 L0,20 Z' });
    expect(linePaths([], 20)).toEqual({ line: '', area: '' });
  });

  it('labels periods and hours in words', () => {
    expect(periodLabel('2026-03-02', 'week')).toBe('Mar 2, 2026');
    expect(periodLabel('2026-03-01', 'month')).toBe('Mar 2026');
    expect(formatHours(1)).toBe('1 hour');
    expect(formatHours(12.345)).toBe('12.35 hours');
  });
});
