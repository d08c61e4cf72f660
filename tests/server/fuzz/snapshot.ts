// State the fuzz tier compares before and after rejected requests: every table of the public schema (its rows'
// count and newest version, rowsSum), and every file under DATA_DIR with its size.
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../../server/db/migrate.ts';
import type { Database } from '../../../server/db/driver.ts';

export interface Snapshot {
  /** table -> "rows:newest row version" (or "rows:md5 of all rows") */
  tables: Record<string, string>;
  /** path under DATA_DIR -> size in bytes */
  files: Record<string, number>;
}

/** Tables whose rows may change without any request (none today). */
const VOLATILE_TABLES = new Set<string>();
/** Columns a rejected request may legitimately write: a worker token notes when it was last presented. */
const VOLATILE_COLUMNS: Record<string, string[]> = { training_worker_tokens: ['last_seen_at'] };

async function tableNames(database: Database): Promise<string[]> {
  const rows = rowsOf<{ name: string }>(
    await database.db.execute(
      sql`select table_name as name from information_schema.tables
          where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    ),
  );
  return rows.map((row) => row.name).filter((name) => !VOLATILE_TABLES.has(name));
}

async function listFiles(root: string): Promise<Record<string, number>> {
  const files: Record<string, number> = {};
  const walk = async (directory: string): Promise<void> => {
    const entries = await fsp.readdir(directory, { withFileTypes: true }).catch(() => []);
    for (const entry of entries) {
      const full = path.join(directory, entry.name);
      if (entry.isDirectory()) await walk(full);
      else {
        const stat = await fsp.stat(full).catch(() => null);
        files[path.relative(root, full)] = stat?.size ?? -1;
      }
    }
  };
  await walk(root);
  return files;
}

/**
 * What stands for a table's rows beside their count. Every insert and update writes a row version stamped with
 * its transaction's id (xmin), newer than any before it, and a delete lowers the count (or, with an insert,
 * leaves a newer xmin): the count and the newest xmin change whenever a row does, and reading them takes one
 * scan without turning rows into text or sorting them. A table with volatile columns is summed by content,
 * without them (an update of those alone is no change).
 */
function rowsSum(table: string): string {
  const columns = VOLATILE_COLUMNS[table];
  if (!columns) return `coalesce(max(xmin::text::bigint)::text, '')`;
  const text = `(to_jsonb(t) - array[${columns.map((column) => `'${column}'`).join(', ')}])::text`;
  return `coalesce(md5(string_agg(${text}, E'\\n' order by ${text})), '')`;
}

export class StateProbe {
  private tables: string[] | null = null;

  constructor(
    private readonly database: Database,
    private readonly dataDir: string,
  ) {}

  async take(): Promise<Snapshot> {
    this.tables ??= await tableNames(this.database);
    const query = this.tables
      .map(
        (table) =>
          `select '${table}' as name, count(*)::text || ':' || ${rowsSum(table)} as sum from "${table}" t`,
      )
      .join(' union all ');
    const rows = rowsOf<{ name: string; sum: string }>(await this.database.db.execute(sql.raw(query)));
    return {
      tables: Object.fromEntries(rows.map((row) => [row.name, row.sum])),
      files: await listFiles(this.dataDir),
    };
  }

  /** A snapshot that holds still: after an accepted request, background work (spool files, caches) settles first. */
  async settled(): Promise<Snapshot> {
    let previous = await this.take();
    for (let attempt = 0; attempt < 40; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      const next = await this.take();
      if (differences(previous, next).length === 0) return next;
      previous = next;
    }
    return previous;
  }
}

/** What changed between two snapshots, one line per table or file. */
export function differences(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const name of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const was = before.tables[name];
    const is = after.tables[name];
    if (was !== is)
      lines.push(
        `table ${name}: rows ${was?.split(':')[0] ?? '?'} -> ${is?.split(':')[0] ?? '?'}${was?.split(':')[0] === is?.split(':')[0] ? ' (rows changed)' : ''}`,
      );
  }
  for (const name of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    const was = before.files[name];
    const is = after.files[name];
    if (was === undefined) lines.push(`file added: ${name} (${is} bytes)`);
    else if (is === undefined) lines.push(`file removed: ${name}`);
    else if (was !== is) lines.push(`file changed: ${name} (${was} -> ${is} bytes)`);
  }
  return lines;
}
