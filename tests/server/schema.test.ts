// The Drizzle schema (server/db/schema.ts) says what the migrations create: the same tables, and in each the same
// columns (type, nullability, default, generated), primary key, foreign keys, and named checks, uniques and indexes.
import { is, sql, SQL } from 'drizzle-orm';
import { getTableConfig, PgDialect, PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../../server/db/migrate.ts';
import * as schema from '../../server/db/schema.ts';
import { createTestApp, DATABASE_KINDS, type TestApp } from './test-app.ts';

const tables = Object.values(schema as Record<string, unknown>).filter((value): value is PgTable =>
  is(value, PgTable),
);
const dialect = new PgDialect();
/** Created by the migration runner itself, not by a migration. */
const RUNNER_TABLES = ['schema_migrations'];
/** Created by migration 0005 only where pg_trgm can be installed (not every PostgreSQL has it). */
const OPTIONAL_INDEXES = ['lexicon_entries_lopit_trgm_idx', 'lexicon_entries_english_trgm_idx'];

const sorted = <T>(values: T[]) =>
  [...values].sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
/** `'queued'::text` -> `'queued'`, `nextval('x'::regclass)` -> `nextval('x')`: defaults without their casts. */
const uncast = (text: string) => text.replace(/::[a-z ]+(\[\])?/g, '');

function schemaColumns() {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return config.columns.map((column) => {
      const sqlType = column.getSQLType();
      const serial = sqlType === 'serial' || sqlType === 'bigserial';
      let value: string | null = null;
      if (serial) value = `nextval('${config.name}_${column.name}_seq')`;
      else if (is(column.default, SQL)) value = dialect.sqlToQuery(column.default).sql;
      else if (typeof column.default === 'string') value = `'${column.default}'`;
      else if (column.default !== undefined) value = JSON.stringify(column.default);
      return {
        column: `${config.name}.${column.name}`,
        type: serial ? (sqlType === 'serial' ? 'integer' : 'bigint') : sqlType,
        notNull: column.notNull,
        default: value,
        generated: column.generated ? 'ALWAYS' : 'NEVER',
      };
    });
  });
}

function schemaConstraints() {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    const primary = config.columns.filter((column) => column.primary).map((column) => column.name);
    const compound = config.primaryKeys.map((key) => key.columns.map((column) => column.name));
    return [
      { table: config.name, kind: 'p', columns: compound[0] ?? primary },
      ...config.foreignKeys.map((key) => {
        const reference = key.reference();
        return {
          table: config.name,
          kind: 'f',
          columns: reference.columns.map((column) => column.name),
          references: `${getTableConfig(reference.foreignTable).name}(${reference.foreignColumns.map((column) => column.name).join(',')})`,
          onDelete: key.onDelete ?? 'no action',
        };
      }),
    ];
  });
}

function schemaNames() {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    return [
      ...config.checks.map((check) => `${config.name} check ${check.name}`),
      ...config.columns
        .filter((column) => column.isUnique)
        .map((column) => `${config.name} unique ${column.uniqueName}`),
      ...config.indexes.map((index) => `${config.name} index ${index.config.name}`),
    ];
  });
}

describe.each(DATABASE_KINDS)('schema.ts against the migrated database on %s', (kind) => {
  let t: TestApp;
  const query = async <T>(statement: SQL) => rowsOf<T>(await t.database.db.execute(statement));

  beforeAll(async () => {
    t = await createTestApp(kind, { TRAINING_WORKER: 'off' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('defines every table the migrations create, and no other', async () => {
    const rows = await query<{ name: string }>(
      sql`select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    );
    const inDatabase = rows.map((row) => row.name).filter((name) => !RUNNER_TABLES.includes(name));
    expect(tables.map((table) => getTableConfig(table).name).sort()).toEqual(inDatabase.sort());
  });

  it('gives every column its type, nullability, default and generation', async () => {
    const rows = await query<{
      table_name: string;
      column_name: string;
      data_type: string;
      udt_name: string;
      is_nullable: string;
      column_default: string | null;
      is_generated: string;
    }>(sql`select table_name, column_name, data_type, udt_name, is_nullable, column_default, is_generated
      from information_schema.columns where table_schema = 'public'`);
    const inDatabase = rows
      .filter((row) => !RUNNER_TABLES.includes(row.table_name))
      .map((row) => ({
        column: `${row.table_name}.${row.column_name}`,
        type: row.data_type === 'ARRAY' ? `${row.udt_name.slice(1)}[]` : row.data_type,
        notNull: row.is_nullable === 'NO',
        default: row.column_default === null ? null : uncast(row.column_default),
        generated: row.is_generated,
      }));
    expect(sorted(schemaColumns())).toEqual(sorted(inDatabase));
  });

  it('has the same primary and foreign keys', async () => {
    const rows = await query<{
      table: string;
      kind: string;
      columns: string[] | string;
      references: string | null;
      on_delete: string;
    }>(sql`select c.conrelid::regclass::text as table, c.contype as kind,
        array(select a.attname::text from unnest(c.conkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = k.n order by k.i) as columns,
        case when c.contype = 'f' then c.confrelid::regclass::text || '(' || array_to_string(array(
          select a.attname::text from unnest(c.confkey) with ordinality k(n, i)
          join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.n order by k.i), ',') || ')' end
          as references,
        case c.confdeltype when 'c' then 'cascade' when 'n' then 'set null' when 'r' then 'restrict'
          when 'd' then 'set default' else 'no action' end as on_delete
      from pg_constraint c where c.connamespace = 'public'::regnamespace and c.contype in ('p', 'f')`);
    const inDatabase = rows
      .filter((row) => !RUNNER_TABLES.includes(row.table))
      .map((row) => {
        // PGlite answers text[] as an array, postgres-js too; a string would be the array's text form.
        const columns = Array.isArray(row.columns) ? row.columns : row.columns.slice(1, -1).split(',');
        return row.kind === 'p'
          ? { table: row.table, kind: 'p', columns }
          : { table: row.table, kind: 'f', columns, references: row.references, onDelete: row.on_delete };
      });
    expect(sorted(schemaConstraints())).toEqual(sorted(inDatabase));
  });

  it('names the same checks, unique constraints and indexes', async () => {
    const rows = await query<{ name: string }>(
      sql`select c.conrelid::regclass::text || case c.contype when 'c' then ' check ' else ' unique ' end
          || c.conname as name
        from pg_constraint c where c.connamespace = 'public'::regnamespace and c.contype in ('c', 'u')
        union all
        select i.tablename || ' index ' || i.indexname from pg_indexes i
        where i.schemaname = 'public'
          and not exists (select 1 from pg_constraint c where c.conindid = (quote_ident(i.indexname))::regclass)`,
    );
    const inDatabase = rows
      .map((row) => row.name)
      .filter((name) => !RUNNER_TABLES.some((table) => name.startsWith(`${table} `)))
      .filter((name) => !OPTIONAL_INDEXES.some((index) => name.endsWith(` index ${index}`)));
    expect(schemaNames().sort()).toEqual(inDatabase.sort());
  });
});
