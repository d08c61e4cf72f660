// The outbox: every contribution made on this device (edits, consent, recordings), kept in IndexedDB until
// the server confirms each one. Entries replay in order, kinds of a lower phase first (outbox-kinds.ts);
// entries about the same subject never overtake one another, and an entry the server refused holds back the
// later entries of its subject until the contributor decides.
import Dexie from 'dexie';
import {
  recordingSubject,
  recordingUploadEntry,
  type LocalDb,
  type LocalRecording,
  type OutboxEntry,
  type OutboxKind,
  type OutboxProblem,
} from './local-db.ts';
import { KIND_PHASE } from './outbox-kinds.ts';
import type { OutboxLabel } from './outbox-label.ts';

export interface NewOutboxEntry {
  userId: string;
  kind: OutboxKind;
  subject: string;
  path: string;
  body: unknown;
  label: OutboxLabel;
}

export interface EnqueueOptions {
  /**
   * Replace the body of the latest entry of the same subject when it has never been sent (a second edit of
   * the same field while offline), instead of adding another entry.
   */
  coalesce?: boolean;
  now?: number;
}

export function newEntryId(): string {
  return crypto.randomUUID();
}

/** Adds a change to the outbox (or folds it into an unsent one of the same subject) and returns the entry. */
export async function enqueue(
  db: LocalDb,
  change: NewOutboxEntry,
  { coalesce = false, now = Date.now() }: EnqueueOptions = {},
): Promise<OutboxEntry> {
  return db.transaction('rw', db.outbox, async () => {
    if (coalesce) {
      const latest = (await entriesOf(db, change.userId)).filter((e) => e.subject === change.subject).at(-1);
      if (
        latest &&
        latest.state === 'pending' &&
        latest.sentAt === undefined &&
        latest.kind === change.kind
      ) {
        const updated: OutboxEntry = { ...latest, body: change.body, label: change.label };
        await db.outbox.put(updated);
        return updated;
      }
    }
    const entry: OutboxEntry = {
      ...change,
      id: newEntryId(),
      createdAt: now,
      attempts: 0,
      state: 'pending',
    };
    const seq = await db.outbox.add(entry);
    return { ...entry, seq };
  });
}

/** A user's entries, in replay order. */
function userEntries(db: LocalDb, userId: string) {
  return db.outbox.where('[userId+seq]').between([userId, Dexie.minKey], [userId, Dexie.maxKey]);
}

/** A user's entries in replay order. */
export function entriesOf(db: LocalDb, userId: string): Promise<OutboxEntry[]> {
  return userEntries(db, userId).toArray();
}

/**
 * The rule of which entry may go: a pending one whose subject has no earlier entry waiting for the
 * contributor. The returned predicate must see entries in replay order (it remembers the held subjects).
 */
function sendableInOrder(): (entry: OutboxEntry) => boolean {
  const held = new Set<string>();
  return (entry) => {
    if (entry.state === 'attention') held.add(entry.subject);
    return entry.state === 'pending' && !held.has(entry.subject);
  };
}

/**
 * The next entry to send, among entries given in replay order: of those that may go (and that this
 * environment can send), the first of the lowest phase.
 */
export function nextSendable(
  entries: readonly OutboxEntry[],
  canSend: (entry: OutboxEntry) => boolean = () => true,
): OutboxEntry | undefined {
  const mayGo = sendableInOrder();
  let best: OutboxEntry | undefined;
  for (const entry of entries) {
    // mayGo must see every entry, in order, to know which subjects are held.
    if (!mayGo(entry) || !canSend(entry)) continue;
    if (!best || KIND_PHASE[entry.kind] < KIND_PHASE[best.kind]) best = entry;
  }
  return best;
}

/** nextSendable over the stored entries of a user. */
export async function firstSendable(
  db: LocalDb,
  userId: string,
  canSend?: (entry: OutboxEntry) => boolean,
): Promise<OutboxEntry | undefined> {
  return nextSendable(await entriesOf(db, userId), canSend);
}

