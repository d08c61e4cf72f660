// Parts shared by the Listen and Review screens: the tabs between them, the reviewer's own counts, what the
// phone holds when offline, and the empty state with the reason it is empty.
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../app/paths.ts';
import type { RefillState, ReviewCounts } from './use-review-pack.ts';

export function ReviewTabs({ current }: { current: 'listen' | 'review' }) {
  const tabs = [
    { to: PATHS.listen, id: 'listen', label: 'Listen to clips' },
    { to: PATHS.review, id: 'review', label: 'Check translations' },
  ] as const;
  return (
    <nav className="review-tabs" aria-label="Review">
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          className="review-tab"
          aria-current={tab.id === current ? 'page' : undefined}
        >
          {tab.label}
        </Link>
      ))}
    </nav>
  );
}

/** "Your votes: 3 today, 27 in all", with those still on the phone. */
export function CountsLine({ counts, noun }: { counts: ReviewCounts; noun: string }) {
  return (
    <p className="review-counts" data-testid="review-counts">
      <span>
        Your {noun}: <strong data-testid="review-count-today">{counts.today.toLocaleString('en')}</strong>{' '}
        today, <strong data-testid="review-count-total">{counts.total.toLocaleString('en')}</strong> in all
      </span>
      {counts.waiting > 0 && (
        <span className="muted"> ({counts.waiting} waiting on this phone to be sent)</span>
      )}
      {!counts.known && (
        <span className="muted"> (counted on this phone; the server adds its count online)</span>
      )}
    </p>
  );
}

/** The offline state in one sentence: what the phone holds and when reviews go. */
export function OfflineNotice({
  held,
  noun,
  reviews,
}: {
  held: number;
  noun: [string, string];
  reviews: string;
}) {
  return (
    <p className="notice-box" role="status" data-testid="review-offline">
      <span aria-hidden="true">⚠ </span>
      Offline: {held} {held === 1 ? noun[0] : noun[1]} on this phone, {reviews} will be sent when you are back
      online.
    </p>
  );
}

/** Nothing to show: why, and what can be done. */
export function EmptyPack({
  refill,
  offline,
  why,
  skipped,
  onBringBack,
  onRetry,
}: {
  refill: RefillState;
  offline: boolean;
  why: { offline: string; online: string };
  skipped: { count: number; label: string };
  onBringBack: () => void;
  onRetry: () => void;
}) {
  if (refill.running && !offline) {
    return (
      <p className="card review-empty" role="status">
        Looking for more on the server…
      </p>
    );
  }
  return (
    <section className="card review-empty" aria-labelledby="review-empty-heading" data-testid="review-empty">
      <h2 id="review-empty-heading">Nothing to review right now</h2>
      {offline ? (
        <p>{why.offline}</p>
      ) : refill.failed ? (
        <p className="error-box" role="alert">
          The server did not give more: {refill.failed}
        </p>
      ) : (
        <p>{why.online}</p>
      )}
      <div className="button-row">
        {skipped.count > 0 && !offline && (
          <button type="button" className="btn" onClick={onBringBack}>
            {skipped.label}
          </button>
        )}
        {!offline && (
          <button type="button" className="btn" onClick={onRetry}>
            Look again
          </button>
        )}
      </div>
    </section>
  );
}
