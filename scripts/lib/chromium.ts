// The browsers the tools launch (Debian's; nothing is downloaded). Benchmarks and tools that measure or draw what a
// reader's browser does use the full Chromium (CHROMIUM_PATH, else /usr/bin/chromium). The end-to-end tier runs
// in Debian's chromium-headless-shell when it is installed: the same Chromium built for headless use, without the
// full browser's interface processes, which took 0.69 of the full browser's CPU over the layout and heritage specs
// (farm-bench, 2026-11-28); E2E_CHROMIUM_PATH chooses another. Background Sync's spec needs the full browser.
import fs from 'node:fs';

/** The full Chromium. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

const HEADLESS_SHELL_PATH = '/usr/bin/chromium-headless-shell';

/** The browser of the end-to-end tier. */
export const E2E_CHROMIUM_PATH =
  process.env.E2E_CHROMIUM_PATH || (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
