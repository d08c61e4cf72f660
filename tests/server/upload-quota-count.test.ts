// UploadQuota on the database (table open_uploads, migration 0024): counts per account, refuses past either
// limit, re-creations replace, undo restores, stale and released uploads stop counting, uploads whose files are
// gone are forgotten before a refusal, what a folder's info files hold is counted at start, and two quotas on one
// database (two servers) count together.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../server/db/driver.ts';
import { AppError } from '../../server/errors.ts';
import { FilePartialStore } from '../../server/features/recordings/tus-partial-stores.ts';
import { UploadQuota } from '../../server/features/recordings/tus-quota.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';

const DAY = 24 * 60 * 60 * 1000;
const EXPIRY = 30 * DAY;
/** A base time after the epoch: uploads "created" around it. */
const T0 = Date.UTC(2026, 0, 1);
const refusal = async (run: () => Promise<unknown>) => {
  try {
    await run();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, code: error.code } : error;
  }
  return null;
};
const REFUSED = { status: 429, code: 'UPLOAD_QUOTA' };
/** A well-formed upload id (48 hex digits) of its own. */
const uploadId = () => crypto.randomBytes(24).toString('hex');

describe.each(DATABASE_KINDS)('UploadQuota on %s', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.close());
  /** A quota whose uploads are all still held by the store unless `gone` names them. */
  const quota = (limits: { uploads: number; bytes: number }, gone = new Set<string>()) =>
    new UploadQuota(t.database.db, limits, EXPIRY, (id) => Promise.resolve(!gone.has(id)));

  it('refuses the upload past the count or the bytes of one account, and not another account', async () => {
    const q = quota({ uploads: 2, bytes: 100 });
    const [ann, bob] = [crypto.randomUUID(), crypto.randomUUID()];
    const [a, b, c, d] = [uploadId(), uploadId(), uploadId(), uploadId()];
    await q.reserve(a, ann, 40, T0);
    await q.reserve(b, ann, 40, T0);
    expect(await refusal(() => q.reserve(c, ann, 1, T0))).toEqual(REFUSED);
    expect(await refusal(() => q.reserve(c, bob, 100, T0))).toBeNull();
    await q.release(a);
    expect(await refusal(() => q.reserve(d, ann, 61, T0))).toEqual(REFUSED);
    expect(await refusal(() => q.reserve(d, ann, 60, T0))).toBeNull();
    expect(await q.usage(ann, T0)).toEqual({ uploads: 2, bytes: 100 });
  });

  it('counts an upload created again once, and undoing a creation restores what its id held', async () => {
    const q = quota({ uploads: 1, bytes: 100 });
    const [ann, bob] = [crypto.randomUUID(), crypto.randomUUID()];
    const a = uploadId();
    await q.reserve(a, ann, 40, T0);
    const undo = await q.reserve(a, ann, 90, T0);
    expect(await q.usage(ann, T0)).toEqual({ uploads: 1, bytes: 90 });
    await undo();
    expect(await q.usage(ann, T0)).toEqual({ uploads: 1, bytes: 40 });
    await (
      await q.reserve(uploadId(), bob, 10, T0)
    )();
    expect(await q.usage(bob, T0)).toEqual({ uploads: 0, bytes: 0 });
  });

  it('stops counting an upload left longer than the expiry', async () => {
    const q = quota({ uploads: 1, bytes: 100 });
    const ann = crypto.randomUUID();
    await q.reserve(uploadId(), ann, 100, T0);
    expect(await refusal(() => q.reserve(uploadId(), ann, 1, T0 + EXPIRY))).not.toBeNull();
    expect(await refusal(() => q.reserve(uploadId(), ann, 100, T0 + EXPIRY + 1))).toBeNull();
  });

  it('forgets counted uploads whose files are gone before refusing, but not those just counted', async () => {
    const gone = new Set<string>();
    const q = quota({ uploads: 2, bytes: 1000 }, gone);
    const ann = crypto.randomUUID();
    const [old, fresh] = [uploadId(), uploadId()];
    await q.reserve(old, ann, 10, T0);
    await q.reserve(fresh, ann, 10, T0 + 5 * 60_000);
    gone.add(old).add(fresh);
    // A minute after the second was counted: it may still be in the making, the first is forgotten.
    expect(await refusal(() => q.reserve(uploadId(), ann, 10, T0 + 5 * 60_000 + 30_000))).toBeNull();
    expect(await refusal(() => q.reserve(uploadId(), ann, 10, T0 + 5 * 60_000 + 30_000))).toEqual(REFUSED);
  });

  it('counts the uploads whose info files are in the folder, skipping what it cannot read', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'quota-'));
    try {
      const ann = crypto.randomUUID();
      const info = (size: unknown, ownerId: unknown) =>
        JSON.stringify({ size, creation_date: new Date(T0).toISOString(), metadata: { ownerId } });
      const [one, two, three, four] = ['1', '2', '3', '4'].map((digit) => digit.repeat(48));
      fs.writeFileSync(path.join(folder, `${one}.json`), info(30, ann));
      fs.writeFileSync(path.join(folder, one!), '');
      fs.writeFileSync(path.join(folder, `${two}.json`), info(20, ann));
      fs.writeFileSync(path.join(folder, `${three}.json`), info('20', ann));
      fs.writeFileSync(path.join(folder, `${four}.json`), '{not json');
      fs.writeFileSync(path.join(folder, 'other.json'), info(500, ann));
      const q = quota({ uploads: 10, bytes: 100 });
      await q.load(new FilePartialStore(folder).uploads());
      expect(await q.usage(ann, T0)).toEqual({ uploads: 2, bytes: 50 });
      // Loading again (the next start) counts nothing twice.
      await q.load(new FilePartialStore(folder).uploads());
      expect(await q.usage(ann, T0)).toEqual({ uploads: 2, bytes: 50 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  it.runIf(kind === 'postgres')(
    'counts the creations of two servers (two connections to one database) together, at the same time',
    async () => {
      const second: Database = await openDatabase({ databaseUrl: t.databaseUrl! });
      try {
        const limits = { uploads: 3, bytes: 1000 };
        const here = quota(limits);
        const there = new UploadQuota(second.db, limits, EXPIRY, () => Promise.resolve(true));
        const ann = crypto.randomUUID();
        // Eight creations at once, half through each server: three pass, wherever they arrived.
        const results = await Promise.all(
          Array.from({ length: 8 }, (_, index) =>
            refusal(() => (index % 2 === 0 ? here : there).reserve(uploadId(), ann, 10, T0)),
          ),
        );
        expect(results.filter((result) => result === null)).toHaveLength(3);
        expect(results.filter((result) => result !== null)).toEqual(Array(5).fill(REFUSED));
        expect(await there.usage(ann, T0)).toEqual({ uploads: 3, bytes: 30 });
      } finally {
        await second.close();
      }
    },
  );
});
