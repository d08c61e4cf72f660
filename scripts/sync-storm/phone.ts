// Sync-storm phone: the app's own IndexedDB (on fake-indexeddb), outbox, sync engine and tus sender.
//
// The app's recording sender reads the device database through localDb(), so every phone of a run keeps its
// data in that one database, each under its own user (like several accounts on one device); each phone has its
// own sync engine, session and connections (traffic.ts), and the outbox only hands a session its own entries.
import 'fake-indexeddb/auto';
import type { SaveTranslation } from '../../core/api/translation.ts';
import type { ConsentType } from '../../core/constants.ts';
import { localDb, type LocalDb, type LocalRecording, type OutboxEntry } from '../../src/offline/local-db.ts';
import { JSON_SENDERS } from '../../src/offline/outbox-kinds.ts';
import { enqueue, queueRecording } from '../../src/offline/outbox.ts';
import { sendRecording } from '../../src/offline/recording-uploader.ts';
import { SyncEngine } from '../../src/offline/sync-engine.ts';
import { CLIP_MIME_TYPE, CLIP_SECONDS, secondPieces, type Clip } from './clips.ts';
import { phoneContext } from './traffic.ts';

export interface PhoneAccount {
  index: number;
  userId: string;
  token: string;
}

export interface PairToEdit {
  id: number;
  version: number;
  english: string;
}

/** What a phone has queued, kept to check the server afterwards. */
export interface PhonePlan {
  edits: { entryId: string; pairId: number; translation: string }[];
  consents: { entryId: string; consentType: ConsentType }[];
  recordings: { id: string; sha256: string; sizeBytes: number }[];
}

export interface PhoneOutcome {
  index: number;
  /** Milliseconds from the release to the last confirmation (null: not everything was confirmed). */
  doneMs: number | null;
  /** Milliseconds from the release to the last confirmed edit or consent change, and the last recording. */
  lastEntryMs: number | null;
  lastRecordingMs: number | null;
  confirmedEntries: number;
  storedRecordings: number;
  /** Rounds that ended in a retry scheduled with backoff. */
  failedRounds: number;
  /** Refused by the server (4xx): parked for the contributor instead of being retried. */
  parked: { kind: string; status: number | null; code?: string | undefined; message: string }[];
  lastError: string | null;
}

/** The two consent changes: full consent, then a change that keeps recording consent. */
export const CONSENT_CHANGES: readonly ConsentType[] = ['full', 'recording'];

/** The Lopit-side text a phone writes: an invented language, never real Lopit words. */
export function zorblishText(phone: number, edit: number): string {
  return `zorblish vemmo ${phone}-${edit} quandel tiv`;
}

/** The device database every phone of the run shares (see the note at the top). */
export function deviceDb(): LocalDb {
  return localDb();
}

/** Empties the device database between runs. */
export async function clearDevice(): Promise<void> {
  const db = deviceDb();
  await Promise.all(db.tables.map((table) => table.clear()));
}

export class Phone {
  readonly plan: PhonePlan = { edits: [], consents: [], recordings: [] };
  private readonly db = deviceDb();
  private engine: SyncEngine | null = null;
  private confirmedEntries = 0;
  private storedRecordings = 0;
  private lastEntryMs: number | null = null;
  private lastRecordingMs: number | null = null;
  private failedRounds = 0;

  constructor(
    readonly account: PhoneAccount,
    private readonly apiBase: string,
  ) {}

