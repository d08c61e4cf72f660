// What the server keeps for itself: idempotency keys of replayed requests (0003) and the installation's
// settings (0007), the rate-limit counters shared by every server process (0022) and the unfinished uploads that
// count against each account's quota (0024).
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps, timestamptz } from './columns.ts';

// --- 0003_offline ----------------------------------------------------------------------------------------

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Filled in the same transaction as the request's effect; null only while that transaction runs. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    ...timestamps,
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.key] }),
    check('idempotency_keys_key_check', sql`${table.key} ~ '^[A-Za-z0-9_-]{8,128}$'`),
    index('idempotency_keys_created_idx').on(table.createdAt),
  ],
);

// --- 0007_data_dashboard ---------------------------------------------------------------------------------

/** Values an installation makes once and keeps (the salt of the pseudonymous speaker ids). */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});

// --- 0022_shared_rate_limits -----------------------------------------------------------------------------

/** One fixed window of a rate limit: hits since it began, and when it ends (server/lib/rate-limit-store.ts). */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** SHA-256 (hex) of the limit's scope and key: no address or email is kept. */
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    windowEnds: timestamptz('window_ends').notNull(),
  },
  (table) => [
    check('rate_limit_counters_key_check', sql`${table.key} ~ '^[0-9a-f]{64}$'`),
    check('rate_limit_counters_hits_check', sql`${table.hits} >= 1`),
    index('rate_limit_counters_window_ends_idx').on(table.windowEnds),
  ],
);

// --- 0024_shared_limits ------------------------------------------------------------------------------------

/** An unfinished resumable upload counting against its owner's quota (features/recordings/tus-quota.ts). */
export const openUploads = pgTable(
  'open_uploads',
  {
    uploadId: text('upload_id').primaryKey(),
    ownerId: uuid('owner_id').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    createdAt: timestamptz('created_at').notNull(),
  },
  (table) => [
    check('open_uploads_upload_id_check', sql`${table.uploadId} ~ '^[0-9a-f]{48}$'`),
    check('open_uploads_size_check', sql`${table.size} >= 0`),
    index('open_uploads_owner_idx').on(table.ownerId, table.createdAt),
  ],
);
