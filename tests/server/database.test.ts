// Migrations apply once, refuse edited history, and the embedded database is never opened by two processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { DatabaseLockedError, openDatabase } from '../../server/db/driver.ts';
import { migrate, readMigrations, rowsOf } from '../../server/db/migrate.ts';
import { DATABASE_KINDS, createTestApp } from './test-app.ts';

describe.each(DATABASE_KINDS)('migrations on %s', (kind) => {
  it('apply every numbered file once; a second run changes nothing', async () => {
    const t = await createTestApp(kind);
    try {
      const files = await readMigrations();
      const applied = rowsOf<{ version: number }>(
        await t.database.db.execute(sql`select version from schema_migrations order by version`),
      );
      expect(applied.map((row) => Number(row.version))).toEqual(files.map((file) => file.version));
      expect(await migrate(t.database)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});

describe('migration safety', () => {
  it('refuses to start when an applied migration was edited', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-migrations-'));
    fs.writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE t (id int);');
    const database = await openDatabase({});
    try {
      expect(await migrate(database, dir)).toEqual(['0001_first.sql']);
      fs.writeFileSync(path.join(dir, '0001_first.sql'), 'CREATE TABLE t (id bigint);');
      await expect(migrate(database, dir)).rejects.toThrow(/was changed after it was applied/);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('rolls back a failing migration completely', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-migrations-'));
    fs.writeFileSync(
      path.join(dir, '0001_broken.sql'),
      'CREATE TABLE half (id int); SELECT * FROM no_such_table;',
    );
    const database = await openDatabase({});
    try {
      await expect(migrate(database, dir)).rejects.toThrow();
      const tables = rowsOf<{ n: number }>(
        await database.db.execute(sql`select count(*)::int as n from pg_tables where tablename = 'half'`),
      );
      expect(tables[0]?.n).toBe(0);
    } finally {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('locks the embedded database folder to one opener at a time', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-lock-'));
    const first = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    try {
      // The lock names the holding process; this process holds it, so pretend another live one does.
      fs.writeFileSync(path.join(dir, 'db.lock'), String(process.ppid));
      await expect(openDatabase({ pgliteDir: path.join(dir, 'db') })).rejects.toBeInstanceOf(
        DatabaseLockedError,
      );
    } finally {
      fs.writeFileSync(path.join(dir, 'db.lock'), String(process.pid));
      await first.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
