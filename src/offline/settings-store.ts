// Small values kept in IndexedDB with idb-keyval, readable by both the page and the service worker
// (which has no localStorage): the session the outbox replays with, the time of the last sync, flags, and the
// last results a screen shows offline (field readiness, training status, review counts).
import { del, get, set } from 'idb-keyval';
import type { ReviewStats } from '../../core/api/review.ts';
import type { TrainingModelStatus } from '../../core/api/training.ts';
import type { SyncSession } from './sync-engine.ts';

const SESSION_KEY = 'lopit.session';
const LAST_SYNC_KEY = 'lopit.sync.lastSuccessAt';
const PERSIST_ASKED_KEY = 'lopit.storage.persistAsked';
const FIELD_READINESS_KEY = 'lopit.field.readiness';
const TRAINING_STATUS_KEY = 'lopit.training.lastStatus';
const REVIEW_STATS_KEY = 'lopit.review.lastStats';

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
};
