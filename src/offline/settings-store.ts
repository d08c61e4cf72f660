// Small values kept in IndexedDB (local-db.ts, table keptValues), readable by both the page and the service
// worker (which has no localStorage): the session the outbox replays with, the time of the last sync, flags, the
// last results a screen shows offline (field readiness, training status, review counts) and the field speaker
// chosen on this phone. The names are the ones idb-keyval used, so schema 9 carries values over unchanged.
import type { UiLanguage } from '../../core/api/i18n.ts';
import { localDb } from './local-db.ts';
import type { ReviewStats } from '../../core/api/review.ts';
import type { ReviewSentence } from '../../core/api/sentences.ts';
import type { TrainingModelStatus } from '../../core/api/training.ts';
import type { SyncSession } from './sync-engine.ts';
import { PUT_ASIDE_KEY, type PutAsideKeys, type PutAsideQueue } from './speak-aside-keys.ts';

const SESSION_KEY = 'lopit.session';
const LAST_SYNC_KEY = 'lopit.sync.lastSuccessAt';
const PERSIST_ASKED_KEY = 'lopit.storage.persistAsked';
const FIELD_READINESS_KEY = 'lopit.field.readiness';
const TRAINING_STATUS_KEY = 'lopit.training.lastStatus';
const REVIEW_STATS_KEY = 'lopit.review.lastStats';
const UI_LANGUAGES_KEY = 'lopit.ui-languages';
const FIELD_SPEAKER_KEY = (userId: string) => `lopit.field-speaker.${userId}`;
const FIELD_SPEAKER_AT_KEY = (userId: string) => `lopit.field-speaker-at.${userId}`;
const PLAYBACK_RATE_KEY = 'lopit.playback-rate';
const SENTENCE_REVIEW_KEY = (userId: string) => `lopit.sentence-review.${userId}`;

export type { PutAsideKeys, PutAsideQueue };

async function get<T>(key: string): Promise<T | undefined> {
  return (await localDb().keptValues.get(key))?.value as T | undefined;
}

async function set(key: string, value: unknown): Promise<void> {
  await localDb().keptValues.put({ key, value });
}

async function del(key: string): Promise<void> {
  await localDb().keptValues.delete(key);
}

/** A reviewer's counts as the server last gave them, so the Listen and Review screens show them offline. */
export interface KeptReviewStats {
  userId: string;
  /** The start of the day `today` counts from (ISO). */
  since: string;
  stats: ReviewStats;
}

/** The training status as this device last read it, so /training shows it without a connection. */
export interface KeptTrainingStatus {
  savedAt: string;
  models: TrainingModelStatus[];
}

/** The last "Ready for the field" result as features/field keeps it (its shape is that module's). */
export interface KeptReadiness {
  userId: string | null;
  steps: {
    id: string;
    label: string;
    status: 'waiting' | 'working' | 'done' | 'warning' | 'failed';
    detail: string;
  }[];
  finishedAt: number | null;
}

export const settingsStore = {
  /** The written sentences this account last brought to check, so Check sentences works offline. */
  sentenceReview: (userId: string) =>
    get<ReviewSentence[]>(SENTENCE_REVIEW_KEY(userId)).then((value) => value ?? []),
  setSentenceReview: (userId: string, sentences: ReviewSentence[]) =>
    set(SENTENCE_REVIEW_KEY(userId), sentences),
  session: () => get<SyncSession>(SESSION_KEY).then((value) => value ?? null),
  setSession: (session: SyncSession | null) => (session ? set(SESSION_KEY, session) : del(SESSION_KEY)),
  lastSyncAt: () => get<number>(LAST_SYNC_KEY).then((value) => value ?? null),
  setLastSyncAt: (time: number) => set(LAST_SYNC_KEY, time),
  persistAsked: () => get<boolean>(PERSIST_ASKED_KEY).then(Boolean),
  setPersistAsked: () => set(PERSIST_ASKED_KEY, true),
  fieldReadiness: () => get<KeptReadiness>(FIELD_READINESS_KEY).then((value) => value ?? null),
  setFieldReadiness: ({ userId, steps, finishedAt }: KeptReadiness) =>
    set(FIELD_READINESS_KEY, { userId, steps, finishedAt }),
  trainingStatus: () => get<KeptTrainingStatus>(TRAINING_STATUS_KEY).then((value) => value ?? null),
  setTrainingStatus: (kept: KeptTrainingStatus) => set(TRAINING_STATUS_KEY, kept),
  reviewStats: () => get<KeptReviewStats>(REVIEW_STATS_KEY).then((value) => value ?? null),
  setReviewStats: (kept: KeptReviewStats) => set(REVIEW_STATS_KEY, kept),
  /** The interface's languages as Translate the app last read them. */
  uiLanguages: () => get<UiLanguage[]>(UI_LANGUAGES_KEY).then((value) => value ?? null),
  setUiLanguages: (languages: UiLanguage[]) => set(UI_LANGUAGES_KEY, languages),
  /** The field speaker who speaks next on this phone for this account (null: the account holder). */
  fieldSpeaker: (userId: string) => get<string>(FIELD_SPEAKER_KEY(userId)).then((value) => value ?? null),
  /** When the field speaker was last chosen or confirmed on this phone (null: never, or by an older version). */
  fieldSpeakerChosenAt: (userId: string) =>
    get<number>(FIELD_SPEAKER_AT_KEY(userId)).then((value) => value ?? null),
  setFieldSpeaker: async (userId: string, speakerId: string | null, at = Date.now()) => {
    await (speakerId ? set(FIELD_SPEAKER_KEY(userId), speakerId) : del(FIELD_SPEAKER_KEY(userId)));
    await set(FIELD_SPEAKER_AT_KEY(userId), at);
  },
  /** The sentences this account put aside in a queue (skipped), oldest first (prompt-actions.ts keeps them). */
  putAside: <Q extends PutAsideQueue>(queue: Q, userId: string) =>
    get<PutAsideKeys[Q][]>(PUT_ASIDE_KEY(queue, userId)).then((value) => value ?? []),
  setPutAside: <Q extends PutAsideQueue>(queue: Q, userId: string, ids: readonly PutAsideKeys[Q][]) =>
    set(PUT_ASIDE_KEY(queue, userId), ids),
  /** The speed clips are played at while transcribing on this phone (null: never chosen). */
  playbackRate: () => get<number>(PLAYBACK_RATE_KEY).then((value) => value ?? null),
  setPlaybackRate: (rate: number) => set(PLAYBACK_RATE_KEY, rate),
};
