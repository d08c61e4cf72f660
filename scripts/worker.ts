// `npm run worker [-- --types mt,tts,asr]`: a standalone training worker against the same database as the
// server. With PostgreSQL (DATABASE_URL) several can run, on several machines: each claims jobs with
// FOR UPDATE SKIP LOCKED. With the embedded database only one process may open it, so while the server runs
// its own worker (TRAINING_WORKER=inline) does the training; this command then says so and exits.
import path from 'node:path';
import { MODEL_TYPES, type ModelType } from '../core/constants.ts';
import { ConfigError, loadConfig, readEnvFile } from '../server/config.ts';
import { DatabaseLockedError, openDatabase } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { defaultTrainers } from '../server/features/training/trainers.ts';
import { trainingRepositories } from '../server/features/training/training-repositories.ts';
import { TrainingWorker, type TrainerRegistry, type WorkerLog } from '../server/features/training/worker.ts';

const USAGE = `Usage: npm run worker [-- --types mt,tts,asr]
  Runs training jobs from the database of this installation (DATABASE_URL, or DATA_DIR's embedded database).`;

function parseTypes(argv: string[]): ModelType[] {
  const index = argv.indexOf('--types');
  if (index === -1) return [...MODEL_TYPES];
  const types = (argv[index + 1] ?? '').split(',').filter(Boolean);
  const unknown = types.filter((type) => !MODEL_TYPES.includes(type as ModelType));
  if (types.length === 0 || unknown.length > 0) {
    console.error(`Unknown model type: ${unknown.join(', ') || '(none given)'}\n\n${USAGE}`);
    process.exit(2);
  }
  return types as ModelType[];
}

const log: WorkerLog = {
  info: (object, message) => console.log(new Date().toISOString(), message, JSON.stringify(object)),
  warn: (object, message) => console.warn(new Date().toISOString(), message, JSON.stringify(object)),
  error: (object, message) => {
    const { err, ...rest } = object as { err?: unknown };
    console.error(new Date().toISOString(), message, JSON.stringify(rest), err ?? '');
  },
};

async function main() {
  if (process.argv.includes('--help')) {
    console.log(USAGE);
    return;
  }
  const types = parseTypes(process.argv.slice(2));
  readEnvFile();
  const config = loadConfig();
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    pgliteDir: path.join(config.DATA_DIR, 'db'),
  });
  await migrate(database);
  const all = defaultTrainers();
  const trainers: TrainerRegistry = Object.fromEntries(types.map((type) => [type, all[type]]));
  const repositories = trainingRepositories(database.db, config);
  const worker = new TrainingWorker({
    queue: repositories.queue,
    repositories,
    trainers,
    db: database.db,
    config,
    kind: 'standalone',
    log,
  });
  worker.start();
  console.log(
    `Training worker ${worker.workerId} runs ${types.join(', ')} jobs (${database.kind}). Ctrl+C stops it.`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stopping; a running job goes back to the queue.`);
    worker
      .stop()
      .then(() => database.close())
      .then(
        () => process.exit(0),
        (error: unknown) => {
          console.error(error);
          process.exit(1);
        },
      );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof DatabaseLockedError) {
    console.error(
      `${error.message}\nThe server is running with the embedded database: its own worker (TRAINING_WORKER=inline) runs the training jobs. A standalone worker needs PostgreSQL (DATABASE_URL) shared with the server.`,
    );
  } else if (error instanceof ConfigError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
