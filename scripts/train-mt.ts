// `npm run train:mt`: trains the translation model from the configured database's approved pairs, stores it as
// the latest model (what GET /api/translation/model serves) and prints its held-out scores. Ctrl+C stops it
// without storing anything.
import path from 'node:path';
import { loadConfig } from '../server/config.ts';
import { DatabaseLockedError, openDatabase } from '../server/db/driver.ts';
import { migrate } from '../server/db/migrate.ts';
import { AppError } from '../server/errors.ts';
import { trainMtModel, TrainingStoppedError } from '../server/features/mt/mt-training.ts';

async function main(): Promise<number> {
  const config = loadConfig();
  let database;
  try {
    database = await openDatabase({
      databaseUrl: config.DATABASE_URL,
      pgliteDir: path.join(config.DATA_DIR, 'db'),
    });
  } catch (error) {
    if (!(error instanceof DatabaseLockedError)) throw error;
    console.error(
      `${error.message}\nThe embedded database allows one process: stop the server first, or start training from the Model Training page.`,
    );
    return 1;
  }
  console.error(
    config.DATABASE_URL
      ? 'Using the PostgreSQL database.'
      : `Using the embedded database in ${config.DATA_DIR}.`,
  );
  const controller = new AbortController();
  process.once('SIGINT', () => {
    console.error('\nStopping at the next checkpoint...');
    controller.abort();
  });
  try {
    await migrate(database);
    // One line per step, and one per 10% within a step.
    let last = { message: '', tenth: -1 };
    const started = Date.now();
    const result = await trainMtModel({
      db: database.db,
      config,
      signal: controller.signal,
      onProgress: (percent, message) => {
        const tenth = Math.floor(percent / 10);
        if (message === last.message && tenth === last.tenth) return;
        last = { message, tenth };
        console.error(`${String(percent).padStart(3)}%  ${message}`);
      },
    });
    console.log(
      `Trained in ${((Date.now() - started) / 1000).toFixed(1)} s; stored as model artifact ${result.artifactId}`,
    );
    console.log(`version ${result.version}`);
    for (const [name, value] of Object.entries(result.metrics)) console.log(`  ${name.padEnd(18)} ${value}`);
    return 0;
  } catch (error) {
    if (error instanceof TrainingStoppedError || error instanceof AppError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error((error as Error).stack ?? String(error));
    process.exit(1);
  },
);