  /**
   * Fills the device as if it had been used offline: consent (full), the translation edits (the editor's entry
   * shape, folded per pair as the app does), the second consent change, then the saved recordings, each stored
   * as the recorder stores it (about one second per piece) and queued with its checksum as the app queues it.
   */
  async prepare(pairs: readonly PairToEdit[], clips: readonly Clip[], createdAt: number): Promise<void> {
    const { db } = this;
    const userId = this.account.userId;
    const consent = async (consentType: ConsentType) => {
      const entry = await enqueue(
        db,
        userId,
        'consent.submit',
        { params: {}, body: { consent_type: consentType } },
        { choice: consentType },
        { now: createdAt },
      );
      this.plan.consents.push({ entryId: entry.id, consentType });
    };
    await consent(CONSENT_CHANGES[0]!);
    for (const [edit, pair] of pairs.entries()) {
      const translation = zorblishText(this.account.index, edit);
      const body: SaveTranslation = { id: pair.id, translation, baseVersion: pair.version };
      const entry = await enqueue(
        db,
        userId,
        'translation.save',
        { params: {}, body },
        { english: pair.english },
        { now: createdAt },
      );
      this.plan.edits.push({ entryId: entry.id, pairId: pair.id, translation });
    }
    for (const consentType of CONSENT_CHANGES.slice(1)) await consent(consentType);

    for (const [order, clip] of clips.entries()) {
      const id = crypto.randomUUID();
      const pieces = secondPieces(clip.bytes);
      const draft: LocalRecording = {
        id,
        userId,
        createdAt: createdAt + order,
        state: 'draft',
        fileName: `recording-storm-${this.account.index}-${order}.webm`,
        title: null,
        transcript: null,
        language: null,
        promptPairId: null,
        mimeType: CLIP_MIME_TYPE,
        durationSeconds: 0,
        sizeBytes: 0,
        sha256: null,
        chunkCount: 0,
        uploadedBytes: 0,
        uploadUrl: null,
      };
      await db.transaction('rw', db.recordings, db.recordingChunks, async () => {
        await db.recordings.add(draft);
        await db.recordingChunks.bulkAdd(pieces.map((data, index) => ({ recordingId: id, index, data })));
      });
      await queueRecording(
        db,
        id,
        {
          durationSeconds: CLIP_SECONDS,
          sha256: clip.sha256,
          sizeBytes: clip.bytes.length,
          chunkCount: pieces.length,
        },
        createdAt + order,
      );
      this.plan.recordings.push({ id, sha256: clip.sha256, sizeBytes: clip.bytes.length });
    }
  }

  /**
   * Comes back online: the app's sync engine replays the outbox one request at a time (edits and consent
   * first with their Idempotency-Keys, then the recordings by tus), retrying with backoff, until nothing of
   * this phone waits or `deadline` passes.
   */
  async run(release: number, deadline: number, fetchImpl: typeof fetch): Promise<PhoneOutcome> {
    return phoneContext.run(this.account.index, async () => {
      const session = { userId: this.account.userId, token: this.account.token };
      const engine = new SyncEngine({
        db: this.db,
        apiBase: this.apiBase,
        session: () => session,
        fetch: fetchImpl,
        senders: { ...JSON_SENDERS, 'recording.upload': sendRecording },
        onConfirmed: (entry: OutboxEntry) => {
          const at = performance.now() - release;
          if (entry.kind === 'recording.upload') {
            this.storedRecordings += 1;
            this.lastRecordingMs = at;
          } else {
            this.confirmedEntries += 1;
            this.lastEntryMs = at;
          }
        },
      });
      this.engine = engine;
      let failures = 0;
      engine.subscribe((status) => {
        if (status.consecutiveFailures > failures) this.failedRounds += 1;
        failures = status.consecutiveFailures;
      });
      void engine.trigger();
      let settled = false;
      while (performance.now() < deadline) {
        // A request that hangs (tus has no timeout) must not hold the phone past the deadline.
        await idleOrDeadline(engine, deadline);
        if (performance.now() >= deadline) break;
        if (await this.nothingWaits()) {
          settled = true;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      engine.stop();
      const parked = (await this.entries())
        .filter((entry) => entry.state === 'attention')
        .map((entry) => ({ kind: entry.kind, ...(entry.problem ?? { status: null, message: '' }) }));
      const complete =
        settled &&
        parked.length === 0 &&
        this.confirmedEntries === this.plan.edits.length + this.plan.consents.length &&
        this.storedRecordings === this.plan.recordings.length;
      return {
        index: this.account.index,
        doneMs: complete ? Math.max(this.lastEntryMs ?? 0, this.lastRecordingMs ?? 0) : null,
        lastEntryMs: this.lastEntryMs,
        lastRecordingMs: this.lastRecordingMs,
        confirmedEntries: this.confirmedEntries,
        storedRecordings: this.storedRecordings,
        failedRounds: this.failedRounds,
        parked,
        lastError: engine.getStatus().lastError,
      };
    });
  }

  /** Stops retrying (the time limit): a request in flight still finishes. */
  stop(): void {
    this.engine?.stop();
  }

  whenIdle(): Promise<void> {
    return this.engine?.whenIdle() ?? Promise.resolve();
  }

  private entries(): Promise<OutboxEntry[]> {
    return this.db.outbox.where('userId').equals(this.account.userId).toArray();
  }

  /** Nothing of this phone pending in the outbox (refused entries wait for a person, and count as parked). */
  private async nothingWaits(): Promise<boolean> {
    return (await this.entries()).every((entry) => entry.state !== 'pending');
  }
}

/** Resolves when the engine is idle or at the deadline, whichever comes first. */
async function idleOrDeadline(engine: SyncEngine, deadline: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      engine.whenIdle(),
      new Promise((resolve) => {
        timer = setTimeout(resolve, Math.max(0, deadline - performance.now()));
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
