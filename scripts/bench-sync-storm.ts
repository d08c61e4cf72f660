// Sync storm: N phones reconnect at once on loopback and replay their offline work; figures and a loss check.
//
// Each phone runs the app's own offline code (src/offline: outbox, sync engine, tus sender) over
// fake-indexeddb with Node's fetch: 20 queued translation edits, 2 consent changes and 3 one-minute Opus
// clips, sent with the app's Idempotency-Keys, retry rules and 1 MiB tus chunks, one request at a time per
// phone, edits and consent first and then the recordings (see sync-storm/phone.ts for why the phones share
// one device database, each as its own account). The real server runs as a child process on a fresh
// PGlite folder or a scratch PostgreSQL database; with --servers N, N server processes share the PostgreSQL
// database and an S3-compatible store (s3rver in its own process: README's two-server deployment needs
// BLOB_STORE, since with the local folder tus keeps its upload locks in each process), and the phones go to them
// round-robin, as a proxy would send them; --workers M adds M `npm run worker -- --inspect-only` processes.
// Afterwards every edit, consent change and recording is checked against the database (and the audio through
// the API, each phone's from another server than its own): nothing lost, nothing stored twice.
//
// Usage: npx tsx scripts/bench-sync-storm.ts [--phones 200] [--database pglite|postgres|both]
//          [--postgres-url postgres://postgres@127.0.0.1:5432/test] [--time-limit 15m] [--json] [--keep]
//          [--trace requests.ndjson] [--server-log-level warn] [--server-node-options='--cpu-prof']
//          [--servers 1] [--workers 0] [--store local|s3] [--server-inspection inline|off] [--port 3400]
// --servers N (N > 1: PostgreSQL, --store s3); --workers M (PostgreSQL; the servers then leave inspection to them
// unless --server-inspection inline); --port P: servers on P, P+1, ..., the store after them (default: free ports).
// --json prints the figures as JSON on stdout (progress goes to stderr); --keep keeps the data folders;
// --trace writes every request of the storms (database, phone, method, route, status, start, ms) and every
// no-database probe (see ResponsivenessProbe) as NDJSON;
// --server-log-level info logs every request on the server too (kept with --keep, in the run's temp folder);
// --server-node-options= passes flags to the server's node (e.g. --server-node-options='--cpu-prof').
// Exit status: 0 all stored and checked, 1 a check failed or the time limit cut a run, 2 bad arguments.
import 'fake-indexeddb/auto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { databasesOf, fleetChoices, readStormArgs } from './sync-storm/args.ts';
import {
  checkAudioThroughApi,
  checkDatabase,
  checkPhones,
  type Check,
  type PlannedPhone,
} from './sync-storm/checks.ts';
import { makeClips, type Clip } from './sync-storm/clips.ts';
import { clearDevice, Phone, type PhoneOutcome } from './sync-storm/phone.ts';
import {
  finalPatchFigures,
  formatReport,
  latestSeconds as latest,
  parkedOf,
  round,
  trafficFigures,
  type RunReport,
} from './sync-storm/report.ts';
import { isolatedInspectionCpu, waitForInspections } from './sync-storm/inspection.ts';
import {
  MemorySampler,
  readServerLog,
  ResponsivenessProbe,
  scratchPostgres,
  type ScratchDatabase,
} from './sync-storm/server.ts';
import { Fleet, inspectionCpuFigures, serverCpuFigures } from './sync-storm/fleet.ts';
import { EDITS_PER_PHONE, seedPairs, signUpAll } from './sync-storm/seed.ts';
import { appendTrace, closePhoneConnections, phoneFetch, TrafficLog } from './sync-storm/traffic.ts';

const CLIPS_PER_PHONE = 3;
const clipsDir = path.resolve('.tmp', 'bench-sync-storm', 'clips');

