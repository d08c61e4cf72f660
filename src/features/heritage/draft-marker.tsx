// Visible markers for what the community has not confirmed yet, and a record's sources.
import { heritage } from '../../../core/i18n/messages/heritage.ts';
import { useT } from '../../i18n/i18n.tsx';
import type { ReactNode } from 'react';
import type { RecordStatus, Source } from '../../../core/heritage/schema.ts';

/** The marker shown wherever a fact is not known yet. */
export function AwaitingReview({ children }: { children?: ReactNode }) {
  const t = useT();
  return <span className="badge badge-draft">{children ?? t(heritage.awaiting)}</span>;
}

/** Shows a known value, or the "Awaiting community review" marker when it is `null`. */
export function KnownOr<T>({ value, render }: { value: T | null; render?: (value: T) => ReactNode }) {
  if (value === null) return <AwaitingReview />;
  // Heritage content stays English whatever the interface's language.
  return <span lang="en">{render ? render(value) : String(value)}</span>;
}

/** Record-level status: drafts say so in words, not only by colour. */
export function StatusBadge({ status }: { status: RecordStatus }) {
  const t = useT();
  if (status === 'verified') return <span className="badge">{t(heritage.verified)}</span>;
  return <span className="badge badge-draft">{t(heritage.draft)}</span>;
}

export function SourcesList({ sources }: { sources: readonly Source[] }) {
  const t = useT();
  if (sources.length === 0) return <p className="sources">{t(heritage.noSources)}</p>;
  return (
    <p className="sources">
      {t(heritage.sources)}{' '}
      {sources.map((source, index) => (
        <span key={source.title} lang="en">
          {index > 0 && '; '}
          {source.url ? <a href={source.url}>{source.title}</a> : source.title}
        </span>
      ))}
    </p>
  );
}