/** How many of a user's entries wait to be sent (not counting refused ones). */
export function countWaiting(db: LocalDb, userId: string): Promise<number> {
  return userEntries(db, userId)
    .filter((entry) => entry.state === 'pending')
    .count();
}

/** Entries that cannot move until an earlier entry of their subject is resolved. */
export function isHeldBack(entries: readonly OutboxEntry[], entry: OutboxEntry): boolean {
  return entries.some(
    (other) =>
      other.subject === entry.subject &&
      other.state === 'attention' &&
      (other.seq ?? 0) < (entry.seq ?? 0) &&
      other.id !== entry.id,
  );
}

/** Records an attempt before the request goes out: from here on the body must not change. */
export async function markAttempt(db: LocalDb, entry: OutboxEntry, now = Date.now()): Promise<OutboxEntry> {
  const updated: OutboxEntry = { ...entry, sentAt: entry.sentAt ?? now, attempts: entry.attempts + 1 };
  await db.outbox.update(entry.seq, { sentAt: updated.sentAt, attempts: updated.attempts });
  return updated;
}

/** The server refused the entry: keep it, stop retrying it, and tell the contributor. */
export async function park(db: LocalDb, entry: OutboxEntry, problem: OutboxProblem): Promise<void> {
  await db.outbox.update(entry.seq, { state: 'attention', problem });
}

/** The contributor asks to try a refused entry again as it is (e.g. after giving consent). */
export async function retryEntry(db: LocalDb, seq: number): Promise<void> {
  await db.outbox.update(seq, { state: 'pending', problem: undefined });
}

/**
 * Replaces a refused entry with a new change in the same place of the queue, under a new
 * Idempotency-Key (the body differs, so the old key must not be reused).
 */
export async function replaceEntry(
  db: LocalDb,
  seq: number,
  body: unknown,
  label?: OutboxLabel,
): Promise<void> {
  await db.transaction('rw', db.outbox, async () => {
    const entry = await db.outbox.get(seq);
    if (!entry) return;
    await db.outbox.put({
      ...entry,
      id: newEntryId(),
      body,
      label: label ?? entry.label,
      state: 'pending',
      problem: undefined,
      sentAt: undefined,
      attempts: 0,
    });
  });
}

/**
 * The contributor gives up a change; giving up a recording's upload deletes the recording from the device, and
 * giving up a speaker's consent deletes the consent recording or photo kept for it.
 */
export async function discardEntry(db: LocalDb, seq: number): Promise<void> {
  await db.transaction('rw', [db.outbox, db.recordings, db.recordingChunks, db.speakerEvidence], async () => {
    const entry = await db.outbox.get(seq);
    await db.outbox.delete(seq);
    const kept = (entry?.body as { evidenceKey?: string } | undefined)?.evidenceKey;
    if (kept && (entry?.kind === 'speaker.consent' || entry?.kind === 'speaker.evidence'))
      await db.speakerEvidence.delete(kept);
    if (entry?.kind !== 'recording.upload') return;
    const { recordingId } = entry.body as { recordingId: string };
    await db.recordingChunks.where('recordingId').equals(recordingId).delete();
    await db.recordings.delete(recordingId);
  });
}

/**
 * A saved recording joins the outbox: its row becomes 'waiting' and its upload entry is added, in one
 * transaction (an entry already there, from an earlier save, is kept).
 */
export async function queueRecording(
  db: LocalDb,
  recordingId: string,
  changes: Partial<LocalRecording> = {},
  now = Date.now(),
): Promise<void> {
  await db.transaction('rw', db.recordings, db.outbox, async () => {
    await db.recordings.update(recordingId, { ...changes, state: 'waiting' });
    const recording = await db.recordings.get(recordingId);
    if (!recording) return;
    const queued = await db.outbox.where('subject').equals(recordingSubject(recordingId)).count();
    if (queued > 0) return;
    await db.outbox.add({
      ...recordingUploadEntry(recording),
      id: newEntryId(),
      createdAt: now,
      attempts: 0,
      state: 'pending',
    });
  });
}
