// Sync-storm report: figures from the traffic log and samples, printed as a table or kept as JSON.
import type { Check } from './checks.ts';
import type { PhoneOutcome } from './phone.ts';
import type { LoggedProblem, ProbeFigures, ServerExit } from './server.ts';
import type { RequestRecord } from './traffic.ts';
import { busyFigures, type BusyFigures } from './busy.ts';

export type { BusyFigures };

export interface RouteFigures {
  route: string;
  count: number;
  p50Ms: number;
  p95Ms: number;
  maxMs: number;
  statuses: Record<string, number>;
}

export interface RunReport {
  database: 'pglite' | 'postgres';
  /** The processes of the run (issue 33): servers on one database, inspection workers, the store they share. */
  fleet: { servers: number; workers: number; store: 'local' | 's3'; serverInspection: 'inline' | 'off' };
  phones: number;
  queued: { edits: number; consents: number; recordings: number; audioMiB: number };
  /** Seconds from release until the last item was confirmed; null when not everything was stored. */
  allStoredSeconds: number | null;
  /** Seconds until the last edit or consent change was confirmed, and until the last recording was stored. */
  entriesStoredSeconds: number | null;
  recordingsStoredSeconds: number | null;
  phonesComplete: number;
  stormSeconds: number;
  timedOut: boolean;
  requests: number;
  requestsPerSecond: number;
  latencyMs: { p50: number; p95: number; p99: number; max: number };
  slowest: { ms: number; method: string; route: string; status: number; phone: number | null } | null;
  routes: RouteFigures[];
  retries: Record<string, number> & { total: number };
  busy: BusyFigures;
  failedRounds: number;
  parked: {
    phone: number;
    kind: string;
    status: number | null;
    code?: string | undefined;
    message: string;
  }[];
  /** Each upload's final tus PATCH (answered with the recording's id): how long the phone waited for it. */
  finalPatchMs: { count: number; p50: number; p95: number; max: number };
  /**
   * The inspection of the clips (issue 33): seconds from release until every recording's verdict was written
   * (null: not all within the wait), and the server's CPU (its own and its decoder processes') from release
   * until then, per clip. Before issue 33 the upload inspected before answering: all inspected when all stored.
   */
  inspection: {
    allInspectedSeconds: number | null;
    /** Recordings still 'inspecting' when the wait ended (0: all done; null: not asked, a process died). */
    leftInspecting: number | null;
    /** Seconds from release until the wait for the inspections ended. */
    waitedSeconds: number;
    serverCpuSecondsPerClip: number | null;
    /** The inspection workers' CPU (theirs and their ffmpeg's) from release until all inspected, per clip. */
    workerCpuSecondsPerClip: number | null;
    /** Servers' and workers' CPU together (each with its ffmpeg) from release until all inspected, per clip. */
    cpuSecondsPerClip: number | null;
    /** The S3 store's (s3rver's) CPU seconds from release until all inspected; null with the local store. */
    storeCpuSeconds: number | null;
    /** The same inspection code run alone in the benchmark's process, one clip at a time: CPU s per clip. */
    isolatedCpuSecondsPerClip: { webm: number; wav: number } | null;
  };
  server: {
    rssBeforeMiB: number;
    peakRssMiB: number;
    hwmMiB: number;
    cpuSeconds: number | null;
    /** CPU of the server's finished child processes (ffmpeg) during the storm. */
    childCpuSeconds: number | null;
    exited: ServerExit | null;
    errorsLogged: number;
    warningsLogged: number;
    logSample: LoggedProblem[];
    /** A request without database work every 500 ms: on one kept-alive connection, and on a new one each time. */
    probe: { reused: ProbeFigures; fresh: ProbeFigures };
  };
  client: { eventLoopDelayP99Ms: number; eventLoopDelayMaxMs: number; cpuSeconds: number };
  setupSeconds: number;
  /** The machine's 1-minute load average at release, when the phones were done, and when all were inspected. */
  machineLoad: { atRelease: number; atEnd: number; atInspected: number };
  checks: Check[];
  ok: boolean;
  notes: string[];
}

export function percentile(sorted: readonly number[], fraction: number): number {
  if (sorted.length === 0) return 0;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1));
  return sorted[rank]!;
}

