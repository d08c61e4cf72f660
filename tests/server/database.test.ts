// Migrations apply once, refuse edited history, the embedded database is never opened by two processes, and a
// server's new embedded database made from PGLITE_TEMPLATE is a copy of it with a sync epoch of its own.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { buildApp } from '../../server/app.ts';
import { loadConfig } from '../../server/config.ts';
import { DatabaseLockedError, openDatabase, type Db } from '../../server/db/driver.ts';
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

describe('a server started from PGLITE_TEMPLATE', () => {
  const settingsOf = async (db: Db) =>
    Object.fromEntries(
      rowsOf<{ key: string; value: string }>(
        await db.execute(sql`select key, value from installation_settings`),
      ).map((row) => [row.key, row.value]),
    );

  it('makes its new embedded database a copy of the template, an installation of its own', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lopit-template-'));
    try {
      // A migrated folder (from the run's template dump), marked so that a copy of it can be told from initdb.
      const template = path.join(dir, 'template');
      const made = new PGlite(template, {
        loadDataDir: new Blob([fs.readFileSync(inject('pgliteTemplate'))]),
      });
      await made.exec(`insert into installation_settings (key, value) values ('template_mark', 'copied')`);
      const templateEpoch = (
        await made.query<{ value: string }>(
          `select value from installation_settings where key = 'sync_epoch'`,
        )
      ).rows[0]?.value;
      await made.close();
      expect(templateEpoch).toMatch(/^[0-9a-f-]{36}$/);

      const env = {
        DATA_DIR: path.join(dir, 'data'),
        STATIC_DIR: path.join(dir, 'no-build'),
        LOG_LEVEL: 'silent',
        TRAINING_WORKER: 'off',
        PGLITE_TEMPLATE: template,
      };
      const config = loadConfig(env);
      const epochs: string[] = [];
      // Started twice on the same DATA_DIR: made from the template once, then opened as it is.
      for (let start = 0; start < 2; start += 1) {
        const app = await buildApp({ config, logger: false });
        try {
          await app.ready();
          const settings = await settingsOf(app.database.db);
          expect(settings.template_mark).toBe('copied');
          expect(settings.sync_epoch).toMatch(/^[0-9a-f-]{36}$/);
          expect(settings.sync_epoch).not.toBe(templateEpoch);
          epochs.push(settings.sync_epoch!);
          expect(await migrate(app.database)).toEqual([]);
        } finally {
          await app.close();
        }
      }
      expect(epochs[1]).toBe(epochs[0]);
      expect(fs.readdirSync(path.join(dir, 'data')).filter((name) => name.includes('copying'))).toEqual([]);

      // A template that is not a PGlite data folder is refused, and nothing is made.
      const wrong = loadConfig({ ...env, DATA_DIR: path.join(dir, 'other'), PGLITE_TEMPLATE: dir });
      await expect(buildApp({ config: wrong, logger: false })).rejects.toThrow(/not a PGlite data folder/);
      expect(fs.existsSync(path.join(dir, 'other', 'db'))).toBe(false);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
