// The sync storm's command line: its options and defaults, and the usage line printed on a mistake.
import { parseArgs } from 'node:util';

export function usage(problem: string): never {
  console.error(`${problem}
Usage: npx tsx scripts/bench-sync-storm.ts [--phones N] [--database pglite|postgres|both]
         [--postgres-url URL] [--time-limit 15m] [--json] [--keep] [--trace FILE] [--server-log-level LEVEL]
         [--server-node-options=FLAGS]`);
  process.exit(2);
}

export function parseDuration(text: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min)?$/.exec(text.trim());
  if (!match) usage(`--time-limit: "${text}" is not a duration (e.g. 15m, 90s)`);
  const value = Number(match[1]);
  const unit = match[2] ?? 'm';
  return unit === 'ms' ? value : unit === 's' ? value * 1000 : value * 60_000;
}

function readArgs() {
  try {
    return parseArgs({
      options: {
        phones: { type: 'string', default: '200' },
        database: { type: 'string', default: 'both' },
        'postgres-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/test' },
        'time-limit': { type: 'string', default: '15m' },
        json: { type: 'boolean', default: false },
        keep: { type: 'boolean', default: false },
        trace: { type: 'string' },
        'server-log-level': { type: 'string', default: 'warn' },
        'server-node-options': { type: 'string', default: '' },
      },
    });
  } catch (error) {
    return usage(error instanceof Error ? error.message : String(error));
  }
}

/** The parsed options, with the helpers the script uses to refuse a bad value the same way. */
export function readStormArgs() {
  return { values: readArgs().values, usage, parseDuration };
}
