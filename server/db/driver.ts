// Opens the database: embedded PGlite in DATA_DIR by default, PostgreSQL when DATABASE_URL is set.
// Both expose the same Drizzle API, so repositories run unchanged on either.
import fs from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { is } from 'drizzle-orm';
import { PgTransaction, type PgDatabase, type PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { acquireLock } from '../lib/process-lock.ts';
import { yieldBetweenQueries } from './pglite-turns.ts';
import * as schema from './schema.ts';

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** An open transaction of `db.transaction(...)`: the same query API, committed or rolled back as one. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** What repositories run on: the database itself, or a transaction a route opened around its effects. */
export type DbOrTx = Db | Tx;

export interface Database {
  kind: 'pglite' | 'postgres';
  db: Db;
  /** Runs SQL text that may hold several statements (migrations). */
  execScript(sqlText: string): Promise<void>;
  /** Runs SQL text in one transaction: all of it applies, or none. */
  execScriptInTransaction(sqlText: string): Promise<void>;
  /** Runs `fn` while holding the migration lock, so two processes never migrate at once. */
  withMigrationLock<T>(fn: () => Promise<T>): Promise<T>;
  /** PGlite only: the whole data folder as a tar file, to start other databases from (tests' templates). */
  dumpDataDir?(): Promise<Blob>;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  databaseUrl?: string | undefined;
  /** Folder for PGlite; `undefined` keeps the database in memory (tests). */
  pgliteDir?: string | undefined;
  /** For an in-memory PGlite: a data-folder dump (`dumpDataDir()`) to start from instead of an empty cluster. */
  pgliteTemplate?: Blob | undefined;
}

export class DatabaseLockedError extends Error {}

/**
 * Runs `run` in a transaction: `db` itself when it already is one (no savepoint: two round trips fewer, which
 * counts when hundreds of phones replay their edits, each in an idempotent request's transaction), else a new
 * one. Only for work whose failure fails the caller too: nothing is rolled back apart from the whole transaction.
 */
export function withinTransaction<T>(db: DbOrTx, run: (tx: Tx) => Promise<T>): Promise<T> {
  return is(db, PgTransaction) ? run(db as Tx) : db.transaction(run);
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.databaseUrl
    ? Promise.resolve(openPostgres(options.databaseUrl))
    : openPglite(options.pgliteDir, options.pgliteTemplate);
}

async function openPglite(dir: string | undefined, template?: Blob): Promise<Database> {
  let releaseLock = () => undefined as void;
  if (dir) {
    await fs.mkdir(path.dirname(dir), { recursive: true });
    // PGlite has no locking of its own: two processes on one folder would corrupt it.
    const lock = acquireLock(`${dir}.lock`);
    if ('heldBy' in lock) {
      throw new DatabaseLockedError(`The embedded database in ${dir} is in use by process ${lock.heldBy}.`);
    }
    releaseLock = lock.release;
  }
  // pg_trgm backs the lexicon's contains search (migration 0005); PostgreSQL has it in contrib.
  const extensions = { pg_trgm };
  const client = dir
    ? new PGlite(dir, { extensions })
    : new PGlite({ extensions, ...(template ? { loadDataDir: template } : {}) });
  try {
    await client.waitReady;
  } catch (error) {
    releaseLock();
    throw error;
  }
  yieldBetweenQueries(client);
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    kind: 'pglite',
    db,
    execScript: async (sqlText) => {
      await client.exec(sqlText);
    },
    execScriptInTransaction: async (sqlText) => {
      await client.transaction(async (tx) => {
        await tx.exec(sqlText);
      });
    },
    // PGlite is single-connection and single-process: nothing else can migrate concurrently.
    withMigrationLock: (fn) => fn(),
    dumpDataDir: () => client.dumpDataDir('none'),
    close: async () => {
      await client.close();
      releaseLock();
    },
  };
}

function openPostgres(url: string): Database {
  const client = postgres(url, { max: 10, onnotice: () => undefined });
  const db = drizzlePostgres(client, { schema }) as unknown as Db;
  return {
    kind: 'postgres',
    db,
    execScript: async (sqlText) => {
      await client.unsafe(sqlText);
    },
    execScriptInTransaction: async (sqlText) => {
      await client.begin(async (tx) => {
        await tx.unsafe(sqlText);
      });
    },
    withMigrationLock: async (fn) => {
      const reserved = await client.reserve();
      try {
        // Arbitrary constant key shared by every process of this app.
        await reserved`select pg_advisory_lock(721001)`;
        return await fn();
      } finally {
        await reserved`select pg_advisory_unlock(721001)`;
        reserved.release();
      }
    },
    close: () => client.end({ timeout: 5 }),
  };
}
