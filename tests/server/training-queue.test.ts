// The training job queue on a real database: state transitions, stop, heartbeat timeout (requeue once, then
// fail), a worker killed mid-job being recovered by another, hand-over to external workers, graceful shutdown,
// and concurrent claims never taking the same job (two connections on PostgreSQL). Trainers are stand-ins.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRAINING_ERROR_CODES } from '../../core/api/training.ts';
import { MODEL_TYPES } from '../../core/constants.ts';
import { openDatabase, type Database } from '../../server/db/driver.ts';
import { migrate, rowsOf } from '../../server/db/migrate.ts';
import { AppError } from '../../server/errors.ts';
import {
  REQUEUED_MESSAGE,
  SILENT_TWICE_ERROR,
  TrainingQueue,
  type Lease,
} from '../../server/features/training/job-queue.ts';
import {
  TrainingError,
  TrainingWorker,
  type Trainer,
  type TrainerRegistry,
} from '../../server/features/training/worker.ts';
import { createTestApp, DATABASE_KINDS, signUp, type TestApp } from './test-app.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until<T>(probe: () => Promise<T | null | undefined | false>, timeoutMs = 10_000): Promise<T> {
  const started = Date.now();
  for (;;) {
    const value = await probe();
    if (value) return value;
    if (Date.now() - started > timeoutMs) throw new Error('condition not reached in time');
    await sleep(20);
  }
}

/** A trainer that reports progress, then succeeds with fixed metrics. */
const quickTrainer: Trainer = {
  run: ({ onProgress }) => {
    onProgress(40, 'halfway through zorbel');
    return Promise.resolve({ kind: 'succeeded', metrics: { chrf: 41.5, pairsUsed: 12 } });
  },
};

/** A trainer that runs until its signal aborts (then rejects, as a real trainer does). */
function waitingTrainer(started?: () => void): Trainer {
  return {
    run: ({ signal, onProgress }) =>
      new Promise((_resolve, reject) => {
        onProgress(10, 'kwintafa in progress');
        started?.();
        signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true });
      }),
  };
}

