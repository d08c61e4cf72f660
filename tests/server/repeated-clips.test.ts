// Repeat (issue 32, as Aikuma's respeaking): a speaker repeats a clip slowly and the phone uploads the repetition
// through the resumable upload with `repeatsId`, the clip it repeats. It is stored linked, goes to transcription
// like any clip, and the original's place on /transcribe offers it as help. Refused (nothing stored): a story, or
// one that names a story, with 400; a clip that is gone for the uploader (unknown, removed, its speaker withdrew
// consent, or one they may not hear) with 404 ITEM_GONE, so the phone drops it with a notice instead of keeping
// it waiting. A retried upload stores it once.
import crypto from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingResponseSchema } from '../../core/api/recordings.ts';
import { transcribeQueueSchema } from '../../core/api/transcripts.ts';
import { recordings } from '../../server/db/schema.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  opusOf,
  sha256,
  toneWav,
  tusCreate,
  tusHead,
  tusSend,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp, inspectionsDone } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;

describe.each(DATABASE_KINDS)('repetitions of clips on %s', (kind) => {
  let t: AudioTestApp;
  let teller: Account; // recorded the original
  let repeater: Account; // repeats it slowly
  let transcriber: Account;
  let withdrawn: Account; // recorded a clip, then withdrew their consent
  let original: string;
  let unhearable: string;
  const clip = opusOf(toneWav(3));

  const upload = async (account: Account, metadata: Record<string, string | undefined>, bytes = clip) => {
    const created = await tusCreate(t.app, account.auth, bytes.length, {
      recordingId: crypto.randomUUID(),
      fileName: 'clip.webm',
      sha256: sha256(bytes),
      language: 'lpx',
      ...metadata,
    });
    if (created.statusCode !== 201) return created;
    const done = await tusSend(t.app, account.auth, String(created.headers.location), bytes);
    await inspectionsDone(t.app); // in the queues once inspected
    return done;
  };
  const stored = async (account: Account, metadata: Record<string, string | undefined> = {}) => {
    const response = await upload(account, metadata);
    expect(response.statusCode, response.body).toBe(201);
    return answer(response, recordingResponseSchema).recording;
  };
  const rows = async (id: string) =>
    (await t.database.db.select({ total: count() }).from(recordings).where(eq(recordings.id, id)))[0]!.total;

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    await signUp(t.app); // the first account is admin
    [teller, repeater, transcriber, withdrawn] = [
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
      await signUp(t.app),
    ];
    for (const account of [teller, repeater, withdrawn]) await grantRecordingConsent(t.app, account.auth);
    original = (await stored(teller, { title: 'Zorbel fentu' })).id;
    unhearable = (await stored(withdrawn)).id;
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: '/api/consent/withdraw',
      headers: withdrawn.auth,
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  });
  afterAll(() => t.close());

  it('stores a repetition linked to the clip it repeats, once however often the phone retries', async () => {
    const recordingId = crypto.randomUUID();
    const metadata = { recordingId, fileName: 'clip.webm', sha256: sha256(clip), language: 'lpx' };
    const created = await tusCreate(t.app, repeater.auth, clip.length, {
      ...metadata,
      repeatsId: original.toUpperCase(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const location = String(created.headers.location);
    const first = await tusSend(t.app, repeater.auth, location, clip);
    expect(first.statusCode, first.body).toBe(201);
    const repetition = answer(first, recordingResponseSchema).recording;
    expect(repetition).toMatchObject({ id: recordingId, repeatsId: original, kind: 'clip', language: 'lpx' });
    const [row] = await t.database.db.select().from(recordings).where(eq(recordings.id, recordingId));
    expect(row?.repeatsId).toBe(original);

    // The phone did not hear the answer: it asks where the upload stands (stored, under the same id) ...
    const head = await tusHead(t.app, repeater.auth, location);
    expect(head.statusCode).toBe(200);
    expect(head.headers['recording-id']).toBe(recordingId);
    // ... or sends it again, whole: the same recording (200: already stored), nothing new stored.
    const again = await upload(repeater, { recordingId, repeatsId: original });
    expect(again.statusCode, again.body).toBe(200);
    expect(answer(again, recordingResponseSchema).recording).toMatchObject({
      id: recordingId,
      repeatsId: original,
      sha256: repetition.sha256,
    });
    expect(await rows(recordingId)).toBe(1);

    // It goes to transcription like any clip, and the original offers it as help.
    const queue = answer(
      await t.app.inject({
        method: 'GET',
        url: '/api/transcripts/queue?limit=50',
        headers: transcriber.auth,
      }),
      transcribeQueueSchema,
    ).clips;
    expect(queue.find((item) => item.id === original)?.repetitions).toEqual([recordingId]);
    expect(queue.find((item) => item.id === recordingId)?.repetitions).toEqual([]);
  });

  it('answers a repetition of a clip that is gone ITEM_GONE (404), storing nothing, by tus and by multipart', async () => {
    const deleted = (await stored(teller)).id;
    const removal = await t.app.inject({
      method: 'DELETE',
      url: `/api/audio/recordings/${deleted}`,
      headers: teller.auth,
    });
    expect(removal.statusCode, removal.body).toBeLessThan(300);
    // Unknown, deleted, or its speaker withdrew consent: told apart by no one.
    for (const repeatsId of [crypto.randomUUID(), deleted, unhearable]) {
      const recordingId = crypto.randomUUID();
      const response = await upload(repeater, { recordingId, repeatsId });
      expect(response.statusCode, `${repeatsId}: ${response.body}`).toBe(404);
      expect(response.json<{ message: string; code: string }>()).toEqual({
        message:
          'The clip this recording repeats is no longer available (removed, or its speaker withdrew consent).',
        code: 'ITEM_GONE',
      });
      expect(await rows(recordingId)).toBe(0);
    }
    const recordingId = crypto.randomUUID();
    const body = multipartBody(
      { bytes: toneWav(1.5), fileName: 'clip.wav' },
      { recordingId, language: 'lpx', repeatsId: unhearable },
    );
    const multipart = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...repeater.auth, ...body.headers },
      payload: body.payload,
    });
    expect(multipart.statusCode, multipart.body).toBe(404);
    expect(multipart.json<{ code: string }>().code).toBe('ITEM_GONE');
    expect(await rows(recordingId)).toBe(0);
  });

  it('refuses with 400, storing nothing, a repetition of a story, a story that repeats, and a bad id', async () => {
    const story = (await stored(teller, { kind: 'story' })).id;
    for (const repeatsId of [story, 'not-a-uuid']) {
      const recordingId = crypto.randomUUID();
      const response = await upload(repeater, { recordingId, repeatsId });
      expect(response.statusCode, `${repeatsId}: ${response.body}`).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(/repeat/i);
      expect(await rows(recordingId)).toBe(0);
    }
    // A story may not claim to repeat anything.
    const storyRepeating = await upload(teller, { kind: 'story', repeatsId: original });
    expect(storyRepeating.statusCode).toBe(400);
  });
});
