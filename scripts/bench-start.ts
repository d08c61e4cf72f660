// Measures the new-user path: fresh clone -> `npm ci` -> `npm start` -> first response from the app.
// Usage: npx tsx scripts/bench-start.ts [port]   (needs the npm registry or a warm npm cache)
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const port = Number(process.argv[2] ?? 3277);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-fresh-'));
const seconds = (start: number) => ((performance.now() - start) / 1000).toFixed(1);

execFileSync('git', ['clone', '--quiet', root, dir]);
let start = performance.now();
execFileSync('npm', ['ci', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'ignore' });
console.log(`npm ci: ${seconds(start)} s`);

start = performance.now();
const server = spawn('npm', ['start'], {
  cwd: dir,
  env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
  stdio: 'ignore',
  detached: true,
});
try {
  for (;;) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      if (response.ok && (await response.text()).includes('id="root"')) break;
    } catch {
      // Not listening yet.
    }
    if (performance.now() - start > 300_000) throw new Error('no response within 5 minutes');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  console.log(`npm start -> first response (build + fresh embedded database): ${seconds(start)} s`);
} finally {
  if (server.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  fs.rmSync(dir, { recursive: true, force: true });
}
