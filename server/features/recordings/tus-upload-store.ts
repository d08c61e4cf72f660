// Partial recordings of the tus endpoint on disk (DATA_DIR/uploads/tus): upload ids derived from the user and
// the recording, the metadata kept with a partial upload, the store that resumes a recreated upload and counts
// each account's open uploads, storing a finished upload once, and removing stale ones.
import crypto from 'node:crypto';
import type stream from 'node:stream';
import { DataStore, type Upload } from '@tus/server';
import type { User } from '../../../core/api/auth.ts';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { tusUploadMetadataSchema } from '../../../core/api/recordings.ts';
import { IDEMPOTENCY_KEY_TTL_MS } from '../../../core/constants.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { AppError } from '../../errors.ts';
import { parseInput } from '../../lib/validation.ts';
import { hookError } from './tus-answers.ts';
import { UploadQuota, type QuotaLimits } from './tus-quota.ts';
import {
  RECORDING_NOT_FOUND,
  recordingFields,
  type RecordingService,
  type StoreResult,
} from './recordings.service.ts';

import { LOCK_NAMESPACES, ProcessLocks, type SharedLocks } from '../../lib/shared-locks.ts';
import { UPLOAD_ID, type PartialStore } from './tus-partial-stores.ts';

export { UPLOAD_ID };
/** Partial uploads are kept as long as idempotency keys: an offline phone may resume weeks later. */
const UPLOAD_EXPIRY_MS = IDEMPOTENCY_KEY_TTL_MS;
export function uploadIdFor(userId: string, recordingId: string): string {
  const hex = recordingId.replaceAll('-', '').toLowerCase();
  const tag = crypto.createHash('sha256').update(`${userId}:${recordingId.toLowerCase()}`).digest('hex');
  return `${hex}${tag.slice(0, 16)}`;
}

