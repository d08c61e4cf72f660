// Tell (issue 32): a story is uploaded as one piece through tus, cut on the server at its pauses into segments of
// 2 to 15 s, each a clip of its own with the story's speaker and language; a retried upload or a re-run of the
// cutting makes no segment twice; segments go to transcription (the story does not) and leave the exports when
// their speaker withdraws, like any clip. Real audio (generated, encoded by ffmpeg), real database, real blobs.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingListSchema, type Recording } from '../../core/api/recordings.ts';
import { SEGMENT_MAX_MS, SEGMENT_MIN_MS, TELL_ACCEPTED_SECONDS } from '../../core/constants.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { RecordingService } from '../../server/features/recordings/recordings.service.ts';
import { StoryCutter } from '../../server/features/stories/story-cutter.ts';
import {
  createAudioTestApp,
  form,
  hasFfmpeg,
  inspectedRecording,
  longOpusTone,
  opusOf,
  sha256,
  storyWav,
  toneWav,
  tusCreate,
  tusSend,
  type AudioTestApp,
  type StoryPart,
} from './audio-fixtures.ts';
import { answer, DATABASE_KINDS, signUp } from './test-app.ts';

type Auth = Record<string, string>;

/** Half a second of silence, then speech and pauses; the 0.15 s gap inside the 20 s run is too short to be a pause. */
const LAYOUT: StoryPart[] = [
  ['pause', 0.5],
  ['speech', 3],
  ['pause', 0.8], // 2: cut
  ['speech', 5],
  ['pause', 0.9], // 4: cut
  ['speech', 1.2], // too short alone: joins the next across the shorter pause
  ['pause', 0.5], // 6: no cut
  ['speech', 4],
  ['pause', 0.7], // 8: cut
  ['speech', 11.85],
  ['pause', 0.15], // 10: 20 s of speech around it: cut here, its quietest point
  ['speech', 8],
  ['pause', 0.8], // 12: cut
  ['speech', 6],
  ['pause', 0.6], // 14: cut
  ['speech', 2.5],
  ['pause', 0.5],
];
const CUT_AT = [2, 4, 8, 10, 12, 14];
/** Decoding, Opus's own delay and the 10 ms frames: a boundary lies in its pause within this. */
const TOLERANCE_MS = 60;

