// The signed-in user's outbox as live data: re-renders when entries are added, sent or refused,
// in this tab, another tab or the service worker.
import { useLiveQuery } from 'dexie-react-hooks';
import { useAuth } from '../auth/use-auth.ts';
import { localDb, type OutboxEntry } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';

const NONE: OutboxEntry[] = [];

/** The entries waiting on this device for the signed-in user, in replay order (undefined while loading). */
export function useOutbox(): OutboxEntry[] | undefined {
  const { user } = useAuth();
  const userId = user?.id;
  return useLiveQuery(() => (userId ? entriesOf(localDb(), userId) : NONE), [userId]);
}

export interface OutboxSummary {
  waiting: number;
  attention: number;
}

export function summarise(entries: readonly OutboxEntry[] | undefined): OutboxSummary {
  let waiting = 0;
  let attention = 0;
  for (const entry of entries ?? []) {
    if (entry.state === 'attention') attention += 1;
    else waiting += 1;
  }
  return { waiting, attention };
}