/** The final tus PATCHes' waits (see RunReport.finalPatchMs). */
export function finalPatchFigures(records: readonly RequestRecord[]): RunReport['finalPatchMs'] {
  const sorted = records
    .filter((record) => record.final)
    .map((record) => record.durationMs)
    .sort((a, b) => a - b);
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 0.5), 0),
    p95: round(percentile(sorted, 0.95), 0),
    max: round(sorted.at(-1) ?? 0, 0),
  };
}

export function trafficFigures(records: readonly RequestRecord[]) {
  const durations = records.map((record) => record.durationMs).sort((a, b) => a - b);
  const slowestRecord = records.reduce<RequestRecord | null>(
    (worst, record) => (!worst || record.durationMs > worst.durationMs ? record : worst),
    null,
  );
  const byRoute = new Map<string, RequestRecord[]>();
  for (const record of records) {
    const key = `${record.method} ${record.route}`;
    byRoute.set(key, [...(byRoute.get(key) ?? []), record]);
  }
  const routes: RouteFigures[] = [...byRoute.entries()]
    .map(([route, list]) => {
      const sorted = list.map((record) => record.durationMs).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const record of list) {
        const key = record.status === 0 ? (record.retry ?? 'error') : String(record.status);
        statuses[key] = (statuses[key] ?? 0) + 1;
      }
      return {
        route,
        count: list.length,
        p50Ms: round(percentile(sorted, 0.5), 0),
        p95Ms: round(percentile(sorted, 0.95), 0),
        maxMs: round(sorted.at(-1) ?? 0, 0),
        statuses,
      };
    })
    .sort((a, b) => b.count - a.count);
  const retries: Record<string, number> & { total: number } = { total: 0 };
  for (const record of records) {
    if (!record.retry) continue;
    retries[record.retry] = (retries[record.retry] ?? 0) + 1;
    retries.total += 1;
  }
  return {
    latencyMs: {
      p50: round(percentile(durations, 0.5), 0),
      p95: round(percentile(durations, 0.95), 0),
      p99: round(percentile(durations, 0.99), 0),
      max: round(durations.at(-1) ?? 0, 0),
    },
    slowest: slowestRecord
      ? {
          ms: round(slowestRecord.durationMs, 0),
          method: slowestRecord.method,
          route: slowestRecord.route,
          status: slowestRecord.status,
          phone: slowestRecord.phone,
        }
      : null,
    routes,
    retries,
    busy: busyFigures(records),
  };
}

export function parkedOf(outcomes: readonly PhoneOutcome[]): RunReport['parked'] {
  return outcomes.flatMap((outcome) =>
    outcome.parked.map((problem) => ({
      phone: outcome.index,
      kind: problem.kind,
      status: problem.status,
      code: problem.code,
      message: problem.message,
    })),
  );
}

/** The latest of the phones' times in seconds, or null when a phone has none (it never got there). */
export function latestSeconds(times: readonly (number | null)[]): number | null {
  if (times.some((time) => time === null)) return null;
  return round(Math.max(0, ...(times as number[])) / 1000, 2);
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

function table(rows: readonly (readonly string[])[], alignLeft = false): string {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]?.length ?? 0)));
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 || alignLeft ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!),
        )
        .join('  '),
    )
    .join('\n');
}

const seconds = (value: number | null) => (value === null ? 'not all stored' : `${value.toFixed(1)} s`);

