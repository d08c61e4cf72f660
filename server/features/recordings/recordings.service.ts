// Storing, finding and deleting recordings: shared by the tus and the multipart upload paths.
//
// A finished upload is a temporary file. It is checked (the client's SHA-256, and that its bytes are audio), moved
// into the blob store (flushed to disk) and recorded in one row whose id is the client's recording UUID, with its
// inspection queued in the same transaction, so a second upload of the same recording answers the first one's
// record and stores nothing. The upload is answered then; the audio is decoded and measured afterwards
// (inspection-worker.ts), and the recording says 'inspecting' until its verdict is written. Putting a blob and
// committing its row happen under a per-SHA-256 lock, and a deletion checks for other rows under the same lock,
// so a blob is never removed while a row that names it is being committed (in this process).
import fsp from 'node:fs/promises';
import path from 'node:path';
import type { User } from '../../../core/api/auth.ts';
import type { ClipReviewState } from '../../../core/review/rules.ts';
import {
  plausibleRecordedAt,
  type InspectionState,
  sanitiseFileName,
  type multipartUploadMetadataSchema,
  type Recording,
  type RecordingKind,
  type RecordingLanguage,
  type recordingsQuerySchema,
} from '../../../core/api/recordings.ts';
import { TELL_ACCEPTED_SECONDS, TELL_MAX_SECONDS } from '../../../core/constants.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { Config } from '../../config.ts';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import { AppError, forbidden, itemGone, notFound } from '../../errors.ts';
import {
  type BlobRange,
  BlobNotFoundError,
  type BlobStore,
  blobStoreOf,
  hashFile,
  spoolBlob,
} from '../../lib/blob-store.ts';
import { decoders } from '../../lib/concurrency.ts';
import { LOCK_NAMESPACES, ProcessLocks, type SharedLocks } from '../../lib/shared-locks.ts';
import { inspectAudio, sniffAudio, type AudioInspection, type SniffedAudio } from './inspect-audio.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';
import { toRecording, type RecordingRow, type RecordingsRepository } from './recordings.repository.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';

export const RECORDING_NOT_FOUND = 'This recording was not found. It may have been deleted.';
export const REPEATED_CLIP_GONE =
  'The clip this recording repeats is no longer available (removed, or its speaker withdrew consent).';
export const CONSENT_REQUIRED_MESSAGE =
  'Recording consent is needed before you can upload recordings. Give it on the consent page.';
export const SPEAKER_CONSENT_REQUIRED_MESSAGE =
  "This speaker's consent to recording is not recorded, or they withdrew it. Record their consent first.";

/** What the client said about a recording, validated. */
export interface RecordingFields {
  id: string;
  fileName: string;
  title: string | null;
  transcript: string | null;
  language: RecordingLanguage | null;
  promptPairId: number | null;
  /** Read Lopit (issue 32): the approved written sentence read aloud (never with a pair). */
  promptSentenceId: number | null;
  clientMimeType: string | null;
  clientDuration: number | null;
  /** The phone's recording time, as sent (checked for plausibility when stored). */
  recordedAt: string | null;
  /** A field speaker of the owner's who speaks in it (issue 16); null: the owner speaks. */
  speakerId: string | null;
  /** A spoken translation: the pair whose English sentence it translates. */
  sourcePairId: number | null;
  /** 'story': a Tell recording (issue 32), minutes long, cut into segments once stored. */
  kind: RecordingKind;
  /** Repeat (issue 32): the clip this one repeats slowly, one the owner may hear. */
  repeatsId: string | null;
  /** A clip said from a picture prompt (issue 32): the picture it answers. */
  pictureId: string | null;
}

/** What the one-request multipart upload says of its recording (its JSON field "metadata"). */
export type MultipartMetadata = z.infer<typeof multipartUploadMetadataSchema>;

/** What a client says of a recording, by either upload path, validated (ids in any case). */
export interface RecordingMetadata {
  recordingId: string;
  fileName: string;
  title?: string | null | undefined;
  transcript?: string | null | undefined;
  language?: RecordingLanguage | null | undefined;
  promptPairId?: number | null | undefined;
  promptSentenceId?: number | null | undefined;
  mimeType?: string | null | undefined;
  durationSeconds?: number | null | undefined;
  recordedAt?: string | null | undefined;
  speakerId?: string | null | undefined;
  sourcePairId?: number | null | undefined;
  kind?: RecordingKind | null | undefined;
  repeatsId?: string | null | undefined;
  pictureId?: string | null | undefined;
}

