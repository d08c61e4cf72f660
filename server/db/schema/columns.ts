// What the table definitions share: timestamptz columns, created_at, and CHECKs written as the migrations write them.
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, timestamp } from 'drizzle-orm/pg-core';

export const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
};

/** `column IN (...)` over text literals, as the migrations write their CHECKs. */
export const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;
