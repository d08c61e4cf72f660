// The quota on each account's unfinished resumable uploads: how many it holds open and how many bytes they
// declare (Upload-Length is reserved on creation, whatever has arrived yet). Counted in the database (table
// open_uploads, migration 0024), so with several servers on one object store an account reaches one quota
// whichever servers its uploads went through. An upload stops counting once stored, refused, terminated or stale
// (left longer than the expiry; the daily clean-up then removes its files).
//
// A count can outlive its upload when a server stops between storing an upload and forgetting it: before a
// creation is refused, the counted uploads that are gone from the store (and were counted long enough ago not to
// be in the making) are forgotten, and the creation is checked again.
import { and, eq, gte, lt, ne, sql } from 'drizzle-orm';
import { ERROR_CODES } from '../../../core/api/errors.ts';
import type { DbOrTx } from '../../db/driver.ts';
import { openUploads } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';
import { LOCK_NAMESPACES, lockKey } from '../../lib/shared-locks.ts';
import { fileSizeText } from './tus-answers.ts';
import { UPLOAD_ID, type UploadInfo } from './tus-partial-stores.ts';

export interface QuotaLimits {
  /** Open uploads an account may hold. */
  uploads: number;
  /** Bytes the open uploads of an account may declare in all. */
  bytes: number;
}

/** A counted upload whose files are missing is forgotten only once counted this long: it may be in the making. */
const FORGET_MISSING_AFTER_MS = 60_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How many uploads of the account created from `since` on are counted, and the bytes they declare. */
async function usageIn(
  db: DbOrTx,
  ownerId: string,
  since: Date,
  except?: string,
): Promise<{ uploads: number; bytes: number }> {
  const [row] = await db
    .select({
      uploads: sql<number>`count(*)::int`,
      bytes: sql<string>`coalesce(sum(${openUploads.size}), 0)::text`,
    })
    .from(openUploads)
    .where(
      and(
        eq(openUploads.ownerId, ownerId),
        gte(openUploads.createdAt, since),
        except === undefined ? undefined : ne(openUploads.uploadId, except),
      ),
    );
  return { uploads: row?.uploads ?? 0, bytes: Number(row?.bytes ?? 0) };
}

export class UploadQuota {
  constructor(
    private readonly db: DbOrTx,
    readonly limits: QuotaLimits,
    /** An upload created longer ago than this is stale: it no longer counts. */
    private readonly expiryMs: number,
    /** Whether the store still holds the upload's files. */
    private readonly held: (id: string) => Promise<boolean>,
  ) {}

  /** What an account's open uploads hold, leaving out one upload id (the one being created again). */
  usage(ownerId: string, now: number, except?: string): Promise<{ uploads: number; bytes: number }> {
    return usageIn(this.db, ownerId, new Date(now - this.expiryMs), except);
  }

  /**
   * Counts an upload being created (in place of what its id held), or throws AppError 429 when the account
   * would go over a limit. The check and the count are one transaction holding a lock on the account, so
   * creations running at the same time, on any server, cannot pass the check together. Answers how to undo it
   * if the creation then fails.
   */
  async reserve(id: string, ownerId: string, size: number, now: number): Promise<() => Promise<void>> {
    try {
      return await this.tryReserve(id, ownerId, size, now);
    } catch (error) {
      if (!(error instanceof AppError) || !(await this.forgetMissing(ownerId, id, now))) throw error;
      return this.tryReserve(id, ownerId, size, now);
    }
  }

  private tryReserve(id: string, ownerId: string, size: number, now: number): Promise<() => Promise<void>> {
    return this.db.transaction(async (tx) => {
      await tx.execute(
        sql`select pg_advisory_xact_lock(${LOCK_NAMESPACES.uploadQuota}::int, ${lockKey(ownerId)}::int)`,
      );
      const { uploads, bytes } = await usageIn(tx, ownerId, new Date(now - this.expiryMs), id);
      this.check(uploads, bytes, size);
      const [previous] = await tx.select().from(openUploads).where(eq(openUploads.uploadId, id));
      const counted = { uploadId: id, ownerId, size, createdAt: new Date(now) };
      await tx
        .insert(openUploads)
        .values(counted)
        .onConflictDoUpdate({
          target: openUploads.uploadId,
          set: { ownerId, size, createdAt: counted.createdAt },
        });
      return async () => {
        if (previous) {
          await this.db
            .update(openUploads)
            .set({ ownerId: previous.ownerId, size: previous.size, createdAt: previous.createdAt })
            .where(eq(openUploads.uploadId, id));
        } else await this.release(id);
      };
    });
  }

  private check(uploads: number, bytes: number, size: number): void {
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
  }

  /** Forgets the account's counted uploads whose files are gone (see the top of this file); whether any were. */
  private async forgetMissing(ownerId: string, except: string, now: number): Promise<boolean> {
    const counted = await this.db
      .select({ id: openUploads.uploadId })
      .from(openUploads)
      .where(
        and(
          eq(openUploads.ownerId, ownerId),
          ne(openUploads.uploadId, except),
          lt(openUploads.createdAt, new Date(now - FORGET_MISSING_AFTER_MS)),
        ),
      );
    let forgotten = false;
    for (const { id } of counted) {
      if (await this.held(id)) continue;
      await this.release(id);
      forgotten = true;
    }
    return forgotten;
  }

  /** The upload was stored, refused, terminated or removed as stale: it no longer counts. */
  async release(id: string): Promise<void> {
    await this.db.delete(openUploads).where(eq(openUploads.uploadId, id));
  }

  /**
   * Counts the uploads held (at start) that are not counted yet, each with its info (null: unreadable, never
   * resumed, not counted): those left by a version that counted in memory.
   */
  async load(uploads: AsyncIterable<{ id: string; info: UploadInfo | null }>): Promise<void> {
    for await (const { id, info } of uploads) {
      const ownerId = info?.metadata?.ownerId;
      const size = info?.size;
      const createdAt = typeof info?.creation_date === 'string' ? Date.parse(info.creation_date) : NaN;
      if (typeof ownerId !== 'string' || !UUID.test(ownerId) || typeof size !== 'number') continue;
      if (!UPLOAD_ID.test(id) || Number.isNaN(createdAt)) continue;
      await this.db
        .insert(openUploads)
        .values({ uploadId: id, ownerId, size, createdAt: new Date(createdAt) })
        .onConflictDoNothing();
    }
  }
}