/** The fields of a recording from its validated metadata (tus Upload-Metadata, or the multipart metadata). */
export function recordingFields(meta: RecordingMetadata): RecordingFields {
  return {
    id: meta.recordingId.toLowerCase(),
    fileName: meta.fileName,
    title: meta.title ?? null,
    transcript: meta.transcript ?? null,
    language: meta.language ?? null,
    promptPairId: meta.promptPairId ?? null,
    promptSentenceId: meta.promptSentenceId ?? null,
    clientMimeType: meta.mimeType ?? null,
    clientDuration: meta.durationSeconds ?? null,
    recordedAt: meta.recordedAt ?? null,
    speakerId: meta.speakerId?.toLowerCase() ?? null,
    sourcePairId: meta.sourcePairId ?? null,
    kind: meta.kind ?? 'clip',
    repeatsId: meta.repeatsId?.toLowerCase() ?? null,
    pictureId: meta.pictureId?.toLowerCase() ?? null,
  };
}

/** The fields of a recording sent in one multipart request, from its metadata and the file's own name. */
export function multipartFields(meta: MultipartMetadata, fileName: string | undefined): RecordingFields {
  return recordingFields({
    ...meta,
    recordingId: meta.recordingId ?? crypto.randomUUID(),
    fileName: sanitiseFileName(meta.fileName ?? fileName),
    durationSeconds: meta.duration,
    // The spec's speakerId: a field speaker's UUID attributes the clip; other values are ignored.
    speakerId: typeof meta.speakerId === 'string' && isUuid(meta.speakerId) ? meta.speakerId : null,
  });
}

/** What a recording refers to, checked before anything is stored. */
export type RecordingReferences = Pick<
  RecordingFields,
  'promptPairId' | 'promptSentenceId' | 'sourcePairId' | 'repeatsId' | 'kind' | 'pictureId'
>;

export const NOT_TRAINED_MESSAGE =
  'No speech recogniser for Lopit has been trained yet. Recordings like yours are how one will be trained.';

export interface StoreResult {
  /** false: a recording with this id was already stored for this owner; nothing new was stored. */
  created: boolean;
  recording: Recording;
}

export class RecordingService {
  readonly blobs: BlobStore;
  /** Held from putting a blob until its row is committed, and while deciding to delete a blob. */
  readonly blobLocks: { run<T>(sha256: string, fn: () => Promise<T>): Promise<T> };
  readonly tempDir: string;

  constructor(
    private readonly repositories: Repositories,
    private readonly config: Config,
    blobs?: BlobStore,
    /** Shared by every server on the database (SharedLocks), so none deletes a blob another is storing. */
    locks: SharedLocks = new ProcessLocks(),
  ) {
    this.blobs = blobs ?? blobStoreOf(config);
    this.blobLocks = { run: (sha256, fn) => locks.run(LOCK_NAMESPACES.blob, sha256, fn) };
    this.tempDir = uploadTempDir(config);
  }

  /**
   * The upload gate: the consent of who speaks covers recording. That is the account's own, or, for a clip of a
   * field speaker (issue 16), that speaker's, who must be one the account added (an admin may use any).
   */
  async requireRecordingConsent(
    user: User,
    speakerId: string | null = null,
    repositories: TransactionRepositories = this.repositories,
  ): Promise<void> {
    if (!speakerId) {
      const status = await repositories.consent.status(user.id);
      if (!status.recording) throw new AppError(403, CONSENT_REQUIRED_MESSAGE, ERROR_CODES.consentRequired);
      return;
    }
    const speaker = await repositories.speakers.find(speakerId);
    if (!speaker || (speaker.addedBy !== user.id && user.role !== 'admin'))
      throw notFound('The speaker of this recording was not found on your account. Add them again.');
    if (!(await repositories.consent.speakerStatus(speakerId)).recording)
      throw new AppError(403, SPEAKER_CONSENT_REQUIRED_MESSAGE, ERROR_CODES.consentRequired);
  }

  /** The recording if the user may see it (its owner, or an admin); otherwise null. */
  async findVisible(id: string, user: User): Promise<Recording | null> {
    if (!isUuid(id)) return null;
    const found = await this.repositories.recordings.findById(id);
    if (!found || !visibleTo(found.row, user)) return null;
    return toRecording(found.row, found.ownerName);
  }

