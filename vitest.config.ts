// Test tiers: unit tests sit beside their module; API tests in tests/server run against a real database.
import { defineConfig } from 'vitest/config';
import HeavyFirstSequencer from './tests/heavy-first-sequencer.ts';

// Sized for a loaded 2-core machine (CI's can run at load 12-18), where a test of a few seconds takes several
// times that; a timeout is for a hang, never a measure of speed.
const LOADED_MACHINE_TIMEOUTS = { testTimeout: 60_000, hookTimeout: 60_000 };

export default defineConfig({
  test: {
    // Two cores on the target machines; each API test file starts its own database.
    maxWorkers: 2,
    sequence: { sequencer: HeavyFirstSequencer },
    projects: [
      {
        test: {
          name: 'unit',
          include: ['core/**/*.test.ts', 'server/**/*.test.ts', 'scripts/**/*.test.ts', 'build/**/*.test.ts'],
          environment: 'node',
          // The files of a worker share their loaded modules (each file's own imports took most of its time);
          // every file sets up the state it reads (its stubs, its files) in its own hooks.
          isolate: false,
          ...LOADED_MACHINE_TIMEOUTS,
        },
      },
      {
        test: {
          // The client's tests (screens with Testing Library on happy-dom, the offline layer on fake-indexeddb):
          // each file in a fresh module graph, as the browser's state they use (IndexedDB, the session, the sync
          // engine, idb-keyval's connection) is global, made once per page as a phone makes it.
          name: 'client',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          environment: 'node',
          setupFiles: ['tests/testing-library-setup.ts'],
          ...LOADED_MACHINE_TIMEOUTS,
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
