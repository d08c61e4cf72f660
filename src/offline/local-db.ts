// The one module that owns IndexedDB (Dexie, versioned schema): the outbox of every contribution waiting for
// the server (edits, consent, recordings, reviews), caches of server data the offline screens read (the review
// pack with its audio among them), the audio of recordings not yet on the server, and small kept values (the
// session the outbox replays with, the last sync, flags, the field speaker chosen: settings-store.ts) and the
// interface's messages kept for Translate the app. Other modules reach IndexedDB through this one; the one
// exception is the chat's translation engine, whose worker keeps the model and memory in stores of its own
// (offline-engine.worker.ts says why).
import Dexie, { type EntityTable } from 'dexie';
import type { AgeGroup, Gender } from '../../core/api/auth.ts';
import type { ConsentStatus } from '../../core/api/consent.ts';
import type { ConsentEvidenceKind } from '../../core/api/speakers.ts';
import type { ConsentType } from '../../core/constants.ts';
import type { PackPicture } from '../../core/api/pictures.ts';
import type { UiLanguage, UiMessage } from '../../core/api/i18n.ts';
import type { RecordingPrompt, WrittenPrompt } from '../../core/api/recordings.ts';
import type { ReviewClip, ReviewLexiconEntry, ReviewProposal } from '../../core/api/review.ts';
import type { ReviewedPair } from '../../core/api/translation.ts';
import {
  mutation,
  subjects,
  type GoneNoticeKind,
  type MutationBody,
  type MutationKind,
  type MutationParams,
} from '../../core/api/mutations.ts';
import type { OutboxLabel } from '../../core/i18n/outbox-label.ts';
import { carryOverKeyval, CARRIED_KEYVAL_KEY, forgetCarriedKeyval } from './keyval-carry-over.ts';
import { keyPutAsidePairs } from './speak-aside-keys.ts';

export const LOCAL_DB_NAME = 'lopit';

/**
 * What kind of contribution an outbox entry carries: each kind is declared once in core/api/mutations.ts (its
 * route, schemas, order, label). 'recording.upload' points at a LocalRecording, whose audio stays in
 * recordingChunks until the server confirms it.
 */
export type OutboxKind = MutationKind;

/** The outbox subject of a recording's upload. */
export const recordingSubject = subjects.recording;

/** Why an entry stopped: shown to the contributor with what to do. */
export interface OutboxProblem {
  status: number | null;
  code?: string | undefined;
  message: string;
  details?: unknown;
}

interface OutboxEntryBase {
  /** Auto-increment: the order in which entries are replayed. */
  seq?: number;
  /** Client-generated UUID, sent as Idempotency-Key: the server applies each entry at most once. */
  id: string;
  /** Whose change this is; only that user's session replays it. */
  userId: string;
  /** Entries about the same thing ('pair:12', 'consent') keep their order and wait for one another. */
  subject: string;
  /** What the contributor sees in the list of waiting items. */
  label: OutboxLabel;
  createdAt: number;
  /** Set on the first attempt: from then on the body is frozen (the server may have seen it). */
  sentAt?: number | undefined;
  attempts: number;
  /** 'attention': the server refused it (4xx); it waits for the contributor instead of being retried. */
  state: 'pending' | 'attention';
  problem?: OutboxProblem | undefined;
}

/** An entry of one kind: its route's parameters and its body, as the kind's declaration parsed them. */
export type OutboxEntryOf<K extends OutboxKind> = OutboxEntryBase & {
  kind: K;
  /** Absent in entries of versions before the mutation registry: they kept the path instead. */
  params?: MutationParams<K> | undefined;
  /** Path under /api ('translation/save'), kept by versions before the mutation registry (params are read from it). */
  path?: string | undefined;
  body: MutationBody<K>;
};

export type OutboxEntry = { [K in OutboxKind]: OutboxEntryOf<K> }[OutboxKind];

/**
 * A pair as the server gave it to one signed-in person: its open proposals' `mine` flags are that person's.
 * Copies cached before the review loop have neither `proposals` nor `viewerId` (local-pairs.ts reads them).
 */
