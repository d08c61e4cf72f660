// What the sync indicator says, from the outbox and the sync engine's status. "All saved" only once the outbox
// has been read and holds nothing: while it is being read (at every page load) the phone cannot know yet.
import type { OutboxEntry } from '../../offline/local-db.ts';
import type { SyncStatus } from '../../offline/sync-engine.ts';
import { summarise } from './use-outbox.ts';
import { sync } from '../../../core/i18n/messages/shell.ts';
import { t } from '../../i18n/i18n.tsx';

export interface IndicatorState {
  tone: 'ok' | 'busy' | 'warn' | 'offline';
  symbol: string;
  text: string;
}

/** `entries` is undefined while the outbox is still being read. */
export function indicatorState(
  entries: readonly OutboxEntry[] | undefined,
  status: Pick<SyncStatus, 'phase' | 'progress'>,
  signedIn: boolean,
): IndicatorState {
  // Every contribution (edits, consent, recordings) is one outbox entry: one count.
  const { waiting, attention } = summarise(entries);
  if (attention > 0) return { tone: 'warn', symbol: '!', text: t(sync.needsAttention, { count: attention }) };
  if (signedIn && status.phase === 'signed-out' && waiting > 0)
    return { tone: 'warn', symbol: '!', text: t(sync.signInToSend, { count: waiting }) };
  if (status.phase === 'syncing' && status.progress)
    return { tone: 'busy', symbol: '⟳', text: t(sync.syncing, status.progress) };
  if (status.phase === 'offline')
    return {
      tone: 'offline',
      symbol: '⊘',
      text: waiting > 0 ? t(sync.offlineWaiting, { count: waiting }) : t(sync.offline),
    };
  if (waiting > 0) return { tone: 'busy', symbol: '…', text: t(sync.waiting, { count: waiting }) };
  if (entries === undefined) return { tone: 'busy', symbol: '…', text: t(sync.checking) };
  return { tone: 'ok', symbol: '✓', text: t(sync.allSaved) };
}
