// Opens the database (PGlite or PostgreSQL), applies migrations, purges expired idempotency keys, recounts
// clips whose stored review state an earlier report rule gave, and closes it when the app closes.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.ts';
import { openDatabase, type Database } from '../db/driver.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';
import { purgeIdempotencyKeys } from '../lib/idempotency.ts';
import { ClipReviewRepository } from '../features/review/clip-review.repository.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** Tests pass an already-open database (in-memory PGlite or a scratch PostgreSQL). */
  database?: Database;
}

export default fp<DatabasePluginOptions>(
  async function databasePlugin(app: FastifyInstance, { config, database }) {
    const owned = !database;
    const opened =
      database ??
      (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir: path.join(config.DATA_DIR, 'db') }));
    const applied = await migrate(opened);
    if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
    const seeded = await seed(opened);
    if (seeded > 0) app.log.info({ seeded }, 'translation prompts seeded');
    const purged = await purgeIdempotencyKeys(opened.db);
    if (purged > 0) app.log.info({ purged }, 'old idempotency keys purged');
    const recounted = await new ClipReviewRepository(opened.db).recountReportHolds();
    if (recounted > 0) app.log.info({ recounted }, 'clips recounted under the current report rule');
    app.decorate('database', opened);
    if (owned) app.addHook('onClose', async () => opened.close());
  },
  { name: 'database' },
);