export interface CachedPair extends ReviewedPair {
  /** When this copy was read from the server. */
  cachedAt: number;
  /** Whose view of the proposals this is (the account that read it). */
  viewerId?: string | undefined;
}

/** Where this device's copy of a server list stands (the server's cursor), kept with the copy it describes. */
export interface SyncCursor {
  /** What the copy is of: 'pairs'. */
  name: 'pairs';
  cursor: string;
  /** When the copy was last brought up to date. */
  syncedAt: number;
}

/** A sentence of the prompt pack: what the recorder offers to read, kept so it works offline. */
export interface CachedPrompt extends RecordingPrompt {
  /** Its place in the pack as the server chose it (fewest recordings first). */
  rank: number;
}

/** An approved written Lopit sentence of the prompt pack (issue 32): what Speak offers to read beside the pairs. */
export interface CachedSentence extends WrittenPrompt {
  /** Its place among the pack's written sentences as the server chose it (fewest recordings first). */
  rank: number;
}

export interface CachedConsent {
  userId: string;
  status: ConsentStatus;
  cachedAt: number;
}

export interface CachedLexiconEntry {
  id: number;
  lopit: string;
  english: string;
  partOfSpeech: string | null;
}

/**
 * A recording kept on this device until the server has it: metadata here, the audio beside it as
 * ArrayBuffer chunks (Safari cannot store Blobs in IndexedDB reliably).
 */
export interface LocalRecording {
  /** Client-generated UUID; the server keeps it, so a second upload finds the first. */
  id: string;
  userId: string;
  createdAt: number;
  /**
   * draft: being recorded or not yet saved (kept so a crash loses nothing); waiting: saved, its upload in the
   * outbox; uploading: bytes are going. A refusal is the outbox entry's state ('attention'), not the
   * recording's. ('attention' here only in databases from before schema 2, which moves it to the outbox.)
   */
  state: 'draft' | 'waiting' | 'uploading' | 'attention';
  fileName: string;
  title: string | null;
  transcript: string | null;
  language: 'lpx' | 'en' | null;
  promptPairId: number | null;
  /** Read Lopit from the sentence collection (issue 32): the written sentence read; absent or null otherwise. */
  promptSentenceId?: number | null | undefined;
  mimeType: string;
  durationSeconds: number;
  sizeBytes: number;
  /** Hex SHA-256 of the whole audio, checked by the server. */
  sha256: string | null;
  chunkCount: number;
  uploadedBytes: number;
  /** The resumable upload's address on the server, once created. */
  uploadUrl: string | null;
  problem?: OutboxProblem | undefined;
  /**
   * When the audio was recorded, if not when this row was made (`createdAt`, the start of recording here):
   * an imported file's last-modified time.
   */
  recordedAt?: number | undefined;
  /** A field speaker who speaks in it (issue 16); absent or null: the account holder. */
  speakerId?: string | null | undefined;
  /** A spoken translation: the pair whose English sentence it translates. */
  sourcePairId?: number | null | undefined;
  /** 'story': a Tell recording (issue 32), cut into segments on the server; absent: a clip. */
  kind?: 'story' | undefined;
  /** Repeat (issue 32): the clip this one repeats slowly, to help its transcription. */
  repeatsId?: string | null | undefined;
  /** A clip said from a picture prompt (issue 32): the picture it answers. */
  pictureId?: string | null | undefined;
}

export interface LocalRecordingChunk {
  recordingId: string;
  index: number;
  data: ArrayBuffer;
}

/**
 * A clip of the review pack: what the Listen screen shows offline. Its audio is kept beside it as ArrayBuffer
 * chunks (reviewClipChunks); a clip is stored together with its audio, never without it.
 */
export interface PackedClip extends ReviewClip {
  /** Whose pack: the server chose it for this person (never their own clips). */
  userId: string;
  /** Its place in the pack (fewest votes first, as the server sent them). */
  rank: number;
  chunkCount: number;
}

