// Sync-storm busy answers: the server's 503s with Retry-After (admission control), and whether phones waited.
import type { RequestRecord } from './traffic.ts';

/** 503 answers with Retry-After (admission control), and whether each phone waited that long before its next request. */
export interface BusyFigures {
  answers: number;
  /** Busy answers after which the phone's next request came at least Retry-After later. */
  honoured: number;
  /** … and those after which it came sooner (the phone did not honour Retry-After). */
  early: number;
  /** Shortest and longest Retry-After the server asked for, in seconds. */
  retryAfterS: { min: number; max: number } | null;
  /** Shortest wait beyond Retry-After before a phone's next request, in seconds (negative: came back early). */
  leastMarginS: number | null;
}

/** Clock slack allowed between the server's answer and the phone's timer (both in this process). */
const RETRY_AFTER_SLACK_MS = 50;

export function busyFigures(records: readonly RequestRecord[]): BusyFigures {
  const byPhone = new Map<number, RequestRecord[]>();
  for (const record of records) {
    if (record.phone === null) continue;
    byPhone.set(record.phone, [...(byPhone.get(record.phone) ?? []), record]);
  }
  let answers = 0;
  let honoured = 0;
  let early = 0;
  let leastMarginMs: number | null = null;
  const asked: number[] = [];
  for (const list of byPhone.values()) {
    list.sort((a, b) => a.startedMs - b.startedMs);
    for (const [index, record] of list.entries()) {
      if (record.retry !== '503-busy' || record.retryAfterS === null) continue;
      answers += 1;
      asked.push(record.retryAfterS);
      const answeredAt = record.startedMs + record.durationMs;
      const next = list.slice(index + 1).find((later) => later.startedMs >= answeredAt);
      if (!next) continue;
      const marginMs = next.startedMs - answeredAt - record.retryAfterS * 1000;
      leastMarginMs = leastMarginMs === null ? marginMs : Math.min(leastMarginMs, marginMs);
      if (marginMs >= -RETRY_AFTER_SLACK_MS) honoured += 1;
      else early += 1;
    }
  }
  return {
    answers,
    honoured,
    early,
    retryAfterS: asked.length > 0 ? { min: Math.min(...asked), max: Math.max(...asked) } : null,
    leastMarginS: leastMarginMs === null ? null : Math.round(leastMarginMs / 10) / 100,
  };
}
