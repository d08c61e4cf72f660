// tus resumable uploads of recordings: chunks, resume, restart, idempotent finish, refusals that store nothing.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { Upload } from 'tus-js-client';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { recordings } from '../../server/db/schema.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  inspectedRecording,
  opusOf,
  sha256,
  toneWav,
  TUS,
  tusCreate,
  uploadMetadata,
  tusHead,
  tusPatch,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp } from './test-app.ts';
import { checkAnswersAgainstContract } from './live-contract.ts';
import { recordingResponseSchema } from '../../core/api/recordings.ts';

describe.each(DATABASE_KINDS)('tus uploads on %s', (kind) => {
  let t: AudioTestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  // 25 s of 48 kHz mono 16-bit: 2.4 MB, three 1 MB chunks.
  const big = toneWav(25, { sampleRate: 48_000 });
  const small = toneWav(2);
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    await signUp(t.app); // the first account is admin
    user = await signUp(t.app);
    await grantRecordingConsent(t.app, user.auth);
  });
  afterAll(() => t.close());

  const meta = (bytes: Buffer, overrides: Record<string, string | number | undefined> = {}) => ({
    recordingId: crypto.randomUUID(),
    fileName: 'field recording.wav',
    mimeType: 'audio/wav',
    durationSeconds: '25',
    sha256: sha256(bytes),
    ...overrides,
  });
  const rowsOf = async (id: string) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(recordings)
      .where(eq(recordings.id, id));
    return row?.total ?? 0;
  };
  const create = async (
    bytes: Buffer,
    metadata: Record<string, string | number | undefined>,
    auth = user.auth,
  ) => {
    const response = await tusCreate(t.app, auth, bytes.length, metadata);
    expect(response.statusCode, response.body).toBe(201);
    const location = String(response.headers.location);
    expect(location).toMatch(/^\/api\/audio\/tus\/[0-9a-f]{48}$/);
    return location;
  };

  it('creates, takes 1 MB chunks and stores the recording on the last one', async () => {
    const metadata = meta(big, { title: 'Greeting', transcript: 'ma', language: 'lpx' });
    const location = await create(big, metadata);
    expect((await tusHead(t.app, user.auth, location)).headers['upload-offset']).toBe('0');

    const last = await tusSend(t.app, user.auth, location, big);
    expect(last.statusCode).toBe(201);
    expect(last.headers['upload-offset']).toBe(String(big.length));
    expect(last.headers['recording-id']).toBe(metadata.recordingId);
    expect(last.headers['tus-resumable']).toBe('1.0.0');
    expect(last.headers['content-type']).toMatch(/application\/json/);
    const { recording } = answer(last, recordingResponseSchema);
    expect(recording).toMatchObject({
      id: metadata.recordingId,
      sha256: sha256(big),
      sizeBytes: big.length,
      mimeType: 'audio/wav',
      fileName: 'field recording.wav',
      title: 'Greeting',
      transcript: 'ma',
      language: 'lpx',
      ownerId: user.user.id,
    });
    expect(recording.duration).toBeGreaterThan(25 * 0.9);
    expect(recording.duration).toBeLessThan(25 * 1.1);

    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${recording.id}/audio`,
      headers: user.auth,
    });
    expect(sha256(audio.rawPayload)).toBe(sha256(big));
    // The partial upload is gone; its HEAD now reports the stored recording.
    expect(t.uploadFiles(location)).toEqual([]);
    const head = await tusHead(t.app, user.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(big.length));
    expect(head.headers['upload-length']).toBe(String(big.length));
    expect(head.headers['recording-id']).toBe(recording.id);
  });

  it('resumes: HEAD gives the offset after half, a wrong offset is refused, the rest continues from it', async () => {
    const metadata = meta(big);
    const location = await create(big, metadata);
    const half = Math.floor(big.length / 2);
    expect((await tusPatch(t.app, user.auth, location, 0, big.subarray(0, half))).statusCode).toBe(204);
    const head = await tusHead(t.app, user.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['upload-offset']).toBe(String(half));
    expect(head.headers['upload-length']).toBe(String(big.length));
    expect(head.headers['cache-control']).toBe('no-store');

    const wrong = await tusPatch(t.app, user.auth, location, 0, big.subarray(0, 1000));
    expect(wrong.statusCode).toBe(409);
    expect(wrong.json()).toMatchObject({ code: 'UPLOAD_OFFSET_CONFLICT' });

    const last = await tusSend(
      t.app,
      user.auth,
      location,
      big,
      1024 * 1024,
      Number(head.headers['upload-offset']),
    );
    expect(last.statusCode).toBe(201);
    expect(answer(last, recordingResponseSchema).recording.sha256).toBe(sha256(big));
  });

  it('continues an upload after a server restart on the same DATA_DIR', async () => {
    const first = await buildApp({ config: t.config, database: t.database, logger: false });
    await first.ready();
    checkAnswersAgainstContract(first);
    const metadata = meta(big);
    const created = await tusCreate(first, user.auth, big.length, metadata);
    const location = String(created.headers.location);
    const part = 1024 * 1024 + 12_345;
    expect((await tusPatch(first, user.auth, location, 0, big.subarray(0, part))).statusCode).toBe(204);
    await first.close();

    const head = await tusHead(t.app, user.auth, location);
    expect(head.headers['upload-offset']).toBe(String(part));
    const last = await tusSend(t.app, user.auth, location, big, 1024 * 1024, part);
    expect(last.statusCode).toBe(201);
    expect(answer(last, recordingResponseSchema).recording).toMatchObject({
      id: metadata.recordingId,
      sha256: sha256(big),
    });
  });

  it('over HTTP: a PATCH cut off mid-chunk keeps what arrived, and tus-js-client resumes from it', async () => {
    const server = await buildApp({ config: t.config, database: t.database, logger: false });
    try {
      const address = await server.listen({ host: '127.0.0.1', port: 0 });
      const metadata = meta(big);
      const created = await fetch(`${address}/api/audio/tus`, {
        method: 'POST',
        headers: {
          ...user.auth,
          ...TUS,
          'upload-length': String(big.length),
          'upload-metadata': uploadMetadata(metadata),
        },
      });
      const url = new URL(String(created.headers.get('location')), address);
      // Send 700 kB of a 2.4 MB PATCH, then lose the connection once the server holds them all (its partial
      // file has them), however long a loaded machine takes to pass them on.
      const partial = path.join(t.config.DATA_DIR, 'uploads', 'tus', url.pathname.split('/').pop()!);
      const request = http.request(url, {
        method: 'PATCH',
        headers: {
          ...user.auth,
          ...TUS,
          'upload-offset': '0',
          'content-type': 'application/offset+octet-stream',
          'content-length': String(big.length),
        },
      });
      const lost = new Promise<void>((resolve) => {
        request.on('error', () => undefined);
        request.on('close', resolve);
      });
      request.write(big.subarray(0, 700_000));
      await expect
        .poll(() => fs.statSync(partial, { throwIfNoEntry: false })?.size ?? 0, { timeout: 60_000 })
        .toBe(700_000);
      request.destroy();
      await lost;
      // The server lets go of the upload when it sees the connection gone; until then HEAD may wait or differ.
      await expect
        .poll(
          async () =>
            (await fetch(url, { method: 'HEAD', headers: { ...user.auth, ...TUS } })).headers.get(
              'upload-offset',
            ),
          { timeout: 60_000 },
        )
        .toBe('700000');

      const finished = await new Promise<{
        status: number;
        id: string | undefined;
        body: z.output<typeof recordingResponseSchema>;
      }>((resolve, reject) => {
        const upload = new Upload(big, {
          endpoint: `${address}/api/audio/tus`,
          uploadUrl: url.toString(),
          chunkSize: 1024 * 1024,
          headers: user.auth,
          metadata: metadata,
          onSuccess: ({ lastResponse }) =>
            resolve({
              status: lastResponse.getStatus(),
              id: lastResponse.getHeader('Recording-Id'),
              body: recordingResponseSchema.parse(JSON.parse(lastResponse.getBody())),
            }),
          onError: reject,
        });
        upload.start();
      });
      expect(finished).toMatchObject({ status: 201, id: metadata.recordingId });
      expect(finished.body.recording.sha256).toBe(sha256(big));
    } finally {
      await server.close();
    }
  });

  it('never stores a recording twice: the same recordingId uploaded again answers 200 with the first', async () => {
    const metadata = meta(small);
    const location = await create(small, metadata);
    const first = await tusPatch(t.app, user.auth, location, 0, small);
    expect(first.statusCode).toBe(201);
    const blobs = t.blobFiles().length;
    // Answered again as it stands now: inspected in between.
    const inspected = await inspectedRecording(t.app, user.auth, metadata.recordingId);
    expect(inspected.sha256).toBe(answer(first, recordingResponseSchema).recording.sha256);

    const again = await create(small, metadata);
    expect(again).toBe(location);
    const second = await tusPatch(t.app, user.auth, again, 0, small);
    expect(second.statusCode).toBe(200);
    expect(second.headers['recording-id']).toBe(metadata.recordingId);
    expect(second.json()).toEqual({ recording: inspected });
    expect(await rowsOf(metadata.recordingId)).toBe(1);
    expect(t.blobFiles().length).toBe(blobs);
    expect(t.uploadFiles(location)).toEqual([]);
  });

  it('reuses a partial upload when the same recording is created again', async () => {
    const metadata = meta(big);
    const location = await create(big, metadata);
    expect((await tusPatch(t.app, user.auth, location, 0, big.subarray(0, 5000))).statusCode).toBe(204);
    expect(await create(big, metadata)).toBe(location);
    expect((await tusHead(t.app, user.auth, location)).headers['upload-offset']).toBe('5000');
    expect((await tusSend(t.app, user.auth, location, big, 1024 * 1024, 5000)).statusCode).toBe(201);
  });

  it('stores a file sent whole with the creation request (creation-with-upload)', async () => {
    const opus = opusOf(small);
    const metadata = meta(opus, { fileName: 'voice.ogg', mimeType: 'audio/ogg' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/tus',
      headers: {
        ...user.auth,
        ...TUS,
        'upload-length': String(opus.length),
        'upload-metadata': Object.entries(metadata)
          .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
          .join(','),
        'content-type': 'application/offset+octet-stream',
      },
      payload: opus,
    });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.headers.location).toMatch(/^\/api\/audio\/tus\//);
    const stored = answer(response, recordingResponseSchema).recording;
    expect(stored.mimeType).toBe('audio/ogg');
    expect(await inspectedRecording(t.app, user.auth, stored.id)).toMatchObject({
      mimeType: 'audio/ogg',
      codec: 'opus',
      inspection: 'inspected',
    });
  });

  it('parallel creations of one recording carrying the whole file store it once, with no 413', async () => {
    const small = toneWav(2, { frequency: 523 });
    const metadata = meta(small, { durationSeconds: '2' });
    const blobs = t.blobFiles().length;
    const creation = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/audio/tus',
        headers: {
          ...user.auth,
          ...TUS,
          'upload-length': String(small.length),
          'upload-metadata': uploadMetadata(metadata),
          'content-type': 'application/offset+octet-stream',
        },
        payload: small,
      });
    const answers = await Promise.all(Array.from({ length: 10 }, creation));
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(201);
      expect(answer.headers['recording-id']).toBe(metadata.recordingId);
      expect(answer.headers['upload-offset']).toBe(String(small.length));
    }
    expect(await rowsOf(metadata.recordingId)).toBe(1);
    expect(t.blobFiles().length).toBe(blobs + 1);
    expect(t.uploadFiles(String(answers[0]?.headers.location))).toEqual([]);
  });

  it('a creation carrying the file for a partly received upload answers its offset and writes nothing', async () => {
    const metadata = meta(big);
    const location = await create(big, metadata);
    expect((await tusPatch(t.app, user.auth, location, 0, big.subarray(0, 5000))).statusCode).toBe(204);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/audio/tus',
      headers: {
        ...user.auth,
        ...TUS,
        'upload-length': String(big.length),
        'upload-metadata': uploadMetadata(metadata),
        'content-type': 'application/offset+octet-stream',
      },
      payload: big,
    });
    expect(again.statusCode).toBe(201);
    expect(again.headers.location).toBe(location);
    expect(again.headers['upload-offset']).toBe('5000');
    expect((await tusSend(t.app, user.auth, location, big, 1024 * 1024, 5000)).statusCode).toBe(201);
  });

  it('a PATCH past the declared length is a protocol error, not "file too large"', async () => {
    const location = await create(small, meta(small));
    const over = await tusPatch(t.app, user.auth, location, 0, Buffer.concat([small, Buffer.alloc(10)]));
    expect(over.statusCode).toBe(413);
    expect(over.json()).toMatchObject({ code: 'UPLOAD_PROTOCOL' });
    expect(over.json<{ message: string }>().message).toMatch(/Upload-Length/);
  });

  it('keeps a finished upload when its row cannot be written, and stores it at the next HEAD', async () => {
    const small = toneWav(2, { frequency: 659 });
    const metadata = meta(small, { durationSeconds: '2' });
    const location = await create(small, metadata);
    const blobs = t.blobFiles().length;
    await t.database.db.execute(
      sql.raw(`create or replace function refuse_recording() returns trigger language plpgsql as
        $$ begin raise exception 'refused for the test'; end $$`),
    );
    await t.database.db.execute(
      sql.raw(
        'create trigger refuse_recording before insert on recordings for each row execute function refuse_recording()',
      ),
    );
    try {
      const failed = await tusPatch(t.app, user.auth, location, 0, small);
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({ code: 'INTERNAL' });
      // Nothing lost: the whole upload is still on the server, nothing half-stored.
      expect(t.uploadFiles(location).length).toBeGreaterThan(0);
      expect(await rowsOf(metadata.recordingId)).toBe(0);
      expect(t.blobFiles().length).toBe(blobs);
      const head = await tusHead(t.app, user.auth, location);
      expect(head.statusCode).not.toBe(410);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_recording on recordings'));
    }
    const head = await tusHead(t.app, user.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['recording-id']).toBe(metadata.recordingId);
    expect(await rowsOf(metadata.recordingId)).toBe(1);
    expect(t.blobFiles().length).toBe(blobs + 1);
    expect(t.uploadFiles(location)).toEqual([]);
  });

  it('terminates an upload with DELETE', async () => {
    const location = await create(big, meta(big));
    expect((await tusPatch(t.app, user.auth, location, 0, big.subarray(0, 1000))).statusCode).toBe(204);
    const removed = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...user.auth, ...TUS },
    });
    expect(removed.statusCode).toBe(204);
    expect((await tusHead(t.app, user.auth, location)).statusCode).toBe(404);
    expect(t.uploadFiles(location)).toEqual([]);
  });

  it('keeps uploads to their creator: another user gets 404 on HEAD, PATCH and DELETE', async () => {
    const location = await create(big, meta(big));
    const other = await signUp(t.app);
    await grantRecordingConsent(t.app, other.auth);
    expect((await tusHead(t.app, other.auth, location)).statusCode).toBe(404);
    const patch = await tusPatch(t.app, other.auth, location, 0, big.subarray(0, 100));
    expect(patch.statusCode).toBe(404);
    expect(patch.json()).toMatchObject({ code: 'NOT_FOUND' });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: location,
      headers: { ...other.auth, ...TUS },
    });
    expect(removed.statusCode).toBe(404);
    expect((await tusHead(t.app, user.auth, location)).headers['upload-offset']).toBe('0');
  });

  describe('refusals store nothing', () => {
    it('no token: 401', async () => {
      const response = await tusCreate(t.app, {}, small.length, meta(small));
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    });

    it('no recording consent: 403 CONSENT_REQUIRED, on creation and on PATCH after withdrawal', async () => {
      const member = await signUp(t.app);
      const refused = await tusCreate(t.app, member.auth, small.length, meta(small));
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        message: 'Recording consent is needed before you can upload recordings. Give it on the consent page.',
        code: 'CONSENT_REQUIRED',
      });
      await grantRecordingConsent(t.app, member.auth);
      const location = await create(small, meta(small), member.auth);
      await t.app.inject({ method: 'POST', url: '/api/consent/withdraw', headers: member.auth });
      const patch = await tusPatch(t.app, member.auth, location, 0, small);
      expect(patch.statusCode).toBe(403);
      expect(patch.json()).toMatchObject({ code: 'CONSENT_REQUIRED' });
    });

    it('metadata not valid: 400 naming the field', async () => {
      const missing = await tusCreate(t.app, user.auth, small.length, meta(small, { sha256: undefined }));
      expect(missing.statusCode).toBe(400);
      expect(missing.json()).toMatchObject({ code: 'VALIDATION_FAILED', details: [{ path: 'sha256' }] });
      const badId = await tusCreate(t.app, user.auth, small.length, meta(small, { recordingId: 'nope' }));
      expect(badId.statusCode).toBe(400);
      const badLanguage = await tusCreate(t.app, user.auth, small.length, meta(small, { language: 'fr' }));
      expect(badLanguage.statusCode).toBe(400);
      const badPrompt = await tusCreate(
        t.app,
        user.auth,
        small.length,
        meta(small, { promptPairId: 99_999_999 }),
      );
      expect(badPrompt.statusCode).toBe(400);
      expect(badPrompt.json()).toMatchObject({ details: [{ path: 'promptPairId' }] });
      const empty = await tusCreate(t.app, user.auth, 0, meta(Buffer.alloc(0)));
      expect(empty.statusCode).toBe(400);
      expect(empty.json()).toMatchObject({ code: 'EMPTY_FILE' });
    });

    it('checksum mismatch: 422 CHECKSUM_MISMATCH, the partial upload deleted', async () => {
      const metadata = meta(small, { sha256: sha256(Buffer.from('something else')) });
      const location = await create(small, metadata);
      const blobs = t.blobFiles().length;
      const response = await tusPatch(t.app, user.auth, location, 0, small);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
      expect(await rowsOf(metadata.recordingId)).toBe(0);
      expect(t.blobFiles().length).toBe(blobs);
      expect(t.uploadFiles(location)).toEqual([]);
      expect((await tusHead(t.app, user.auth, location)).statusCode).toBe(404);
    });

    it('a text file renamed .wav: 415 UNSUPPORTED_AUDIO', async () => {
      const text = Buffer.from('Not a recording, just words.\n'.repeat(50));
      const metadata = meta(text, { fileName: 'words.wav' });
      const location = await create(text, metadata);
      const response = await tusPatch(t.app, user.auth, location, 0, text);
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_AUDIO' });
      expect(await rowsOf(metadata.recordingId)).toBe(0);
      expect(t.uploadFiles(location)).toEqual([]);
    });

    it('a truncated WAV: 422', async () => {
      const cut = small.subarray(0, 20_000);
      const metadata = meta(cut);
      const location = await create(cut, metadata);
      const response = await tusPatch(t.app, user.auth, location, 0, cut);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'TRUNCATED_AUDIO' });
      expect(await rowsOf(metadata.recordingId)).toBe(0);
    });
  });

  it('refuses an upload over AUDIO_MAX_BYTES with 413 FILE_TOO_LARGE', async () => {
    const limited = await createAudioTestApp(kind, { AUDIO_MAX_BYTES: '50000' });
    try {
      const member = await signUp(limited.app);
      await grantRecordingConsent(limited.app, member.auth);
      const response = await tusCreate(limited.app, member.auth, big.length, meta(big));
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
      expect(response.json<{ message: string }>().message).toMatch(/48\.8 KB/);
      expect(limited.uploadFiles()).toEqual([]);
    } finally {
      await limited.close();
    }
  });
});
