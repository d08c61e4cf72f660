// POST /api/audio/upload (multipart): stored with what the server measured, idempotent by recordingId and by
// Idempotency-Key, and every refusal leaves nothing behind.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordings } from '../../server/db/schema.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  hasFfmpeg,
  inspectedRecording,
  multipartBody,
  opusOf,
  sha256,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, inspectionsDone, signUp } from './test-app.ts';
import { recordingResponseSchema } from '../../core/api/recordings.ts';

describe.each(DATABASE_KINDS)('multipart audio upload on %s', (kind) => {
  let t: AudioTestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  let pairId: number;
  const tone = toneWav(3);
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    await signUp(t.app); // the first account is admin
    user = await signUp(t.app);
    await grantRecordingConsent(t.app, user.auth);
    const pairs = await t.app.inject({ method: 'GET', url: '/api/translation/pairs', headers: user.auth });
    pairId = pairs.json<{ pairs: { id: number }[] }>().pairs[0]?.id ?? 0;
  });
  afterAll(() => t.close());

  const upload = (
    file: Parameters<typeof multipartBody>[0],
    metadata?: unknown,
    headers: Record<string, string> = user.auth,
    extra?: Parameters<typeof multipartBody>[2],
  ) => {
    const body = multipartBody(file, metadata, extra);
    return t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...headers, ...body.headers },
      payload: body.payload,
    });
  };
  const rowCount = async (ownerId = user.user.id) => {
    const [row] = await t.database.db
      .select({ total: count() })
      .from(recordings)
      .where(eq(recordings.ownerId, ownerId));
    return row?.total ?? 0;
  };

  it('stores a WAV with its metadata, the measured duration and quality, and a speaker snapshot', async () => {
    await t.app.inject({
      method: 'PATCH',
      url: '/api/auth/me',
      headers: user.auth,
      payload: { ageGroup: '30-44', gender: 'female', dialect: 'Imurok' },
    });
    const recordingId = crypto.randomUUID();
    const response = await upload(
      { bytes: tone, fileName: '../../etc/greeting.wav' },
      {
        recordingId,
        fileName: 'dir/Greeting\u0007 morning.wav',
        duration: 3.2,
        speakerId: 'S-1',
        sha256: sha256(tone),
        transcript: ' Ajo ',
        language: 'lpx',
        title: 'Morning greeting',
        promptPairId: pairId,
      },
    );
    expect(response.statusCode, response.body).toBe(201);
    // Answered once stored, before its inspection: typed from its bytes, its length from the WAV header.
    const stored = answer(response, recordingResponseSchema).recording;
    expect(stored).toMatchObject({ id: recordingId, mimeType: 'audio/wav', inspectionError: null });
    expect(['inspecting', 'inspected']).toContain(stored.inspection);
    expect(stored.duration).toBeCloseTo(3, 1);
    const recording = await inspectedRecording(t.app, user.auth, recordingId);
    expect(recording).toMatchObject({
      id: recordingId,
      inspection: 'inspected',
      fileName: 'Greeting morning.wav',
      mimeType: 'audio/wav',
      codec: 'pcm',
      sampleRate: 16_000,
      channels: 1,
      sha256: sha256(tone),
      sizeBytes: tone.length,
      transcript: 'Ajo',
      language: 'lpx',
      title: 'Morning greeting',
      promptPairId: pairId,
      ownerId: user.user.id,
      quality: { tooShort: false, tooLong: false, silent: false, quiet: false, clipped: false },
    });
    expect(recording.duration).toBeCloseTo(3, 1);
    const [row] = await t.database.db.select().from(recordings).where(eq(recordings.id, recordingId));
    expect(row).toMatchObject({
      ageGroup: '30-44',
      gender: 'female',
      dialect: 'Imurok',
      clientDurationSeconds: 3.2,
    });
  });

  it.skipIf(!hasFfmpeg)('stores Ogg/Opus made with ffmpeg, typed from its bytes', async () => {
    const opus = opusOf(tone);
    const response = await upload({ bytes: opus, fileName: 'voice.wav', contentType: 'audio/wav' });
    expect(response.statusCode, response.body).toBe(201);
    const stored = answer(response, recordingResponseSchema).recording;
    expect(stored.mimeType).toBe('audio/ogg');
    const recording = await inspectedRecording(t.app, user.auth, stored.id);
    expect(recording).toMatchObject({ mimeType: 'audio/ogg', codec: 'opus', fileName: 'voice.wav' });
    expect(recording.duration).toBeCloseTo(3, 1);
    expect(recording.quality).toMatchObject({ levelsMeasured: true });
  });

  it('answers an upload of a recordingId already stored with 200 and the first record, storing nothing', async () => {
    const recordingId = crypto.randomUUID();
    const first = await upload({ bytes: toneWav(2, { frequency: 500 }) }, { recordingId });
    expect(first.statusCode).toBe(201);
    const rows = await rowCount();
    const blobs = t.blobFiles().length;
    const again = await upload({ bytes: toneWav(2, { frequency: 500 }) }, { recordingId });
    expect(again.statusCode).toBe(200);
    // The first record as it stands now (its inspection may have ended in between).
    const {
      inspection: _a,
      codec: _b,
      sampleRate: _c,
      channels: _d,
      quality: _e,
      ...firstStored
    } = answer(first, recordingResponseSchema).recording;
    expect(answer(again, recordingResponseSchema).recording).toMatchObject(firstStored);
    expect(await rowCount()).toBe(rows);
    expect(t.blobFiles().length).toBe(blobs);
  });

  it('honours Idempotency-Key: a replay answers the first result; the key with another file is refused', async () => {
    const key = crypto.randomUUID();
    const bytes = toneWav(2, { frequency: 600 });
    const withKey = { ...user.auth, 'idempotency-key': key };
    const first = await upload({ bytes }, { title: 'keyed' }, withKey);
    expect(first.statusCode).toBe(201);
    const rows = await rowCount();
    const replay = await upload({ bytes }, { title: 'keyed' }, withKey);
    expect(replay.statusCode).toBe(201);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    expect(await rowCount()).toBe(rows);
    const other = await upload({ bytes: toneWav(2, { frequency: 700 }) }, { title: 'keyed' }, withKey);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
    expect(await rowCount()).toBe(rows);
  });

  it('keeps one blob for the same bytes uploaded twice as two recordings', async () => {
    const bytes = toneWav(2, { frequency: 800 });
    const blobs = t.blobFiles().length;
    expect((await upload({ bytes })).statusCode).toBe(201);
    expect((await upload({ bytes })).statusCode).toBe(201);
    expect(t.blobFiles().length).toBe(blobs + 1);
  });

  describe('refusals leave nothing behind', () => {
    let member: Awaited<ReturnType<typeof signUp>>;
    let blobs: number;
    beforeAll(async () => {
      member = await signUp(t.app);
      await grantRecordingConsent(t.app, member.auth);
      blobs = t.blobFiles().length;
    });
    const nothingStored = async () => {
      // An earlier test's upload is inspected in the background, in a temporary copy of its own: let it end.
      await inspectionsDone(t.app);
      expect(await rowCount(member.user.id)).toBe(0);
      expect(t.blobFiles().length).toBe(blobs);
      expect(t.uploadFiles()).toEqual([]);
    };

    it('no token: 401', async () => {
      const response = await upload({ bytes: tone }, undefined, {});
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
      await nothingStored();
    });

    it('no recording consent: 403 CONSENT_REQUIRED', async () => {
      const stranger = await signUp(t.app);
      await t.app.inject({
        method: 'POST',
        url: '/api/consent/submit',
        headers: stranger.auth,
        payload: { consent_type: 'translation' },
      });
      const response = await upload({ bytes: tone }, undefined, stranger.auth);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        message: 'Recording consent is needed before you can upload recordings. Give it on the consent page.',
        code: 'CONSENT_REQUIRED',
      });
      expect(await rowCount(stranger.user.id)).toBe(0);
    });

    it('a text file renamed .wav: 415 UNSUPPORTED_AUDIO', async () => {
      const response = await upload(
        { bytes: Buffer.from('Dear diary, this is not audio.\n'.repeat(30)), fileName: 'diary.wav' },
        undefined,
        member.auth,
      );
      expect(response.statusCode).toBe(415);
      expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_AUDIO' });
      await nothingStored();
    });

    it('an empty file: 400 EMPTY_FILE', async () => {
      const response = await upload({ bytes: Buffer.alloc(0) }, undefined, member.auth);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'EMPTY_FILE' });
      await nothingStored();
    });

    it('a truncated WAV: 422 TRUNCATED_AUDIO', async () => {
      const response = await upload({ bytes: tone.subarray(0, 30_000) }, undefined, member.auth);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'TRUNCATED_AUDIO' });
      await nothingStored();
    });

    it('a checksum that does not match: 422 CHECKSUM_MISMATCH', async () => {
      const response = await upload({ bytes: tone }, { sha256: 'ab'.repeat(32) }, member.auth);
      expect(response.statusCode).toBe(422);
      expect(response.json()).toMatchObject({ code: 'CHECKSUM_MISMATCH' });
      await nothingStored();
    });

    it('metadata that is not valid: 400', async () => {
      for (const metadata of [
        '{not json',
        { language: 'fr' },
        { recordingId: 'not-a-uuid' },
        { promptPairId: 99_999_999 },
        { title: 'x'.repeat(201) },
      ]) {
        const response = await upload({ bytes: tone }, metadata, member.auth);
        expect(response.statusCode, JSON.stringify(metadata)).toBe(400);
        expect(response.json<{ message: string }>().message).toBeTruthy();
      }
      await nothingStored();
    });

    it('no file, a file in another field, or not multipart: 400/415', async () => {
      expect((await upload(null, { title: 'nothing' }, member.auth)).statusCode).toBe(400);
      expect(
        (await upload(null, undefined, member.auth, [{ name: 'audio', bytes: tone, fileName: 'a.wav' }]))
          .statusCode,
      ).toBe(400);
      const json = await t.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: member.auth,
        payload: { file: 'no' },
      });
      expect(json.statusCode).toBe(415);
      await nothingStored();
    });
  });

  it('refuses a file over AUDIO_MAX_BYTES with 413 FILE_TOO_LARGE and stores nothing', async () => {
    const limited = await createAudioTestApp(kind, { AUDIO_MAX_BYTES: '50000' });
    try {
      const member = await signUp(limited.app);
      await grantRecordingConsent(limited.app, member.auth);
      const body = multipartBody({ bytes: toneWav(3) });
      const response = await limited.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: { ...member.auth, ...body.headers },
        payload: body.payload,
      });
      expect(response.statusCode).toBe(413);
      expect(response.json()).toMatchObject({ code: 'FILE_TOO_LARGE' });
      expect(limited.blobFiles()).toEqual([]);
      expect(limited.uploadFiles()).toEqual([]);
      const small = multipartBody({ bytes: toneWav(1) });
      const fits = await limited.app.inject({
        method: 'POST',
        url: '/api/audio/upload',
        headers: { ...member.auth, ...small.headers },
        payload: small.payload,
      });
      expect(fits.statusCode).toBe(201);
    } finally {
      await limited.close();
    }
  });
});
