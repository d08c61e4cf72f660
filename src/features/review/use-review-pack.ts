// The review pack as the Listen and Review screens see it: read live from the phone (IndexedDB), refilled in
// the background when the phone is online and holds few items, and the reviewer's own counts (the server's,
// kept for offline use, plus the reviews still waiting in the outbox).
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { ReviewStats } from '../../../core/api/review.ts';
import type { ApiError } from '../../lib/api-client.ts';
import { localDb, type PackedClip, type PackedProposal, type PackedWord } from '../../offline/local-db.ts';
import {
  clipPackNeedsRefill,
  countSkipped,
  packedClips,
  packedProposals,
  packedWords,
  refillClipPack,
  refillProposalPack,
  refillWordPack,
  REVIEW_PACK_REFILL_BELOW,
  unsentReviews,
} from '../../offline/review-pack.ts';
import { settingsStore } from '../../offline/settings-store.ts';
import { useSyncStatus } from '../sync/sync.ts';
import { useOutbox } from '../sync/use-outbox.ts';
import { reviewApi, reviewPackSource } from './review-api.ts';

export type PackKind = 'clips' | 'proposals';

/** Where the last refill of a pack stands: running, failed (offline or refused), or done at `checkedAt`. */
export interface RefillState {
  running: boolean;
  /** The last refill could not reach the server. */
  offline: boolean;
  /** Why the last refill failed otherwise. */
  failed: string | null;
  checkedAt: number | null;
}

const IDLE: RefillState = { running: false, offline: false, failed: null, checkedAt: null };
const refillStates: Record<PackKind, RefillState> = { clips: IDLE, proposals: IDLE };
const inFlight: Partial<Record<PackKind, Promise<void>>> = {};
const listeners = new Set<() => void>();

function publish(kind: PackKind, change: Partial<RefillState>) {
  refillStates[kind] = { ...refillStates[kind], ...change };
  listeners.forEach((listener) => listener());
}

/**
 * Brings more items onto the phone, one refill per pack at a time. Without `force`, only when the pack holds
 * fewer than REVIEW_PACK_REFILL_BELOW items (the clips held are checked with the server each time). Never
 * throws: the state says how it went.
 */
export function refillPack(kind: PackKind, userId: string, { force = false } = {}): Promise<void> {
  inFlight[kind] ??= (async () => {
    publish(kind, { running: true });
    try {
      const db = localDb();
      if (kind === 'clips') {
        // Every contact checks the clips held (some may be gone); more come only when few are left.
        const topUp = force || (await clipPackNeedsRefill(db, userId));
        await refillClipPack(db, userId, reviewPackSource, { topUp });
      } else {
        // The Review screen checks translations, then the words an admin sent to review.
        if (force || (await packedProposals(db, userId)).length < REVIEW_PACK_REFILL_BELOW)
          await refillProposalPack(db, userId, reviewPackSource);
        if (force || (await packedWords(db, userId)).length < REVIEW_PACK_REFILL_BELOW)
          await refillWordPack(db, userId, reviewPackSource);
      }
      publish(kind, { running: false, offline: false, failed: null, checkedAt: Date.now() });
    } catch (error) {
      const { status, message } = error as ApiError;
      publish(kind, { running: false, offline: status === null, failed: status === null ? null : message });
    }
  })().finally(() => {
    delete inFlight[kind];
  });
  return inFlight[kind];
}

export function useRefillState(kind: PackKind): RefillState {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => refillStates[kind],
  );
}

/** Whether the phone is offline: as the sync engine knows it, or before it knows, as the last refill found. */
export function useOffline(kind: PackKind): boolean {
  const { phase } = useSyncStatus();
  const { offline } = useRefillState(kind);
  return phase === 'offline' || (phase === 'unknown' && offline);
}

/**
 * Refills the pack when the screen opens (proposals always, clips when few are left) and whenever the sync
 * engine finds the server again.
 */
export function useRefillWhenOnline(kind: PackKind, userId: string) {
  const { phase } = useSyncStatus();
  useEffect(() => {
    if (phase === 'offline') return;
    void refillPack(kind, userId, { force: kind === 'proposals' && phase !== 'syncing' });
  }, [kind, userId, phase]);
}

export function useClipPack(userId: string): PackedClip[] | undefined {
  return useLiveQuery(() => packedClips(localDb(), userId), [userId]);
}

export function useProposalPack(userId: string): PackedProposal[] | undefined {
  return useLiveQuery(() => packedProposals(localDb(), userId), [userId]);
}

export function useWordPack(userId: string): PackedWord[] | undefined {
  return useLiveQuery(() => packedWords(localDb(), userId), [userId]);
}

export function useSkippedCount(userId: string, kind: 'clip' | 'proposal' | 'word'): number {
  return useLiveQuery(() => countSkipped(localDb(), userId, kind), [userId, kind]) ?? 0;
}

/** The start of the reviewer's local day. */
export function startOfToday(now = new Date()): Date {
  return new Date(now.getFullYear(), now.getMonth(), now.getDate());
}

export interface ReviewCounts {
  today: number;
  total: number;
  /** Of these, reviews still waiting on this phone. */
  waiting: number;
  /** The server's part is known (false before the first answer on this phone). */
  known: boolean;
}

/**
 * The reviewer's own counts for one screen: the server's (read again whenever a review has been sent, kept on
 * the phone for offline use) plus the reviews still in the outbox.
 */
export function useReviewCounts(userId: string, kind: PackKind): ReviewCounts {
  const entries = useOutbox();
  const since = startOfToday();
  const sinceIso = since.toISOString();
  const unsent = unsentReviews(entries ?? [], since.getTime())[kind];
  const [server, setServer] = useState<ReviewStats | null>(null);
  const waitingBefore = useRef<number | null>(null);

  useEffect(() => {
    let current = true;
    void settingsStore.reviewStats().then((kept) => {
      if (!current || !kept || kept.userId !== userId) return;
      // Kept from an earlier day: its "today" is over.
      const stats: ReviewStats =
        kept.since === sinceIso
          ? kept.stats
          : {
              clips: { today: 0, total: kept.stats.clips.total },
              proposals: { today: 0, total: kept.stats.proposals.total },
            };
      setServer((known) => known ?? stats);
    });
    return () => {
      current = false;
    };
  }, [userId, sinceIso]);

  // Read again when the screen opens and each time reviews have left the outbox (the server now counts them).
  const waiting = unsent.total;
  useEffect(() => {
    const before = waitingBefore.current;
    waitingBefore.current = waiting;
    if (before !== null && waiting >= before) return;
    let current = true;
    reviewApi.stats(new Date(sinceIso)).then(
      (stats) => {
        if (!current) return;
        setServer(stats);
        void settingsStore.setReviewStats({ userId, since: sinceIso, stats });
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [userId, sinceIso, waiting]);

  const known = server?.[kind];
  return {
    today: (known?.today ?? 0) + unsent.today,
    total: (known?.total ?? 0) + unsent.total,
    waiting: unsent.total,
    known: server !== null,
  };
}

/** What both screens read besides their pack: the refill's state, offline, the counts, the skipped items. */
export function useReviewScreen(kind: PackKind, userId: string) {
  const refill = useRefillState(kind);
  const offline = useOffline(kind);
  const counts = useReviewCounts(userId, kind);
  const skippedClips = useSkippedCount(userId, 'clip');
  const skippedTexts = useSkippedCount(userId, 'proposal') + useSkippedCount(userId, 'word');
  const skipped = kind === 'clips' ? skippedClips : skippedTexts;
  useRefillWhenOnline(kind, userId);
  return { refill, offline, counts, skipped };
}
