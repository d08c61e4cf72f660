// `npm run typecheck`: `tsc -b` over TypeScript's project references, each part with its own host's types
// (scripts/lib/parts.ts), core first and each part once, then the tools project (tests, scripts, configuration),
// which reads the parts through their declarations. The build keeps its state in .tmp/tsc, so a second run checks
// only what changed and what depends on it.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { PARTS, TOOLS_TSCONFIG } from './lib/parts.ts';

const root = path.resolve(import.meta.dirname, '..');
const tsc = path.join(root, 'node_modules', 'typescript', 'bin', 'tsc');
const projects = [...PARTS.map((part) => part.tsconfig), TOOLS_TSCONFIG];
const result = spawnSync(process.execPath, [tsc, '-b', ...projects, ...process.argv.slice(2)], {
  cwd: root,
  stdio: 'inherit',
});
process.exitCode = result.status ?? 1;
