// Drizzle table definitions; the SQL migrations in ./migrations are the source of truth for the database.
import {
  bigint,
  bigserial,
  doublePrecision,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RecordingQuality } from '../../core/api/data.ts';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable('users', {
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
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const sessions = pgTable('sessions', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  revokedAt: timestamp('revoked_at', { withTimezone: true }),
});

export const passwordResets = pgTable('password_resets', {
  tokenHash: text('token_hash').primaryKey(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  createdBy: uuid('created_by'),
  ...timestamps,
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const consentEvents = pgTable('consent_events', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  userId: uuid('user_id').notNull(),
  action: text('action', { enum: ['grant', 'withdraw'] }).notNull(),
  consentType: text('consent_type', { enum: ['recording', 'translation', 'full'] }).notNull(),
  formVersion: text('form_version').notNull(),
  ...timestamps,
});

export const translationPairs = pgTable('translation_pairs', {
  id: serial('id').primaryKey(),
  english: text('english').notNull(),
  lopit: text('lopit').notNull().default(''),
  category: text('category', { enum: ['greetings', 'family', 'numbers', 'food', 'time'] }).notNull(),
  status: text('status', { enum: ['empty', 'pending', 'approved'] })
    .notNull()
    .default('empty'),
  version: integer('version').notNull().default(1),
  updatedBy: uuid('updated_by'),
  ...timestamps,
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const translationRevisions = pgTable('translation_revisions', {
  id: bigserial('id', { mode: 'number' }).primaryKey(),
  pairId: integer('pair_id').notNull(),
  userId: uuid('user_id'),
  beforeText: text('before_text').notNull(),
  afterText: text('after_text').notNull(),
  version: integer('version').notNull(),
  ...timestamps,
});

export const lexiconEntries = pgTable('lexicon_entries', {
  id: serial('id').primaryKey(),
  lopit: text('lopit').notNull(),
  english: text('english').notNull(),
  partOfSpeech: text('part_of_speech'),
  ...timestamps,
});

export const recordings = pgTable('recordings', {
  id: uuid('id').primaryKey(),
  ownerId: uuid('owner_id').notNull(),
  fileName: text('file_name').notNull(),
  mimeType: text('mime_type').notNull(),
  sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
  sha256: text('sha256').notNull(),
  durationSeconds: doublePrecision('duration_seconds').notNull(),
  transcript: text('transcript'),
  language: text('language', { enum: ['lpx', 'en'] }),
  title: text('title'),
  promptPairId: integer('prompt_pair_id').references(() => translationPairs.id, { onDelete: 'set null' }),
  ageGroup: text('age_group'),
  gender: text('gender'),
  dialect: text('dialect'),
  codec: text('codec'),
  sampleRate: integer('sample_rate'),
  channels: integer('channels'),
  quality: jsonb('quality').$type<RecordingQuality>().notNull(),
  clientMimeType: text('client_mime_type'),
  clientDurationSeconds: doublePrecision('client_duration_seconds'),
  ...timestamps,
});

export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: uuid('user_id').notNull(),
    key: text('key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** Filled in the same transaction as the request's effect; null only while that transaction runs. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    ...timestamps,
  },
  (table) => [primaryKey({ columns: [table.userId, table.key] })],
);
