// Made once per run of the API tier: a migrated database of each kind that every test file starts from as a copy
// (PGlite: a data-folder dump loaded in a few seconds instead of initdb and every migration; PostgreSQL: CREATE
// DATABASE ... TEMPLATE, in milliseconds). The copies are what a fresh installation's migrations make.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { createScratchDatabase, type ScratchDatabase } from '../../server/db/scratch-database.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** File holding the migrated PGlite data folder (a tar dump). */
    pgliteTemplate: string;
    /** Name of the migrated PostgreSQL template database, when TEST_DATABASE_URL is set. */
    postgresTemplate: string | null;
  }
}

export default async function setup(project: TestProject) {
  const folder = path.resolve('.tmp', 'test-templates');
  fs.mkdirSync(folder, { recursive: true });
  const file = path.join(folder, `pglite-${process.pid}.tar`);
  const pglite = await openDatabase({});
  await migrate(pglite);
  const dump = await pglite.dumpDataDir!();
  await pglite.close();
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);

  let template: ScratchDatabase | null = null;
  if (process.env.TEST_DATABASE_URL) {
    template = await createScratchDatabase(process.env.TEST_DATABASE_URL, 'lopit_template');
    const postgres = await openDatabase({ databaseUrl: template.url });
    await migrate(postgres);
    await postgres.close();
  }
  project.provide('postgresTemplate', template?.name ?? null);

  return async () => {
    fs.rmSync(file, { force: true });
    await template?.drop();
  };
}