export interface PackedClipChunk {
  clipId: string;
  index: number;
  data: ArrayBuffer;
}

/** A proposed translation of the review pack, with its pair, kept for the Review screen offline. */
export interface PackedProposal extends ReviewProposal {
  userId: string;
  rank: number;
}

/** A lexicon entry an admin sent to review (a word and its meaning), kept for the Review screen offline. */
export interface PackedWord extends ReviewLexiconEntry {
  userId: string;
  rank: number;
}

/** Something a reviewer skipped: the next packs leave it out (until the list of skips is full). */
export interface ReviewSkip {
  /** `${userId} clip:${id}`, `${userId} proposal:${id}` or `${userId} word:${id}`. */
  key: string;
  userId: string;
  kind: 'clip' | 'proposal' | 'word';
  itemId: string;
  at: number;
}

/**
 * A sentence this person reported (issue 16): it stays out of their Speak and Translate queues on this phone. A
 * pair's sentence, or (issue 32) a written sentence offered to read.
 */
export interface ReportedPrompt {
  /** `${userId} ${pairId}`, or `${userId} sentence:${sentenceId}` */
  key: string;
  userId: string;
  /** The pair reported (absent for a written sentence). */
  pairId?: number | undefined;
  /** The written sentence reported (absent for a pair's). */
  sentenceId?: number | undefined;
  at: number;
}

/**
 * A field speaker added on this phone (issue 16): kept here from the moment they are added, offline too, with
 * their consent as recorded here; the server's copy (pseudonym, clips) replaces it once it is known.
 */
export interface LocalSpeaker {
  id: string;
  /** The account that added them on this phone. */
  userId: string;
  name: string;
  ageGroup: AgeGroup | null;
  gender: Gender | null;
  dialect: string | null;
  createdAt: number;
  /** Their consent as recorded on this phone (or read from the server). */
  consent: {
    id: string | null;
    type: ConsentType;
    at: number;
    /** What shows it: a spoken consent, a photo of the signed form, or both. */
    evidence: ConsentEvidenceKind[];
  } | null;
  /** When who added them recorded that they withdrew. */
  withdrawnAt: number | null;
  /** Made by the server: what exports and dashboards show instead of their name. */
  pseudonym: string | null;
  /** Clips attributed to them, as the server last said. */
  clips: number;
}

/** A spoken consent or a photo of a signed form, kept until the server has it. */
export interface LocalEvidence {
  /** `${consentId}:${kind}` */
  key: string;
  speakerId: string;
  consentId: string;
  kind: ConsentEvidenceKind;
  mimeType: string;
  data: ArrayBuffer;
  createdAt: number;
}

/**
 * A clip to transcribe or a transcript to check (issue 16), kept with its audio so /transcribe works on after a
 * reload without a signal; `kind` is the outbox kind that answers it.
 */
export interface PackedTranscribeItem {
  /** `${userId} ${kind} ${itemKey}` */
  key: string;
  userId: string;
  /** What marks an item done: a transcript, a review, or (Repeat) a recording that repeats the clip. */
  kind: 'transcript.save' | 'transcript.review' | 'recording.upload';
  itemKey: string;
  item: unknown;
  audio: ArrayBuffer;
  mimeType: string;
  /** A second clip heard as help (Repeat: the clip said again slowly), kept with it. */
  help?: { audio: ArrayBuffer; mimeType: string } | undefined;
  at: number;
}

export type { GoneNoticeKind };

/**
 * A vote, review, transcript or repetition (Repeat) the server refused because what it was about is gone for good
 * (ITEM_GONE): it left the outbox (a repetition with its audio), and this row stays until the contributor has read
 * the notice.
 */
export interface GoneNotice {
  /** The dropped outbox entry's id. */
  id: string;
  userId: string;
  kind: GoneNoticeKind;
  at: number;
}

/**
 * A picture prompt of the pack (issue 32), kept with its image so a picture can be answered with no signal for
 * days. The image's bytes are an ArrayBuffer, as the recordings keep their audio (Safari cannot store Blobs in
 * IndexedDB reliably); the server re-encoded it small (at most PICTURE_SERVED_MAX_EDGE pixels), so one piece.
 */
