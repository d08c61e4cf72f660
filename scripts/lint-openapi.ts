// Prints what Redocly's recommended ruleset finds in /api/openapi.json, counted by rule (`npx tsx
// scripts/lint-openapi.ts`; `--list` for every problem, `--save <file>` to keep the document). The app is built
// in-process on a fresh embedded database.
import fs from 'node:fs';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';
import { countByRule, lintOpenApi } from '../tests/server/openapi-lint.ts';

const config = loadConfig({
  DATA_DIR: '.tmp/lint-openapi',
  STATIC_DIR: '.tmp/no-build',
  LOG_LEVEL: 'silent',
  TRAINING_WORKER: 'off',
});
const database = await openDatabase({});
const app = await buildApp({ config, database, logger: false });
await app.ready();
const response = await app.inject({ method: 'GET', url: '/api/openapi.json' });
const problems = await lintOpenApi(response.json());
const save = process.argv.indexOf('--save');
if (save > 0)
  fs.writeFileSync(process.argv[save + 1] ?? '.tmp/openapi.json', JSON.stringify(response.json(), null, 2));
await app.close();
await database.close();

if (process.argv.includes('--list')) {
  for (const problem of problems)
    console.log(`${problem.severity} ${problem.rule} ${problem.where}: ${problem.message}`);
}
const counts = Object.entries(countByRule(problems)).sort(([, a], [, b]) => b - a);
for (const [rule, count] of counts) console.log(`${String(count).padStart(5)}  ${rule}`);
const errors = problems.filter((problem) => problem.severity === 'error').length;
console.log(`${errors} errors, ${problems.length - errors} warnings`);
