// `npm run check:fast`, the quick loop before a commit: the type-check and the lint side by side, then the unit
// tier. Both static checks keep their state in .tmp (tsc -b's build info, ESLint's cache keyed on each file's
// content), so a second run looks again only at what changed. ESLint's cache cannot see that a change in one file
// alters a type-aware verdict in another that did not change; `npm test` lints without it.
import { childCpuSeconds, runSideBySide, staticChecks } from './lib/steps.ts';

const started = performance.now();
const cpuBefore = childCpuSeconds();
let ok = (await runSideBySide(staticChecks({ lintCache: true }))).every((result) => result.ok);
if (ok) {
  const [unit] = await runSideBySide([
    {
      label: 'unit tests (Vitest)',
      command: process.execPath,
      args: ['node_modules/vitest/vitest.mjs', 'run', '--project', 'unit', '--project', 'client'],
    },
  ]);
  ok = unit!.ok;
}
const seconds = (performance.now() - started) / 1000;
console.log(
  `\ncheck:fast ${ok ? 'passed' : 'failed'} in ${seconds.toFixed(0)} s wall, ${(childCpuSeconds() - cpuBefore).toFixed(0)} s CPU`,
);
process.exitCode = ok ? 0 : 1;