describe.each(DATABASE_KINDS)('training queue on %s', (kind) => {
  let t: TestApp;
  let queue: TrainingQueue;
  let adminId: string;
  const workers: TrainingWorker[] = [];

  const newWorker = (
    trainers: TrainerRegistry,
    options: Partial<ConstructorParameters<typeof TrainingWorker>[0]> = {},
  ) => {
    const worker = new TrainingWorker({
      queue,
      trainers,
      db: t.database.db,
      config: t.config,
      heartbeatMs: 50,
      pollMs: 20,
      ...options,
    });
    workers.push(worker);
    return worker;
  };
  const stateOf = async (id: number) => (await queue.find(id))?.state;
  /** Moves a job's heartbeat into the past, as if its worker had been silent for `ms`. */
  const age = (id: number, ms: number) =>
    t.database.db.execute(
      sql`update training_jobs set heartbeat_at = heartbeat_at - (${ms}::int * interval '1 millisecond') where id = ${id}`,
    );
  const clear = () => t.database.db.execute(sql`delete from training_jobs`);

  beforeAll(async () => {
    t = await createTestApp(kind, { TRAINING_WORKER: 'off' });
    adminId = (await signUp(t.app, { name: 'Queue Admin' })).user.id;
    queue = new TrainingQueue(t.database.db);
  });
  afterAll(async () => {
    for (const worker of workers) await worker.stop(1_000);
    await t.close();
  });

  it('goes queued -> running -> succeeded, with progress, metrics and history', async () => {
    await clear();
    const queued = await queue.enqueue({ modelType: 'mt', createdBy: adminId });
    expect(queued).toMatchObject({ state: 'queued', progress: 0, startedBy: 'Queue Admin', attempts: 0 });

    const job = await queue.claim({ workerId: 'w1', modelTypes: ['mt'], external: false });
    expect(job).toMatchObject({ jobId: queued.id, modelType: 'mt', attempt: 1, external: false });
    const lease: Lease = job!;
    expect(await queue.heartbeat(lease, { progress: 37.6, message: 'aligning zorbel' })).toEqual({
      held: true,
      stopRequested: false,
    });
    expect(await queue.find(queued.id)).toMatchObject({
      state: 'running',
      progress: 38,
      message: 'aligning zorbel',
      workerId: 'w1',
    });
    expect(
      await queue.complete(lease, {
        metrics: { chrf: 30.2, bleu: 12 },
        modelArtifactId: 7,
        modelVersion: 'v1',
      }),
    ).toBe(true);
    const done = await queue.find(queued.id);
    expect(done).toMatchObject({
      state: 'succeeded',
      progress: 100,
      metrics: { chrf: 30.2, bleu: 12 },
      modelArtifactId: 7,
      modelVersion: 'v1',
    });
    expect(done?.finishedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // A finished lease changes nothing more.
    expect(await queue.fail(lease, 'late')).toBe(false);
    expect((await queue.heartbeat(lease)).held).toBe(false);

    const second = await queue.enqueue({ modelType: 'mt' });
    const claimed = await queue.claim({ workerId: 'w1', modelTypes: ['mt'], external: false });
    expect(await queue.fail(claimed!, 'zorbel exploded', { metrics: { pairsUsed: 3 } })).toBe(true);
    expect(await queue.find(second.id)).toMatchObject({
      state: 'failed',
      error: 'zorbel exploded',
      metrics: { pairsUsed: 3 },
    });

    const history = (await queue.history()).filter((run) => run.modelType === 'mt');
    expect(history.map((run) => run.id)).toEqual([second.id, queued.id]);
    expect((await queue.lastSucceeded()).get('mt')?.id).toBe(queued.id);
  });

  it('allows one queued-or-running job per model type: a second start answers 409', async () => {
    await clear();
    const first = await queue.enqueue({ modelType: 'tts' });
    const again = await queue.enqueue({ modelType: 'tts' }).catch((error: unknown) => error);
    expect(again).toBeInstanceOf(AppError);
    expect(again).toMatchObject({ statusCode: 409, code: TRAINING_ERROR_CODES.alreadyActive });
    expect((again as AppError).message).toMatch(/TTS is already queued \(job \d+\)/);
    await queue.claim({ workerId: 'w2', modelTypes: ['tts'], external: false });
    const whileRunning = await queue.enqueue({ modelType: 'tts' }).catch((error: unknown) => error);
    expect((whileRunning as AppError).message).toMatch(/TTS is already training/);
    // Other types are independent.
    expect((await queue.enqueue({ modelType: 'asr' })).state).toBe('queued');
    expect(await stateOf(first.id)).toBe('running');
  });

  it('stops a queued job at once and a running one when its worker next reports', async () => {
    await clear();
    const queued = await queue.enqueue({ modelType: 'mt' });
    expect((await queue.requestStop('mt')).state).toBe('stopped');
    expect(await queue.find(queued.id)).toMatchObject({ state: 'stopped', stopRequested: true });
    const none = await queue.requestStop('mt').catch((error: unknown) => error);
    expect(none).toMatchObject({ statusCode: 409, code: TRAINING_ERROR_CODES.notActive });

    // A built-in worker: the stop aborts the trainer's signal at the next heartbeat.
    let started = false;
    const worker = newWorker({ mt: waitingTrainer(() => (started = true)) });
    const job = await queue.enqueue({ modelType: 'mt' });
    const run = worker.runOnce();
    await until(async () => started && (await stateOf(job.id)) === 'running');
    const stopping = await queue.requestStop('mt');
    expect(stopping).toMatchObject({ state: 'running', stopRequested: true });
    expect(await run).toBe(job.id);
    expect(await queue.find(job.id)).toMatchObject({ state: 'stopped', message: 'Stopped by an admin.' });
  });

  it('runs built-in trainers: success, a trainer error as it is, an unexpected error explained', async () => {
    await clear();
    const failing: Trainer = {
      run: () => Promise.reject(new TrainingError('Not enough kwintafa to train on.')),
    };
    const crashing: Trainer = { run: () => Promise.reject(new TypeError('zorbel is undefined')) };
    const worker = newWorker({ mt: quickTrainer, tts: failing, asr: crashing });
    const ids = [];
    for (const modelType of ['mt', 'tts', 'asr'] as const) ids.push((await queue.enqueue({ modelType })).id);
    for (let i = 0; i < 3; i++) expect(await worker.runOnce()).toBe(ids[i]);
    expect(await worker.runOnce()).toBeNull();
    expect(await queue.find(ids[0]!)).toMatchObject({
      state: 'succeeded',
      metrics: { chrf: 41.5, pairsUsed: 12 },
    });
    expect(await queue.find(ids[1]!)).toMatchObject({
      state: 'failed',
      error: 'Not enough kwintafa to train on.',
    });
    expect((await queue.find(ids[2]!))?.error).toBe('Training failed unexpectedly: zorbel is undefined');
  });

  it('requeues a job whose worker went silent once, then fails it', async () => {
    await clear();
    const job = await queue.enqueue({ modelType: 'asr' });
    const dead = await queue.claim({ workerId: 'dead-1', modelTypes: ['asr'], external: false });
    expect(await queue.reap(60_000)).toEqual({ requeued: [], failed: [], stopped: [] });
    await age(job.id, 120_000);
    expect(await queue.reap(60_000)).toEqual({ requeued: [job.id], failed: [], stopped: [] });
    expect(await queue.find(job.id)).toMatchObject({
      state: 'queued',
      message: REQUEUED_MESSAGE,
      attempts: 1,
    });
    // The silent worker comes back: it no longer holds the job, and its result is refused.
    expect(await queue.heartbeat(dead!)).toEqual({ held: false, stopRequested: false });
    expect(await queue.complete(dead!, { metrics: { chrf: 99 } })).toBe(false);

    const second = await queue.claim({ workerId: 'dead-2', modelTypes: ['asr'], external: false });
    expect(second?.attempt).toBe(2);
    await age(job.id, 120_000);
    expect(await queue.reap(60_000)).toEqual({ requeued: [], failed: [job.id], stopped: [] });
    expect(await queue.find(job.id)).toMatchObject({ state: 'failed', error: SILENT_TWICE_ERROR });
  });

  it('ends a silent job as stopped when a stop was requested', async () => {
    await clear();
    const job = await queue.enqueue({ modelType: 'tts' });
    await queue.claim({ workerId: 'dead-3', modelTypes: ['tts'], external: false });
    await queue.requestStop('tts');
    await age(job.id, 120_000);
    expect((await queue.reap(60_000)).stopped).toEqual([job.id]);
    expect(await stateOf(job.id)).toBe('stopped');
  });

  it('recovers a job from a worker killed mid-job: another worker finishes it', async () => {
    await clear();
    const job = await queue.enqueue({ modelType: 'mt' });
    // The killed worker claimed the job and then never reported again.
    const killed = await queue.claim({ workerId: 'killed', modelTypes: ['mt'], external: false });
    await sleep(50);
    const rescuer = newWorker({ mt: quickTrainer }, { heartbeatTimeoutMs: 30, heartbeatMs: 10 });
    rescuer.start();
    const done = await until(async () => {
      const run = await queue.find(job.id);
      return run?.state === 'succeeded' ? run : null;
    });
    await rescuer.stop();
    expect(done).toMatchObject({ attempts: 2, metrics: { chrf: 41.5 } });
    expect(done.workerId).toBe(rescuer.workerId);
    expect(await queue.complete(killed!, { metrics: {} })).toBe(false);
  });

  it('hands a prepared job over to external workers only', async () => {
    await clear();
    const job = await queue.enqueue({ modelType: 'asr' });
    const prep = await queue.claim({ workerId: 'builtin', modelTypes: ['asr'], external: false });
    expect(
      await queue.handOff(prep!, {
        message: 'waiting for a GPU',
        metrics: { hours: 1.5 },
        result: { speakers: { ab: 'train' } },
      }),
    ).toBe(true);
    expect(await queue.find(job.id)).toMatchObject({
      state: 'queued',
      external: true,
      attempts: 0,
      metrics: { hours: 1.5 },
    });
    expect(
      await queue.claim({ workerId: 'builtin', modelTypes: [...MODEL_TYPES], external: false }),
    ).toBeNull();
    const external = await queue.claim({ workerId: 'gpu', modelTypes: ['asr'], external: true });
    expect(external).toMatchObject({ jobId: job.id, attempt: 1, external: true, metrics: { hours: 1.5 } });
    expect(await queue.result(job.id)).toEqual({ speakers: { ab: 'train' } });
    // The external worker reports its own figures; the data split prepared earlier stays with the run.
    expect(await queue.complete(external!, { metrics: { wer: 0.4 } })).toBe(true);
    expect(await queue.find(job.id)).toMatchObject({ state: 'succeeded', metrics: { wer: 0.4 } });
    expect(await queue.result(job.id)).toEqual({ speakers: { ab: 'train' } });
  });

  it('keeps what the built-in stage prepared when the external worker fails a handed-over job', async () => {
    await clear();
    const job = await queue.enqueue({ modelType: 'asr' });
    const prep = await queue.claim({ workerId: 'builtin', modelTypes: ['asr'], external: false });
    await queue.handOff(prep!, {
      message: 'waiting',
      metrics: { hours: 2 },
      result: { speakers: { cd: 'dev' } },
    });
    const external = await queue.claim({ workerId: 'gpu', modelTypes: ['asr'], external: true });
    expect(await queue.fail(external!, 'out of GPU memory')).toBe(true);
    expect(await queue.find(job.id)).toMatchObject({
      state: 'failed',
      error: 'out of GPU memory',
      metrics: { hours: 2 },
    });
    expect(await queue.result(job.id)).toEqual({ speakers: { cd: 'dev' } });
  });

  it('requeues a running job without counting the claim when its worker shuts down', async () => {
    await clear();
    let started = false;
    const worker = newWorker({ tts: waitingTrainer(() => (started = true)) });
    const job = await queue.enqueue({ modelType: 'tts' });
    worker.start();
    await until(async () => started && (await stateOf(job.id)) === 'running');
    await worker.stop();
    expect(await queue.find(job.id)).toMatchObject({
      state: 'queued',
      attempts: 0,
      message: 'Requeued: its worker shut down.',
    });
  });

  it('never gives the same job to two concurrent claims', async () => {
    await clear();
    // PostgreSQL: a second database handle (its own connection pool) claims alongside the app's.
    const second = kind === 'postgres' ? await secondHandle(t) : null;
    const queues = [queue, ...(second ? [new TrainingQueue(second.db)] : [queue])];
    try {
      for (let round = 0; round < 15; round++) {
        const ids = new Set<number>();
        for (const modelType of MODEL_TYPES) ids.add((await queue.enqueue({ modelType })).id);
        const claims = await Promise.all(
          Array.from({ length: 16 }, (_, i) =>
            queues[i % 2]!.claim({
              workerId: `racer-${round}-${i}`,
              modelTypes: [...MODEL_TYPES],
              external: false,
            }),
          ),
        );
        const won = claims.filter((claim) => claim !== null);
        expect(won).toHaveLength(3);
        expect(new Set(won.map((claim) => claim.jobId))).toEqual(ids);
        for (const claim of won) {
          expect((await queue.find(claim.jobId))?.workerId).toBe(claim.workerId);
          expect(await queue.complete(claim, { metrics: { round } })).toBe(true);
        }
      }
    } finally {
      await second?.close();
    }
  });
});

/** Opens another handle on the test app's scratch PostgreSQL database. */
async function secondHandle(t: TestApp): Promise<Database> {
  const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${row!.name}`;
  const database = await openDatabase({ databaseUrl: url.toString() });
  await migrate(database);
  return database;
}
