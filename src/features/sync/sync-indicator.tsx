// On every page: whether this device is offline, how many changes wait, whether they are being sent,
// and whether one needs the contributor. Text and symbol always say it; colour only repeats it.
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../app/paths.ts';
import { useAuth } from '../auth/use-auth.ts';
import { indicatorState } from './indicator-state.ts';
import { useOutbox } from './use-outbox.ts';
import { useSyncStatus } from './sync.ts';
import { sync } from '../../../core/i18n/messages/shell.ts';
import { useT } from '../../i18n/i18n.tsx';

export function SyncIndicator() {
  const { user } = useAuth();
  const t = useT();
  const status = useSyncStatus();
  const { tone, symbol, text } = indicatorState(useOutbox(), status, user !== null);
  const offline = status.phase === 'offline';

  // Visitors have nothing to send: they only need to know when they are offline.
  if (!user && !offline) return null;
  const content = (
    <>
      <span aria-hidden="true" className="sync-symbol">
        {symbol}
      </span>{' '}
      {text}
    </>
  );
  return (
    <div
      className={`sync-indicator sync-${tone}`}
      role="status"
      aria-live="polite"
      data-testid="sync-indicator"
    >
      {user ? (
        <Link to={PATHS.settings} hash="sync" aria-label={t(sync.indicatorLink, { state: text })}>
          {content}
        </Link>
      ) : (
        <span>{content}</span>
      )}
    </div>
  );
}
