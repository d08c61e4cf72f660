// Which field speaker is speaking on this phone (issue 16): the speakers this account added (kept in IndexedDB,
// brought up to date from the server when there is a signal) and the one chosen for the field session, kept
// per account in IndexedDB too (settings-store.ts) so a session survives reloads and days without signal.
import { useLiveQuery } from 'dexie-react-hooks';
import { useCallback, useEffect } from 'react';
import { speakersResponseSchema } from '../../../core/api/speakers.ts';
import { api, requestJson } from '../../lib/api-client.ts';
import { localDb, type LocalSpeaker } from '../../offline/local-db.ts';
import { entriesOf } from '../../offline/outbox.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { mayRecord, mergeServerSpeakers } from '../../offline/speakers.ts';

/** Where versions before schema 9 kept the choice (localStorage), carried into IndexedDB on first use. */
const oldStorageKey = (userId: string) => `lopit.field-speaker.${userId}`;

/** Moves a choice an older version left in localStorage into IndexedDB (the one kept there wins). */
export async function carryOverOldChoice(userId: string) {
  try {
    const old = localStorage.getItem(oldStorageKey(userId));
    if (old === null) return;
    if ((await settingsStore.fieldSpeaker(userId)) === null) await settingsStore.setFieldSpeaker(userId, old);
    localStorage.removeItem(oldStorageKey(userId));
  } catch {
    // Storage refused: the old choice stays where it was and is tried again next time.
  }
}

/** Chooses who speaks next on this phone (null: the account holder). */
export function chooseFieldSpeaker(userId: string, speakerId: string | null): Promise<void> {
  return settingsStore.setFieldSpeaker(userId, speakerId);
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
  useEffect(() => {
    if (userId) void carryOverOldChoice(userId);
  }, [userId]);
  // One live query over the choice and the speaker: another tab's choice shows here too.
  const speaker = useLiveQuery(async () => {
    const chosen = userId ? await settingsStore.fieldSpeaker(userId) : null;
    return chosen ? ((await localDb().speakers.get(chosen)) ?? null) : null;
  }, [userId]);
  const choose = useCallback(
    (speakerId: string | null) => void chooseFieldSpeaker(userId, speakerId),
    [userId],
  );
  return { speaker: speaker && mayRecord(speaker) && speaker.userId === userId ? speaker : null, choose };
}

/** Brings this phone's copy of the account's speakers up to date (needs a connection; throws without). */
export async function refreshSpeakers(userId: string): Promise<void> {
  const { speakers } = await requestJson(speakersResponseSchema, () => api.get('speakers'));
  const db = localDb();
  await mergeServerSpeakers(db, userId, speakers, await entriesOf(db, userId));
}
