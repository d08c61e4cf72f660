// Partial uploads kept as pieces in an object store (the S3 store's tus-uploads area), on s3rver and on a local
// folder store: offsets add up piece by piece, what arrived of a PATCH cut short is kept, the whole upload comes
// back as one file in order, and discarding leaves nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { Upload } from '@tus/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { s3ServerForThisFile } from '../../../tests/s3-server.ts';
import { storageArea, type ObjectStore } from '../../lib/blob-store.ts';
import { ObjectPartialStore } from './tus-partial-stores.ts';

const files = s3ServerForThisFile('tus-pieces');

const areas: Record<string, () => ObjectStore> = {
  's3-compatible store': () =>
    storageArea(
      {
        DATA_DIR: files.scratch,
        BLOB_STORE: `s3://${files.s3.bucket}/${crypto.randomUUID()}`,
        BLOB_STORE_S3_PATH_STYLE: true,
      },
      'tus-uploads',
    ),
  'local folder': () =>
    storageArea({ DATA_DIR: path.join(files.scratch, crypto.randomUUID()) }, 'tus-uploads'),
};

describe.each(Object.keys(areas))('partial uploads as pieces on a %s', (kind) => {
  let objects: ObjectStore;
  let store: ObjectPartialStore;
  beforeAll(() => {
    objects = areas[kind]!();
    store = new ObjectPartialStore(objects, path.join(files.scratch, 'tmp'));
  });
  const id = () => crypto.randomBytes(24).toString('hex');

  it('adds up the pieces, keeps what arrived of a PATCH cut short, and gives the whole back in order', async () => {
    const bytes = crypto.randomBytes(300_000);
    const upload = await store.create(
      new Upload({ id: id(), size: bytes.length, offset: 0, metadata: { a: 'b' } }),
    );
    expect(await store.write(Readable.from([bytes.subarray(0, 100_000)]), upload.id, 0)).toBe(100_000);
    // A PATCH whose connection breaks after 50,000 more bytes.
    const cut = Readable.from(
      (async function* () {
        yield bytes.subarray(100_000, 125_000);
        yield bytes.subarray(125_000, 150_000);
        await new Promise((resolve) => setTimeout(resolve, 20));
        throw new Error('connection reset');
      })(),
    );
    await expect(store.write(cut, upload.id, 100_000)).rejects.toMatchObject({ status_code: 500 });
    const resumed = await store.getUpload(upload.id);
    expect(resumed).toMatchObject({
      id: upload.id,
      size: bytes.length,
      offset: 150_000,
      metadata: { a: 'b' },
    });
    expect(await store.write(Readable.from([bytes.subarray(150_000)]), upload.id, 150_000)).toBe(
      bytes.length,
    );

    const file = await store.localFile(upload.id);
    expect(fs.readFileSync(file.path).equals(bytes)).toBe(true);
    await file.done();
    expect(fs.existsSync(file.path)).toBe(false);

    const listed: string[] = [];
    for await (const held of store.uploads()) listed.push(held.id);
    expect(listed).toContain(upload.id);
    await store.discard(upload.id);
    await expect(store.getUpload(upload.id)).rejects.toMatchObject({ status_code: 404 });
    const left: string[] = [];
    for await (const info of objects.list(`${upload.id}/`)) left.push(info.key);
    expect(left).toEqual([]);
  });

  it('answers 404 for an upload it does not hold, or an id that is not one', async () => {
    await expect(store.getUpload(id())).rejects.toMatchObject({ status_code: 404 });
    await expect(store.getUpload('../etc')).rejects.toMatchObject({ status_code: 404 });
    await expect(store.remove(id())).rejects.toMatchObject({ status_code: 404 });
  });

  it('starts a created-again upload empty', async () => {
    const upload = await store.create(new Upload({ id: id(), size: 10, offset: 0 }));
    await store.write(Readable.from([Buffer.from('12345')]), upload.id, 0);
    await store.create(new Upload({ id: upload.id, size: 10, offset: 0 }));
    expect((await store.getUpload(upload.id)).offset).toBe(0);
  });
});
