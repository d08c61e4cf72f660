// /api/training on a real database: role checks, status/start/stop/progress, 409 on a double start, the TTS voice
// inventory and its metrics, ASR saying that no external worker exists, MT trained by the real trainer, the
// external worker protocol end to end (claim, data set, audio, heartbeat, stop, artifact upload, complete), and
// the worker inside the server picking up a start at once. Training uses only accepted data: recordings that
// listeners validated (through the review API here) and approved pairs.
import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type {
  DatasetLine,
  TrainingModelStatus,
  TrainingProgress,
  WorkerToken,
} from '../../core/api/training.ts';
import { TRAINING_REQUIREMENTS, type ModelType } from '../../core/constants.ts';
import { rowsOf } from '../../server/db/migrate.ts';
import { TrainingQueue } from '../../server/features/training/job-queue.ts';
import type { AsrTrainingSet, VoiceInventory } from '../../server/features/training/trainers.ts';
import { defaultTrainers } from '../../server/features/training/trainers.ts';
import { TrainingWorker } from '../../server/features/training/worker.ts';
import {
  createAudioTestApp,
  grantRecordingConsent,
  multipartBody,
  toneWav,
  type AudioTestApp,
} from './audio-fixtures.ts';
import { castVotes, propose, reviewProposal } from './review-fixtures.ts';
import { DATABASE_KINDS, inspectionsDone, signUp, speakerLabelOf } from './test-app.ts';

type Account = Awaited<ReturnType<typeof signUp>>;
type Headers = Record<string, string>;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const hex = () => crypto.randomBytes(32).toString('hex');