  /** The recording the user may see (findVisible), or 404. */
  async requireVisible(id: string, user: User): Promise<Recording> {
    const recording = await this.findVisible(id, user);
    if (!recording) throw notFound(RECORDING_NOT_FOUND);
    return recording;
  }

  /**
   * A page of recordings: the user's own, or (admins only) another contributor's (`owner`) or everyone's
   * (`all`), with each story's segment counts.
   */
  async list(user: User, query: z.infer<typeof recordingsQuerySchema>) {
    const { page, limit, owner, all } = query;
    if ((all || (owner && owner !== user.id)) && user.role !== 'admin') {
      throw forbidden("Only community admins can list other contributors' recordings.");
    }
    const ownerId = owner ?? (all ? null : user.id);
    const { rows, total } = await this.repositories.recordings.list(ownerId, page, limit);
    const stories = await this.repositories.stories.counts(
      rows.filter(({ row }) => row.kind === 'story').map(({ row }) => row.id),
    );
    return {
      recordings: rows.map(({ row, ownerName }) => ({
        ...toRecording(row, ownerName),
        story: stories.get(row.id) ?? null,
      })),
      total,
      page,
    };
  }

  /** Transcribing a recording the user may see: not available until a recogniser is trained (501). */
  async transcribe(audioId: string, user: User): Promise<never> {
    await this.requireVisible(audioId, user);
    throw new AppError(501, NOT_TRAINED_MESSAGE, ERROR_CODES.notTrained);
  }

  async findVisibleRow(id: string, user: User) {
    if (!isUuid(id)) return null;
    const found = await this.repositories.recordings.findById(id);
    return found && visibleTo(found.row, user) ? found.row : null;
  }

  /**
   * A recording whose audio the user may hear: their own or any (admins), and for every other signed-in
   * contributor the clips the community reviews or has validated, while their speaker consents (issue 15). A
   * clip whose sound is still being checked (or failed the check) is in no review yet, so no one else hears it.
   */
  async findAudibleRow(id: string, user: User) {
    if (!isUuid(id)) return null;
    const found = await this.repositories.recordings.findById(id);
    if (!found) return null;
    if (visibleTo(found.row, user)) return found.row;
    if (found.row.inspection !== INSPECTED || !AUDIBLE_TO_REVIEWERS.includes(found.row.reviewState))
      return null;
    return (await this.repositories.consent.clipStatus(found.row)).recording ? found.row : null;
  }

  /** The row of a recording whose audio the user may hear (findAudibleRow), or 404. */
  async requireAudibleRow(id: string, user: User): Promise<RecordingRow> {
    const row = await this.findAudibleRow(id, user);
    if (!row) throw notFound(RECORDING_NOT_FOUND);
    return row;
  }

  /**
   * The stored audio of a row, whole or the asked range (null: whole): 416 for a range past its end, 404 when
   * the blob store lost it (logged: that is the server's fault, not the caller's).
   */
  async openAudio(row: RecordingRow, range: BlobRange | null | 'unsatisfiable', log: FastifyBaseLogger) {
    if (range === 'unsatisfiable') {
      throw new AppError(
        416,
        `The requested range is outside the recording (${row.sizeBytes} bytes).`,
        ERROR_CODES.rangeNotSatisfiable,
        undefined,
        { 'Content-Range': `bytes */${row.sizeBytes}` },
      );
    }
    try {
      return await this.blobs.open(row.sha256, range ?? undefined);
    } catch (error) {
      if (!(error instanceof BlobNotFoundError)) throw error;
      log.error({ recording: row.id }, 'the audio of a recording is missing from the blob store');
      throw notFound('The audio of this recording is missing.');
    }
  }

  /**
   * The recording stored under this id for this owner, or null when there is none. Another owner's recording
   * under the same id is refused (the id is the client's UUID; it can only clash on purpose).
   */
  async existing(
    id: string,
    owner: User,
    recordings: RecordingsRepository = this.repositories.recordings,
  ): Promise<Recording | null> {
    const found = await recordings.findById(id);
    if (!found) return null;
    if (found.row.ownerId !== owner.id) {
      throw new AppError(
        409,
        'Another recording already has this id. Record again to get a new one.',
        ERROR_CODES.recordingIdTaken,
      );
    }
    return toRecording(found.row, found.ownerName);
  }

