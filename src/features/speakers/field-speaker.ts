// Which field speaker is speaking on this phone (issue 16): the speakers this account added (kept in IndexedDB,
// brought up to date from the server when there is a signal) and the one chosen for the field session, kept
// per account in localStorage so a session survives reloads and days without signal.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useSyncExternalStore } from 'react';
import { speakersResponseSchema } from '../../../core/api/speakers.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { localDb, type LocalSpeaker } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { mayRecord, mergeServerSpeakers } from '../../offline/speakers.ts';

const storageKey = (userId: string) => `lopit.field-speaker.${userId}`;
const listeners = new Set<() => void>();

function readChosen(userId: string): string | null {
  try {
    return localStorage.getItem(storageKey(userId));
  } catch {
    return null;
  }
}

/** Chooses who speaks next on this phone (null: the account holder). */
export function chooseFieldSpeaker(userId: string, speakerId: string | null) {
  try {
    if (speakerId) localStorage.setItem(storageKey(userId), speakerId);
    else localStorage.removeItem(storageKey(userId));
  } catch {
    // Private mode without storage: the choice lasts until the page closes.
  }
  for (const listener of listeners) listener();
}

/** This account's speakers on this phone, newest first; undefined while reading. */
export function useSpeakers(userId: string): LocalSpeaker[] | undefined {
  return useLiveQuery(
    async () =>
      userId
        ? (await localDb().speakers.where('userId').equals(userId).toArray()).sort(
            (a, b) => b.createdAt - a.createdAt,
          )
        : [],
    [userId],
  );
}

/**
 * The speaker chosen for the field session, while they may be recorded (consent recorded on this phone, not
 * withdrawn); else null, and the account holder speaks.
 */
export function useFieldSpeaker(userId: string): {
  speaker: LocalSpeaker | null;
  choose: (speakerId: string | null) => void;
} {
  const chosen = useSyncExternalStore(
    (listener) => {
      // This tab's choices, and another tab's (the storage event).
      listeners.add(listener);
      window.addEventListener('storage', listener);
      return () => {
        listeners.delete(listener);
        window.removeEventListener('storage', listener);
      };
    },
    () => readChosen(userId),
  );
  const speaker = useLiveQuery(
    async () => (chosen ? ((await localDb().speakers.get(chosen)) ?? null) : null),
    [chosen],
  );
  const choose = useCallback((speakerId: string | null) => chooseFieldSpeaker(userId, speakerId), [userId]);
  return { speaker: speaker && mayRecord(speaker) && speaker.userId === userId ? speaker : null, choose };
}

/** Brings this phone's copy of the account's speakers up to date (needs a connection; throws without). */
export async function refreshSpeakers(userId: string): Promise<void> {
  const { speakers } = await requestJson(speakersResponseSchema, () => api.get('speakers'));
  const db = localDb();
  await mergeServerSpeakers(db, userId, speakers, await entriesOf(db, userId));
}
