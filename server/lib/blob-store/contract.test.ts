// The storage contract, run against both stores: the local folder and an S3-compatible server (s3rver, started
// on a free port by tests/s3-server.ts). Everything the server keeps goes through these operations.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3ServerForThisFile } from '../../../tests/s3-server.ts';
import {
  BlobNotFoundError,
  ContentStore,
  objectStoreOf,
  storageArea,
  type ObjectStore,
} from '../blob-store.ts';
import { ObjectArea } from './objects.ts';
import { parseS3Url } from './s3-url.ts';

const files = s3ServerForThisFile('blob-contract');

const sha = (bytes: Buffer | string) => crypto.createHash('sha256').update(bytes).digest('hex');

const temp = (content: Buffer | string) => {
  const file = path.join(files.scratch, `${crypto.randomUUID()}.tmp`);
  fs.writeFileSync(file, content);
  return file;
};

/** A fresh store of each kind, rooted apart from the other tests'. */
const stores: Record<string, () => ObjectStore> = {
  'local folder': () => objectStoreOf({ DATA_DIR: path.join(files.scratch, `local-${crypto.randomUUID()}`) }),
  's3-compatible store': () =>
    objectStoreOf({
      DATA_DIR: files.scratch,
      BLOB_STORE: `s3://${files.s3.bucket}/run-${crypto.randomUUID()}`,
      BLOB_STORE_S3_PATH_STYLE: true,
    }),
};

