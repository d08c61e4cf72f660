// The server on an S3-compatible store (BLOB_STORE=s3://..., s3rver on a free port): recordings uploaded by
// multipart and by tus land in the bucket, not in DATA_DIR; they play whole and by range from the store;
// deleting the last recording of a blob removes its object; the family data an admin imports into the store is
// what every server reads.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import { FamilyStore } from '../../server/features/families/family-store.ts';
import { storageArea, type ObjectStore } from '../../server/lib/blob-store.ts';
import { startS3Server, type TestS3Server } from '../s3-server.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  sha256,
  toneWav,
  tusCreate,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp } from './test-app.ts';

let s3: TestS3Server;
let restoreEnvironment: () => void;
beforeAll(async () => {
  s3 = await startS3Server(path.resolve('.tmp', 'api-tests', `s3-${crypto.randomBytes(6).toString('hex')}`));
  // The AWS SDK's standard environment, as a server on this store has it.
  restoreEnvironment = s3.useInThisProcess();
});
afterAll(async () => {
  restoreEnvironment();
  await s3.close();
});

describe.each(DATABASE_KINDS)('an S3-compatible store on %s', (kind) => {
  let t: AudioTestApp;
  let objects: ObjectStore;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    const env = s3.env(`run-${kind}-${crypto.randomBytes(4).toString('hex')}`);
    t = await createAudioTestApp(kind, { BLOB_STORE: env.BLOB_STORE!, BLOB_STORE_S3_PATH_STYLE: 'true' });
    objects = storageArea(t.config, 'blobs');
    await signUp(t.app); // the first account is admin
    user = await signUp(t.app);
    await grantRecordingConsent(t.app, user.auth);
  });
  afterAll(() => t.close());

  const keysIn = async (store: ObjectStore) => {
    const keys: string[] = [];
    for await (const info of store.list('')) keys.push(info.key);
    return keys;
  };
  const audio = (id: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${id}/audio`,
      headers: { ...user.auth, ...headers },
    });

  it('stores a multipart upload in the bucket, plays it whole and by range, and deletes it', async () => {
    const bytes = toneWav(2, { frequency: 410 });
    const body = multipartBody({ bytes }, { fileName: 'take.wav' });
    const stored = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(stored.statusCode, stored.body).toBe(201);
    const { id } = answer(stored, recordingResponseSchema).recording;
    const hash = sha256(bytes);
    expect(await keysIn(objects)).toContain(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`);
    expect(t.blobFiles()).toEqual([]); // nothing in DATA_DIR/blobs

    const whole = await audio(id);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(sha256(whole.rawPayload)).toBe(hash);
    const part = await audio(id, { range: 'bytes=100-4195' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-4195/${bytes.length}`);
    expect(part.rawPayload.equals(bytes.subarray(100, 4196))).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/audio/recordings/${id}`,
      headers: user.auth,
    });
    expect(deleted.statusCode).toBe(204);
    expect(await objects.stat(`${hash.slice(0, 2)}/${hash.slice(2, 4)}/${hash}`)).toBeNull();
  });

  it('stores a tus upload sent in pieces in the bucket once, and plays a range of it', async () => {
    const bytes = toneWav(6, { frequency: 520 });
    const metadata = {
      recordingId: crypto.randomUUID(),
      fileName: 'pieces.wav',
      mimeType: 'audio/wav',
      durationSeconds: '6',
      sha256: sha256(bytes),
    };
    const created = await tusCreate(t.app, user.auth, bytes.length, metadata);
    expect(created.statusCode, created.body).toBe(201);
    const last = await tusSend(t.app, user.auth, String(created.headers.location), bytes, 64 * 1024);
    expect(last.statusCode, last.body).toBe(201);
    const { id } = answer(last, recordingResponseSchema).recording;
    const hash = sha256(bytes);
    expect((await keysIn(objects)).filter((key) => key.endsWith(hash))).toHaveLength(1);
    const part = await audio(id, { range: `bytes=${bytes.length - 1000}-` });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.equals(bytes.subarray(-1000))).toBe(true);
  });

  it('serves the family data imported into the store, as any server on it reads it', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/families' });
    expect(before.statusCode).toBe(200);
    // The same lineage without its layout: a different document, as an import would be.
    const { layout, ...imported } = before.json<{ layout?: unknown }>();
    expect(layout).toBeDefined();
    await new FamilyStore(storageArea(t.config, 'families')).writeImported(JSON.stringify(imported));
    expect(fs.existsSync(path.join(t.dataDir, 'families'))).toBe(false);
    const after = await t.app.inject({ method: 'GET', url: '/api/families' });
    expect(after.statusCode).toBe(200);
    expect(after.json<{ layout?: unknown }>().layout).toBeUndefined();
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });
});
