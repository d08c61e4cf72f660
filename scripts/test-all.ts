// `npm test`: type-check and lint first (a type error or a forbidden import fails within minutes, before any
// tier runs), then every tier in two lanes side by side (unit and API on PGlite and PostgreSQL when
// TEST_DATABASE_URL is set; the build, then end-to-end in Chromium), the slowest files and each step's wall and CPU time, then one closing line "N passed, N failed"
// summing all.
import fs from 'node:fs';
import path from 'node:path';
import {
  childCpuSeconds,
  machineBusySampler,
  root,
  runInTurn,
  runSideBySide,
  staticChecks,
  type Step,
  type StepResult,
} from './lib/steps.ts';
import { printSlowest } from './slowest-tests.ts';

const out = path.join(root, '.tmp', 'test-results');
fs.rmSync(out, { recursive: true, force: true });
fs.mkdirSync(out, { recursive: true });
const bin = (name: string) => path.join(root, 'node_modules', '.bin', name);

interface Tally {
  passed: number;
  failed: number;
  skipped: number;
  ok: boolean;
}

/** Wall seconds of each step, and CPU seconds of each group of steps run side by side. */
const timings: { label: string; seconds: number; cpuSeconds: number }[] = [];

/** Runs the steps side by side; whether each passed. */
async function runEach(steps: Step[]): Promise<boolean[]> {
  const cpuBefore = childCpuSeconds();
  const results = await runSideBySide(steps);
  const cpuSeconds = childCpuSeconds() - cpuBefore;
  for (const [index, result] of results.entries())
    timings.push({
      label: result.label,
      seconds: result.seconds,
      cpuSeconds: index === 0 ? cpuSeconds : NaN,
    });
  return results.map((result) => result.ok);
}

/** Runs the steps side by side; whether all passed. */
async function run(steps: Step[]): Promise<boolean> {
  return (await runEach(steps)).every(Boolean);
}

// The static checks come first, side by side (two cores, one tool each), and stop the run: nothing else is worth
// waiting for while they fail. They run cold, with no lint cache, so they judge the tree as a clean clone does.
if (!(await run(staticChecks({ lintCache: false })))) {
  console.log('\nThe type-check or the lint failed: the test tiers did not run.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

// Two lanes side by side, one per core: the Vitest tiers in one; the build of the app, then the end-to-end tier
// against it, in the other. Both tiers are sized for a loaded machine (Vitest's timeouts, TEST_ADMISSION_WAIT for
// the e2e servers), and each leaves part of its core idle while it waits (Vitest while its files start and
// migrate, Playwright while Chromium renders and the tests' servers answer), so run together they end well
// before the sum of their times. Each lane keeps its output until it ends, so their lines never interleave.
const vitestFile = path.join(out, 'vitest.json');
const playwrightFile = path.join(out, 'playwright.json');
const cpuBeforeTiers = childCpuSeconds();
const machineBusy = machineBusySampler();
const [vitestResult, e2eLane] = await Promise.all([
  runSideBySide(
    [
      {
        label: 'unit and API tests (Vitest)',
        command: bin('vitest'),
        args: ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestFile}`],
      },
    ],
    { buffered: true },
  ),
  runInTurn(
    [
      { label: 'build of the app (Vite)', command: bin('vite'), args: ['build', '--logLevel', 'warn'] },
      ([build]) => ({
        label: 'end-to-end tests (Playwright, Chromium)',
        command: bin('playwright'),
        args: ['test', '--reporter=list,json'],
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile, ...(build!.ok ? { E2E_PREBUILT: '1' } : {}) },
      }),
    ],
    { buffered: true },
  ),
]);
const cpuTiers = childCpuSeconds() - cpuBeforeTiers;
const machineDuringTiers = machineBusy.stop();
const [vitestRun] = vitestResult;
const [buildRun, e2eRun] = e2eLane as [StepResult, StepResult];
timings.push(
  { label: `${vitestRun!.label}, beside the next two`, seconds: vitestRun!.seconds, cpuSeconds: cpuTiers },
  { label: buildRun.label, seconds: buildRun.seconds, cpuSeconds: NaN },
  { label: e2eRun.label, seconds: e2eRun.seconds, cpuSeconds: NaN },
  {
    label: 'both lanes',
    seconds: Math.max(vitestRun!.seconds, buildRun.seconds + e2eRun.seconds),
    cpuSeconds: NaN,
  },
);
const vitest = readJson<{
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
}>(vitestFile);
const unit: Tally = {
  passed: vitest?.numPassedTests ?? 0,
  failed: vitest ? vitest.numFailedTests : 1,
  skipped: (vitest?.numPendingTests ?? 0) + (vitest?.numTodoTests ?? 0),
  ok: vitestRun!.ok,
};
const e2eOk = e2eRun.ok;
const playwright = readJson<{
  stats: { expected: number; unexpected: number; flaky: number; skipped: number };
}>(playwrightFile);
const e2e: Tally = {
  passed: (playwright?.stats.expected ?? 0) + (playwright?.stats.flaky ?? 0),
  failed: playwright ? playwright.stats.unexpected : 1,
  skipped: playwright?.stats.skipped ?? 0,
  ok: e2eOk,
};

printSlowest(path.relative(root, vitestFile), path.relative(root, playwrightFile));
console.log('\nWall and CPU time per step:');
for (const { label, seconds, cpuSeconds } of timings) {
  // Steps run side by side share one CPU figure, on the first of them.
  const cpu = Number.isNaN(cpuSeconds) ? '     (above)' : `${cpuSeconds.toFixed(0).padStart(5)} s CPU`;
  console.log(`  ${seconds.toFixed(0).padStart(5)} s wall ${cpu}  ${label}`);
}
if (machineDuringTiers) console.log(`The whole machine during the two lanes: ${machineDuringTiers}`);

const passed = unit.passed + e2e.passed;
// A runner that crashed without reporting counts as one failure, so a broken tier can never look green.
const failed = unit.failed + e2e.failed + (unit.ok || unit.failed ? 0 : 1) + (e2e.ok || e2e.failed ? 0 : 1);
const skipped = unit.skipped + e2e.skipped;
console.log(
  `\nunit+api: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && unit.ok && e2e.ok ? 0 : 1);
