// The sync storm's command line: its options and defaults, and the usage line printed on a mistake.
import { parseArgs } from 'node:util';

export function usage(problem: string): never {
  console.error(`${problem}
Usage: npx tsx scripts/bench-sync-storm.ts [--phones N] [--database pglite|postgres|both]
         [--postgres-url URL] [--time-limit 15m] [--json] [--keep] [--trace FILE] [--server-log-level LEVEL]
         [--server-node-options=FLAGS] [--servers N] [--workers M] [--store local|s3]
         [--server-inspection inline|off] [--port FIRST] [--inspection-wait 10m]`);
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
        servers: { type: 'string', default: '1' },
        workers: { type: 'string', default: '0' },
        store: { type: 'string' },
        'server-inspection': { type: 'string' },
        port: { type: 'string' },
        'inspection-wait': { type: 'string', default: '10m' },
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

/** The databases of --database: pglite, postgres or both (in that order). */
export function databasesOf(value: string): ('pglite' | 'postgres')[] {
  if (value === 'both') return ['pglite', 'postgres'];
  if (value === 'pglite' || value === 'postgres') return [value];
  return usage('--database must be pglite, postgres or both');
}

/** The processes a run starts (--servers, --workers, --store, --server-inspection, --port), checked. */
export function fleetChoices(
  values: ReturnType<typeof readArgs>['values'],
  databases: readonly ('pglite' | 'postgres')[],
) {
  const count = (name: 'servers' | 'workers', least: number) => {
    const value = Number(values[name]);
    if (!Number.isInteger(value) || value < least || value > 8) usage(`--${name} must be ${least} to 8`);
    return value;
  };
  const serverCount = count('servers', 1);
  const workerCount = count('workers', 0);
  if ((serverCount > 1 || workerCount > 0) && databases.includes('pglite'))
    usage('several processes cannot share the embedded database: add --database postgres');
  const store = values.store ?? (serverCount > 1 ? 's3' : 'local');
  if (store !== 'local' && store !== 's3') usage('--store must be local or s3');
  // The local folder is one server's: its tus uploads are held by a lock in that process (README, several servers).
  if (store === 'local' && serverCount > 1) usage('several servers share an S3 store: --store s3');
  const serverInspection = values['server-inspection'] ?? (workerCount > 0 ? 'off' : 'inline');
  if (serverInspection !== 'inline' && serverInspection !== 'off')
    usage('--server-inspection must be inline or off');
  if (serverInspection === 'off' && workerCount === 0)
    usage('--server-inspection off needs --workers: nothing else inspects');
  const firstPort = values.port === undefined ? null : Number(values.port);
  if (firstPort !== null && (!Number.isInteger(firstPort) || firstPort < 1024 || firstPort > 65_000))
    usage('--port must be 1024 to 65000');
  /** The processes a run starts, in words. */
  const fleetLabel = () =>
    `${serverCount} server${serverCount > 1 ? 's' : ''} (${store === 's3' ? 'S3 store, s3rver' : 'local store'}, inspection ${serverInspection})${workerCount > 0 ? ` and ${workerCount} inspection worker${workerCount > 1 ? 's' : ''}` : ''}`;
  return { serverCount, workerCount, store, serverInspection, firstPort, fleetLabel } as const;
}