/** The side-by-side summary of every database run, then per-route figures, checks and problems of each. */
export function formatReport(runs: readonly RunReport[]): string {
  const lines: string[] = [];
  const first = runs[0];
  if (!first) return 'No run finished.';
  const { queued } = first;
  lines.push(
    `Sync storm: ${first.phones} phones released at once on loopback, each with ${queued.edits / first.phones} translation edits, ` +
      `${queued.consents / first.phones} consent changes and ${queued.recordings / first.phones} one-minute clips ` +
      `(${queued.audioMiB.toFixed(1)} MiB of Opus in all, tus in 1 MiB chunks).`,
    '',
  );
  const summary: string[][] = [['', ...runs.map((run) => run.database)]];
  const row = (label: string, value: (run: RunReport) => string) => summary.push([label, ...runs.map(value)]);
  row('processes', ({ fleet }) =>
    [
      `${fleet.servers} server${fleet.servers > 1 ? 's' : ''}`,
      fleet.store === 's3' ? 'S3 store (s3rver)' : 'local store',
      `inspecting in ${fleet.serverInspection === 'inline' ? 'servers' : 'workers only'}`,
      `${fleet.workers} worker${fleet.workers === 1 ? '' : 's'}`,
    ].join(', '),
  );
  row(
    'machine load (1 min): release / phones done / inspected',
    ({ machineLoad }) => `${machineLoad.atRelease} / ${machineLoad.atEnd} / ${machineLoad.atInspected}`,
  );
  row('time until everything is stored', (run) => seconds(run.allStoredSeconds));
  row('… edits and consent all confirmed', (run) => seconds(run.entriesStoredSeconds));
  row('… recordings all stored', (run) => seconds(run.recordingsStoredSeconds));
  row(
    'phones complete',
    (run) => `${run.phonesComplete}/${run.phones}${run.timedOut ? ' (time limit)' : ''}`,
  );
  row(
    'final tus PATCH (recording stored): p50 / p95 / max',
    (run) =>
      `${run.finalPatchMs.p50} / ${run.finalPatchMs.p95} / ${run.finalPatchMs.max} ms (${run.finalPatchMs.count})`,
  );
  row('time until every clip is inspected', ({ inspection, queued }) =>
    inspection.allInspectedSeconds !== null
      ? `${inspection.allInspectedSeconds.toFixed(1)} s`
      : inspection.leftInspecting === null
        ? 'not known'
        : `not all: ${inspection.leftInspecting} of ${queued.recordings} left after ${inspection.waitedSeconds.toFixed(0)} s`,
  );
  const perSecond = (clips: number, secondsTaken: number | null) =>
    secondsTaken === null || secondsTaken === 0 ? '-' : `${(clips / secondsTaken).toFixed(1)}`;
  row('clips stored per second (all clips / time until stored)', (run) =>
    perSecond(run.queued.recordings, run.recordingsStoredSeconds),
  );
  row('clips inspected per second (all clips / time until inspected)', (run) =>
    perSecond(
      run.queued.recordings - (run.inspection.leftInspecting ?? run.queued.recordings),
      run.inspection.waitedSeconds,
    ),
  );
  const cpu = (value: number | null) => (value === null ? '-' : `${value.toFixed(3)} s`);
  row('CPU per clip inspected (until the wait ended): servers + workers (with ffmpeg)', (run) =>
    cpu(run.inspection.cpuSecondsPerClip),
  );
  row(
    '… servers (with ffmpeg) / workers (with ffmpeg)',
    (run) =>
      `${cpu(run.inspection.serverCpuSecondsPerClip)} / ${cpu(run.inspection.workerCpuSecondsPerClip)}`,
  );
  row('S3 store (s3rver) CPU until the wait ended', (run) =>
    run.inspection.storeCpuSeconds === null ? '-' : `${run.inspection.storeCpuSeconds.toFixed(1)} s`,
  );
  row('inspection alone, CPU per clip: WebM / WAV', (run) =>
    run.inspection.isolatedCpuSecondsPerClip === null
      ? '-'
      : `${run.inspection.isolatedCpuSecondsPerClip.webm.toFixed(3)} / ${run.inspection.isolatedCpuSecondsPerClip.wav.toFixed(3)} s`,
  );
  row('requests', (run) => String(run.requests));
  row('requests per second', (run) => run.requestsPerSecond.toFixed(1));
  row('latency p50 / p95', (run) => `${run.latencyMs.p50} / ${run.latencyMs.p95} ms`);
  row('latency p99 / max', (run) => `${run.latencyMs.p99} / ${run.latencyMs.max} ms`);
  row('slowest request', (run) =>
    run.slowest
      ? `${run.slowest.ms} ms ${run.slowest.method} ${run.slowest.route} → ${run.slowest.status || 'no answer'} (phone ${run.slowest.phone ?? '-'})`
      : '-',
  );
  row(
    'retries (429 / 503 busy / other 5xx / network+timeout / 409)',
    (run) =>
      `${run.retries.total} (${run.retries['429'] ?? 0} / ${run.retries['503-busy'] ?? 0} / ${run.retries['5xx'] ?? 0} / ${(run.retries.network ?? 0) + (run.retries.timeout ?? 0)} / ${(run.retries['409-in-flight'] ?? 0) + (run.retries['409-offset'] ?? 0)})`,
  );
  row('server busy: 503 with Retry-After', (run) =>
    run.busy.answers === 0
      ? '0'
      : `${run.busy.answers} (Retry-After ${run.busy.retryAfterS?.min ?? '-'}–${run.busy.retryAfterS?.max ?? '-'} s)`,
  );
  row('… phones waited Retry-After before asking again', (run) =>
    run.busy.answers === 0
      ? '-'
      : `${run.busy.honoured}/${run.busy.honoured + run.busy.early}${run.busy.early ? ` (${run.busy.early} CAME BACK EARLY)` : ''}, least margin ${run.busy.leastMarginS ?? '-'} s`,
  );
  row('sync rounds ended in backoff', (run) => String(run.failedRounds));
  row('refused (parked for the user)', (run) => String(run.parked.length));
  row(
    'server RSS before → peak (sampled)',
    (run) => `${run.server.rssBeforeMiB.toFixed(0)} → ${run.server.peakRssMiB.toFixed(0)} MiB`,
  );
  row('server VmHWM', (run) => `${run.server.hwmMiB.toFixed(0)} MiB`);
  row('server CPU during the storm (+ its ffmpeg processes)', (run) =>
    run.server.cpuSeconds === null
      ? '-'
      : `${run.server.cpuSeconds.toFixed(1)} s (+ ${run.server.childCpuSeconds?.toFixed(1) ?? '-'} s)`,
  );
  const probe = (figures: ProbeFigures) =>
    `${figures.p50Ms} / ${figures.p95Ms} / ${figures.maxMs} ms${figures.failed ? `, ${figures.failed} failed` : ''}`;
  row('server answers a no-database request: p50 / p95 / max', (run) => probe(run.server.probe.reused));
  row('… on a new connection each time', (run) => probe(run.server.probe.fresh));
  row(
    'server errors / warnings logged',
    (run) => `${run.server.errorsLogged} / ${run.server.warningsLogged}`,
  );
  row('server exit', (run) =>
    run.server.exited ? `${run.server.exited.code ?? run.server.exited.signal}` : 'running until stopped',
  );
  row(
    'client event-loop delay p99 / max',
    (run) => `${run.client.eventLoopDelayP99Ms} / ${run.client.eventLoopDelayMaxMs} ms`,
  );
  row('client CPU during the storm', (run) => `${run.client.cpuSeconds.toFixed(1)} s`);
  row('setup (server start, sign-ups, seeding; not timed)', (run) => `${run.setupSeconds.toFixed(0)} s`);
  row('checks', (run) => `${run.checks.filter((item) => item.ok).length}/${run.checks.length} passed`);
  lines.push(table(summary, true), '');

  for (const run of runs) {
    lines.push(`— ${run.database}: requests by route`);
    const routeRows: string[][] = [['route', 'count', 'p50 ms', 'p95 ms', 'max ms', 'answers']];
    for (const route of run.routes) {
      routeRows.push([
        route.route,
        String(route.count),
        String(route.p50Ms),
        String(route.p95Ms),
        String(route.maxMs),
        Object.entries(route.statuses)
          .map(([status, count]) => `${status}×${count}`)
          .join(' '),
      ]);
    }
    lines.push(table(routeRows), '');
    lines.push(`— ${run.database}: checks`);
    const checkRows: string[][] = [['check', 'expected', 'found', 'result']];
    for (const item of run.checks)
      checkRows.push([item.name, String(item.expected), String(item.found), item.ok ? 'ok' : 'FAILED']);
    lines.push(table(checkRows));
    for (const item of run.checks.filter((candidate) => candidate.problems.length > 0)) {
      lines.push(`  ${item.name}:`, ...item.problems.map((problem) => `    ${problem}`));
    }
    if (run.parked.length > 0) {
      lines.push(`  refused items (first 5 of ${run.parked.length}):`);
      for (const item of run.parked.slice(0, 5))
        lines.push(
          `    phone ${item.phone} ${item.kind}: ${item.status ?? '-'} ${item.code ?? ''} ${item.message}`,
        );
    }
    if (run.server.logSample.length > 0) {
      lines.push(`  server log (first ${run.server.logSample.length}):`);
      for (const item of run.server.logSample)
        lines.push(
          `    [${item.level}] ${item.msg}${item.err ? ` — ${item.err}` : ''}${item.url ? ` (${item.url})` : ''}`,
        );
    }
    for (const note of run.notes) lines.push(`  note: ${note}`);
    lines.push('');
  }
  return lines.join('\n');
}
