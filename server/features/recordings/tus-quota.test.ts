// UploadQuota: counts per account, refuses past either limit, re-creations replace, undo restores, stale and
// released uploads stop counting, and what a folder's info files hold is counted at start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { FilePartialStore } from './tus-partial-stores.ts';
import { UploadQuota } from './tus-quota.ts';

const DAY = 24 * 60 * 60 * 1000;
const expired = (createdAt: number, now: number) => now > createdAt + 30 * DAY;
const refusal = (run: () => unknown) => {
  try {
    run();
  } catch (error) {
    return error instanceof AppError ? { status: error.statusCode, code: error.code } : error;
  }
  return null;
};

describe('UploadQuota', () => {
  it('refuses the upload past the count or the bytes of one account, and not another account', () => {
    const quota = new UploadQuota({ uploads: 2, bytes: 100 }, expired);
    quota.reserve('a', 'ann', 40, 0);
    quota.reserve('b', 'ann', 40, 0);
    expect(refusal(() => quota.reserve('c', 'ann', 1, 0))).toEqual({ status: 429, code: 'UPLOAD_QUOTA' });
    expect(refusal(() => quota.reserve('c', 'bob', 100, 0))).toBeNull();
    quota.release('a');
    expect(refusal(() => quota.reserve('d', 'ann', 61, 0))).toEqual({ status: 429, code: 'UPLOAD_QUOTA' });
    expect(refusal(() => quota.reserve('d', 'ann', 60, 0))).toBeNull();
    expect(quota.usage('ann', 0)).toEqual({ uploads: 2, bytes: 100 });
  });

  it('counts an upload created again once, and undoing a creation restores what its id held', () => {
    const quota = new UploadQuota({ uploads: 1, bytes: 100 }, expired);
    quota.reserve('a', 'ann', 40, 0);
    const undo = quota.reserve('a', 'ann', 90, 0);
    expect(quota.usage('ann', 0)).toEqual({ uploads: 1, bytes: 90 });
    undo();
    expect(quota.usage('ann', 0)).toEqual({ uploads: 1, bytes: 40 });
    quota.reserve('b', 'bob', 10, 0)();
    expect(quota.usage('bob', 0)).toEqual({ uploads: 0, bytes: 0 });
  });

  it('stops counting an upload left longer than the expiry', () => {
    const quota = new UploadQuota({ uploads: 1, bytes: 100 }, expired);
    quota.reserve('a', 'ann', 100, 0);
    expect(refusal(() => quota.reserve('b', 'ann', 1, 30 * DAY))).not.toBeNull();
    expect(refusal(() => quota.reserve('b', 'ann', 100, 30 * DAY + 1))).toBeNull();
  });

  it('counts the uploads whose info files are in the folder, skipping what it cannot read', async () => {
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'quota-'));
    try {
      const info = (size: unknown, ownerId: unknown) =>
        JSON.stringify({ size, creation_date: new Date(0).toISOString(), metadata: { ownerId } });
      fs.writeFileSync(path.join(folder, `${'1'.repeat(48)}.json`), info(30, 'ann'));
      fs.writeFileSync(path.join(folder, '1'.repeat(48)), '');
      fs.writeFileSync(path.join(folder, `${'2'.repeat(48)}.json`), info(20, 'ann'));
      fs.writeFileSync(path.join(folder, `${'3'.repeat(48)}.json`), info('20', 'ann'));
      fs.writeFileSync(path.join(folder, `${'4'.repeat(48)}.json`), '{not json');
      fs.writeFileSync(path.join(folder, 'other.json'), info(500, 'ann'));
      const quota = new UploadQuota({ uploads: 10, bytes: 100 }, expired);
      await quota.load(new FilePartialStore(folder).uploads());
      expect(quota.usage('ann', 0)).toEqual({ uploads: 2, bytes: 50 });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });
});
