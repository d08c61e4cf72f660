// Parts shared by the Listen and Review screens: the tabs between them, the reviewer's own counts, what the
// phone holds when offline, and the empty state with the reason it is empty.
import { Link } from '@tanstack/react-router';
import type { MessageDescriptor } from '../../../core/i18n/define.ts';
import { reviewShared as m } from '../../../core/i18n/messages/review.ts';
import { PATHS } from '../../app/paths.ts';
import { formatNumber, richText, useT } from '../../i18n/i18n.tsx';
import type { RefillState, ReviewCounts } from './use-review-pack.ts';
import '../../components/tabs.css';

export function ReviewTabs({ current }: { current: 'listen' | 'review' }) {
  const t = useT();
  const tabs = [
    { to: PATHS.listen, id: 'listen', label: m.tabListen },
    { to: PATHS.review, id: 'review', label: m.tabReview },
  ] as const;
  return (
    <nav className="review-tabs" aria-label={t(m.tabs)}>
      {tabs.map((tab) => (
        <Link
          key={tab.id}
          to={tab.to}
          className="review-tab"
          aria-current={tab.id === current ? 'page' : undefined}
        >
          {t(tab.label)}
        </Link>
      ))}
    </nav>
  );
}

/** What the counts line counts (a choice in its message). */
export type CountNoun = 'recordings' | 'reviews' | 'votes' | 'transcripts' | 'translations';

/** "Your votes: 3 today, 27 in all", with those still on the phone. */
export function CountsLine({ counts, noun }: { counts: ReviewCounts; noun: CountNoun }) {
  const t = useT();
  return (
    <p className="review-counts" data-testid="review-counts">
      <span>
        {richText(
          t,
          m.counts,
          {
            today: <strong data-testid="review-count-today">{formatNumber(counts.today)}</strong>,
            total: <strong data-testid="review-count-total">{formatNumber(counts.total)}</strong>,
          },
          { noun },
        )}
      </span>
      {counts.waiting > 0 && <span className="muted"> {t(m.countsWaiting, { count: counts.waiting })}</span>}
      {!counts.known && <span className="muted"> {t(m.countsLocal)}</span>}
    </p>
  );
}

/** The offline state in one sentence (`message`, with `count`): what the phone holds and when reviews go. */
export function OfflineNotice({ held, message }: { held: number; message: MessageDescriptor }) {
  const t = useT();
  return (
    <p className="notice-box" role="status" data-testid="review-offline">
      <span aria-hidden="true">⚠ </span>
      {t(message, { count: held })}
    </p>
  );
}

/** Nothing to show: why, and what can be done (the texts in the interface's language). */
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
  const t = useT();
  if (refill.running && !offline) {
    return (
      <p className="card review-empty" role="status">
        {t(m.lookingForMore)}
      </p>
    );
  }
  return (
    <section className="card review-empty" aria-labelledby="review-empty-heading" data-testid="review-empty">
      <h2 id="review-empty-heading">{t(m.nothing)}</h2>
      {offline ? (
        <p>{why.offline}</p>
      ) : refill.failed ? (
        <p className="error-box" role="alert">
          {t(m.serverFailed, { reason: refill.failed })}
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
            {t(m.lookAgain)}
          </button>
        )}
      </div>
    </section>
  );
}