export function recordingIdOf(uploadId: string): string {
  const hex = uploadId.slice(0, 32);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** Whether the upload id is well formed and was made for this user. */
export function isUploadOf(uploadId: string, userId: string): boolean {
  return UPLOAD_ID.test(uploadId) && uploadIdFor(userId, recordingIdOf(uploadId)) === uploadId;
}

/** Reads validated fields from tus metadata; AppError 400 with the problems when they are not valid. */
export function parseMetadata(metadata: Record<string, string | null> | undefined) {
  return parseInput(
    tusUploadMetadataSchema,
    Object.fromEntries(Object.entries(metadata ?? {}).map(([key, value]) => [key, value ?? undefined])),
    (first) => `The upload's metadata is not valid: ${first}.`,
  );
}

type ParsedMetadata = ReturnType<typeof parseMetadata>;

/** The metadata kept with a partial upload: the validated fields as text, and the owner. */
export function storedMetadata(meta: ParsedMetadata, ownerId: string): Record<string, string | null> {
  const text = (value: string | number | null | undefined) =>
    value === null || value === undefined ? null : String(value);
  return {
    recordingId: meta.recordingId.toLowerCase(),
    fileName: meta.fileName,
    sha256: meta.sha256,
    mimeType: text(meta.mimeType),
    durationSeconds: text(meta.durationSeconds),
    transcript: text(meta.transcript),
    language: text(meta.language),
    title: text(meta.title),
    promptPairId: text(meta.promptPairId),
    promptSentenceId: text(meta.promptSentenceId),
    recordedAt: text(meta.recordedAt),
    speakerId: text(meta.speakerId?.toLowerCase()),
    sourcePairId: text(meta.sourcePairId),
    kind: text(meta.kind),
    repeatsId: text(meta.repeatsId?.toLowerCase()),
    pictureId: text(meta.pictureId?.toLowerCase()),
    ownerId,
  };
}

/**
 * The tus data store of the endpoint, over where partial uploads wait (tus-partial-stores.ts: a local folder, or
 * the object store shared by every server): reuses a live partial upload when the same recording's upload is
 * created again with the same length, checksum and owner (the tus client then learns the offset with HEAD),
 * instead of truncating it; and counts each account's open uploads against the quota (UploadQuota).
 */
export class RecordingUploadStore extends DataStore {
  readonly quota: UploadQuota;

  constructor(
    readonly partials: PartialStore,
    db: DbOrTx,
    limits: QuotaLimits,
  ) {
    super();
    // creation-defer-length is named so that @tus/server hands such a creation to the app's hook, which refuses it
    // with a 400 that says what to send (unnamed, the library answered 501, outside the published contract).
    this.extensions = ['creation', 'creation-with-upload', 'creation-defer-length', 'termination'];
    this.quota = new UploadQuota(db, limits, UPLOAD_EXPIRY_MS, (id) =>
      partials.getUpload(id).then(
        () => true,
        () => false,
      ),
    );
  }

  /** Counts the partial uploads already held. */
  async load(): Promise<void> {
    await this.quota.load(this.partials.uploads());
  }

  override async create(upload: Upload): Promise<Upload> {
    const ownerId = upload.metadata?.ownerId;
    if (!ownerId || upload.size === undefined)
      throw new Error('An upload is created with its owner and size.');
    let undo: () => Promise<void>;
    try {
      undo = await this.quota.reserve(upload.id, ownerId, upload.size, Date.now());
    } catch (error) {
      throw error instanceof AppError ? hookError(error) : error;
    }
    try {
      return await this.createOrResume(upload);
    } catch (error) {
      await undo();
      throw error;
    }
  }

  private async createOrResume(upload: Upload): Promise<Upload> {
    try {
      const existing = await this.getUpload(upload.id);
      const stale = isStale(existing.creation_date, Date.now());
      const same =
        existing.size === upload.size &&
        existing.metadata?.sha256 === upload.metadata?.sha256 &&
        existing.metadata?.ownerId === upload.metadata?.ownerId;
      if (same && !stale) {
        upload.offset = existing.offset;
        upload.creation_date = existing.creation_date;
        upload.storage = existing.storage;
        return upload;
      }
    } catch {
      // No usable upload under this id: create it.
    }
    return this.partials.create(upload);
  }

  override write(readable: stream.Readable, id: string, offset: number): Promise<number> {
    return this.partials.write(readable, id, offset);
  }

  override getUpload(id: string): Promise<Upload> {
    return this.partials.getUpload(id);
  }

  /** Termination (DELETE): the upload stops counting. */
  override async remove(id: string): Promise<void> {
    try {
      await this.partials.remove(id);
    } finally {
      await this.quota.release(id);
    }
  }

  /** Removes an upload's files whatever is left of them (stored, refused or stale); it stops counting. */
  async discard(id: string): Promise<void> {
    await this.partials.discard(id);
    await this.quota.release(id);
  }
}

/**
 * Stores finished uploads through the recording service, once per upload however many requests ask at the
 * same time, on this server or another (a lock shared through the database, SharedLocks), and removes an
 * upload's files once it is stored or refused.
 */
export class UploadFinisher {
  private readonly finishing = new Map<string, Promise<StoreResult>>();

  constructor(
    private readonly store: RecordingUploadStore,
    private readonly service: RecordingService,
    private readonly locks: SharedLocks = new ProcessLocks(),
  ) {}

  finish(upload: Upload, user: User): Promise<StoreResult> {
    let running = this.finishing.get(upload.id);
    if (!running) {
      running = this.locks
        .run(LOCK_NAMESPACES.tusFinish, upload.id, () => this.storeUpload(upload, user))
        .finally(() => this.finishing.delete(upload.id));
      this.finishing.set(upload.id, running);
    }
    return running;
  }

  remove(id: string): Promise<void> {
    return this.store.discard(id);
  }

  private async storeUpload(upload: Upload, user: User): Promise<StoreResult> {
    if (upload.metadata?.ownerId !== user.id)
      throw new AppError(404, RECORDING_NOT_FOUND, ERROR_CODES.notFound);
    // Another server may have stored it while this one waited for the lock: its files are gone then.
    const current = await this.store.getUpload(upload.id).catch(() => null);
    if (!current) {
      const recording = await this.service.existing(recordingIdOf(upload.id), user);
      if (recording) return { created: false, recording };
      throw new AppError(404, RECORDING_NOT_FOUND, ERROR_CODES.notFound);
    }
    const file = await this.store.partials.localFile(upload.id);
    try {
      const meta = parseMetadata(upload.metadata);
      const fields = recordingFields(meta);
      const result = await this.service.store(file.path, fields, user, { expectedSha256: meta.sha256 });
      await this.remove(upload.id);
      return result;
    } catch (error) {
      // A refused upload is deleted: the client sends a corrected file as a new upload. After a server error
      // the upload stays, and a HEAD tries to store it again.
      if (error instanceof AppError && error.statusCode < 500)
        await this.remove(upload.id).catch(() => undefined);
      throw error;
    } finally {
      await file.done();
    }
  }
}

/** Whether an upload created at `createdAt` (milliseconds) was left longer than UPLOAD_EXPIRY_MS by `now`. */
export const expired = (createdAt: number, now: number): boolean => now > createdAt + UPLOAD_EXPIRY_MS;

export function isStale(creationDate: string | undefined, now: number): boolean {
  return creationDate !== undefined && expired(new Date(creationDate).getTime(), now);
}

/** Removes partial uploads created longer ago than UPLOAD_EXPIRY_MS (and bytes without their info). */
export async function removeStaleUploads(
  partials: PartialStore,
  remove: (id: string) => Promise<void>,
): Promise<number> {
  const now = Date.now();
  let removed = 0;
  for await (const { id, info, modifiedMs } of partials.uploads()) {
    const stale =
      info && typeof info.creation_date === 'string'
        ? isStale(info.creation_date, now)
        : // No readable info: stale once its bytes are as old as an upload may be.
          now - modifiedMs > UPLOAD_EXPIRY_MS;
    if (stale) {
      await remove(id);
      removed += 1;
    }
  }
  return removed;
}
