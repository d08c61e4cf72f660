// Applies the numbered SQL migrations in server/db/migrations, in order, once each, at start-up.
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { Database } from './driver.ts';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
const FILE_PATTERN = /^(\d{4})_[a-z0-9_]+\.sql$/;

export interface Migration {
  version: number;
  name: string;
  sql: string;
  checksum: string;
}

export async function readMigrations(dir = MIGRATIONS_DIR): Promise<Migration[]> {
  const files = (await fs.readdir(dir)).filter((file) => FILE_PATTERN.test(file)).sort();
  const migrations: Migration[] = [];
  for (const file of files) {
    const text = await fs.readFile(path.join(dir, file), 'utf8');
    migrations.push({
      version: Number(FILE_PATTERN.exec(file)?.[1]),
      name: file,
      sql: text,
      checksum: crypto.createHash('sha256').update(text).digest('hex'),
    });
  }
  const versions = new Set(migrations.map((migration) => migration.version));
  if (versions.size !== migrations.length) throw new Error('Two migrations share a number');
  return migrations;
}

/** Applies pending migrations; refuses to start if an applied migration file was edited afterwards. */
export async function migrate(database: Database, dir?: string): Promise<string[]> {
  const migrations = await readMigrations(dir);
  return database.withMigrationLock(async () => {
    await database.execScript(`CREATE TABLE IF NOT EXISTS schema_migrations (
      version integer PRIMARY KEY,
      name text NOT NULL,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
    const applied = rowsOf<{ version: number; checksum: string }>(
      await database.db.execute(sql`select version, checksum from schema_migrations`),
    );
    const appliedByVersion = new Map(applied.map((row) => [Number(row.version), row]));
    const done: string[] = [];
    for (const migration of migrations) {
      const previous = appliedByVersion.get(migration.version);
      if (previous) {
        if (previous.checksum !== migration.checksum) {
          throw new Error(
            `Migration ${migration.name} was changed after it was applied; add a new migration instead`,
          );
        }
        continue;
      }
      // name and checksum come from FILE_PATTERN and hex digits: safe to inline.
      const record = `INSERT INTO schema_migrations (version, name, checksum) VALUES (${migration.version}, '${migration.name}', '${migration.checksum}');`;
      await database.execScriptInTransaction(`${migration.sql}\n${record}`);
      done.push(migration.name);
    }
    return done;
  });
}

/** Drizzle's execute() returns rows directly (postgres-js) or inside `rows` (PGlite). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return (result as { rows?: T[] }).rows ?? [];
}