  /** Hashes the file and compares with the client's SHA-256 (when given); returns the real one. */
  async verifyChecksum(filePath: string, expected: string | null | undefined): Promise<string> {
    const { sha256 } = await hashFile(filePath);
    if (expected && expected !== sha256) throw checksumMismatch();
    return sha256;
  }

  /**
   * Runs `use` on a local file holding a stored blob: read through the blob store (the one way stored audio is
   * read), into a temporary file removed afterwards.
   */
  async withStoredFile<T>(sha256: string, use: (filePath: string) => Promise<T>): Promise<T> {
    const copy = await spoolBlob(this.blobs, sha256, this.tempDir);
    try {
      return await use(copy.path);
    } finally {
      await copy.done();
    }
  }

  /** Inspects a stored recording's audio (the inspection job). */
  inspectStored(row: RecordingRow): Promise<AudioInspection> {
    return this.withStoredFile(row.sha256, (filePath) =>
      this.inspect(filePath, row.clientDurationSeconds, row.kind),
    );
  }

  /** Checks a file's real type, duration and levels; as many at a time as the machine has cores. */
  inspect(
    filePath: string,
    clientDuration: number | null,
    kind: RecordingKind = 'clip',
  ): Promise<AudioInspection> {
    return decoders.run(() =>
      inspectAudio(filePath, {
        ffmpegPath: this.config.FFMPEG_PATH,
        clientDuration,
        // A Tell recording has its own, larger bound (issue 32); clips the server's.
        ...(kind === 'story'
          ? { maxSeconds: TELL_MAX_SECONDS, acceptedSeconds: TELL_ACCEPTED_SECONDS }
          : { maxSeconds: this.config.AUDIO_MAX_SECONDS }),
      }),
    );
  }

  /** Refuses a prompt that is not a translation pair (400, nothing stored). */
  async checkPrompt(
    promptPairId: number | null,
    recordings: RecordingsRepository = this.repositories.recordings,
  ): Promise<void> {
    if (promptPairId !== null && !(await recordings.pairExists(promptPairId))) {
      throw unknownReference(
        'promptPairId',
        'The prompt of this recording is not a known translation pair.',
        'Unknown translation pair',
      );
    }
  }

  /** Refuses, before anything is stored, a recording whose prompts, original or picture are unknown (400). */
  async checkReferences(fields: RecordingReferences, user: User): Promise<void> {
    await this.checkPrompt(fields.promptPairId);
    await this.checkPrompt(fields.sourcePairId);
    await this.checkPromptSentence(fields.promptSentenceId, fields.promptPairId);
    await this.checkRepeats(fields.repeatsId, user, fields.kind);
    await this.checkPicture(fields.pictureId);
  }

  /**
   * Refuses a written sentence that is unknown or not approved (400, nothing stored): only sentences the
   * community approved are offered to read, and a clip reads one prompt, so not with a pair as well.
   */
  async checkPromptSentence(
    promptSentenceId: number | null,
    promptPairId: number | null = null,
    repositories: TransactionRepositories = this.repositories,
  ): Promise<void> {
    if (promptSentenceId === null) return;
    if (promptPairId !== null) {
      throw new AppError(
        400,
        'A recording reads one sentence: send promptPairId or promptSentenceId, not both.',
        ERROR_CODES.validation,
        [{ path: 'promptSentenceId', message: 'Not with promptPairId' }],
      );
    }
    if ((await repositories.sentences.approvedText(promptSentenceId)) === null) {
      throw unknownReference(
        'promptSentenceId',
        'The sentence this recording reads is not a written sentence the community approved. Record another sentence.',
        'Unknown or unapproved sentence',
      );
    }
  }

  /**
   * Refuses a repetition (nothing stored). A story may not repeat anything, nor may anything repeat a story (400).
   * A clip that is gone for the uploader (deleted, its speaker withdrew consent, or never one they could hear;
   * told apart by no one) answers 404 ITEM_GONE: the phone recorded it from a clip it held offline, and nobody can
   * put that right, so its outbox drops the repetition with a notice (core/api/mutations.ts, goneNotice).
   */
  async checkRepeats(
    repeatsId: string | null,
    user: User,
    kind: RecordingKind | null = 'clip',
  ): Promise<void> {
    if (repeatsId === null) return;
    const notAClip = () =>
      new AppError(400, 'Only a clip can be repeated, and a story repeats nothing.', ERROR_CODES.validation, [
        { path: 'repeatsId', message: 'Not a clip' },
      ]);
    if (kind === 'story') throw notAClip();
    const original = await this.findAudibleRow(repeatsId, user);
    if (!original) throw itemGone(REPEATED_CLIP_GONE);
    if (original.kind !== 'clip') throw notAClip();
  }

