// Lighthouse (mobile, its default: a mid-range phone with simulated slow 4G and a 4x slower CPU) on /families of
// the built app on its own server: the performance score and its metrics, median of several runs (a figure, not
// a test). The system Chromium is used (chrome-launcher's chromePath); nothing is downloaded.
// Usage: npm run bench:lighthouse -- [--runs 3] [--persons 88|2157|5000] [--path /families]   (after `npm run build`)
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { importGedcom } from '../core/families/gedcom-import.ts';
import type { FamilyData } from '../core/families/family-schema.ts';
import { startServer } from '../tests/e2e/server-process.ts';
import { generatedLineage } from './families.ts';
import { withLayout } from './families-layout.ts';
import { grampsExampleGedcom, hasGrampsExample } from './lib/family-datasets.ts';
import { CHROMIUM_PATH } from './lib/chromium.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '3' },
    persons: { type: 'string', default: '88' },
    path: { type: 'string', default: '/families' },
  },
});
const runs = Number(values.runs);
const persons = Number(values.persons);
if (!Number.isInteger(runs) || runs < 1 || runs > 20) throw new Error('--runs must be 1 to 20');
if (![88, 2157, 5000].includes(persons)) throw new Error('--persons must be 88, 2157 or 5000');
if (!/^\/[\w/-]{0,100}$/.test(values.path)) throw new Error('--path must be a path of the app, as /families');

const METRICS = [
  ['first-contentful-paint', 'first contentful paint'],
  ['largest-contentful-paint', 'largest contentful paint'],
  ['total-blocking-time', 'total blocking time'],
  ['speed-index', 'speed index'],
  ['cumulative-layout-shift', 'layout shift'],
] as const;

const median = (numbers: number[]) =>
  [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)] ?? NaN;

/** The data served: the shipped sample (the server's own), Gramps' example or a generated lineage. */
function dataset(work: string): FamilyData | null {
  if (persons === 88) return null;
  if (persons === 2157) {
    if (!hasGrampsExample()) throw new Error("Gramps' example needs Gramps: apt-get install gramps");
    return withLayout(importGedcom(readFileSync(grampsExampleGedcom(work))).data);
  }
  return withLayout(generatedLineage(5000));
}

async function main() {
  const data = dataset(path.resolve('.tmp', 'bench-families'));
  const server = await startServer('bench-lighthouse');
  if (data) {
    const file = path.join(server.dataDir, 'families', 'family-data.json');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, JSON.stringify(data));
  }
  const scores: number[] = [];
  const metrics = new Map<string, number[]>(METRICS.map(([id]) => [id, []]));
  try {
    // A run Lighthouse could not finish (a protocol call timing out on a busy machine) is said and run again, at
    // most `runs` times over.
    for (let run = 0, failures = 0; run < runs;) {
      // A fresh browser (and profile) for each run: nothing cached, no service worker installed yet.
      const chrome = await chromeLauncher.launch({
        chromePath: CHROMIUM_PATH,
        chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
      });
      try {
        const result = await lighthouse(`${server.url}${values.path}`, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error('Lighthouse returned no result');
        if (lhr.runtimeError) {
          console.log(`  a run failed, run again: ${lhr.runtimeError.message}`);
          if (++failures > runs) throw new Error(`Lighthouse: ${lhr.runtimeError.message}`);
          continue;
        }
        run += 1;
        const score = (lhr.categories.performance?.score ?? NaN) * 100;
        scores.push(score);
        for (const [id] of METRICS) metrics.get(id)?.push(lhr.audits[id]?.numericValue ?? NaN);
        console.log(
          `  run ${run}: score ${score.toFixed(0)}, total blocking time ${(lhr.audits['total-blocking-time']?.numericValue ?? NaN).toFixed(0)} ms`,
        );
      } finally {
        chrome.kill();
      }
    }
  } finally {
    await server.stop();
  }
  console.log(
    `\nLighthouse ${lighthouseVersion()} mobile, ${values.path} with ${persons} persons, median of ${runs}: performance ${median(scores).toFixed(0)}`,
  );
  for (const [id, label] of METRICS) {
    const value = median(metrics.get(id) ?? []);
    console.log(
      `  ${label}: ${id === 'cumulative-layout-shift' ? value.toFixed(3) : `${value.toFixed(0)} ms`}`,
    );
  }
}

function lighthouseVersion(): string {
  const manifest = JSON.parse(readFileSync('node_modules/lighthouse/package.json', 'utf8')) as {
    version: string;
  };
  return manifest.version;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