describe.each(DATABASE_KINDS)('training API on %s', (kind) => {
  let t: AudioTestApp;
  let admin: Account;
  let member: Account;
  let worker: TrainingWorker;
  let queue: TrainingQueue;

  const call = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Headers = {},
    payload?: object,
  ) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
  const statusOf = async (type: ModelType, who: Account = member) => {
    const response = await call('GET', '/api/training/status', who.auth);
    expect(response.statusCode).toBe(200);
    return response.json<TrainingModelStatus[]>().find((model) => model.modelType === type)!;
  };
  const start = (type: ModelType, extra: object = {}) =>
    call('POST', '/api/training/start', admin.auth, { model_type: type, ...extra });
  const db = () => t.database.db;

  /** Two listeners other than the speakers: admin and member. */
  const validate = (id: string) =>
    castVotes(t.app, id, [
      [admin.auth, 'up'],
      [member.auth, 'up'],
    ]);

  /**
   * A recording row with made-up bytes (the figures are what matter here), validated by two listeners unless
   * `review` says otherwise.
   */
  let inserted = 0;
  const insertRecording = async (
    owner: Account,
    seconds: number,
    transcript: string | null,
    {
      language = 'lpx',
      quality = {},
      review = 'validated',
    }: {
      language?: string;
      quality?: Record<string, unknown>;
      review?: 'validated' | 'pending' | 'invalidated';
    } = {},
  ) => {
    const id = crypto.randomUUID();
    // Strictly later than the previous one: two inserts can share a clock tick, and order follows time.
    inserted += 1;
    await db().execute(sql`insert into recordings (id, owner_id, file_name, mime_type, size_bytes, sha256,
        duration_seconds, transcript, language, quality, created_at)
      values (${id}, ${owner.user.id}, 'take.wav', 'audio/wav', 1000, ${hex()}, ${seconds}, ${transcript},
        ${language}, ${JSON.stringify(quality)}::jsonb, now() + ${inserted} * interval '1 millisecond')`);
    if (review === 'validated') await validate(id);
    if (review === 'invalidated')
      await castVotes(t.app, id, [
        [admin.auth, 'down'],
        [member.auth, 'down'],
      ]);
    return id;
  };
  /** A real upload (audio in the blob store) with a transcript. */
  const upload = async (owner: Account, transcript: string, frequency: number) => {
    const body = multipartBody({ bytes: toneWav(1.5, { frequency }) }, { transcript, language: 'lpx' });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/audio/upload',
      headers: { ...owner.auth, ...body.headers },
      payload: body.payload,
    });
    if (response.statusCode !== 201) throw new Error(response.body);
    const recording = response.json<{ recording: { id: string; sha256: string } }>().recording;
    await inspectionsDone(t.app); // reviewed once inspected
    await validate(recording.id);
    return recording;
  };
  /** Runs queued built-in jobs to their end with the real trainers. */
  const runBuiltIn = async () => {
    while ((await worker.runOnce()) !== null);
  };

  beforeAll(async () => {
    t = await createAudioTestApp(kind, { TRAINING_WORKER: 'off' });
    admin = await signUp(t.app, { name: 'Training Admin' });
    member = await signUp(t.app, { name: 'Member' });
    queue = new TrainingQueue(db());
    worker = new TrainingWorker({
      queue,
      trainers: defaultTrainers(),
      db: db(),
      config: t.config,
      heartbeatMs: 50,
    });
  });
  afterAll(async () => {
    await worker.stop(1_000);
    await t.close();
  });

  it('checks roles: visitors 401, contributors read only (403 on start, stop, workers), admins act', async () => {
    for (const [method, url] of [
      ['GET', '/api/training/status'],
      ['GET', '/api/training/progress?model_type=mt'],
      ['POST', '/api/training/start'],
      ['POST', '/api/training/stop'],
      ['GET', '/api/training/workers'],
      ['POST', '/api/training/workers'],
    ] as const) {
      const response = await call(method, url, {}, method === 'POST' ? { model_type: 'mt' } : undefined);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json<{ code: string; message: string }>().code).toBe('UNAUTHENTICATED');
    }
    expect((await call('GET', '/api/training/status', member.auth)).statusCode).toBe(200);
    expect((await call('GET', '/api/training/progress?model_type=tts', member.auth)).statusCode).toBe(200);
    for (const [method, url, body] of [
      ['POST', '/api/training/start', { model_type: 'mt' }],
      // Refused before the body is read: an invalid body from a contributor is still 403.
      ['POST', '/api/training/start', { model_type: 'nope' }],
      ['POST', '/api/training/stop', { model_type: 'mt' }],
      ['GET', '/api/training/workers', undefined],
      ['POST', '/api/training/workers', { name: 'gpu' }],
      ['DELETE', '/api/training/workers/1', undefined],
    ] as const) {
      const response = await call(method, url, member.auth, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    }
    const invalid = await call('POST', '/api/training/start', admin.auth, { model_type: 'nope' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      message: 'model_type must be one of: asr, tts, mt',
    });
    expect((await call('GET', '/api/training/progress?model_type=xyz', member.auth)).statusCode).toBe(400);
  });

  it('shows three not-trained models with their requirements before anything ran', async () => {
    const response = await call('GET', '/api/training/status', member.auth);
    const models = response.json<TrainingModelStatus[]>();
    expect(models.map((model) => model.modelType)).toEqual(['asr', 'tts', 'mt']);
    for (const model of models) {
      expect(model).toMatchObject({
        status: 'not_trained',
        lastTrained: null,
        progress: 0,
        metrics: {},
        job: null,
        history: [],
      });
    }
    const asr = models[0]!.readiness;
    expect(asr.ready).toBe(false);
    expect(asr.items.find((item) => item.key === 'hours')).toMatchObject({
      min: TRAINING_REQUIREMENTS.asr.minHours,
      target: TRAINING_REQUIREMENTS.asr.targetHours,
      unit: 'hours',
      met: false,
    });
    expect(asr.items.find((item) => item.key === 'speakers')).toMatchObject({ min: 50, value: 0 });
    expect(models[1]!.readiness.items[0]).toMatchObject({ min: 3, target: 8 });
    expect(models[2]!.readiness.items[0]).toMatchObject({ key: 'pairs', min: 10_000, target: 30_000 });
    // The figures measure accepted data, and say so.
    expect(asr.items.find((item) => item.key === 'hours')?.label).toBe('Validated, transcribed Lopit audio');
    expect(asr.note).toMatch(/counts once listeners have validated it/);
    expect(models[1]!.readiness.note).toMatch(/validated/);
    expect(models[2]!.readiness.items[0]?.label).toBe('Approved sentence pairs');
    expect(models[2]!.readiness.note).toMatch(/counts once it is approved/);
  });

  it('starts, answers 409 on a second start, reports progress, and stops', async () => {
    const first = await start('mt');
    expect(first.statusCode).toBe(202);
    const job = first.json<{ job: { id: number; state: string; startedBy: string } }>().job;
    expect(job).toMatchObject({ state: 'queued', startedBy: 'Training Admin' });

    const again = await start('mt');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'TRAINING_ALREADY_ACTIVE',
      message: `MT is already queued (job ${job.id}). Wait for it to finish, or stop it before starting again.`,
    });

    expect(await statusOf('mt')).toMatchObject({
      status: 'training',
      progress: 0,
      job: { id: job.id, state: 'queued' },
    });
    const progress = (
      await call('GET', '/api/training/progress?model_type=mt', member.auth)
    ).json<TrainingProgress>();
    expect(progress).toMatchObject({
      modelType: 'mt',
      status: 'training',
      message: 'Queued: waiting for a worker.',
    });

    const stopped = await call('POST', '/api/training/stop', admin.auth, { model_type: 'mt' });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toMatchObject({ job: { id: job.id, state: 'stopped', stopRequested: true } });
    expect(await statusOf('mt')).toMatchObject({ status: 'not_trained', job: { state: 'stopped' } });
    const nothing = await call('POST', '/api/training/stop', admin.auth, { model_type: 'mt' });
    expect(nothing.statusCode).toBe(409);
    expect(nothing.json()).toMatchObject({ code: 'TRAINING_NOT_ACTIVE' });
  });

  it('fails MT with the trainer’s reason when there are too few pairs, then trains it on approved pairs', async () => {
    expect((await start('mt')).statusCode).toBe(202);
    await runBuiltIn();
    const failed = await statusOf('mt');
    expect(failed.status).toBe('error');
    expect(failed.job?.error).toMatch(/needs at least \d+ approved translation pairs/);

    const adjectives = [
      ['red', 'zorbel'],
      ['small', 'kwintafa'],
      ['old', 'plimbo'],
      ['wet', 'drax'],
      ['tall', 'munek'],
      ['cold', 'fesha'],
      ['dry', 'lotuk'],
      ['new', 'wabri'],
    ];
    const nouns = [
      ['stone', 'tokal'],
      ['goat', 'ibwe'],
      ['house', 'narit'],
      ['river', 'sopek'],
      ['basket', 'kiloma'],
      ['tree', 'vendo'],
      ['field', 'asuri'],
      ['cow', 'memek'],
    ];
    // Approved the way curated texts are: imported by an admin.
    const imported = await call('POST', '/api/admin/import/pairs', admin.auth, {
      pairs: adjectives.flatMap(([en, lp]) =>
        nouns.map(([enNoun, lpNoun]) => ({
          english: `the ${en} ${enNoun}`,
          lopit: `${lpNoun} ${lp}`,
          category: 'food',
        })),
      ),
    });
    expect(imported.json()).toMatchObject({ accepted: 64, approved: 64, proposed: 0 });
    // A contributor's proposals, one waiting and one rejected: neither trains the model.
    const writer = await signUp(t.app, { name: 'Proposal Writer' });
    await call('POST', '/api/consent/submit', writer.auth, { consent_type: 'translation' });
    const prompts = await call('POST', '/api/admin/import/pairs', admin.auth, {
      pairs: [
        { english: 'the wet field at night', category: 'food' },
        { english: 'the cold goat at dawn', category: 'food' },
      ],
    });
    expect(prompts.json()).toMatchObject({ accepted: 2, approved: 0 });
    const ids = rowsOf<{ id: number }>(
      await db().execute(sql`select id from translation_pairs where english like '% at %' order by english`),
    ).map((row) => row.id);
    await propose(t.app, writer.auth, ids[0]!, 'memek fesha lotuk');
    const { proposal } = await propose(t.app, writer.auth, ids[1]!, 'asuri drax wabri');
    for (const who of [admin, member]) {
      const rejected = await reviewProposal(t.app, who.auth, proposal!.id, {
        verdict: 'reject',
        reason: 'No',
      });
      expect(rejected.statusCode, rejected.body).toBe(200);
    }

    expect((await start('mt')).statusCode).toBe(202);
    await runBuiltIn();
    const trained = await statusOf('mt');
    expect(trained).toMatchObject({ status: 'trained', progress: 100, job: { state: 'succeeded' } });
    expect(trained.lastTrained).toBe(trained.job?.finishedAt);
    expect(trained.metrics.pairsUsed).toBe(64);
    expect(typeof trained.metrics.chrf).toBe('number');
    expect(typeof trained.metrics.bleu).toBe('number');
    expect(trained.job?.modelArtifactId).toEqual(expect.any(Number));
    expect(trained.job?.modelVersion).toMatch(/^[0-9a-f]{64}$/);
    expect(trained.history.map((run) => run.state)).toEqual(['succeeded', 'failed', 'stopped']);
    expect(trained.readiness.items[0]).toMatchObject({ key: 'pairs', value: 64, met: false });
  });

  it('builds the TTS voice from the speaker with most consented, transcribed, validated audio, with its metrics', async () => {
    const chosen = await signUp(t.app, { name: 'Voice One' });
    const other = await signUp(t.app, { name: 'Voice Two' });
    const unconsenting = await signUp(t.app, { name: 'Voice Three' });
    for (const who of [chosen, other]) await grantRecordingConsent(t.app, who.auth);
    await insertRecording(chosen, 1800, 'zorbel kwintafa');
    await insertRecording(chosen, 1800, 'Kwintafa plimbo!');
    await insertRecording(chosen, 1800, 'tokal');
    await insertRecording(chosen, 9000, 'zorbel', { quality: { silent: true } });
    await insertRecording(chosen, 9000, 'hello there', { language: 'en' });
    await insertRecording(chosen, 9000, null);
    // Not accepted by listeners (yet): neither in the voice nor in the figures.
    await insertRecording(chosen, 9000, 'plimbo wabri', { review: 'pending' });
    await insertRecording(chosen, 9000, 'wabri drax', { review: 'invalidated' });
    await insertRecording(other, 3600, 'drax munek');
    await insertRecording(other, 9000, 'munek drax tokal', { review: 'pending' });
    // Validated while Voice Three consented, then withdrawn: gone whatever its review says.
    await grantRecordingConsent(t.app, unconsenting.auth);
    await insertRecording(unconsenting, 36_000, 'fesha lotuk');
    expect((await call('POST', '/api/consent/withdraw', unconsenting.auth)).statusCode).toBe(200);
    for (const [lopit, english] of [
      ['zorbel', 'stone'],
      ['kwintafa', 'water'],
      ['drax', 'goat'],
      ['wabri', 'moon'],
    ])
      await db().execute(sql`insert into lexicon_entries (lopit, english) values (${lopit}, ${english})`);

    const before = await statusOf('tts');
    expect(before.readiness.speaker).toBe(await speakerLabelOf(t.database, chosen.user.id));
    expect(before.readiness.items[0]).toMatchObject({ value: 1.5, met: false });

    expect((await start('tts')).statusCode).toBe(202);
    await runBuiltIn();
    const trained = await statusOf('tts');
    expect(trained.status).toBe('trained');
    expect(trained.metrics).toEqual({
      speaker: await speakerLabelOf(t.database, chosen.user.id),
      hours: 1.5,
      utterances: 3,
      lexiconWords: 4,
      lexiconWordsCovered: 2,
      lexiconCoveragePercent: 50,
    });
    const inventory = await queue.result<VoiceInventory>(trained.job!.id);
    expect(inventory?.speakerUserId).toBe(chosen.user.id);
    expect(inventory?.recordings.map((recording) => recording.transcript)).toEqual([
      'zorbel kwintafa',
      'Kwintafa plimbo!',
      'tokal',
    ]);
    expect(inventory?.recordings[1]?.key).toBe('kwintafa plimbo');

    // A chosen speaker; one without consent is refused before anything is queued.
    const refused = await start('tts', { speaker_id: unconsenting.user.id });
    expect(refused.statusCode).toBe(400);
    expect(refused.json<{ message: string }>().message).toMatch(/no consented, transcribed/);
    expect((await start('mt', { speaker_id: other.user.id })).statusCode).toBe(400);
    expect((await start('tts', { speaker_id: other.user.id })).statusCode).toBe(202);
    await runBuiltIn();
    expect((await statusOf('tts')).metrics).toMatchObject({
      speaker: await speakerLabelOf(t.database, other.user.id),
      hours: 1,
      utterances: 1,
    });
  });

  it('prepares the ASR set and says so honestly when no external worker is registered', async () => {
    expect((await start('asr')).statusCode).toBe(202);
    await runBuiltIn();
    const asr = await statusOf('asr');
    expect(asr.status).toBe('error');
    expect(asr.externalWorkers).toBe(0);
    expect(asr.job?.error).toMatch(
      /ASR training set is prepared \(4 recordings, 2\.5 h, 2 speakers\), but no external ASR worker is registered/,
    );
    expect(asr.job?.metrics).toMatchObject({ speakers: 2, utterances: 4, hours: 2.5 });
    expect(asr.readiness.items.find((item) => item.key === 'speakers')).toMatchObject({
      value: 2,
      met: false,
    });
    const set = await queue.result<AsrTrainingSet>(asr.job!.id);
    // Speaker-disjoint: each hashed speaker has one split; with two speakers one is held out for test.
    expect(Object.values(set!.speakers).sort()).toEqual(['test', 'train']);
  });

  it('serves the worker protocol end to end: token, claim, data set, audio, progress, stop, artifact, complete', async () => {
    const speaker = await signUp(t.app, { name: 'Protocol Speaker' });
    await grantRecordingConsent(t.app, speaker.auth);
    const uploaded = await upload(speaker, 'zorbel drax', 520);

    // Tokens: admin only, shown once, stored hashed.
    const created = await call('POST', '/api/training/workers', admin.auth, {
      name: 'gpu box',
      model_types: ['asr'],
    });
    expect(created.statusCode).toBe(201);
    const { token, worker: info } = created.json<{ token: string; worker: WorkerToken }>();
    expect(token).toMatch(/^lpxw_[A-Za-z0-9_-]{43}$/);
    expect(info).toMatchObject({ name: 'gpu box', modelTypes: ['asr'], revokedAt: null });
    const listed = (await call('GET', '/api/training/workers', admin.auth)).body;
    expect(listed).toContain('gpu box');
    expect(listed).not.toContain(token);
    const stored = rowsOf<{ token_hash: string }>(
      await db().execute(sql`select token_hash from training_worker_tokens where id = ${info.id}`),
    );
    expect(stored[0]?.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    const bearer = { authorization: `Bearer ${token}` };
    const w = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, headers: Headers = {}) =>
      t.app.inject({
        method,
        url: `/api/training/worker/${url}`,
        headers: { ...bearer, ...headers },
        ...(payload ? { payload } : {}),
      });

    expect(
      (await t.app.inject({ method: 'POST', url: '/api/training/worker/claim', headers: admin.auth })).json(),
    ).toMatchObject({
      code: 'INVALID_WORKER_TOKEN',
    });
    expect((await w('POST', 'claim', {})).json()).toEqual({ job: null });

    // Start: the built-in preparation runs, then the job waits for the external worker.
    expect((await start('asr')).statusCode).toBe(202);
    await runBuiltIn();
    const waiting = await statusOf('asr');
    expect(waiting).toMatchObject({
      status: 'training',
      externalWorkers: 1,
      job: { state: 'queued', external: true },
    });
    expect(waiting.job?.message).toMatch(/waiting for an external ASR worker/);

    const claim = await w('POST', 'claim', { model_types: ['asr', 'tts'], worker_name: 'rig-7' });
    expect(claim.statusCode).toBe(200);
    const job = claim.json<{
      job: { id: number; modelType: string; attempt: number; datasetPath: string; metrics: object };
    }>().job;
    expect(job).toMatchObject({
      id: waiting.job!.id,
      modelType: 'asr',
      attempt: 1,
      metrics: { speakers: 3 },
    });
    expect((await statusOf('asr')).job?.workerId).toBe(`external:gpu box#${info.id}/rig-7`);

    const dataset = await w('GET', job.datasetPath);
    expect(dataset.statusCode).toBe(200);
    expect(dataset.headers['content-type']).toContain('application/x-ndjson');
    const lines = dataset.body
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as DatasetLine);
    expect(lines).toHaveLength(5);
    expect(lines.map((line) => line.split)).toContain('train');
    expect(lines.map((line) => line.split)).toContain('test');
    const bySpeaker = new Map<string, Set<string>>();
    for (const line of lines)
      bySpeaker.set(line.speaker, (bySpeaker.get(line.speaker) ?? new Set()).add(line.split));
    for (const splits of bySpeaker.values()) expect(splits.size).toBe(1);
    expect(lines.some((line) => line.speaker.includes(speaker.user.id.slice(0, 8)))).toBe(false);
    const mine = lines.find((line) => line.recordingId === uploaded.id)!;
    expect(mine).toMatchObject({ sentence: 'zorbel drax', sha256: uploaded.sha256, mimeType: 'audio/wav' });
    const audio = await w('GET', mine.audioPath);
    expect(audio.statusCode).toBe(200);
    expect(crypto.createHash('sha256').update(audio.rawPayload).digest('hex')).toBe(uploaded.sha256);
    expect((await w('GET', `jobs/${job.id}/recordings/${crypto.randomUUID()}/audio`)).statusCode).toBe(404);

    // Progress and heartbeats, then an admin stop seen by the worker.
    const beat = await w('POST', `jobs/${job.id}/heartbeat`, { progress: 30, message: 'epoch 3 of 10' });
    expect(beat.json()).toEqual({ stopRequested: false });
    expect(await statusOf('asr')).toMatchObject({
      status: 'training',
      progress: 30,
      job: { message: 'epoch 3 of 10' },
    });
    expect(
      (await call('POST', '/api/training/stop', admin.auth, { model_type: 'asr' })).json(),
    ).toMatchObject({
      job: { state: 'running', stopRequested: true },
    });
    expect((await w('POST', `jobs/${job.id}/heartbeat`, {})).json()).toEqual({ stopRequested: true });
    expect((await w('POST', `jobs/${job.id}/stopped`)).statusCode).toBe(200);
    expect((await statusOf('asr')).job).toMatchObject({ state: 'stopped' });
    const late = await w('POST', `jobs/${job.id}/heartbeat`, { progress: 40 });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ code: 'TRAINING_JOB_NOT_HELD' });

    // Again, to the end: artifact upload (content-addressed) and completion with metrics.
    expect((await start('asr')).statusCode).toBe(202);
    await runBuiltIn();
    const second = (await w('POST', 'claim', {})).json<{ job: { id: number } }>().job;
    const model = Buffer.from('zorbel kwintafa acoustic model weights');
    const modelSha = crypto.createHash('sha256').update(model).digest('hex');
    const wrongType = await w('PUT', `jobs/${second.id}/artifact`, undefined, {
      'content-type': 'text/plain',
    });
    expect(wrongType.statusCode).toBe(415);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/training/worker/jobs/${second.id}/artifact?file_name=model.ckpt`,
      headers: { ...bearer, 'content-type': 'application/octet-stream' },
      payload: model,
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ sha256: modelSha, size: model.length });
    expect(t.blobFiles()).toContain(modelSha);
    const mismatch = await w('POST', `jobs/${second.id}/complete`, {
      metrics: { wer: 0.5 },
      artifact_sha256: hex(),
    });
    expect(mismatch.statusCode).toBe(400);
    const complete = await w('POST', `jobs/${second.id}/complete`, {
      metrics: { wer: 0.42, cer: 0.18, epochs: 10 },
      artifact_sha256: modelSha,
    });
    expect(complete.statusCode).toBe(200);
    const trained = await statusOf('asr');
    expect(trained).toMatchObject({
      status: 'trained',
      progress: 100,
      metrics: { wer: 0.42, cer: 0.18, epochs: 10 },
      job: { state: 'succeeded', artifact: { sha256: modelSha, size: model.length, fileName: 'model.ckpt' } },
    });
    expect((await w('POST', `jobs/${second.id}/fail`, { error: 'too late' })).statusCode).toBe(409);

    // A revoked token is refused.
    expect((await call('DELETE', `/api/training/workers/${info.id}`, admin.auth)).statusCode).toBe(204);
    expect((await w('POST', 'claim', {})).statusCode).toBe(401);
    expect((await call('DELETE', '/api/training/workers/999999', admin.auth)).statusCode).toBe(404);
  });

  it('lets an external worker report a failure, shown as the model’s error', async () => {
    const created = await call('POST', '/api/training/workers', admin.auth, { name: 'second rig' });
    const bearer = { authorization: `Bearer ${created.json<{ token: string }>().token}` };
    expect((await start('asr')).statusCode).toBe(202);
    await runBuiltIn();
    const claim = await t.app.inject({
      method: 'POST',
      url: '/api/training/worker/claim',
      headers: bearer,
      payload: {},
    });
    const id = claim.json<{ job: { id: number } }>().job.id;
    const fail = await t.app.inject({
      method: 'POST',
      url: `/api/training/worker/jobs/${id}/fail`,
      headers: bearer,
      payload: { error: 'CUDA out of memory on zorbel batch' },
    });
    expect(fail.statusCode).toBe(200);
    const asr = await statusOf('asr');
    expect(asr).toMatchObject({
      status: 'error',
      job: { state: 'failed', error: 'CUDA out of memory on zorbel batch' },
    });
    // The last successful model is still the one trained.
    expect(asr.lastTrained).not.toBeNull();
    const progress = (
      await call('GET', '/api/training/progress?model_type=asr', member.auth)
    ).json<TrainingProgress>();
    expect(progress).toMatchObject({ status: 'error', message: 'CUDA out of memory on zorbel batch' });
  });
});

describe.each(DATABASE_KINDS)('the worker inside the server on %s', (kind) => {
  let t: AudioTestApp;
  beforeAll(async () => {
    t = await createAudioTestApp(kind);
  });
  afterAll(() => t.close());

  it('takes a started job at once and shows its progress until it is trained', async () => {
    const admin = await signUp(t.app, { name: 'Inline Admin' });
    await grantRecordingConsent(t.app, admin.auth);
    const id = crypto.randomUUID();
    await t.database.db
      .execute(sql`insert into recordings (id, owner_id, file_name, mime_type, size_bytes, sha256,
        duration_seconds, transcript, language)
      values (${id}, ${admin.user.id}, 'a.wav', 'audio/wav', 10, ${hex()}, 720, 'zorbel', 'lpx')`);
    const listeners = [await signUp(t.app), await signUp(t.app)];
    await castVotes(
      t.app,
      id,
      listeners.map((listener) => [listener.auth, 'up']),
    );
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/training/start',
      headers: admin.auth,
      payload: { model_type: 'tts' },
    });
    expect(started.statusCode).toBe(202);
    const startedAt = Date.now();
    let status: TrainingModelStatus | undefined;
    while (Date.now() - startedAt < 15_000) {
      const list = (
        await t.app.inject({ method: 'GET', url: '/api/training/status', headers: admin.auth })
      ).json<TrainingModelStatus[]>();
      status = list.find((model) => model.modelType === 'tts');
      if (status?.status === 'trained') break;
      await sleep(50);
    }
    expect(status).toMatchObject({
      status: 'trained',
      progress: 100,
      metrics: { hours: 0.2, utterances: 1 },
    });
    // Woken by the start, not by the 5 s poll.
    expect(Date.now() - startedAt).toBeLessThan(4_000);
    expect(status?.job?.workerId).toMatch(/^inline@/);
  });
});
