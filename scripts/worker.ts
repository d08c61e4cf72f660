// `npm run worker [-- --types mt,tts,asr | --inspect-only]`: a standalone worker against the same database and
// DATA_DIR as the server: training jobs, and the inspection of uploaded audio (with the cutting of the stories
// it passes; issue 33). With PostgreSQL (DATABASE_URL) several can run, on several machines: each claims jobs with
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
import { repositoryDefinitions } from '../server/app.ts';
import { audioJobs } from '../server/features/recordings/audio-jobs.ts';
import { RecordingService } from '../server/features/recordings/recordings.service.ts';
import { blobStoreOf, checkObjectStore, StorageUnavailableError } from '../server/lib/blob-store.ts';
import { sharedLocksOf } from '../server/lib/shared-locks.ts';
import { RepositoryRegistry } from '../server/lib/repositories.ts';

const USAGE = `Usage: npm run worker [-- --types mt,tts,asr | --inspect-only]
  Runs training jobs and inspects uploaded audio, from the database of this installation (DATABASE_URL, or
  DATA_DIR's embedded database). --inspect-only: no training, only inspections (INSPECTION_CONCURRENCY at once).`;

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
  const inspectOnly = process.argv.includes('--inspect-only');
  const types = inspectOnly ? [] : parseTypes(process.argv.slice(2));
  readEnvFile();
  const config = loadConfig();
  await checkObjectStore(config);
  const locks = sharedLocksOf(config);
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
  if (types.length > 0) worker.start();
  // The inspection of uploads, through the same repositories and blob store as the server's.
  const registry = new RepositoryRegistry(repositoryDefinitions);
  const jobs = audioJobs({
    db: database.db,
    repositories: registry.on(database.db),
    inTransaction: (tx) => registry.inTransaction(tx),
    // The installation's store (DATA_DIR or BLOB_STORE) and locks, as the server has them.
    service: new RecordingService(registry.on(database.db), config, blobStoreOf(config), locks),
    config,
    log,
    kind: 'standalone',
  });
  await jobs.start();
  console.log(
    `Worker ${worker.workerId} runs ${types.length > 0 ? `${types.join(', ')} training jobs and ` : ''}inspections (${jobs.inspections?.workerId}) (${database.kind}). Ctrl+C stops it.`,
  );

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    console.log(`${signal}: stopping; a running job goes back to the queue.`);
    Promise.all([worker.stop(), jobs.stop()])
      .then(() => Promise.all([locks.close(), database.close()]))
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
  } else if (error instanceof ConfigError || error instanceof StorageUnavailableError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
