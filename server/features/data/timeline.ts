// Turns per-day activity into the dashboard's timeline: buckets of a day, week or month (UTC, weeks from
// Monday), with the gaps filled up to today and running totals.
import {
  audioHoursOf,
  TIMELINE_MAX_POINTS,
  type Timeline,
  type TimelineBucket,
  type TimelinePoint,
} from '../../../core/api/data.ts';

export interface DailyActivity {
  /** YYYY-MM-DD (UTC). */
  day: string;
  seconds: number;
  recordings: number;
  pairs: number;
}

/** The automatic bucket is the finest one that gives at most this many points. */
const AUTO_MAX_POINTS = 120;
const DAY_MS = 24 * 60 * 60 * 1000;

function parseDay(day: string): number {
  const [year, month, date] = day.split('-').map(Number);
  return Date.UTC(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

const formatDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/** Start (UTC ms) of the bucket holding `time`. */
export function bucketStart(time: number, bucket: TimelineBucket): number {
  const date = new Date(time);
  const day = Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
  if (bucket === 'day') return day;
  if (bucket === 'week') return day - ((date.getUTCDay() + 6) % 7) * DAY_MS;
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 1);
}

function nextBucket(start: number, bucket: TimelineBucket): number {
  if (bucket === 'day') return start + DAY_MS;
  if (bucket === 'week') return start + 7 * DAY_MS;
  const date = new Date(start);
  return Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 1);
}

function countBuckets(first: number, last: number, bucket: TimelineBucket): number {
  if (bucket === 'month') {
    const a = new Date(first);
    const b = new Date(last);
    return (b.getUTCFullYear() - a.getUTCFullYear()) * 12 + b.getUTCMonth() - a.getUTCMonth() + 1;
  }
  return Math.floor((bucketStart(last, bucket) - bucketStart(first, bucket)) / DAY_MS / (bucket === 'day' ? 1 : 7)) + 1;
}

/** The finest bucket that shows the span from `first` to `last` in at most AUTO_MAX_POINTS points. */
export function autoBucket(first: number, last: number): TimelineBucket {
  if (countBuckets(first, last, 'day') <= AUTO_MAX_POINTS) return 'day';
  if (countBuckets(first, last, 'week') <= AUTO_MAX_POINTS) return 'week';
  return 'month';
}


/** `days` sorted by day; `now` ends the series (buckets after the last activity show no growth). */
export function buildTimeline(
  days: readonly DailyActivity[],
  requested: TimelineBucket | undefined,
  now: Date,
): Timeline {
  const firstDay = days[0];
  if (!firstDay) return { bucket: requested ?? 'day', points: [] };
  const first = parseDay(firstDay.day);
  const last = Math.max(now.getTime(), parseDay(days[days.length - 1]?.day ?? firstDay.day));
  const bucket = requested ?? autoBucket(first, last);

  const totals = new Map<number, { seconds: number; recordings: number; pairs: number }>();
  for (const day of days) {
    const key = bucketStart(parseDay(day.day), bucket);
    const total = totals.get(key) ?? { seconds: 0, recordings: 0, pairs: 0 };
    total.seconds += day.seconds;
    total.recordings += day.recordings;
    total.pairs += day.pairs;
    totals.set(key, total);
  }

  const points: TimelinePoint[] = [];
  let seconds = 0;
  let recordings = 0;
  let pairs = 0;
  const end = bucketStart(last, bucket);
  for (let start = bucketStart(first, bucket); start <= end; start = nextBucket(start, bucket)) {
    const total = totals.get(start) ?? { seconds: 0, recordings: 0, pairs: 0 };
    seconds += total.seconds;
    recordings += total.recordings;
    pairs += total.pairs;
    points.push({
      start: formatDay(start),
      audioHours: audioHoursOf(total.seconds),
      recordings: total.recordings,
      pairs: total.pairs,
      cumulativeAudioHours: audioHoursOf(seconds),
      cumulativeRecordings: recordings,
      cumulativePairs: pairs,
    });
  }
  return { bucket, points: points.slice(-TIMELINE_MAX_POINTS) };
}
