// The outbox: every contribution made on this device (edits, consent, recordings), kept in IndexedDB until
// the server confirms each one. Entries replay in order, kinds of a lower phase first (outbox-kinds.ts);
// entries about the same subject never overtake one another, and an entry the server refused holds back the
// later entries of its subject until the contributor decides.
import Dexie from 'dexie';
import {
  matchRoute,
  mutation,
  mutationPath,
  parseMutationArgs,
  type MutationAbout,
  type MutationBody,
  type MutationInput,
  type MutationParams,
} from '../../core/api/mutations.ts';
import {
  recordingAbout,
  recordingSubject,
  type LocalDb,
  type LocalRecording,
  type OutboxEntry,
  type OutboxEntryOf,
  type OutboxKind,
  type OutboxProblem,
} from './local-db.ts';
import type { OutboxLabel } from './outbox-label.ts';

export interface EnqueueOptions {
  now?: number;
  /** Fold into an unsent entry of the same subject: the kind's declaration says (a benchmark may say no). */
  coalesce?: boolean;
}

export function newEntryId(): string {
  return crypto.randomUUID();
}

/** What follows every change that joins the outbox, whatever its kind: start sending, ask Background Sync. */
type QueuedListener = (entry: OutboxEntry) => void;
let queuedListener: QueuedListener | null = null;

/** The page's sync (src/features/sync/sync.ts) sets what follows a change that joins the outbox. */
export function onQueued(listener: QueuedListener | null): void {
  queuedListener = listener;
}

/**
 * Tells the listener once the change is stored: when the transaction that holds it commits (a screen's own
 * transaction, which also takes its item out of a pack, or the outbox's), outside of it.
 */
function announce(entry: OutboxEntry): void {
  const listener = queuedListener;
  if (!listener) return;
  const tell = () => Dexie.ignoreTransaction(() => listener(entry));
  const transaction = Dexie.currentTransaction?.idbtrans;
  if (transaction) transaction.addEventListener('complete', tell);
  else tell();
}

/**
 * The one way into the outbox: checks a change by its kind's declaration (core/api/mutations.ts), stores it (or
 * folds it into an unsent one of the same subject when the kind coalesces) and, once stored, starts sending it
 * and registers Background Sync (onQueued). Called inside a caller's transaction, it joins it.
 */
export async function enqueue<K extends OutboxKind>(
  db: LocalDb,
  userId: string,
  kind: K,
  input: MutationInput<K>,
  about: MutationAbout<K>,
  { now = Date.now(), coalesce = mutation(kind).coalesce }: EnqueueOptions = {},
): Promise<OutboxEntryOf<K>> {
  const declaration = mutation(kind);
  const args = parseMutationArgs(kind, input);
  const change = {
    userId,
    kind,
    subject: declaration.subject(args),
    params: args.params,
    body: args.body,
    label: declaration.label(args, about),
  };
  const entry = await db.transaction('rw', db.outbox, async () => {
    if (coalesce) {
      const latest = (await entriesOf(db, userId)).filter((e) => e.subject === change.subject).at(-1);
      if (latest && latest.state === 'pending' && latest.sentAt === undefined && latest.kind === kind) {
        const updated = { ...latest, params: change.params, body: change.body, label: change.label };
        await db.outbox.put(updated);
        return updated as OutboxEntryOf<K>;
      }
    }
    const added: OutboxEntryOf<K> = {
      ...change,
      id: newEntryId(),
      createdAt: now,
      attempts: 0,
      state: 'pending',
    };
    const seq = await db.outbox.add(added);
    return { ...added, seq };
  });
  announce(entry as OutboxEntry);
  return entry;
}

/**
 * An entry's route parameters: kept with it, or read from the path that versions before the mutation registry
 * kept instead (null when that path is not of its kind's route).
 */
export function entryParams<K extends OutboxKind>(entry: OutboxEntryOf<K>): MutationParams<K> | null {
  if (entry.params) return entry.params;
  const declaration = mutation(entry.kind);
  if (entry.path === undefined) return declaration.route.includes(':') ? null : ({} as MutationParams<K>);
  const matched = matchRoute(declaration.route, entry.path);
  if (!matched) return null;
  const parsed = declaration.params.safeParse(matched);
  return parsed.success ? (parsed.data as MutationParams<K>) : null;
}

/** The path under /api an entry goes to (an older entry's own path when its parameters cannot be read). */
export function entryPath(entry: OutboxEntry): string {
  const params = entryParams(entry);
  if (params) return mutationPath(entry.kind, params as never);
  return entry.path ?? mutation(entry.kind).route.replace(/^\//, '');
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
export function sendableInOrder(): (entry: OutboxEntry) => boolean {
  const held = new Set<string>();
  return (entry) => {
    // A refused entry holds its subject, itself included.
    if (entry.state === 'attention') held.add(entry.subject);
    return !held.has(entry.subject);
  };
}

/**
 * The next entry to send, among entries given in replay order: of the first waiting entry of each subject, those
 * that may go (and that this environment can send), the first of the lowest phase. Within a subject order is kept
 * whatever the phase: a withdrawal made after a photo of the signed form waits for the photo.
 */
export function nextSendable(
  entries: readonly OutboxEntry[],
  canSend: (entry: OutboxEntry) => boolean = () => true,
): OutboxEntry | undefined {
  const mayGo = sendableInOrder();
  const subjectsSeen = new Set<string>();
  let best: OutboxEntry | undefined;
  for (const entry of entries) {
    // mayGo must see every entry, in order, to know which subjects are held.
    const allowed = mayGo(entry);
    const firstOfSubject = !subjectsSeen.has(entry.subject);
    subjectsSeen.add(entry.subject);
    if (!allowed || !firstOfSubject || !canSend(entry)) continue;
    if (!best || mutation(entry.kind).phase < mutation(best.kind).phase) best = entry;
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
 * Replaces a refused entry's body with a new change in the same place of the queue, under a new
 * Idempotency-Key (the body differs, so the old key must not be reused).
 */
export async function replaceEntry<K extends OutboxKind>(
  db: LocalDb,
  entry: OutboxEntryOf<K>,
  body: MutationBody<K>,
  label?: OutboxLabel,
): Promise<void> {
  const parsed = mutation(entry.kind).body.parse(body) as MutationBody<K>;
  await db.transaction('rw', db.outbox, async () => {
    const stored = await db.outbox.get(entry.seq);
    if (!stored || stored.kind !== entry.kind) return;
    const replaced: OutboxEntryOf<K> = {
      ...(stored as OutboxEntryOf<K>),
      id: newEntryId(),
      body: parsed,
      label: label ?? stored.label,
      state: 'pending',
      problem: undefined,
      sentAt: undefined,
      attempts: 0,
    };
    await db.outbox.put(replaced);
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
    if (entry?.kind === 'speaker.consent' || entry?.kind === 'speaker.evidence')
      await db.speakerEvidence.delete(entry.body.evidenceKey);
    if (entry?.kind !== 'recording.upload') return;
    const { recordingId } = entry.body;
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
    await enqueue(
      db,
      recording.userId,
      'recording.upload',
      { params: {}, body: { recordingId } },
      recordingAbout(recording),
      { now },
    );
  });
}