export interface PackedPicture extends Omit<PackPicture, 'imageUrl'> {
  /** Its place in the pack (as the server sent them). */
  rank: number;
  mimeType: string;
  data: ArrayBuffer;
  savedAt: number;
}

/** A small value kept on this device under its name (settings-store.ts owns the names and their shapes). */
export interface KeptValue {
  key: string;
  value: unknown;
}

/** A language's messages as Translate the app last read them for one account, so the screen works offline. */
export interface UiMessagesCopy {
  userId: string;
  code: string;
  language: UiLanguage;
  messages: UiMessage[];
  savedAt: number;
}

export class LocalDb extends Dexie {
  outbox!: EntityTable<OutboxEntry, 'seq'>;
  pairs!: EntityTable<CachedPair, 'id'>;
  consents!: EntityTable<CachedConsent, 'userId'>;
  lexicon!: EntityTable<CachedLexiconEntry, 'id'>;
  recordings!: EntityTable<LocalRecording, 'id'>;
  recordingChunks!: EntityTable<LocalRecordingChunk, 'recordingId'>;
  syncCursors!: EntityTable<SyncCursor, 'name'>;
  prompts!: EntityTable<CachedPrompt, 'id'>;
  promptSentences!: EntityTable<CachedSentence, 'id'>;
  reviewClips!: EntityTable<PackedClip, 'id'>;
  reviewClipChunks!: EntityTable<PackedClipChunk, 'clipId'>;
  reviewProposals!: EntityTable<PackedProposal, 'id'>;
  reviewWords!: EntityTable<PackedWord, 'id'>;
  reviewSkips!: EntityTable<ReviewSkip, 'key'>;
  reportedPrompts!: EntityTable<ReportedPrompt, 'key'>;
  speakers!: EntityTable<LocalSpeaker, 'id'>;
  speakerEvidence!: EntityTable<LocalEvidence, 'key'>;
  transcribePack!: EntityTable<PackedTranscribeItem, 'key'>;
  goneNotices!: EntityTable<GoneNotice, 'id'>;
  keptValues!: EntityTable<KeptValue, 'key'>;
  uiMessageCopies!: EntityTable<UiMessagesCopy, 'userId' | 'code'>;
  pictures!: EntityTable<PackedPicture, 'id'>;

