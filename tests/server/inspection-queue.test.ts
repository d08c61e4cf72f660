// Uploads answered when the bytes are safe (issue 33): the multipart and tus uploads answer once the file is stored
// and its hash checked, with the recording 'inspecting'; the inspection job writes the verdict afterwards, and only
// then does the clip enter review. A job run twice (two workers on one lease, a worker run again) changes nothing
// the second time; audio the inspection refuses is kept, 'failed' with the reason, and never reviewed; and a
// worker process of its own (`npm run worker -- --inspect-only`, PostgreSQL shared with the server) does the
// inspection. Real audio, real database, real blobs, a real second process.
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordingResponseSchema, type Recording } from '../../core/api/recordings.ts';
import { reviewPackSchema } from '../../core/api/review.ts';
import { InspectionWorker } from '../../server/features/recordings/inspection-worker.ts';
import { RecordingService } from '../../server/features/recordings/recordings.service.ts';
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

type Auth = Record<string, string>;
const silentLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe.each(DATABASE_KINDS)('inspection after the upload on %s', (kind) => {
  let t: AudioTestApp;
  let owner: { auth: Auth };
  let reviewer: { auth: Auth };

  /** A worker of the test's own (the app's is off), on the app's database and blob store. */
  const worker = (leaseMs?: number) =>
    new InspectionWorker({
      db: t.database.db,
      repositories: t.app.repositories,
      inTransaction: (tx) => t.app.transactionRepositories(tx),
      service: new RecordingService(t.app.repositories, t.config, t.app.blobs),
      concurrency: 2,
      log: silentLog,
      ...(leaseMs === undefined ? {} : { leaseMs }),
    });

  const upload = async (bytes: Buffer, transcript = 'Zorbu vanta kilo'): Promise<Recording> => {
    const body = multipartBody({ bytes, fileName: 'clip.wav' }, { transcript, language: 'lpx' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    expect(response.statusCode, response.body).toBe(201);
    return answer(response, recordingResponseSchema).recording;
  };
  const read = async (id: string) =>
    answer(
      await t.app.inject({ method: 'GET', url: `/api/audio/recordings/${id}`, headers: owner.auth }),
      recordingResponseSchema,
    ).recording;
  /** What another contributor gets asking for the clip's audio (they may hear it once it is in review). */
  const heardByReviewer = async (id: string) =>
    (
      await t.app.inject({
        method: 'GET',
        url: `/api/audio/recordings/${id}/audio`,
        headers: reviewer.auth,
      })
    ).statusCode;
  const inReview = async (id: string) => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/review/clips?limit=100',
      headers: reviewer.auth,
    });
    return answer(response, reviewPackSchema).clips.some((clip) => clip.id === id);
  };

  beforeAll(async () => {
    // The app's own worker is off: the test decides when inspections run. Clips of more than 4 s are too long.
    t = await createAudioTestApp(kind, { INSPECTION_WORKER: 'off', AUDIO_MAX_SECONDS: '2' });
    await signUp(t.app); // the first account is the admin
    owner = await signUp(t.app);
    reviewer = await signUp(t.app);
    await grantRecordingConsent(t.app, owner.auth);
  }, 120_000);
  afterAll(() => t?.close());

  it('answers the upload before the inspection, and the clip enters review with its verdict after it', async () => {
    const stored = await upload(toneWav(1.5, { frequency: 330 }));
    expect(stored).toMatchObject({ inspection: 'inspecting', inspectionError: null, mimeType: 'audio/wav' });
    expect(stored.quality.levelsMeasured).toBe(false);
    expect(await read(stored.id)).toMatchObject({ inspection: 'inspecting' });
    expect(await inReview(stored.id)).toBe(false);
    expect(await heardByReviewer(stored.id)).toBe(404);
    expect(await t.app.repositories.inspections.waiting()).toContain(stored.id);

    expect(await worker().runOnce()).toBeGreaterThanOrEqual(1);
    const inspected = await read(stored.id);
    expect(inspected).toMatchObject({
      inspection: 'inspected',
      codec: 'pcm',
      sampleRate: 16_000,
      channels: 1,
      quality: { levelsMeasured: true, silent: false, tooShort: false },
    });
    expect(inspected.duration).toBeCloseTo(1.5, 2);
    expect(await inReview(stored.id)).toBe(true);
    expect(await heardByReviewer(stored.id)).toBe(200);
    expect(await t.app.repositories.inspections.waiting()).not.toContain(stored.id);
  });

  it('answers the final tus PATCH before the inspection too', async () => {
    const bytes = toneWav(1.2, { frequency: 370 });
    const id = crypto.randomUUID();
    const created = await tusCreate(t.app, owner.auth, bytes.length, {
      recordingId: id,
      fileName: 'tus.wav',
      sha256: sha256(bytes),
      transcript: 'Kilo vanta',
    });
    expect(created.statusCode, created.body).toBe(201);
    const done = await tusSend(t.app, owner.auth, created.headers.location as string, bytes);
    expect(done.statusCode, done.body).toBe(201);
    expect(answer(done, recordingResponseSchema).recording).toMatchObject({ id, inspection: 'inspecting' });
    await worker().drain();
    expect(await read(id)).toMatchObject({ inspection: 'inspected', codec: 'pcm' });
  });

  it('changes nothing when a job is run twice: a second worker on a stale lease, and a worker run again', async () => {
    const stored = await upload(toneWav(1.5, { frequency: 410 }));
    const { inspections } = t.app.repositories;
    // Worker A claims it and stalls; its lease is old at once (0 ms), so worker B takes the job again.
    const [leaseA] = await inspections.claim('worker-a', 10, 60_000);
    expect(leaseA?.recordingId).toBe(stored.id);
    const [leaseB] = await inspections.claim('worker-b', 10, 0);
    expect(leaseB).toMatchObject({ recordingId: stored.id, attempt: 2 });
    const verdict = {
      state: 'inspected' as const,
      mimeType: 'audio/wav',
      durationSeconds: 1.5,
      codec: 'pcm',
      sampleRate: 16_000,
      channels: 1,
      quality: {
        tooShort: false,
        tooLong: false,
        silent: false,
        quiet: false,
        clipped: false,
        peakDb: -6,
        rmsDb: -9,
        clippedRatio: 0,
        levelsMeasured: true,
      },
    };
    expect(await inspections.finish(leaseB!, verdict)).toBe(true);
    const after = await read(stored.id);
    // A finishes late with another verdict: its lease no longer holds, nothing changes.
    expect(await inspections.finish(leaseA!, { state: 'failed', error: 'late' })).toBe(false);
    expect(await inspections.finish(leaseB!, { ...verdict, durationSeconds: 9 })).toBe(false);
    // And a worker run again finds nothing to do.
    expect(await worker().runOnce()).toBe(0);
    expect(await read(stored.id)).toEqual(after);
  });

  it('keeps audio the inspection refuses, failed with the reason, and out of review', async () => {
    const stored = await upload(toneWav(5, { frequency: 450 }));
    expect(stored.inspection).toBe('inspecting');
    await worker().drain();
    const failed = await read(stored.id);
    expect(failed).toMatchObject({ inspection: 'failed' });
    expect(failed.inspectionError).toMatch(/at most 4 s/);
    expect(await inReview(stored.id)).toBe(false);
    expect(await heardByReviewer(stored.id)).toBe(404);
    // Its audio is still there for its owner.
    const audio = await t.app.inject({
      method: 'GET',
      url: `/api/audio/recordings/${stored.id}/audio`,
      headers: owner.auth,
    });
    expect(audio.statusCode).toBe(200);
    expect(sha256(audio.rawPayload)).toBe(stored.sha256);
  });

  it.skipIf(kind !== 'postgres')(
    'is done by a worker process of its own sharing the database (npm run worker -- --inspect-only)',
    async () => {
      const child: ChildProcess = spawn(
        process.execPath,
        ['--import', 'tsx', 'scripts/worker.ts', '--inspect-only'],
        {
          env: {
            ...process.env,
            DATABASE_URL: t.databaseUrl!,
            DATA_DIR: t.dataDir,
            INSPECTION_CONCURRENCY: '1',
            LOG_LEVEL: 'warn',
          },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      try {
        const stored = await upload(toneWav(1.5, { frequency: 520 }));
        expect(stored.inspection).toBe('inspecting');
        const deadline = Date.now() + 90_000;
        let seen = await read(stored.id);
        while (seen.inspection === 'inspecting' && Date.now() < deadline && child.exitCode === null) {
          await new Promise((resolve) => setTimeout(resolve, 100));
          seen = await read(stored.id);
        }
        expect(seen, output).toMatchObject({ inspection: 'inspected', codec: 'pcm', channels: 1 });
        expect(output).toMatch(/inspections \(inspect-standalone@/);
      } finally {
        child.kill('SIGTERM');
        await new Promise((resolve) =>
          child.exitCode === null ? child.once('exit', resolve) : resolve(null),
        );
      }
    },
    120_000,
  );
});