const { values, usage, parseDuration } = readStormArgs();
const phoneCount = Number(values.phones);
if (!Number.isInteger(phoneCount) || phoneCount < 1 || phoneCount > 2000) usage('--phones must be 1 to 2000');
const databases = databasesOf(values.database);
const postgresUrl = values['postgres-url'];
const postgresHost = URL.canParse(postgresUrl) ? new URL(postgresUrl).hostname : '';
if (databases.includes('postgres') && !['127.0.0.1', 'localhost', '[::1]'].includes(postgresHost))
  usage('--postgres-url must point at the loopback interface');
const { serverCount, workerCount, store, serverInspection, firstPort, fleetLabel } = fleetChoices(
  values,
  databases,
);
const timeLimitMs = parseDuration(values['time-limit']);
const inspectionWaitMs = parseDuration(values['inspection-wait']);
const startedAt = performance.now();
const hardDeadline = startedAt + timeLimitMs;

const log = (line: string) =>
  console.error(`[${((performance.now() - startedAt) / 1000).toFixed(1)} s] ${line}`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const originalFetch = globalThis.fetch;
const finished: RunReport[] = [];
/** Runs that ended without a report (the server did not start, the time limit came first, ...). */
const failures: { database: string; error: string }[] = [];
/** Undone however the run ends: scratch databases and temporary folders (the server child dies on exit). */
const cleanups = new Set<() => Promise<void>>();

/** Cleans up (at most 15 s), prints what finished and exits. */
async function finish(code: number): Promise<never> {
  await Promise.race([Promise.allSettled([...cleanups].map((cleanup) => cleanup())), sleep(15_000)]);
  if (values.json)
    console.log(
      JSON.stringify({ phones: phoneCount, fleet: fleetLabel(), runs: finished, failures }, null, 2),
    );
  else {
    console.log(formatReport(finished));
    for (const failure of failures) console.log(`${failure.database}: no report — ${failure.error}`);
  }
  process.exit(code);
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: cleaning up`);
    void finish(130);
  });
}

// Whatever happens, the run ends a little after the time limit with what it has.
setTimeout(() => {
  log('time limit passed and the run did not wind down: reporting what finished');
  failures.push({ database: 'all', error: 'the time limit passed before the run wound down' });
  void finish(1);
}, timeLimitMs + 120_000).unref();

async function runStorm(
  kind: 'pglite' | 'postgres',
  clips: readonly Clip[],
  budgetEnd: number,
): Promise<RunReport> {
  const runId = `${kind}-${Date.now().toString(36)}`;
  const notes: string[] = [];
  const setupBegun = performance.now();
  const root = fs.mkdtempSync(path.join(os.tmpdir(), `lopit-sync-storm-${kind}-`));
  const removeRoot = () => Promise.resolve(fs.rmSync(root, { recursive: true, force: true }));
  if (!values.keep) cleanups.add(removeRoot);
  let scratch: ScratchDatabase | null = null;
  let fleet: Fleet | null = null;
  let stopFleet: (() => Promise<void>) | null = null;
  const phones: Phone[] = [];
  let samplers: MemorySampler[] = [];
  let progress: NodeJS.Timeout | undefined;
  try {
    if (kind === 'postgres') {
      scratch = await scratchPostgres(postgresUrl);
      cleanups.add(scratch.drop);
      log(`postgres: scratch database ${scratch.name}`);
    }
    fleet = new Fleet({
      servers: serverCount,
      workers: workerCount,
      store,
      serverInspection,
      root,
      databaseUrl: scratch?.url ?? null,
      logLevel: values['server-log-level'],
      nodeArgs: values['server-node-options'].split(' ').filter(Boolean),
      firstPort,
    });
    const running = fleet;
    stopFleet = () => running.stop();
    cleanups.add(stopFleet);
    await fleet.start();
    const servers = fleet.servers;
    const first = servers[0]!;
    samplers = servers.map((server) => new MemorySampler(server.pid, 200));
    for (const sampler of samplers) sampler.start();
    const bases = servers.map((server) => `${server.url}/api`);
    const base = bases[0]!;
    log(
      `${kind}: ${fleetLabel()} ready (${servers.map((server) => `${server.url} pid ${server.pid}`).join(', ')}); signing up ${phoneCount + 1} accounts`,
    );
    const { adminToken, accounts } = await signUpAll(originalFetch, base, runId, phoneCount);
    const pairsOf = await seedPairs(originalFetch, base, adminToken, runId, phoneCount);
    log(`${kind}: ${phoneCount * EDITS_PER_PHONE} prompt pairs seeded; filling ${phoneCount} phones`);
    const createdAt = Date.now() - 60 * 60_000;
    for (const account of accounts) {
      // Phones go to the servers round-robin, as a proxy balancing connections would send them.
      const phone = new Phone(account, bases[account.index % bases.length]!);
      await phone.prepare(
        pairsOf.get(account.index)!,
        clips.slice(account.index * CLIPS_PER_PHONE, account.index * CLIPS_PER_PHONE + CLIPS_PER_PHONE),
        createdAt,
      );
      phones.push(phone);
    }
    const setupSeconds = (performance.now() - setupBegun) / 1000;

    // The storm: every phone at once.
    const checkReserve = Math.min(150_000, Math.max(15_000, (budgetEnd - performance.now()) * 0.2));
    const stormDeadline = Math.min(budgetEnd - checkReserve, hardDeadline - checkReserve);
    if (stormDeadline - performance.now() < 10_000) throw new Error('no time left for the storm');
    const traffic = new TrafficLog();
    traffic.instrumentTus();
    const timedFetch = traffic.fetch(phoneFetch);
    globalThis.fetch = timedFetch;
    const rssBefore = Math.max(0, ...samplers.map((sampler) => sampler.latest()?.rssMiB ?? 0));
    const cpuBefore = fleet.cpu();
    const clientCpuBefore = process.cpuUsage();
    const loopDelay = monitorEventLoopDelay({ resolution: 10 });
    log(
      `${kind}: releasing ${phoneCount} phones (storm ends by ${((stormDeadline - startedAt) / 1000).toFixed(0)} s)`,
    );
    const probe = new ResponsivenessProbe(first.url);
    traffic.start();
    probe.start();
    loopDelay.enable();
    const loadAtRelease = os.loadavg()[0] ?? 0;
    const release = performance.now();
    const stormWindowStarts = samplers.map((sampler) => sampler.latest()?.atMs ?? 0);
    let done = 0;
    const outcomesPromise = Promise.all(
      phones.map((phone) =>
        phone.run(release, stormDeadline, timedFetch).then((outcome) => {
          done += 1;
          return outcome;
        }),
      ),
    );
    progress = setInterval(() => {
      const rss = samplers.map((sampler) => (sampler.latest()?.rssMiB ?? 0).toFixed(0)).join(' + ');
      const retries = traffic.records.filter((record) => record.retry).length;
      const dead = running.deaths();
      log(
        `${kind}: ${done}/${phoneCount} phones settled, ${traffic.records.length} requests, ${retries} retries, server RSS ${rss} MiB${dead.length ? ` — EXITED: ${dead.join(', ')}` : ''}`,
      );
    }, 5_000);
    const outcomes: PhoneOutcome[] = await outcomesPromise;
    clearInterval(progress);
    const stormSeconds = (performance.now() - release) / 1000;
    const loadAtEnd = os.loadavg()[0] ?? 0;
    loopDelay.disable();
    traffic.stop();
    const probeFigures = await probe.stop();
    globalThis.fetch = originalFetch;
    closePhoneConnections();
    const timedOut =
      outcomes.some((outcome) => outcome.doneMs === null) && performance.now() >= stormDeadline;
    // Let requests still in flight (time limit) end before the server is questioned and stopped.
    await Promise.race([Promise.all(phones.map((phone) => phone.whenIdle())), sleep(30_000)]);
    const clientCpu = process.cpuUsage(clientCpuBefore);
    const stormCpu = fleet.cpu(cpuBefore);
    // The inspections (after the answers since issue 33): until every clip has its verdict, at most --inspection-wait.
    const leftInspecting =
      fleet.deaths().length === 0
        ? await waitForInspections(base, adminToken, performance.now() + inspectionWaitMs).catch(() => null)
        : null;
    const waitedSeconds = (performance.now() - release) / 1000;
    const allInspectedSeconds = leftInspecting === 0 ? waitedSeconds : null;
    const inspectedCpu = fleet.cpu(cpuBefore);
    const loadAtInspected = os.loadavg()[0] ?? 0;
    notes.push(
      `machine load average (1 min) ${loadAtRelease.toFixed(1)} at release, ${loadAtEnd.toFixed(1)} when the phones were done, ${loadAtInspected.toFixed(1)} when all were inspected, on ${os.cpus().length} cores`,
    );
    const stormSamples = samplers.flatMap((sampler, index) =>
      sampler.samples.filter((sample) => sample.atMs >= stormWindowStarts[index]!),
    );
    const peakRss = Math.max(0, ...stormSamples.map((sample) => sample.rssMiB));
    const hwm = Math.max(0, ...samplers.map((sampler) => sampler.latest()?.hwmMiB ?? 0));
    const completes = outcomes.filter((outcome) => outcome.doneMs !== null);
    const allStoredSeconds =
      completes.length === outcomes.length
        ? Math.max(...outcomes.map((outcome) => outcome.doneMs ?? 0)) / 1000
        : null;
    log(
      `${kind}: storm over in ${stormSeconds.toFixed(1)} s; ${completes.length}/${phoneCount} phones complete; checking`,
    );

    const planned: PlannedPhone[] = phones.map((phone) => ({ account: phone.account, plan: phone.plan }));
    const checks: Check[] = [];
    const deaths = fleet.deaths();
    if (deaths.length === 0) {
      checks.push(...(await checkAudioThroughApi(bases, adminToken, planned)));
    } else {
      notes.push(`exited during the storm: ${deaths.join(', ')}`);
    }
    for (const sampler of samplers) sampler.stop();
    const exited = servers.find((server) => server.exited)?.exited ?? null;
    const leftovers = fleet.leftoverUploads();
    await fleet.stop();
    fleet = null;
    checks.push(
      ...(await checkDatabase(
        scratch ? { databaseUrl: scratch.url } : { pgliteDir: path.join(root, 'data', 'db') },
        planned,
      )),
    );
    checks.push(checkPhones(outcomes, phoneCount));
    if (leftovers > 0) notes.push(`${leftovers} partial uploads left in the store`);

    const serverLogs = running.logFiles.map((file) => readServerLog(file, 40));
    const ignorable = (msg: string) => msg.startsWith('no built app found');
    const problems = serverLogs.flatMap((serverLog) =>
      serverLog.problems.filter((problem) => !ignorable(problem.msg)),
    );
    for (const line of serverLogs.flatMap((serverLog) => serverLog.other).slice(0, 5))
      notes.push(`server printed: ${line}`);
    const figures = trafficFigures(traffic.records);
    if (values.trace) appendTrace(values.trace, kind, traffic.records, traffic.originMs, probe.timeline);
    const queuedRecordings = phones.reduce((sum, phone) => sum + phone.plan.recordings.length, 0);
    const audioBytes = phones.reduce(
      (sum, phone) =>
        sum + phone.plan.recordings.reduce((total, recording) => total + recording.sizeBytes, 0),
      0,
    );
    if (values.keep) notes.push(`data kept in ${root}`);
    return {
      database: kind,
      fleet: { servers: serverCount, workers: workerCount, store, serverInspection },
      phones: phoneCount,
      queued: {
        edits: phones.reduce((sum, phone) => sum + phone.plan.edits.length, 0),
        consents: phones.reduce((sum, phone) => sum + phone.plan.consents.length, 0),
        recordings: queuedRecordings,
        audioMiB: audioBytes / 1024 / 1024,
      },
      allStoredSeconds: allStoredSeconds === null ? null : round(allStoredSeconds, 2),
      entriesStoredSeconds: latest(outcomes.map((outcome) => outcome.lastEntryMs)),
      recordingsStoredSeconds: latest(outcomes.map((outcome) => outcome.lastRecordingMs)),
      phonesComplete: completes.length,
      stormSeconds: round(stormSeconds, 2),
      timedOut,
      requests: traffic.records.length,
      requestsPerSecond: round(traffic.records.length / (allStoredSeconds ?? stormSeconds)),
      ...figures,
      finalPatchMs: finalPatchFigures(traffic.records),
      inspection: {
        allInspectedSeconds: allInspectedSeconds === null ? null : round(allInspectedSeconds, 2),
        leftInspecting,
        waitedSeconds: round(waitedSeconds, 1),
        // Not all inspected within the wait: the CPU so far over the clips inspected so far.
        ...inspectionCpuFigures(
          leftInspecting === null ? null : inspectedCpu,
          queuedRecordings - (leftInspecting ?? 0),
        ),
        isolatedCpuSecondsPerClip: await isolatedInspectionCpu(clipsDir),
      },
      failedRounds: outcomes.reduce((sum, outcome) => sum + outcome.failedRounds, 0),
      parked: parkedOf(outcomes),
      server: {
        rssBeforeMiB: round(rssBefore),
        peakRssMiB: round(peakRss),
        hwmMiB: round(hwm),
        ...serverCpuFigures(stormCpu),
        exited,
        errorsLogged: problems.filter((problem) => problem.level >= 50).length,
        warningsLogged: problems.filter((problem) => problem.level < 50).length,
        logSample: problems.slice(0, 8),
        probe: probeFigures,
      },
      client: {
        eventLoopDelayP99Ms: round(loopDelay.percentile(99) / 1e6),
        eventLoopDelayMaxMs: round(loopDelay.max / 1e6),
        cpuSeconds: round((clientCpu.user + clientCpu.system) / 1e6),
      },
      setupSeconds: round(setupSeconds),
      machineLoad: {
        atRelease: round(loadAtRelease, 2),
        atEnd: round(loadAtEnd, 2),
        atInspected: round(loadAtInspected, 2),
      },
      checks,
      ok: checks.every((item) => item.ok) && !timedOut,
      notes,
    };
  } finally {
    clearInterval(progress);
    for (const sampler of samplers) sampler.stop();
    globalThis.fetch = originalFetch;
    closePhoneConnections();
    await fleet?.stop();
    if (stopFleet) cleanups.delete(stopFleet);
    await clearDevice();
    if (scratch) cleanups.delete(scratch.drop);
    await scratch
      ?.drop()
      .catch((error: unknown) => log(`dropping ${scratch?.name} failed: ${String(error)}`));
    cleanups.delete(removeRoot);
    if (!values.keep) await removeRoot();
  }
}

const clips = await makeClips(phoneCount * CLIPS_PER_PHONE, clipsDir, 2, log);
log(
  `${clips.length} distinct one-minute clips ready (${(clips.reduce((sum, clip) => sum + clip.bytes.length, 0) / clips.length / 1024).toFixed(0)} KiB each on average)`,
);
let failed = false;
for (const [position, kind] of databases.entries()) {
  const left = databases.length - position;
  const budgetEnd = performance.now() + (hardDeadline - performance.now()) / left;
  try {
    const report = await runStorm(kind, clips, budgetEnd);
    finished.push(report);
    if (!report.ok) failed = true;
    log(`${kind}: ${report.ok ? 'all checks passed' : 'CHECKS FAILED'}`);
  } catch (error) {
    failed = true;
    failures.push({ database: kind, error: error instanceof Error ? error.message : String(error) });
    log(
      `${kind}: the run failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
  }
}
await finish(failed ? 1 : 0);
