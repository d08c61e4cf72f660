// The time a recording was made travels with it: by tus and by multipart, kept beside the time it arrived,
// answered by the upload, the list and the recording; a clock clearly wrong keeps the recording with the time
// unknown; a malformed time is refused and stores nothing.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingListSchema, recordingResponseSchema } from '../../core/api/recordings.ts';
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
import { DATABASE_KINDS, signUp } from './test-app.ts';

describe.each(DATABASE_KINDS)('recording time on %s', (kind) => {
  let t: AudioTestApp;
  let user: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    await signUp(t.app); // the first account is admin
    user = await signUp(t.app);
    await grantRecordingConsent(t.app, user.auth);
  });
  afterAll(() => t.close());

  /** Uploads a distinct one-second tone by tus with `recordedAt` (omitted when undefined). */
  async function byTus(recordedAt: string | undefined, seconds = 1) {
    const bytes = toneWav(seconds, { frequency: 300 + Math.floor(Math.random() * 1000) });
    const created = await tusCreate(t.app, user.auth, bytes.length, {
      recordingId: crypto.randomUUID(),
      fileName: 'zorbel.wav',
      sha256: sha256(bytes),
      durationSeconds: seconds,
      recordedAt,
    });
    if (created.statusCode !== 201) return created;
    return tusSend(t.app, user.auth, String(created.headers.location), bytes);
  }

  it('keeps the phone’s recording time beside the time the server received it (tus)', async () => {
    const recordedAt = new Date(Date.now() - 3 * 24 * 60 * 60 * 1000).toISOString();
    const before = Date.now();
    const response = await byTus(recordedAt);
    expect(response.statusCode).toBe(201);
    const { recording } = recordingResponseSchema.parse(response.json());
    expect(recording.recordedAt).toBe(recordedAt);
    expect(Date.parse(recording.createdAt)).toBeGreaterThanOrEqual(before - 1000);

    const again = await t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${recording.id}`,
      headers: user.auth,
    });
    expect(recordingResponseSchema.parse(again.json()).recording.recordedAt).toBe(recordedAt);
    const list = await t.app.inject({ method: 'GET', url: '/api/audio/recordings', headers: user.auth });
    const listed = recordingListSchema.parse(list.json()).recordings.find((row) => row.id === recording.id);
    expect(listed?.recordedAt).toBe(recordedAt);
  });

  it('keeps a recording whose phone clock was clearly wrong, with its time unknown', async () => {
    for (const wrong of [
      '2019-06-01T10:00:00Z',
      new Date(Date.now() + 3 * 24 * 60 * 60 * 1000).toISOString(),
    ]) {
      const response = await byTus(wrong);
      expect(response.statusCode).toBe(201);
      expect(recordingResponseSchema.parse(response.json()).recording.recordedAt).toBeNull();
    }
    const without = await byTus(undefined);
    expect(recordingResponseSchema.parse(without.json()).recording.recordedAt).toBeNull();
  });

  it('refuses a malformed or overlong recording time at creation, naming the field', async () => {
    for (const bad of ['yesterday', '2026-13-45T99:00:00Z', `2026-11-25T08:00:00${'0'.repeat(50)}Z`]) {
      const response = await byTus(bad);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/recordedAt/);
    }
  });

  it('takes the recording time from the multipart metadata too', async () => {
    const bytes = toneWav(1, { frequency: 1234 });
    const recordedAt = '2026-11-20T07:30:00.000Z';
    const body = multipartBody(
      { bytes, fileName: 'zorbel.wav', contentType: 'audio/wav' },
      { recordingId: crypto.randomUUID(), sha256: sha256(bytes), recordedAt },
    );
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...user.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode).toBe(201);
    expect(recordingResponseSchema.parse(response.json()).recording.recordedAt).toBe(recordedAt);

    const malformed = multipartBody(
      { bytes, fileName: 'zorbel.wav', contentType: 'audio/wav' },
      { recordingId: crypto.randomUUID(), recordedAt: 'last tuesday' },
    );
    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...user.auth, ...malformed.headers },
      payload: malformed.payload,
    });
    expect(refused.statusCode).toBe(400);
  });
});
