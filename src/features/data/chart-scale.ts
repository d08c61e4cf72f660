// Scales and labels of the dashboard's line charts (pure, so they are tested without a browser).
import type { TimelineBucket } from '../../../core/api/data.ts';
import { data } from '../../../core/i18n/messages/data.ts';
import { formatDate, i18n, t } from '../../i18n/i18n.tsx';

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

/** "Mar 2, 2026" for days and weeks, "Mar 2026" for months, in the interface's language (UTC dates from the server). */
export function periodLabel(start: string, bucket: TimelineBucket): string {
  const [year, month, day] = start.split('-').map(Number);
  const date = new Date(Date.UTC(year ?? 1970, (month ?? 1) - 1, day ?? 1));
  return formatDate(
    date,
    bucket === 'month'
      ? { month: 'short', year: 'numeric', timeZone: 'UTC' }
      : { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' },
  );
}

/**
 * The language Intl wrote dates in: the interface's when Intl knows it, else the fallback (English). Dates shown
 * on their own carry it as `lang`, so a language Intl does not know shows them as the English they are.
 */
export function dateLang(): string {
  return new Intl.DateTimeFormat(i18n.locales ?? i18n.locale).resolvedOptions().locale;
}

/** Hours with at most two decimals, in words a screen reader reads well, in the interface's language. */
export function formatHours(hours: number): string {
  return t(data.hours, { hours: Math.round(hours * 100) / 100 });
}

