// Vitest's order of test files: the files known to take longest start first, so that on two workers the run does
// not end with one worker alone on a long file it picked up last. Vitest orders by its cache of the last run's
// durations, which a clean clone (CI) does not have; these files, the slowest of `npm test`'s report
// (scripts/slowest-tests.ts), go first either way. A stale entry costs only order, never a result.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const HEAVY = [
  'tests/server/fuzz.test.ts',
  'tests/server/fuzz-postgres.test.ts',
  'tests/server/auth-limits.test.ts',
  'tests/server/export-interop.test.ts',
  'tests/server/exports.test.ts',
  'tests/server/review.test.ts',
  'tests/server/training-api.test.ts',
  'tests/server/admin-cli.test.ts',
  'tests/server/cut-uploads.test.ts',
  'tests/server/audio-tus.test.ts',
  'tests/server/auth.test.ts',
  'tests/server/hardening.test.ts',
  'tests/server/authorization-matrix.test.ts',
];

export default class HeavyFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const rank = (file: TestSpecification) => {
      const index = HEAVY.findIndex((heavy) => file.moduleId.endsWith(heavy));
      return index === -1 ? HEAVY.length : index;
    };
    // Array.prototype.sort is stable: the rest keep Vitest's order.
    return sorted.sort((a, b) => rank(a) - rank(b));
  }
}