  /**
   * Refuses a picture prompt that does not exist (400, nothing stored). A retired one is accepted: a clip recorded
   * offline from it before it was retired is still an answer to it.
   */
  async checkPicture(
    pictureId: string | null,
    repositories: TransactionRepositories = this.repositories,
  ): Promise<void> {
    if (pictureId !== null && !(await repositories.pictures.exists(pictureId))) {
      throw unknownReference(
        'pictureId',
        'The picture of this recording is not a known picture prompt.',
        'Unknown picture',
      );
    }
  }

  /**
   * Stores a checked file and its row, through `repositories` (a transaction's, or the database's). The file stays where it is (the caller removes it once the row
   * is committed), so an upload whose row could not be written can be stored again. Call it inside
   * `blobLocks.run(sha256, ...)` and keep the lock until the row is committed.
   */
  async save(
    repositories: TransactionRepositories,
    filePath: string,
    sha256: string,
    fields: RecordingFields,
    sniffed: SniffedAudio,
    owner: User,
  ): Promise<StoreResult> {
    const repository = repositories.recordings;
    const before = await this.existing(fields.id, owner, repository);
    if (before) return { created: false, recording: before };
    // Checked again as the row is written: a withdrawal that arrived during the upload keeps it out.
    await this.requireRecordingConsent(owner, fields.speakerId, repositories);
    const speaker = fields.speakerId ? await repositories.speakers.find(fields.speakerId) : null;
    // A prompt deleted while the upload ran: keep the recording, without the link.
    const linked = async (pairId: number | null) =>
      pairId !== null && (await repository.pairExists(pairId)) ? pairId : null;
    const promptPairId = await linked(fields.promptPairId);
    const sourcePairId = await linked(fields.sourcePairId);
    // The written sentence read (checked when the upload began): its text is the clip's, whatever the phone sent.
    const sentenceText =
      fields.promptSentenceId !== null
        ? await repositories.sentences.approvedText(fields.promptSentenceId)
        : null;
    // The clip it repeats, deleted while the upload ran: keep the repetition, without the link.
    const repeatsId =
      fields.repeatsId !== null && (await repository.findById(fields.repeatsId)) ? fields.repeatsId : null;
    const blob = await this.blobs.put(filePath, { keepSource: true });
    if (blob.sha256 !== sha256) throw checksumMismatch();
    const row = await repository.insert({
      id: fields.id,
      ownerId: owner.id,
      fileName: fields.fileName,
      mimeType: sniffed.mimeType,
      sizeBytes: blob.size,
      sha256: blob.sha256,
      // Until the inspection measures it: the WAV header's, else the phone's own measure.
      durationSeconds: sniffed.wav?.duration ?? fields.clientDuration ?? 0,
      transcript: sentenceText ?? fields.transcript,
      language: fields.language,
      title: fields.title,
      promptPairId,
      promptSentenceId: sentenceText !== null ? fields.promptSentenceId : null,
      sourcePairId,
      kind: fields.kind,
      repeatsId,
      // Pictures are never deleted (only retired), and recordings name them ON DELETE RESTRICT.
      pictureId: fields.pictureId,
      speakerId: speaker?.id ?? null,
      // Who speaks: the field speaker's profile, else the account's.
      ageGroup: speaker ? speaker.ageGroup : owner.ageGroup,
      gender: speaker ? speaker.gender : owner.gender,
      dialect: speaker ? speaker.dialect : owner.dialect,
      inspection: 'inspecting',
      clientMimeType: fields.clientMimeType,
      clientDurationSeconds: fields.clientDuration,
      recordedAt: plausibleRecordedAt(fields.recordedAt, Date.now()),
    });
    if (!row) {
      // Stored meanwhile by a concurrent request for the same recording.
      const after = await this.existing(fields.id, owner, repository);
      if (after) return { created: false, recording: after };
      throw new AppError(
        409,
        'This recording is being stored by another request. Try again.',
        ERROR_CODES.conflict,
      );
    }
    // Inspected after the answer, from the transaction that stores it: a crash after the commit loses no
    // inspection (a story is queued for cutting when its inspection passes).
    await repositories.inspections.add(row.id);
    return { created: true, recording: toRecording(row, owner.name) };
  }

