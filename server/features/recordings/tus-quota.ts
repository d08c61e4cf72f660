// The quota on each account's unfinished resumable uploads: how many it holds open and how many bytes they
// declare (Upload-Length is reserved on creation, whatever has arrived yet). Kept in memory by the upload store
// of this process, read again from the partial uploads' info at start: with several servers on one object store,
// each counts the uploads created through it since it started, and those held when it started. An upload stops counting once stored, refused, terminated or stale (left longer than the
// expiry; the daily clean-up then removes its files).
import { ERROR_CODES } from '../../../core/api/errors.ts';
import { AppError } from '../../errors.ts';
import { fileSizeText } from './tus-answers.ts';
import type { UploadInfo } from './tus-partial-stores.ts';

export interface QuotaLimits {
  /** Open uploads an account may hold. */
  uploads: number;
  /** Bytes the open uploads of an account may declare in all. */
  bytes: number;
}

interface OpenUpload {
  ownerId: string;
  size: number;
  /** Milliseconds since the epoch. */
  createdAt: number;
}

export class UploadQuota {
  private readonly open = new Map<string, OpenUpload>();

  constructor(
    readonly limits: QuotaLimits,
    /** Whether an upload created then is stale by now: it no longer counts. */
    private readonly expired: (createdAt: number, now: number) => boolean,
  ) {}

  /** What an account's open uploads hold, leaving out one upload id (the one being created again). */
  usage(ownerId: string, now: number, except?: string): { uploads: number; bytes: number } {
    let uploads = 0;
    let bytes = 0;
    for (const [id, upload] of this.open) {
      if (id === except || upload.ownerId !== ownerId || this.expired(upload.createdAt, now)) continue;
      uploads += 1;
      bytes += upload.size;
    }
    return { uploads, bytes };
  }

  /**
   * Counts an upload being created (in place of what its id held), or throws AppError 429 when the account
   * would go over a limit. Checking and counting happen in one synchronous step, so creations running at the
   * same time cannot pass the check together. Answers how to undo it if the creation then fails.
   */
  reserve(id: string, ownerId: string, size: number, now: number): () => void {
    const { uploads, bytes } = this.usage(ownerId, now, id);
    if (uploads + 1 > this.limits.uploads) {
      throw new AppError(
        429,
        `This account already has ${uploads} unfinished uploads on the server, the most it may have. The app finishes them first and then sends this one; to help, keep it open with a connection until they are sent.`,
        ERROR_CODES.uploadQuota,
        { openUploads: uploads, maxOpenUploads: this.limits.uploads },
      );
    }
    if (bytes + size > this.limits.bytes) {
      throw new AppError(
        429,
        `This account's unfinished uploads already reserve ${fileSizeText(bytes)} on the server; with this one (${fileSizeText(size)}) they would pass the ${fileSizeText(this.limits.bytes)} an account may reserve. The app finishes them first and then sends this one; to help, keep it open with a connection until they are sent.`,
        ERROR_CODES.uploadQuota,
        { openBytes: bytes, uploadBytes: size, maxOpenBytes: this.limits.bytes },
      );
    }
    const previous = this.open.get(id);
    this.open.set(id, { ownerId, size, createdAt: now });
    return () => {
      if (previous) this.open.set(id, previous);
      else this.open.delete(id);
    };
  }

  /** The upload was stored, refused, terminated or removed as stale: it no longer counts. */
  release(id: string): void {
    this.open.delete(id);
  }

  /** Counts the uploads held (at start): each with its info (null: unreadable, never resumed, not counted). */
  async load(uploads: AsyncIterable<{ id: string; info: UploadInfo | null }>): Promise<void> {
    for await (const { id, info } of uploads) {
      const ownerId = info?.metadata?.ownerId;
      const createdAt = typeof info?.creation_date === 'string' ? Date.parse(info.creation_date) : NaN;
      if (typeof ownerId !== 'string' || typeof info?.size !== 'number' || Number.isNaN(createdAt)) continue;
      this.open.set(id, { ownerId, size: info.size, createdAt });
    }
  }
}