  constructor(name = LOCAL_DB_NAME) {
    super(name);
    this.version(1).stores({
      outbox: '++seq, &id, userId, subject, [userId+seq]',
      pairs: 'id, category',
      consents: 'userId',
      lexicon: 'id, lopit, english',
      recordings: 'id, userId, state, createdAt',
      recordingChunks: '[recordingId+index], recordingId',
    });
    // Schema 2: recordings go through the outbox like every other contribution. Each saved recording that
    // is not on the server yet gets its outbox entry (a refused one keeps its reason there).
    this.version(2)
      .stores({})
      .upgrade(async (tx) => {
        const outbox = tx.table<OutboxEntry, number>('outbox');
        const queued = new Set(
          (await outbox.where('subject').startsWith('recording:').toArray()).map((entry) => entry.subject),
        );
        const recordings = await tx
          .table<LocalRecording, string>('recordings')
          .orderBy('createdAt')
          .toArray();
        for (const recording of recordings) {
          if (recording.state === 'draft' || queued.has(recordingSubject(recording.id))) continue;
          await outbox.add({
            ...recordingUploadEntry(recording),
            id: crypto.randomUUID(),
            createdAt: recording.createdAt,
            attempts: 0,
            state: recording.state === 'attention' ? 'attention' : 'pending',
            problem: recording.problem,
          });
          if (recording.state === 'attention')
            await tx.table('recordings').update(recording.id, { state: 'waiting', problem: undefined });
        }
      });
    // Schema 3: the pairs copy is kept up to date by cursor (only what changed), and the recorder's sentences
    // come from a prompt pack of their own.
    this.version(3).stores({ syncCursors: 'name', prompts: 'id, rank' });
    // Schema 4: the review pack (clips to listen to with their audio, translations and words to review) and what the
    // reviewer skipped, so the Listen and Review screens work offline (issue 15).
    this.version(4).stores({
      reviewClips: 'id, [userId+rank]',
      reviewClipChunks: '[clipId+index], clipId',
      reviewProposals: 'id, [userId+rank], pairId',
      reviewWords: 'id, [userId+rank]',
      reviewSkips: 'key, [userId+kind+at]',
    });
    // Schema 5: the sentences each person reported, kept out of their one-at-a-time queues (issue 16).
    this.version(5).stores({ reportedPrompts: 'key, userId' });
    // Schema 6: field speakers added on this phone and the evidence of their consent until it is sent (issue 16).
    this.version(6).stores({ speakers: 'id, userId', speakerEvidence: 'key, speakerId' });
    // Schema 7: the clips to transcribe and the transcripts to check, with their audio, kept for offline use.
    this.version(7).stores({ transcribePack: 'key, [userId+kind]' });
    // Schema 8: notices of reviews dropped because their item is gone (issue 29).
    this.version(8).stores({ goneNotices: 'id, userId' });
    // Schema 9: the small values and the Translate-the-app copies that idb-keyval kept in a database of its own
    // ('keyval-store') move here, so one module owns the app's IndexedDB. What a phone already has is carried
    // over in the upgrade (and when this database is first made on a phone that had only the old one); the old
    // keys are forgotten only once this upgrade has committed (the 'ready' step below), so nothing is lost if it
    // fails half-way: it runs again at the next start.
    this.version(9)
      .stores({ keptValues: 'key', uiMessageCopies: '[userId+code]' })
      .upgrade((tx) => carryOverKeyval(tx));
    // Schema 10: the picture prompts the phone keeps offline, with their images (issue 32).
    this.version(10).stores({ pictures: 'id, rank' });
    // Schema 11: the approved written sentences of the prompt pack (issue 32), which Speak offers beside the
    // pairs; its sentences put aside are named by key ('pair:12', 'sentence:5'), those kept by id carried over.
    this.version(11)
      .stores({ promptSentences: 'id, rank' })
      .upgrade((tx) => keyPutAsidePairs(tx));
    this.on('populate', (tx) => carryOverKeyval(tx));
    this.on('ready', async (vip) => {
      // `vip`: the database while it opens (this.keptValues would wait for the opening this step belongs to).
      const keptValues = vip.table<KeptValue, string>('keptValues');
      const carried = await keptValues.get(CARRIED_KEYVAL_KEY);
      if (!carried) return;
      // A failure leaves the row, so the next start tries again; opening never fails on the old database.
      if (await forgetCarriedKeyval(carried.value as string[])) await keptValues.delete(CARRIED_KEYVAL_KEY);
    });
  }
}

/** The outbox fields of a recording's upload (the entry's own id and state are the outbox's to set). */
export function recordingUploadEntry(
  recording: Pick<LocalRecording, 'id' | 'userId' | 'title' | 'fileName' | 'durationSeconds'>,
): Pick<OutboxEntryOf<'recording.upload'>, 'userId' | 'kind' | 'subject' | 'params' | 'body' | 'label'> {
  const declaration = mutation('recording.upload');
  const args = { params: {}, body: { recordingId: recording.id } };
  return {
    userId: recording.userId,
    kind: 'recording.upload',
    subject: declaration.subject(args),
    ...args,
    label: declaration.label(args, recordingAbout(recording)),
  };
}

/** What a recording's waiting-list label says: its title (else its file's name) and its length. */
export const recordingAbout = (
  recording: Pick<LocalRecording, 'title' | 'fileName' | 'durationSeconds'>,
) => ({
  title: recording.title || recording.fileName,
  durationSeconds: recording.durationSeconds,
});

let shared: LocalDb | null = null;

/** The app's database, opened on first use. */
export function localDb(): LocalDb {
  shared ??= new LocalDb();
  return shared;
}
