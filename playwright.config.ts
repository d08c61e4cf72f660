// End-to-end tests in the system's Chromium against the built app served by the real server on a fresh data folder.
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
export const E2E_DATA_DIR = process.env.E2E_DATA_DIR ?? '.tmp/e2e-data';

export default defineConfig({
  testDir: 'tests/e2e',
  // One migrated database per run, which the tests' servers of their own start from as copies.
  globalSetup: './tests/e2e/global-setup.ts',
  // Two files at a time, each file's tests in order in one worker: most of a test's time is waiting (the page, the
  // server, a poll), so two cores run two files in about 60 % of the time of one after the other. Tests on the
  // shared server make accounts and data of their own; those that need a fresh installation, or stop, kill or
  // restart their server, have a server of their own (tests/e2e/server-process.ts) on the worker's own ports.
  fullyParallel: false,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    // Most tests exercise pages, not the offline layer; tests/e2e/offline*.spec.ts allow the service worker.
    serviceWorkers: 'block',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
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
    command: `rm -rf ${E2E_DATA_DIR} && node node_modules/vite/bin/vite.js build --logLevel warn && node node_modules/tsx/dist/cli.mjs server/main.ts`,
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
    },
  },
});
