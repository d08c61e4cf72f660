// On every page: whether this device is offline, how many changes wait, whether they are being sent,
// and whether one needs the contributor. Text and symbol always say it; colour only repeats it.
import { Link } from '@tanstack/react-router';
import { PATHS } from '../../app/paths.ts';
import { useAuth } from '../auth/use-auth.ts';
import { summarise, useOutbox } from './use-outbox.ts';
import { useSyncStatus } from './sync.ts';

export function SyncIndicator() {
  const { user } = useAuth();
  const status = useSyncStatus();
  // Every contribution (edits, consent, recordings) is one outbox entry: one count.
  const { waiting, attention } = summarise(useOutbox());
  const offline = status.phase === 'offline';

  let tone: 'ok' | 'busy' | 'warn' | 'offline';
  let symbol: string;
  let text: string;
  if (attention > 0) {
    [tone, symbol, text] = ['warn', '!', `Needs attention (${attention})`];
  } else if (user && status.phase === 'signed-out' && waiting > 0) {
    [tone, symbol, text] = ['warn', '!', `Sign in to send ${waiting}`];
  } else if (status.phase === 'syncing' && status.progress) {
    [tone, symbol, text] = ['busy', '⟳', `Syncing ${status.progress.done}/${status.progress.total}`];
  } else if (offline) {
    [tone, symbol, text] = ['offline', '⊘', waiting > 0 ? `Offline · ${waiting} waiting` : 'Offline'];
  } else if (waiting > 0) {
    [tone, symbol, text] = ['busy', '…', `${waiting} waiting`];
  } else {
    [tone, symbol, text] = ['ok', '✓', 'All saved'];
  }

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
        <Link to={PATHS.settings} hash="sync" aria-label={`Sync: ${text}. Open sync settings`}>
          {content}
        </Link>
      ) : (
        <span>{content}</span>
      )}
    </div>
  );
}
