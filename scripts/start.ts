// `npm start`: builds the app if no build exists (or the sources are newer), then serves app + API.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const builtIndex = path.join(root, 'dist', 'index.html');

function newestMtime(dir: string): number {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    newest = Math.max(newest, entry.isDirectory() ? newestMtime(full) : fs.statSync(full).mtimeMs);
  }
  return newest;
}

function buildIsStale(): boolean {
  if (!fs.existsSync(builtIndex)) return true;
  const built = fs.statSync(builtIndex).mtimeMs;
  const sources = ['src', 'core', 'content', 'public', 'sw']
    .map((dir) => path.join(root, dir))
    .filter((dir) => fs.existsSync(dir));
  const inputs = Math.max(
    ...sources.map(newestMtime),
    ...['index.html', 'vite.config.ts'].map((file) => fs.statSync(path.join(root, file)).mtimeMs),
  );
  return inputs > built;
}

if (buildIsStale()) {
  console.log('Building the app (first start or sources changed)...');
  const result = spawnSync(
    process.execPath,
    [path.join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}

await import('../server/main.ts');
