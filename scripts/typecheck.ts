// `npm run typecheck`: every part with its own host's types (scripts/lib/parts.ts), then the whole project
// (tests, scripts, configuration), two at a time.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { PARTS, TOOLS_TSCONFIG } from './lib/parts.ts';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const queue = [...PARTS.map((part) => part.tsconfig), TOOLS_TSCONFIG];

function check(tsconfig: string): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', tsconfig], { cwd: root, stdio: 'inherit' });
    child.on('close', (code) => {
      if (code !== 0) console.error(`Type errors under ${tsconfig}`);
      resolve(code === 0);
    });
  });
}

async function worker(): Promise<boolean> {
  let ok = true;
  for (let next = queue.shift(); next; next = queue.shift()) ok = (await check(next)) && ok;
  return ok;
}

const results = await Promise.all([worker(), worker()]);
process.exitCode = results.every(Boolean) ? 0 : 1;
