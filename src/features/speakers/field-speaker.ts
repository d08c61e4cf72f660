// Which field speaker is speaking on this phone (issue 16): the speakers this account added (kept in IndexedDB,
// brought up to date from the server when there is a signal) and the one chosen for the field session, kept
// per account in IndexedDB too (settings-store.ts) so a session survives days without signal. A choice made
// before the app was (re)opened is offered again but must be confirmed before anything is recorded: after a
// pause the person in front of the phone may be someone else, and a clip filed under the wrong speaker (an
// elder's irreplaceable recording under the contributor, or the contributor's voice under the elder's
// consent) cannot be put right later. Field recording apps ask who speaks per session (Aikuma, LIG-Aikuma).
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
    if ((await settingsStore.fieldSpeaker(userId)) === null)
      // Carried over, not confirmed: it is offered, and asked about, as any choice of an earlier session.
      await settingsStore.setFieldSpeaker(userId, old, 0);
    localStorage.removeItem(oldStorageKey(userId));
  } catch {
    // Storage refused: the old choice stays where it was and is tried again next time.
  }
}

/** When this page was opened: a choice made (in any tab) since then counts as this session's. */
const OPENED_AT = performance.timeOrigin;

/** Chooses (or confirms) who speaks next on this phone (null: the account holder). */
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
 * withdrawn); else null, and the account holder speaks. `confirmed`: chosen since the app was opened, or no
 * field speaker may be recorded (the account holder is the only one); until then nothing may be recorded.
 */
export function useFieldSpeaker(userId: string): {
  speaker: LocalSpeaker | null;
  confirmed: boolean;
  choose: (speakerId: string | null) => void;
} {
  useEffect(() => {
    if (userId) void carryOverOldChoice(userId);
  }, [userId]);
  // One live query over the choice and the speakers: another tab's choice shows here too.
  const state = useLiveQuery(async () => {
    if (!userId) return { speaker: null, chosenAt: null, anyone: false };
    const chosen = await settingsStore.fieldSpeaker(userId);
    const speakers = await localDb().speakers.where('userId').equals(userId).toArray();
    return {
      speaker: speakers.find((item) => item.id === chosen) ?? null,
      chosenAt: await settingsStore.fieldSpeakerChosenAt(userId),
      anyone: speakers.some(mayRecord),
    };
  }, [userId]);
  const choose = useCallback(
    (speakerId: string | null) => void chooseFieldSpeaker(userId, speakerId),
    [userId],
  );
  const speaker = state?.speaker;
  return {
    speaker: speaker && mayRecord(speaker) ? speaker : null,
    confirmed: state !== undefined && (!state.anyone || (state.chosenAt ?? -Infinity) >= OPENED_AT),
    choose,
  };
}

/**
 * Who speaks into the recorder now, and whether recording may start: the field speaker chosen for this session
 * (their consent recorded on this phone), else the account holder with recording consent (`recordingConsent`,
 * the account's consent as the phone knows it); nothing until it is clear who speaks (asked again when the app
 * is reopened). Every screen that records asks this one question.
 */
export function useRecordingSpeaker(
  userId: string,
  recordingConsent: boolean | undefined,
): { speaker: LocalSpeaker | null; mayRecord: boolean } {
  const { speaker, confirmed } = useFieldSpeaker(userId);
  return { speaker, mayRecord: confirmed && (speaker !== null || recordingConsent === true) };
}

/** Brings this phone's copy of the account's speakers up to date (needs a connection; throws without). */
export async function refreshSpeakers(userId: string): Promise<void> {
  const { speakers } = await requestJson(speakersResponseSchema, () => api.get('speakers'));
  const db = localDb();
  await mergeServerSpeakers(db, userId, speakers, await entriesOf(db, userId));
}