describe.each(Object.keys(stores))('storage contract: %s', (kind) => {
  let store: ObjectStore;
  beforeAll(() => {
    store = stores[kind]!();
  });

  it('publishes a file whole under its key, consuming it, or keeping it when asked', async () => {
    const moved = temp('first bytes');
    await store.putFile('area/one', moved);
    expect(fs.existsSync(moved)).toBe(false);
    expect((await store.read('area/one'))?.toString()).toBe('first bytes');

    const kept = temp('second bytes');
    await store.putFile('area/two', kept, { keepSource: true });
    expect(fs.readFileSync(kept, 'utf8')).toBe('second bytes');
    expect((await store.read('area/two'))?.toString()).toBe('second bytes');

    await store.putBytes('area/one', Buffer.from('replaced'));
    expect((await store.read('area/one'))?.toString()).toBe('replaced');
  });

  it('streams an object whole or a byte range of it, with the whole size, never past the range', async () => {
    // Larger than the SDK's and the streams' chunk sizes, so a range in the middle crosses chunks.
    const bytes = crypto.randomBytes(3 * 1024 * 1024 + 17);
    await store.putFile('audio/large', temp(bytes));
    const whole = await store.open('audio/large');
    expect(whole.size).toBe(bytes.length);
    expect((await buffer(whole.stream)).equals(bytes)).toBe(true);

    const range = { start: 1_000_000, end: 2_500_000 };
    const part = await store.open('audio/large', range);
    expect(part.size).toBe(bytes.length);
    expect((await buffer(part.stream)).equals(bytes.subarray(range.start, range.end + 1))).toBe(true);

    const last = await store.open('audio/large', { start: bytes.length - 1, end: bytes.length - 1 });
    expect((await buffer(last.stream)).equals(bytes.subarray(-1))).toBe(true);
  });

  it('answers a missing object: open throws BlobNotFoundError, read and stat answer null', async () => {
    await expect(store.open('nothing/here')).rejects.toBeInstanceOf(BlobNotFoundError);
    await expect(store.open('nothing/here', { start: 0, end: 1 })).rejects.toBeInstanceOf(BlobNotFoundError);
    expect(await store.read('nothing/here')).toBeNull();
    expect(await store.stat('nothing/here')).toBeNull();
    expect(await store.touch('nothing/here')).toBe(false);
    await store.delete('nothing/here'); // not an error
  });

  it('states size and modification time; touch makes an object recently used', async () => {
    await store.putBytes('stat/one', Buffer.from('12345'));
    const before = await store.stat('stat/one');
    expect(before).toMatchObject({ key: 'stat/one', size: 5 });
    expect(Math.abs(before!.modifiedMs - Date.now())).toBeLessThan(10 * 60_000);
    // S3 times are whole seconds: wait past the second before touching.
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect(await store.touch('stat/one')).toBe(true);
    const after = await store.stat('stat/one');
    expect(after!.modifiedMs).toBeGreaterThan(before!.modifiedMs);
    expect((await store.read('stat/one'))?.toString()).toBe('12345');
  });

  it('lists every object under a prefix, and nothing beside it; deleted objects are gone', async () => {
    await store.putBytes('list/a/1', Buffer.from('a1'));
    await store.putBytes('list/a/2', Buffer.from('a22'));
    await store.putBytes('list/b/1', Buffer.from('b1'));
    await store.putBytes('listing', Buffer.from('not under list/'));
    const listed = async (prefix: string) => {
      const out: string[] = [];
      for await (const info of store.list(prefix)) out.push(`${info.key}:${info.size}`);
      return out.sort();
    };
    expect(await listed('list/')).toEqual(['list/a/1:2', 'list/a/2:3', 'list/b/1:2']);
    expect(await listed('list/a/')).toEqual(['list/a/1:2', 'list/a/2:3']);
    expect(await listed('list/none/')).toEqual([]);
    await store.delete('list/a/1');
    expect(await listed('list/a/')).toEqual(['list/a/2:3']);
    expect(await store.stat('list/a/1')).toBeNull();
  });

  it('refuses a key or prefix that is not made of safe segments, before touching anything', async () => {
    for (const key of ['', '../x', 'a/../b', 'a//b', '/a', 'a/', 'A/b', 'a b', 'a/.hidden', 'x\u0000y']) {
      await expect(store.read(key), key).rejects.toThrow(/storage key/);
      await expect(store.putBytes(key, Buffer.from('x')), key).rejects.toThrow(/storage key/);
    }
    const listing = async (prefix: string) => {
      for await (const info of store.list(prefix)) void info;
    };
    await expect(listing('a')).rejects.toThrow(/storage prefix/);
    await expect(listing('../')).rejects.toThrow(/storage prefix/);
  });

  it('keeps areas apart: an area sees its own keys only, under its folder of the store', async () => {
    const area = new ObjectArea(store, 'area-x');
    await area.putBytes('k/1', Buffer.from('in area'));
    expect((await store.read('area-x/k/1'))?.toString()).toBe('in area');
    const keys: string[] = [];
    for await (const info of area.list('')) keys.push(info.key);
    expect(keys).toEqual(['k/1']);
    expect(await area.stat('k/1')).toMatchObject({ key: 'k/1', size: 7 });
  });

  it('as a content store: keeps the same bytes once under their SHA-256, and reads ranges of them', async () => {
    const blobs = new ContentStore(new ObjectArea(store, 'blobs'));
    const first = await blobs.put(temp('hello blob'));
    expect(first).toEqual({ sha256: sha('hello blob'), size: 10 });
    expect(await blobs.exists(first.sha256)).toBe(true);
    const source = temp('hello blob');
    expect(await blobs.put(source, { keepSource: true })).toEqual(first);
    expect(fs.existsSync(source)).toBe(true);
    const keys: string[] = [];
    for await (const info of store.list('blobs/')) keys.push(info.key);
    expect(keys).toEqual([`blobs/${first.sha256.slice(0, 2)}/${first.sha256.slice(2, 4)}/${first.sha256}`]);
    expect(await text((await blobs.open(first.sha256, { start: 6, end: 9 })).stream)).toBe('blob');
    expect(() => blobs.localPath('../../etc/passwd')).toThrow(/SHA-256/);
    await blobs.delete(first.sha256);
    expect(await blobs.exists(first.sha256)).toBe(false);
  });
});

describe('choosing the store', () => {
  it('keeps files in DATA_DIR by default, readable in place', () => {
    const area = storageArea({ DATA_DIR: '/srv/lopit' }, 'blobs');
    expect(area.location).toBe('/srv/lopit/blobs');
    expect(area.localPath('ab/cd/x')).toBe('/srv/lopit/blobs/ab/cd/x');
  });

  it('uses s3://bucket/prefix, each area in its folder, with no local path', () => {
    const area = storageArea({ DATA_DIR: '/srv/lopit', BLOB_STORE: 's3://lopit-audio/prod/v1' }, 'tts-cache');
    expect(area.location).toBe('s3://lopit-audio/prod/v1/tts-cache');
    expect(area.localPath('ab/x.wav')).toBeNull();
  });

  it('reads s3://bucket/prefix and refuses what is not one', () => {
    expect(parseS3Url('s3://lopit-audio')).toEqual({ bucket: 'lopit-audio', prefix: '' });
    expect(parseS3Url('s3://lopit-audio/a/b/')).toEqual({ bucket: 'lopit-audio', prefix: 'a/b' });
    for (const bad of ['http://x/y', 's3://', 's3://UPPER/x', 's3://ok-bucket/../x', 's3://ok-bucket/a b'])
      expect(() => parseS3Url(bad), bad).toThrow();
  });
});
