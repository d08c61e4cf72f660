// The slowest test files of the last `npm test` (or of the JSON reports named on the command line): Vitest's and
// Playwright's own timings, the 20 longest files of all tiers together, with each tier's sum. Run alone with
// `npx tsx scripts/slowest-tests.ts [vitest.json] [playwright.json]`.
import fs from 'node:fs';
import path from 'node:path';

interface FileTime {
  tier: string;
  file: string;
  seconds: number;
  tests: number;
}

interface VitestReport {
  testResults?: { name: string; startTime?: number; endTime?: number; assertionResults?: unknown[] }[];
}

interface PlaywrightSuite {
  file?: string;
  specs?: { tests?: { results?: { duration?: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function readJson<T>(file: string): T | null {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as T;
  } catch {
    return null;
  }
}

const root = path.resolve(import.meta.dirname, '..');

/** Per file: Vitest's wall time from the file's start to its end (unit and API tiers told apart by folder). */
export function vitestFiles(report: VitestReport | null): FileTime[] {
  return (report?.testResults ?? []).map((result) => {
    const file = path.relative(root, result.name);
    return {
      tier: file.startsWith('tests/server/') ? 'api' : 'unit',
      file,
      seconds: ((result.endTime ?? 0) - (result.startTime ?? 0)) / 1000,
      tests: result.assertionResults?.length ?? 0,
    };
  });
}

/** Per spec file: the sum of its tests' durations (retries included) as Playwright reports them. */
export function playwrightFiles(report: { suites?: PlaywrightSuite[] } | null): FileTime[] {
  const byFile = new Map<string, FileTime>();
  const visit = (suite: PlaywrightSuite, file: string) => {
    const here = suite.file ?? file;
    for (const spec of suite.specs ?? [])
      for (const test of spec.tests ?? []) {
        const entry = byFile.get(here) ?? { tier: 'e2e', file: `tests/e2e/${here}`, seconds: 0, tests: 0 };
        entry.tests += 1;
        for (const result of test.results ?? []) entry.seconds += (result.duration ?? 0) / 1000;
        byFile.set(here, entry);
      }
    for (const child of suite.suites ?? []) visit(child, here);
  };
  for (const suite of report?.suites ?? []) visit(suite, suite.file ?? '');
  return [...byFile.values()];
}

export function printSlowest(vitestJson: string, playwrightJson: string, count = 20): void {
  const files = [
    ...vitestFiles(readJson<VitestReport>(vitestJson)),
    ...playwrightFiles(readJson<{ suites?: PlaywrightSuite[] }>(playwrightJson)),
  ];
  if (files.length === 0) return;
  console.log(`\nSlowest ${Math.min(count, files.length)} test files (seconds, tests):`);
  for (const entry of [...files].sort((a, b) => b.seconds - a.seconds).slice(0, count))
    console.log(
      `  ${entry.seconds.toFixed(1).padStart(7)}  ${entry.tier.padEnd(4)} ${String(entry.tests).padStart(4)}  ${entry.file}`,
    );
  const tiers = new Map<string, { seconds: number; files: number; tests: number }>();
  for (const entry of files) {
    const tier = tiers.get(entry.tier) ?? { seconds: 0, files: 0, tests: 0 };
    tier.seconds += entry.seconds;
    tier.files += 1;
    tier.tests += entry.tests;
    tiers.set(entry.tier, tier);
  }
  for (const [tier, sum] of tiers)
    console.log(
      `  ${tier}: ${sum.files} files, ${sum.tests} tests, ${sum.seconds.toFixed(0)} s summed over files`,
    );
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const results = path.join(root, '.tmp', 'test-results');
  printSlowest(
    process.argv[2] ?? path.join(results, 'vitest.json'),
    process.argv[3] ?? path.join(results, 'playwright.json'),
  );
}
