// End-to-end tests in the system's Chromium against the built app served by the real server on a fresh data folder.
import { defineConfig, devices } from '@playwright/test';
import { TEST_ADMISSION_WAIT, TEST_PASSWORD_HASHING } from './scripts/lib/server-process.ts';
import { E2E_CHROMIUM_PATH } from './scripts/lib/chromium.ts';

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated database per run, which the tests' servers of their own start from as copies.
  globalSetup: './tests/e2e/global-setup.ts',
  // Two files at a time (two workers ran the tier in about 75 % of the time of one on a quiet machine). Under load
  // a request could wait past the admission gate's default 5 s and be refused (a setup request of review-admin.spec
  // in one whole run of 2026-11-28): the tests' servers wait as long as a loaded machine needs
  // (TEST_ADMISSION_WAIT). Tests on the shared server make accounts and data of their own, and each worker starts
  // its own servers on its own ports.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  // Sized for a loaded 2-core machine (a shared CI machine runs at load 12-18): a wait ends as soon as what it
  // waits for is there, so a longer timeout costs a passing test nothing; it is for a hang, never a measure of speed.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: 'list',
  use: {
    // A click or a navigation that cannot happen (a button that stays disabled) fails at its own line, named,
    // instead of waiting out the whole test's time and reporting only "Test timeout".
    actionTimeout: 45_000,
    navigationTimeout: 60_000,
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // Most tests exercise pages, not the offline layer; tests/e2e/offline*.spec.ts allow the service worker.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: E2E_CHROMIUM_PATH,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // A laptop wide enough for the contributor's full navigation bar (below 1400 px it folds into Menu; the
  // layout spec checks 1280 and 360 px on their own).
  projects: [
    {
      name: 'chromium',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, channel: undefined },
    },
  ],
  webServer: {
    // `npm test` builds the app beside the Vitest tiers and says so with E2E_PREBUILT; alone, the tier builds it.
    command: `rm -rf ${E2E_DATA_DIR} && ${process.env.E2E_PREBUILT ? '' : 'node node_modules/vite/bin/vite.js build --logLevel warn && '}node node_modules/tsx/dist/cli.mjs server/main.ts`,
    url: `http://127.0.0.1:${port}/api/health`,
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      AUTH_RATE_LIMIT_PER_IP_PER_MINUTE: '10000',
      PUBLIC_RATE_LIMIT_PER_MINUTE: '10000',
      ...TEST_ADMISSION_WAIT,
      ...TEST_PASSWORD_HASHING,
    },
  },
});
