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
        },
      },
      {
        test: {
          name: 'api',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
    ],
  },
});
