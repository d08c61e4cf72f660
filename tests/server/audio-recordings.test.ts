// Recordings after upload: listing (own; admins everyone's), one recording, its bytes with ranges, deletion
// (the blob goes with the last recording that uses it), and transcription that says no model exists yet.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  sha256,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp } from './test-app.ts';
import { recordingListSchema, recordingResponseSchema } from '../../core/api/recordings.ts';

describe.each(DATABASE_KINDS)('recordings on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Awaited<ReturnType<typeof signUp>>;
  let alice: Awaited<ReturnType<typeof signUp>>;
  let bob: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    admin = await signUp(t.app, { name: 'Admin' });
    alice = await signUp(t.app, { name: 'Alice' });
    bob = await signUp(t.app, { name: 'Bob' });
    for (const who of [admin, alice, bob]) await grantRecordingConsent(t.app, who.auth);
  });
  afterAll(() => t.close());

  const store = async (who: typeof alice, bytes: Buffer, fileName = 'take.wav') => {
    const body = multipartBody({ bytes }, { fileName });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...who.auth, ...body.headers },
      payload: body.payload,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    return answer(response, recordingResponseSchema).recording;
  };
  const get = (url: string, auth: Record<string, string>, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...auth, ...headers } });

  it('lists the own recordings newest first, paged; admins see everyone with ?all=true or ?owner=', async () => {
    const member = await signUp(t.app, { name: 'Member' });
    await grantRecordingConsent(t.app, member.auth);
    const made: string[] = [];
    for (let i = 0; i < 3; i++)
      made.push((await store(member, toneWav(1.2, { frequency: 300 + i * 10 }), `n${i}.wav`)).id);
    await store(alice, toneWav(1.2, { frequency: 900 }));

    const first = await get('/api/audio/recordings?limit=2', member.auth);
    expect(first.statusCode).toBe(200);
    const page1 = answer(first, recordingListSchema);
    expect(page1.total).toBe(3);
    expect(page1.page).toBe(1);
    expect(page1.recordings.map((r) => r.id)).toEqual([made[2], made[1]]);
    expect(page1.recordings[0]).toMatchObject({
      ownerId: member.user.id,
      ownerName: 'Member',
      fileName: 'n2.wav',
    });
    const page2 = answer(await get('/api/audio/recordings?limit=2&page=2', member.auth), recordingListSchema);
    expect(page2.recordings.map((r) => r.id)).toEqual([made[0]]);

    expect((await get('/api/audio/recordings?limit=101', member.auth)).statusCode).toBe(400);
    const notAdmin = await get('/api/audio/recordings?all=true', member.auth);
    expect(notAdmin.statusCode).toBe(403);
    expect(notAdmin.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect((await get(`/api/audio/recordings?owner=${alice.user.id}`, member.auth)).statusCode).toBe(403);
    expect((await get(`/api/audio/recordings?owner=${member.user.id}`, member.auth)).statusCode).toBe(200);

    const everyone = answer(
      await get('/api/audio/recordings?all=true&limit=100', admin.auth),
      recordingListSchema,
    );
    expect(everyone.recordings.some((r) => r.ownerId === alice.user.id)).toBe(true);
    expect(everyone.recordings.some((r) => r.ownerId === member.user.id)).toBe(true);
    const filtered = answer(
      await get(`/api/audio/recordings?owner=${member.user.id}`, admin.auth),
      recordingListSchema,
    );
    expect(filtered.total).toBe(3);
    expect(filtered.recordings.every((r) => r.ownerId === member.user.id)).toBe(true);
    const own = answer(await get('/api/audio/recordings', admin.auth), recordingListSchema);
    expect(own.recordings.every((r) => r.ownerId === admin.user.id)).toBe(true);
  });

  it('shows one recording to its owner and admins; 404 to others and for unknown ids', async () => {
    const recording = await store(alice, toneWav(1.5, { frequency: 250 }));
    const url = `/api/audio/recordings/${recording.id}`;
    expect((await get(url, alice.auth)).json()).toEqual({ recording });
    expect((await get(url, admin.auth)).statusCode).toBe(200);
    const other = await get(url, bob.auth);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ code: 'NOT_FOUND' });
    expect((await get(`/api/audio/recordings/${crypto.randomUUID()}`, alice.auth)).statusCode).toBe(404);
    expect((await get('/api/audio/recordings/not-an-id', alice.auth)).statusCode).toBe(404);
    expect((await get(url, {})).statusCode).toBe(401);
  });

  it('serves the bytes with type, length, a safe download name, and single ranges (206, 416)', async () => {
    const bytes = toneWav(2, { frequency: 350 });
    const recording = await store(alice, bytes, 'Kɨ "dance" ;song.mp3');
    const url = `/api/audio/recordings/${recording.id}/audio`;
    const whole = await get(url, alice.auth);
    expect(whole.statusCode).toBe(200);
    expect(whole.headers['content-type']).toBe('audio/wav');
    expect(whole.headers['content-length']).toBe(String(bytes.length));
    expect(whole.headers['accept-ranges']).toBe('bytes');
    // Kept by the browser only to be revalidated: the route decides on every play who may hear it.
    expect(whole.headers['cache-control']).toBe('private, no-cache');
    expect(whole.headers.etag).toBe(`"${sha256(bytes)}"`);
    expect(whole.headers['content-disposition']).toBe(
      `attachment; filename="K_ _dance_ _song.wav"; filename*=UTF-8''K%C9%A8%20%22dance%22%20%3Bsong.wav`,
    );
    expect(sha256(whole.rawPayload)).toBe(sha256(bytes));

    const part = await get(url, alice.auth, { range: 'bytes=100-199' });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${bytes.length}`);
    expect(part.headers['content-length']).toBe('100');
    expect(part.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    // A client offering compression still gets the audio as stored (audio is never recompressed), ranges too.
    const offered = await get(url, alice.auth, { range: 'bytes=100-199', 'accept-encoding': 'br, gzip' });
    expect(offered.statusCode).toBe(206);
    expect(offered.headers['content-encoding']).toBeUndefined();
    expect(offered.rawPayload.equals(bytes.subarray(100, 200))).toBe(true);

    const tail = await get(url, alice.auth, { range: 'bytes=-10' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(bytes.subarray(bytes.length - 10))).toBe(true);
    const open = await get(url, alice.auth, { range: `bytes=${bytes.length - 5}-` });
    expect(open.rawPayload.equals(bytes.subarray(bytes.length - 5))).toBe(true);
    const clamped = await get(url, alice.auth, { range: `bytes=0-${bytes.length + 1000}` });
    expect(clamped.statusCode).toBe(206);
    expect(clamped.rawPayload.length).toBe(bytes.length);

    const beyond = await get(url, alice.auth, { range: `bytes=${bytes.length}-` });
    expect(beyond.statusCode).toBe(416);
    expect(beyond.headers['content-range']).toBe(`bytes */${bytes.length}`);
    expect(beyond.json()).toMatchObject({ code: 'RANGE_NOT_SATISFIABLE' });
    // Several ranges, or a header that is not valid: the whole file, as HTTP allows.
    expect((await get(url, alice.auth, { range: 'bytes=0-1,5-6' })).statusCode).toBe(200);
    expect((await get(url, alice.auth, { range: 'pages=1-2' })).statusCode).toBe(200);

    expect((await get(url, admin.auth)).statusCode).toBe(200);
    // Another contributor hears a clip while the community reviews it, not once it is invalidated.
    expect((await get(url, bob.auth)).statusCode).toBe(200);
    const settled = await t.app.inject({
      method: 'POST',
      url: `/api/admin/review/clips/${recording.id}/settle`,
      headers: admin.auth,
      payload: { state: 'invalidated', reason: 'Test clip' },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    expect((await get(url, bob.auth)).statusCode).toBe(404);
    expect((await get(url, alice.auth, { range: 'bytes=0-1' })).statusCode).toBe(206);
    const cached = await get(url, alice.auth, { 'if-none-match': String(whole.headers.etag) });
    expect(cached.statusCode).toBe(304);
  });

  it('deletes for the owner and for admins, refuses others, and removes a blob with its last recording', async () => {
    const bytes = toneWav(1.5, { frequency: 420 });
    const mine = await store(alice, bytes);
    const theirs = await store(bob, bytes);
    const blobs = t.blobFiles();
    expect(blobs.filter((name) => name === sha256(bytes))).toHaveLength(1);
    const remove = (id: string, auth: Record<string, string>) =>
      t.app.inject({ method: 'DELETE', url: `/api/audio/recordings/${id}`, headers: auth });

    const refused = await remove(mine.id, bob.auth);
    expect(refused.statusCode).toBe(404);
    expect((await get(`/api/audio/recordings/${mine.id}`, alice.auth)).statusCode).toBe(200);

    expect((await remove(mine.id, alice.auth)).statusCode).toBe(204);
    expect((await get(`/api/audio/recordings/${mine.id}`, alice.auth)).statusCode).toBe(404);
    expect((await remove(mine.id, alice.auth)).statusCode).toBe(404);
    // Bob's recording has the same bytes: the blob stays.
    expect(t.blobFiles()).toContain(sha256(bytes));
    expect((await get(`/api/audio/recordings/${theirs.id}/audio`, bob.auth)).statusCode).toBe(200);

    expect((await remove(theirs.id, admin.auth)).statusCode).toBe(204);
    expect(t.blobFiles()).not.toContain(sha256(bytes));
    expect((await get(`/api/audio/recordings/${theirs.id}`, bob.auth)).statusCode).toBe(404);
  });

  it('answers transcription with 501 NOT_TRAINED, and 404 for a recording that is not the user’s', async () => {
    const recording = await store(alice, toneWav(1.5, { frequency: 480 }));
    const transcribe = (audioId: unknown, auth = alice.auth) =>
      t.app.inject({ method: 'POST', url: '/api/audio/transcribe', headers: auth, payload: { audioId } });
    const answer = await transcribe(recording.id);
    expect(answer.statusCode).toBe(501);
    expect(answer.json()).toEqual({
      message:
        'No speech recogniser for Lopit has been trained yet. Recordings like yours are how one will be trained.',
      code: 'NOT_TRAINED',
    });
    expect((await transcribe(recording.id, bob.auth)).statusCode).toBe(404);
    expect((await transcribe(crypto.randomUUID())).statusCode).toBe(404);
    expect((await transcribe(undefined)).statusCode).toBe(400);
  });
});
