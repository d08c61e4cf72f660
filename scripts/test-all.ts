// `npm test`: type-check and lint first (a type error or a forbidden import fails within minutes, before any
// tier runs), then every tier (unit, API on PGlite and PostgreSQL when TEST_DATABASE_URL is set, end-to-end in
// Chromium), the slowest files and each step's wall time, then one closing line "N passed, N failed" summing all.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { printSlowest } from './slowest-tests.ts';

const root = path.resolve(import.meta.dirname, '..');
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

const timings: { label: string; seconds: number; cpuSeconds: number }[] = [];

/** CPU seconds (user and system) of every child this process has waited for, from /proc on Linux (0 elsewhere). */
function childCpuSeconds(): number {
  try {
    const fields = fs.readFileSync('/proc/self/stat', 'utf8').split(') ')[1]!.split(' ');
    // After the command's name: state is field 3, so cutime (16) and cstime (17) sit at 13 and 14 here.
    return (Number(fields[13]) + Number(fields[14])) / 100;
  } catch {
    return 0;
  }
}

function run(label: string, command: string, args: string[], env: Record<string, string> = {}): boolean {
  console.log(`\n=== ${label} ===`);
  const started = performance.now();
  const cpuBefore = childCpuSeconds();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  timings.push({
    label,
    seconds: (performance.now() - started) / 1000,
    cpuSeconds: childCpuSeconds() - cpuBefore,
  });
  return result.status === 0;
}

// The static checks come first and stop the run: nothing else is worth waiting for while they fail.
for (const [label, script] of [
  ['type-check (every part, then the whole project)', 'typecheck'],
  ['lint (ESLint, part boundaries on resolved paths)', 'lint'],
] as const) {
  if (!run(label, 'npm', ['run', '--silent', script])) {
    console.log(`\n${label} failed: the test tiers did not run.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const vitestFile = path.join(out, 'vitest.json');
const vitestOk = run('unit and API tests (Vitest)', bin('vitest'), [
  'run',
  '--reporter=default',
  '--reporter=json',
  `--outputFile.json=${vitestFile}`,
]);
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
  ok: vitestOk,
};

const playwrightFile = path.join(out, 'playwright.json');
const e2eOk = run(
  'end-to-end tests (Playwright, Chromium)',
  bin('playwright'),
  ['test', '--reporter=list,json'],
  {
    PLAYWRIGHT_JSON_OUTPUT_NAME: playwrightFile,
  },
);
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
for (const { label, seconds, cpuSeconds } of timings)
  console.log(
    `  ${seconds.toFixed(0).padStart(5)} s wall ${cpuSeconds.toFixed(0).padStart(5)} s CPU  ${label}`,
  );

const passed = unit.passed + e2e.passed;
// A runner that crashed without reporting counts as one failure, so a broken tier can never look green.
const failed = unit.failed + e2e.failed + (unit.ok || unit.failed ? 0 : 1) + (e2e.ok || e2e.failed ? 0 : 1);
const skipped = unit.skipped + e2e.skipped;
console.log(
  `\nunit+api: ${unit.passed} passed, ${unit.failed} failed; e2e: ${e2e.passed} passed, ${e2e.failed} failed`,
);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed === 0 && unit.ok && e2e.ok ? 0 : 1);