  /**
   * The one storage procedure of both upload routes: a recording already stored under this id for this owner
   * is answered as it is; otherwise the file is checked against the client's SHA-256 and sniffed (audio by its
   * bytes), put in the blob store and recorded with its inspection queued, under the blob's lock; a failure
   * removes a blob no row names. The inspection itself runs after the answer. The file stays where it is (the caller removes it). `within` runs the database effect, e.g.
   * inside `idempotent()` so a replayed request answers what the first one did.
   */
  async store(
    filePath: string,
    fields: RecordingFields,
    owner: User,
    options: {
      /** The client's SHA-256, checked against the file. */
      expectedSha256?: string | null | undefined;
      /** The file's SHA-256 when the caller hashed it while receiving it. */
      knownSha256?: string;
      within?: (
        effect: (repositories: TransactionRepositories) => Promise<StoreResult>,
      ) => Promise<StoreResult>;
    } = {},
  ): Promise<StoreResult> {
    const within = options.within ?? ((effect) => effect(this.repositories));
    const before = await this.existing(fields.id, owner);
    if (before) return within(() => Promise.resolve({ created: false, recording: before }));
    let sha256: string;
    if (options.knownSha256) {
      if (options.expectedSha256 && options.expectedSha256 !== options.knownSha256) throw checksumMismatch();
      sha256 = options.knownSha256;
    } else sha256 = await this.verifyChecksum(filePath, options.expectedSha256);
    const sniffed = await sniffAudio(filePath);
    const result = await this.blobLocks.run(sha256, async () => {
      try {
        return await within((repositories) =>
          this.save(repositories, filePath, sha256, fields, sniffed, owner),
        );
      } catch (error) {
        await this.dropBlobIfUnused(sha256);
        throw error;
      }
    });
    // Committed: the inspection worker of this process looks for it now (another process may take it first).
    if (result.created) this.onStored?.(result.recording.id);
    return result;
  }

  /** Told of each recording stored, once committed (the inspection worker of this process listens). */
  onStored: ((recordingId: string) => void) | null = null;

  /** After a failed save: removes the blob if no committed row names it. */
  async dropBlobIfUnused(sha256: string): Promise<void> {
    if ((await this.repositories.recordings.countBySha256(sha256)) === 0) await this.blobs.delete(sha256);
  }

  /** Deletes a recording the user may see (owner or admin), and its blob when no other recording uses it. */
  async delete(id: string, user: User): Promise<void> {
    const row = await this.findVisibleRow(id, user);
    if (!row) throw notFound(RECORDING_NOT_FOUND);
    // A story's segments go with it (ON DELETE CASCADE), and their audio when nothing else names it.
    const segmentBlobs = await this.repositories.stories.segmentBlobs(row.id);
    const deleted = await this.repositories.recordings.delete(row.id);
    if (!deleted) throw notFound(RECORDING_NOT_FOUND);
    for (const sha256 of new Set([deleted.sha256, ...segmentBlobs]))
      await this.blobLocks.run(sha256, () => this.dropBlobIfUnused(sha256));
  }

  /** A new path for a temporary upload file (the folder exists). */
  async tempPath(name: string): Promise<string> {
    await fsp.mkdir(this.tempDir, { recursive: true, mode: 0o700 });
    return path.join(this.tempDir, name);
  }
}

/** Review states whose clips every signed-in contributor may hear (reviewing them, or hearing a prompt read). */
const AUDIBLE_TO_REVIEWERS: readonly ClipReviewState[] = ['pending', 'validated'];
const INSPECTED: InspectionState = 'inspected';

/** Whether the user sees the recording whatever its state: its owner, or an admin. */
const visibleTo = (row: RecordingRow, user: User) => row.ownerId === user.id || user.role === 'admin';

/** 400 of a reference (`field`) that names nothing the uploader may use; nothing is stored. */
const unknownReference = (field: string, message: string, problem: string) =>
  new AppError(400, message, ERROR_CODES.validation, [{ path: field, message: problem }]);

export const checksumMismatch = () =>
  new AppError(
    422,
    'The uploaded file does not match its checksum: it was damaged on the way. Upload it again.',
    ERROR_CODES.checksumMismatch,
  );

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export function isUuid(value: string): boolean {
  return UUID.test(value);
}
