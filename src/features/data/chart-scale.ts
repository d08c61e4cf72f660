// Scales and labels of the dashboard's line charts (pure, so they are tested without a browser).
import type { TimelineBucket } from '../../../core/api/data.ts';

/** The smallest of 1, 2, 2.5, 5 times a power of ten that is at least `value` (1 for nothing). */
export function niceMax(value: number): number {
  if (!(value > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  for (const step of [1, 2, 2.5, 5, 10]) {
    if (step * power >= value - 1e-9) return step * power;
  }
  return 10 * power;
}

/** SVG path of a line through the points, and of the area under it down to `bottom`. */
export function linePaths(points: readonly { x: number; y: number }[], bottom: number): { line: string; area: string } {
  if (points.length === 0) return { line: '', area: '' };
  const line = points.map((point, index) => `${index === 0 ? 'M' : 'L'}${round(point.x)},${round(point.y)}`).join(' ');
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return { line, area: `${line} L${round(last.x)},${round(bottom)} L${round(first.x)},${round(bottom)} Z` };
}

const round = (value: number) => Math.round(value * 100) / 100;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** "3 Mar 2026" for days and weeks, "Mar 2026" for months (UTC dates from the server). */
export function periodLabel(start: string, bucket: TimelineBucket): string {
  const [year, month, day] = start.split('-').map(Number);
  const name = MONTHS[(month ?? 1) - 1] ?? '';
  return bucket === 'month' ? `${name} ${year}` : `${day} ${name} ${year}`;
}

export const BUCKET_WORDS: Record<TimelineBucket, string> = { day: 'day', week: 'week', month: 'month' };

/** Hours with at most two decimals, in words a screen reader reads well. */
export function formatHours(hours: number): string {
  return `${hours.toLocaleString('en', { maximumFractionDigits: 2 })} ${hours === 1 ? 'hour' : 'hours'}`;
}

export function formatCount(count: number, singular: string, plural = `${singular}s`): string {
  return `${count.toLocaleString('en')} ${count === 1 ? singular : plural}`;
}
