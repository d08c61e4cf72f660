// `npm run fuzz:long [runs]`: the fuzz tier (tests/server/fuzz/suite.ts) at length, for a nightly or manual run:
// `runs` requests per route and identity (200 unless given) instead of `npm test`'s fixed budget, on a new seed
// each time unless FUZZ_SEED is set. The seed is printed first, so a failure can be replayed with it.
import { spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const runs = process.argv[2] ?? '200';
if (!/^\d{1,6}$/.test(runs) || Number(runs) < 1) {
  console.error(`Runs per route and identity must be a positive whole number, not ${JSON.stringify(runs)}`);
  process.exit(2);
}
const seed = process.env.FUZZ_SEED ?? String(crypto.randomInt(1, 2 ** 31 - 1));
console.log(`fuzz:long: ${runs} runs per route and identity, FUZZ_SEED=${seed}`);
const result = spawnSync(
  path.join(root, 'node_modules', '.bin', 'vitest'),
  ['run', '--project', 'api', 'tests/server/fuzz.test.ts', 'tests/server/fuzz-postgres.test.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, FUZZ_RUNS: runs, FUZZ_SEED: seed } },
);
process.exitCode = result.status ?? 1;
