// How long a PO import holds the server's event loop: an admin imports a ~900 kB PO file of the whole interface
// (every message, translations padded with plain words) through POST /api/admin/i18n/languages/:code/import,
// three times (a new language, then the same file again, then one with every text changed), and the longest gap
// between two ticks of a 5 ms timer during each is reported (the longest hold of the event loop; perf_hooks'
// monitorEventLoopDelay recorded no sample across a hold this long under tsx), with the process's CPU time in the
// busiest gap (on a loaded machine a gap is also time the process waited for a core), and the request's time. On a fresh in-memory
// PGlite (whose queries run on the same thread, so they count too); with `--postgres postgres://…/db` on a
// scratch PostgreSQL database instead, where only the server's own work holds the loop.
// Usage: npx tsx scripts/bench-po-import.ts [--postgres URL] [--kb 900]
import { parseArgs } from 'node:util';
import { SOURCE_MESSAGES } from '../core/i18n/catalogue.ts';
import { writePo } from '../core/i18n/po.ts';
import { buildApp } from '../server/app.ts';
import { loadConfig } from '../server/config.ts';
import { openDatabase } from '../server/db/driver.ts';
import { createScratchDatabase } from '../server/db/scratch-database.ts';

const { values } = parseArgs({
  options: { postgres: { type: 'string' }, kb: { type: 'string', default: '900' } },
});
const targetChars = Number(values.kb) * 1000;

/** Plain words (no braces or markup) that pad each translation until the file is about `targetChars` long. */
function poFile(round: number): string {
  const bare = writePo(
    { code: 'lpx', name: 'Lopit' },
    SOURCE_MESSAGES.map((m) => ({
      id: m.id,
      source: m.message,
      translation: m.message,
      note: m.note,
      screen: m.screen,
    })),
  );
  const perMessage = Math.max(0, Math.floor((targetChars - bare.length) / SOURCE_MESSAGES.length) - 2);
  const words = 'zorbu vanta kilo meshek tandi brolo ';
  const filler = words
    .repeat(Math.ceil(perMessage / words.length))
    .slice(0, perMessage)
    .trim();
  return writePo(
    { code: 'lpx', name: 'Lopit' },
    SOURCE_MESSAGES.map((m) => ({
      id: m.id,
      source: m.message,
      translation: `${m.message} ${filler} ${round}`,
      note: m.note,
      screen: m.screen,
    })),
  );
}

const scratch = values.postgres ? await createScratchDatabase(values.postgres, 'lopit_bench_po') : null;
const database = await openDatabase({ databaseUrl: scratch?.url });
const app = await buildApp({
  config: loadConfig({ DATA_DIR: '.tmp/bench-po-import', STATIC_DIR: '.tmp/no-build', LOG_LEVEL: 'silent' }),
  database,
  logger: false,
});
await app.ready();
try {
  const signup = await app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { name: 'Bench Admin', email: 'bench@example.org', password: 'a long enough password' },
  });
  const auth = { authorization: `Bearer ${signup.json<{ token: string }>().token}` };
  await app.inject({
    method: 'POST',
    url: '/api/admin/i18n/languages',
    headers: auth,
    payload: { code: 'lpx', name: 'Lopit' },
  });
  console.log(
    `${database.kind === 'pglite' ? 'PGlite (in memory)' : 'PostgreSQL'}; ${SOURCE_MESSAGES.length} messages`,
  );
  for (const [label, round] of [
    ['first import', 1],
    ['same file again', 1],
    ['every text changed', 2],
  ] as const) {
    const po = poFile(round);
    // The longest gap between two ticks of a 5 ms timer, and the most CPU time the process used in one.
    let last = performance.now();
    let lastCpu = process.cpuUsage();
    let longest = 0;
    let longestCpu = 0;
    const ticker = setInterval(() => {
      const now = performance.now();
      const cpu = process.cpuUsage(lastCpu);
      longest = Math.max(longest, now - last);
      longestCpu = Math.max(longestCpu, (cpu.user + cpu.system) / 1000);
      last = now;
      lastCpu = process.cpuUsage();
    }, 5);
    const started = performance.now();
    const response = await app.inject({
      method: 'POST',
      url: '/api/admin/i18n/languages/lpx/import',
      headers: auth,
      payload: { po },
    });
    const took = performance.now() - started;
    const tail = process.cpuUsage(lastCpu);
    longest = Math.max(longest, performance.now() - last);
    longestCpu = Math.max(longestCpu, (tail.user + tail.system) / 1000);
    clearInterval(ticker);
    const report = response.json<Record<string, unknown>>();
    const counts = Object.entries(report)
      .map(([key, value]) => `${key} ${Array.isArray(value) ? value.length : String(value)}`)
      .join(', ');
    console.log(
      `${label} (${Math.round(po.length / 1000)} kB): HTTP ${response.statusCode} in ${Math.round(took)} ms; event loop held at most ${Math.round(longest)} ms (CPU in that longest gap at most ${Math.round(longestCpu)} ms); ${counts}`,
    );
  }
} finally {
  await app.close();
  await database.close();
  await scratch?.drop();
}
