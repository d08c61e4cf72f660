// Accounts (migration 0001): users, their sessions and one-time password resets.
import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { timestamptz, timestamps, oneOf } from './columns.ts';

// --- 0001_accounts ---------------------------------------------------------------------------------------

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey(),
    email: text('email').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: ['contributor', 'admin'] })
      .notNull()
      .default('contributor'),
    ageGroup: text('age_group'),
    gender: text('gender'),
    dialect: text('dialect'),
    ...timestamps,
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('users_role_check', oneOf(table.role, ['contributor', 'admin'])),
    uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
    expiresAt: timestamptz('expires_at').notNull(),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [index('sessions_user_id_idx').on(table.userId)],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
  },
  (table) => [index('password_resets_user_id_idx').on(table.userId)],
);
