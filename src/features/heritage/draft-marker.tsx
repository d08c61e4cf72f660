// Visible markers for what the community has not confirmed yet, and a record's sources.
import type { ReactNode } from 'react';
import type { RecordStatus, Source } from '../../../core/heritage/schema.ts';

export const AWAITING_REVIEW = 'Awaiting community review';

/** The marker shown wherever a fact is not known yet. */
export function AwaitingReview({ children = AWAITING_REVIEW }: { children?: ReactNode }) {
  return <span className="badge badge-draft">{children}</span>;
}

/** Shows a known value, or the "Awaiting community review" marker when it is `null`. */
export function KnownOr<T>({ value, render }: { value: T | null; render?: (value: T) => ReactNode }) {
  if (value === null) return <AwaitingReview />;
  return <>{render ? render(value) : String(value)}</>;
}

/** Record-level status: drafts say so in words, not only by colour. */
export function StatusBadge({ status }: { status: RecordStatus }) {
  if (status === 'verified') return <span className="badge">Verified by community editors</span>;
  return <span className="badge badge-draft">Draft</span>;
}

export function SourcesList({ sources }: { sources: readonly Source[] }) {
  if (sources.length === 0) return <p className="sources">Sources: none yet.</p>;
  return (
    <p className="sources">
      Sources:{' '}
      {sources.map((source, index) => (
        <span key={source.title}>
          {index > 0 && '; '}
          {source.url ? <a href={source.url}>{source.title}</a> : source.title}
        </span>
      ))}
    </p>
  );
}

/** 14 -> "14th". */
export function ordinal(n: number): string {
  const teen = n % 100 >= 11 && n % 100 <= 13;
  const suffix = teen ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}
