// The contributor's recordings for Speak's progress line: the server's list (read again whenever uploads have
// left the phone) plus the recordings still waiting on this phone. Offline, the phone's part alone is counted.
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState } from 'react';
import { localDb } from '../../offline/local-db.ts';
import { recordingsApi } from '../recording/recordings-api.ts';
import { startOfToday, type ReviewCounts } from '../review/use-review-pack.ts';

/** Pages of the server's list read for "today" (a day with more recordings than these counts at least these). */
const TODAY_PAGES = 5;

export function useSpeakCounts(userId: string): ReviewCounts {
  const since = startOfToday().getTime();
  const local = useLiveQuery(
    () =>
      localDb()
        .recordings.where('userId')
        .equals(userId)
        .filter((recording) => recording.state !== 'draft')
        .toArray(),
    [userId],
  );
  const waiting = local?.length ?? 0;
  const waitingToday = (local ?? []).filter((recording) => recording.createdAt >= since).length;
  const [server, setServer] = useState<{ today: number; total: number } | null>(null);
  const waitingBefore = useRef<number | null>(null);

  useEffect(() => {
    const before = waitingBefore.current;
    waitingBefore.current = waiting;
    if (before !== null && waiting >= before) return;
    let current = true;
    recordingsApi.list(TODAY_PAGES).then(
      ({ recordings, total }) => {
        if (!current) return;
        const today = recordings.filter(
          (recording) => Date.parse(recording.recordedAt ?? recording.createdAt) >= since,
        ).length;
        setServer({ today, total });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId, since, waiting]);

  return {
    today: (server?.today ?? 0) + waitingToday,
    total: (server?.total ?? 0) + waiting,
    waiting,
    known: server !== null,
  };
}