interface SegmentRow {
  id: string;
  segment_index: number;
  start_ms: number;
  end_ms: number;
  duration_seconds: number;
  speaker_id: string | null;
  language: string | null;
  mime_type: string;
  sha256: string;
}

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 120_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('the condition was not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Five seconds past a Tell recording's bound, made once for both databases. */
let tooLong: Buffer | undefined;
const tooLongStory = () => (tooLong ??= longOpusTone(TELL_ACCEPTED_SECONDS + 5));

describe.skipIf(!hasFfmpeg).each(DATABASE_KINDS)('Tell recordings cut into segments on %s', (kind) => {
  let t: AudioTestApp;
  let field: { auth: Auth };
  let transcriber: { auth: Auth };
  const speakerId = crypto.randomUUID();
  const storyId = crypto.randomUUID();
  const { wav, spans } = storyWav(LAYOUT);
  const story = opusOf(wav);

  const segments = async (parentId = storyId) =>
    rowsOf<SegmentRow>(
      await t.database.db
        .execute(sql`select id, segment_index, start_ms, end_ms, duration_seconds, speaker_id,
        language, mime_type, sha256 from recordings where parent_id = ${parentId} order by segment_index`),
    );

  const upload = async (bytes: Buffer, metadata: Record<string, string>) => {
    const created = await tusCreate(t.app, field.auth, bytes.length, {
      fileName: 'story.ogg',
      sha256: sha256(bytes),
      speakerId,
      language: 'lpx',
      kind: 'story',
      ...metadata,
    });
    if (created.statusCode !== 201) return created;
    return tusSend(t.app, field.auth, created.headers.location as string, bytes);
  };

  const listed = async (): Promise<Recording | undefined> => {
    const response = await t.app.inject({ method: 'GET', url: '/api/audio/recordings', headers: field.auth });
    return answer(response, recordingListSchema).recordings.find((recording) => recording.id === storyId);
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind);
    await signUp(t.app, { name: 'Admin Quorra' });
    field = await signUp(t.app, { name: 'Tembo Field' });
    transcriber = await signUp(t.app, { name: 'Erwa Pimsel' });
    // A field speaker without an account, with spoken consent (the rules of src/offline/speakers.ts).
    const added = await t.app.inject({
      method: 'POST',
      url: '/api/speakers',
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: {
        id: speakerId,
        name: 'Grandmother Zilvo',
        ageGroup: '60+',
        gender: 'female',
        dialect: 'Vorn hill',
      },
    });
    expect(added.statusCode, added.body).toBe(200);
    const body = form(
      { consent: JSON.stringify({ id: crypto.randomUUID(), consentType: 'full', kind: 'spoken' }) },
      { name: 'evidence', bytes: opusOf(toneWav(2, { frequency: 330 })), fileName: 'consent' },
    );
    const consent = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/consent`,
      headers: { ...field.auth, ...body.headers, 'idempotency-key': crypto.randomUUID() },
      payload: body.payload,
    });
    expect(consent.statusCode, consent.body).toBe(200);
  });
  afterAll(() => t.close());

  it('cuts a story at its pauses into segments of 2 to 15 s with its speaker and language, and keeps it whole', async () => {
    const stored = await upload(story, { recordingId: storyId, title: 'How the well was dug' });
    expect(stored.statusCode, stored.body).toBe(201);
    const cut = await until(async () => {
      const recording = await listed();
      return recording?.story?.state === 'cut' && recording;
    });
    const rows = await segments();
    expect(rows).toHaveLength(CUT_AT.length + 1);
    expect(cut).toMatchObject({
      kind: 'story',
      story: { state: 'cut', planned: rows.length, segments: rows.length, transcribed: 0 },
    });
    expect(rows.map((row) => row.segment_index)).toEqual(rows.map((_, index) => index));
    for (const row of rows) {
      const length = row.end_ms - row.start_ms;
      expect(length).toBeGreaterThanOrEqual(SEGMENT_MIN_MS);
      expect(length).toBeLessThanOrEqual(SEGMENT_MAX_MS);
      // The stored audio is the span, re-encoded once.
      expect(Math.abs(row.duration_seconds * 1000 - length)).toBeLessThan(TOLERANCE_MS);
      expect(row).toMatchObject({ speaker_id: speakerId, language: 'lpx', mime_type: 'audio/webm' });
    }
    // Each cut lies in its pause: the segment before ends and the next begins there.
    for (const [k, part] of CUT_AT.entries()) {
      const [from, to] = spans[part]!;
      expect(rows[k]!.end_ms).toBeGreaterThanOrEqual(from - TOLERANCE_MS);
      expect(rows[k]!.end_ms).toBeLessThanOrEqual(to + TOLERANCE_MS);
      expect(rows[k + 1]!.start_ms).toBeGreaterThanOrEqual(from - TOLERANCE_MS);
      expect(rows[k + 1]!.start_ms).toBeLessThanOrEqual(to + TOLERANCE_MS);
    }
    // The short piece and its neighbour are one segment across the pause between them.
    const [joinFrom, joinTo] = spans[6]!;
    expect(rows[2]!.start_ms).toBeLessThan(spans[5]![0]);
    expect(rows[2]!.end_ms).toBeGreaterThan(joinTo);
    expect(joinFrom).toBeGreaterThan(rows[2]!.start_ms);
    // Speech is never cut off: the first begins before the first word, the last ends after the last.
    expect(rows[0]!.start_ms).toBeLessThanOrEqual(spans[1]![0]);
    expect(rows.at(-1)!.end_ms).toBeGreaterThanOrEqual(spans[15]![1]);
    // The story is listed whole (its segments are not listed one by one) and its audio is kept.
    const list = await t.app.inject({ method: 'GET', url: '/api/audio/recordings', headers: field.auth });
    expect(answer(list, recordingListSchema).recordings.map((r) => r.id)).toEqual([storyId]);
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${storyId}/audio`,
      headers: field.auth,
    });
    expect(audio.rawPayload.equals(story)).toBe(true);
  });

  it('makes no segment twice when the upload is retried or the cutting runs again after a crash', async () => {
    const before = await segments();
    // The phone lost the answer and uploads again (a new tus upload of the same recording).
    const again = await upload(story, { recordingId: storyId });
    expect([200, 201]).toContain(again.statusCode);
    // A crash in the middle of the cutting: the last segments were never stored and the story still waits.
    await t.database.db.execute(
      sql`delete from recordings where parent_id = ${storyId} and segment_index >= 4`,
    );
    await t.database.db.execute(sql`update story_cuts set state = 'waiting' where recording_id = ${storyId}`);
    const cutter = new StoryCutter(
      t.app.repositories,
      new RecordingService(t.app.repositories, t.config, t.app.blobs),
      t.config,
      t.app.log,
    );
    // Two runs at once (a start-up resuming while another asks): each segment once.
    const [first, second] = await Promise.all([cutter.cut(storyId), cutter.cut(storyId)]);
    expect((first?.created ?? 0) + (second?.created ?? 0)).toBe(before.length - 4);
    await cutter.close();
    const after = await segments();
    expect(after.map(({ id, start_ms, end_ms }) => [id, start_ms, end_ms])).toEqual(
      before.map(({ id, start_ms, end_ms }) => [id, start_ms, end_ms]),
    );
    // Run once more when cut: nothing.
    expect(await cutter.cut(storyId)).toBeNull();
    expect(await segments()).toHaveLength(before.length);
  });

  it('refuses a story without a consenting speaker, and does not cut one longer than its bound', async () => {
    const stranger = crypto.randomUUID();
    const refused = await upload(story, { recordingId: crypto.randomUUID(), speakerId: stranger });
    expect(refused.statusCode).toBe(404);
    // Stored when its bytes are safe (its length is known only once decoded); its inspection then fails, with
    // the reason, and it is never cut.
    const long = tooLongStory();
    const longId = crypto.randomUUID();
    const tooLong = await upload(long, { recordingId: longId });
    expect(tooLong.statusCode, tooLong.body).toBe(201);
    const inspected = await inspectedRecording(t.app, field.auth, longId);
    expect(inspected).toMatchObject({ inspection: 'failed', kind: 'story' });
    expect(inspected.inspectionError).toMatch(/recordings may be at most \d+ s/);
    const cut = rowsOf(
      await t.database.db.execute(sql`select 1 from story_cuts where recording_id = ${longId}`),
    );
    expect(cut).toEqual([]);
  });

  it('offers segments, never the story, for transcription and takes them out of the exports when the speaker withdraws', async () => {
    const rows = await segments();
    const queue = await t.app.inject({
      method: 'GET',
      url: '/api/transcripts/queue',
      headers: transcriber.auth,
    });
    expect(queue.statusCode, queue.body).toBe(200);
    const offered = (JSON.parse(queue.body) as { clips: { id: string }[] }).clips.map((clip) => clip.id);
    expect(offered).not.toContain(storyId);
    expect(rows.every((row) => offered.includes(row.id))).toBe(true);

    // Transcribed and validated (as two reviewers would): in the export; the story, even if marked so, is not.
    await t.database.db.execute(sql`update recordings set transcript = 'zz tale', review_state = 'validated'
      where parent_id = ${storyId} or id = ${storyId}`);
    const exported = async (set: 'accepted' | 'all') => {
      const ids: string[] = [];
      for await (const batch of t.app.repositories.exports.clips({ set }))
        ids.push(...batch.map((clip) => clip.id));
      return ids;
    };
    for (const set of ['accepted', 'all'] as const) {
      const ids = await exported(set);
      expect(ids).not.toContain(storyId);
      expect(rows.every((row) => ids.includes(row.id))).toBe(true);
    }
    expect((await listed())?.story).toMatchObject({ segments: rows.length, transcribed: rows.length });

    const withdrawn = await t.app.inject({
      method: 'POST',
      url: `/api/speakers/${speakerId}/withdraw`,
      headers: { ...field.auth, 'idempotency-key': crypto.randomUUID() },
      payload: { reason: 'Asked at the second visit' },
    });
    expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    for (const set of ['accepted', 'all'] as const) {
      const ids = await exported(set);
      expect(rows.some((row) => ids.includes(row.id))).toBe(false);
    }
  });

  it('deletes a story with its segments and their audio', async () => {
    const rows = await segments();
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/audio/recordings/${storyId}`,
      headers: field.auth,
    });
    expect(removed.statusCode, removed.body).toBeLessThan(300);
    expect(await segments()).toHaveLength(0);
    const blobs = t.blobFiles();
    expect(rows.some((row) => blobs.includes(row.sha256))).toBe(false);
  });
});
