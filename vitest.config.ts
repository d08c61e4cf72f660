// Test tiers: unit tests sit beside their module; API tests in tests/server run against a real database.
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/heavy-first-sequencer.ts';

export default defineConfig({
  test: {
    // Two cores on the target machines; each API test file starts its own database.
    maxWorkers: 2,
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'core/**/*.test.ts',
            'src/**/*.test.{ts,tsx}',
            'server/**/*.test.ts',
            'scripts/**/*.test.ts',
            'build/**/*.test.ts',
          ],
          environment: 'node',
          // Sized for a loaded 2-core machine (CI's can run at load 12-18), where a test of a few seconds takes
          // several times that; a timeout is for a hang, never a measure of speed.
          testTimeout: 60_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          // One migrated database of each kind per run; every test file starts from a copy of it.
          globalSetup: ['tests/server/global-setup.ts'],
          // The files of a worker share its loaded modules (the server's whole import graph, which took most of
          // a file's time to load again): each file still builds its own app on its own database copy.
          isolate: false,
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
