// Test tiers: unit tests sit beside their module; API tests in tests/server run against a real database.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Two cores on the target machines; each API test file starts its own database.
    maxWorkers: 2,
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
          testTimeout: 120_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
