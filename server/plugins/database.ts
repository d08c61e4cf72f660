// Opens the database (PGlite or PostgreSQL; a new PGlite one may start as a copy of PGLITE_TEMPLATE), applies
// migrations, purges expired idempotency keys, and closes it when the app closes. The features' own start-up work
// on it (a copy's new sync epoch, recounting clips under the current report rule) is their repositories' atStart.
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ConfigError, type Config } from '../config.ts';
import { openDatabase, type Database } from '../db/driver.ts';
import { migrate } from '../db/migrate.ts';
import { seed } from '../db/seed.ts';
import { purgeIdempotencyKeys } from '../lib/idempotency.ts';

declare module 'fastify' {
  interface FastifyInstance {
    database: Database;
    /** The database was just copied from PGLITE_TEMPLATE rather than made by its own migrations. */
    databaseCopiedFromTemplate: boolean;
  }
}

export interface DatabasePluginOptions {
  config: Config;
  /** Tests pass an already-open database (in-memory PGlite or a scratch PostgreSQL). */
  database?: Database;
}

/**
 * Makes `dir` a copy of the migrated PGlite folder `template` when it holds no database yet; answers whether it
 * did. The copy is made beside it and renamed into place, so a copy cut short never looks like a database.
 */
function copyTemplate(template: string, dir: string): boolean {
  if (fs.existsSync(path.join(dir, 'PG_VERSION'))) return false;
  if (!fs.existsSync(path.join(template, 'PG_VERSION')))
    throw new ConfigError(`PGLITE_TEMPLATE: ${template} is not a PGlite data folder.`);
  const partial = `${dir}.copying-${process.pid}`;
  fs.rmSync(partial, { recursive: true, force: true });
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  fs.cpSync(template, partial, { recursive: true });
  // Into a folder that does not exist or is empty; a folder holding other files is refused, never overwritten.
  fs.renameSync(partial, dir);
  return true;
}

export default fp<DatabasePluginOptions>(
  async function databasePlugin(app: FastifyInstance, { config, database }) {
    const owned = !database;
    const pgliteDir = path.join(config.DATA_DIR, 'db');
    const copied =
      !database && !config.DATABASE_URL && config.PGLITE_TEMPLATE
        ? copyTemplate(config.PGLITE_TEMPLATE, pgliteDir)
        : false;
    const opened = database ?? (await openDatabase({ databaseUrl: config.DATABASE_URL, pgliteDir }));
    const applied = await migrate(opened);
    if (applied.length > 0) app.log.info({ applied }, 'database migrations applied');
    const seeded = await seed(opened);
    if (seeded > 0) app.log.info({ seeded }, 'translation prompts seeded');
    const purged = await purgeIdempotencyKeys(opened.db);
    if (purged > 0) app.log.info({ purged }, 'old idempotency keys purged');
    app.decorate('database', opened);
    app.decorate('databaseCopiedFromTemplate', copied);
    if (owned) app.addHook('onClose', async () => opened.close());
  },
  { name: 'database' },
);
