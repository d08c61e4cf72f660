// The tests of the mutation run (stryker.config.json, `npm run mutation`): the unit tests of the mutated modules,
// with the unit project's settings. Only these files can run, so a mutant that Stryker cannot tie to a test
// (a module-level constant) reruns these few files, never the API or end-to-end tiers.
import path from 'node:path';
import { defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';
import base from '../vitest.config.ts';

const unit = base.test?.projects?.find(
  (project): project is TestProjectInlineConfiguration =>
    typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (!unit) throw new Error('vitest.config.ts has no unit project');

export default defineConfig({
  test: {
    ...unit.test,
    // The outbox's and the sync engine's tests use the browser's global IndexedDB: each file isolated, as in npm test.
    isolate: true,
    root: path.resolve(import.meta.dirname, '..'),
    include: [
      'core/review/rules.test.ts',
      'core/api/consent.test.ts',
      'core/api/mutations.test.ts',
      'src/features/consent/device-consent.test.ts',
      'src/offline/outbox.test.ts',
      'src/offline/recording-outbox.test.ts',
      'src/offline/sync-engine.test.ts',
      'src/offline/review-pack.test.ts',
      'src/offline/speakers.test.ts',
      'src/offline/prompt-reports.test.ts',
    ],
  },
});
