// Drizzle table definitions; the SQL migrations in ./migrations are the source of truth for the database.
// Every table they create is here with its columns, defaults, keys, checks and indexes as the SQL has them;
// what Drizzle cannot say (functions, triggers, collations, the optional trigram indexes) stays in the SQL alone.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  bigserial,
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { RecordingQuality } from '../../core/api/recordings.ts';
import { TRAINING_JOB_STATES, type TrainingJobState, type TrainingMetrics } from '../../core/api/training.ts';
import { MODEL_TYPES } from '../../core/constants.ts';

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const timestamps = {
  createdAt: timestamptz('created_at').notNull().defaultNow(),
};

/** `column IN (...)` over text literals, as the migrations write their CHECKs. */
const oneOf = (column: AnyPgColumn, values: readonly string[]) =>
  sql`${column} in (${sql.raw(values.map((value) => `'${value}'`).join(', '))})`;

/** Job states with a worker or waiting for one (the partial unique index allows one per model type). */
export const ACTIVE_JOB_STATES = ['queued', 'running'] as const satisfies readonly TrainingJobState[];
const FINISHED_JOB_STATES = ['succeeded', 'failed', 'stopped'] as const satisfies readonly TrainingJobState[];

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

// --- 0002_contributions, 0004_recordings, 0005_translation_engine (lexicon keys) -------------------------

export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['grant', 'withdraw'] }).notNull(),
    consentType: text('consent_type', { enum: ['recording', 'translation', 'full'] }).notNull(),
    formVersion: text('form_version').notNull(),
    ...timestamps,
  },
  (table) => [
    check('consent_events_action_check', oneOf(table.action, ['grant', 'withdraw'])),
    check(
      'consent_events_consent_type_check',
      oneOf(table.consentType, ['recording', 'translation', 'full']),
    ),
    index('consent_events_user_idx').on(table.userId, table.id),
  ],
);

const PAIR_CATEGORIES = ['greetings', 'family', 'numbers', 'food', 'time'] as const;
const PAIR_STATUSES = ['empty', 'pending', 'approved'] as const;

export const translationPairs = pgTable(
  'translation_pairs',
  {
    id: serial('id').primaryKey(),
    english: text('english').notNull(),
    lopit: text('lopit').notNull().default(''),
    category: text('category', { enum: PAIR_CATEGORIES }).notNull(),
    status: text('status', { enum: PAIR_STATUSES }).notNull().default('empty'),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('translation_pairs_category_check', oneOf(table.category, PAIR_CATEGORIES)),
    check('translation_pairs_status_check', oneOf(table.status, PAIR_STATUSES)),
    index('translation_pairs_category_idx').on(table.category, table.id),
    uniqueIndex('translation_pairs_english_key').on(table.category, table.english),
  ],
);

export const translationRevisions = pgTable(
  'translation_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => translationPairs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    beforeText: text('before_text').notNull(),
    afterText: text('after_text').notNull(),
    version: integer('version').notNull(),
    ...timestamps,
  },
  (table) => [index('translation_revisions_pair_idx').on(table.pairId, table.id)],
);

export const lexiconEntries = pgTable(
  'lexicon_entries',
  {
    id: serial('id').primaryKey(),
    lopit: text('lopit').notNull(),
    english: text('english').notNull(),
    partOfSpeech: text('part_of_speech'),
    ...timestamps,
    /** Search keys (SQL function lexicon_key, collation "C"), generated by the database. */
    lopitKey: text('lopit_key').generatedAlwaysAs(sql`lexicon_key(lopit)`),
    englishKey: text('english_key').generatedAlwaysAs(sql`lexicon_key(english)`),
  },
  (table) => [
    uniqueIndex('lexicon_entries_keys_key').on(table.lopitKey, table.englishKey),
    index('lexicon_entries_lopit_key_idx').on(table.lopitKey, table.id),
    index('lexicon_entries_english_key_idx').on(table.englishKey, table.id),
  ],
);

export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    transcript: text('transcript'),
    language: text('language', { enum: ['lpx', 'en'] }),
    ...timestamps,
    title: text('title'),
    promptPairId: integer('prompt_pair_id').references(() => translationPairs.id, { onDelete: 'set null' }),
    ageGroup: text('age_group'),
    gender: text('gender'),
    dialect: text('dialect'),
    codec: text('codec'),
    sampleRate: integer('sample_rate'),
    channels: integer('channels'),
    quality: jsonb('quality')
      .$type<RecordingQuality>()
      .notNull()
      .default(sql`'{}'`),
    clientMimeType: text('client_mime_type'),
    clientDurationSeconds: doublePrecision('client_duration_seconds'),
  },
  (table) => [
    index('recordings_owner_idx').on(table.ownerId, table.createdAt.desc()),
    index('recordings_sha256_idx').on(table.sha256),
    index('recordings_created_idx').on(table.createdAt.desc(), table.id),
  ],
);

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

// --- 0005_translation_engine -----------------------------------------------------------------------------

/** Trained models; the bytes are the blob named by `version` (their SHA-256). The latest row of a type serves. */
export const modelArtifacts = pgTable(
  'model_artifacts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    modelType: text('model_type', { enum: MODEL_TYPES }).notNull(),
    version: text('version').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    contentType: text('content_type').notNull(),
    /** Figures of the run (chrF, BLEU, pairs used...): a flat object of numbers. */
    metrics: jsonb('metrics')
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'`),
    /** The training job that made it (no foreign key: training_jobs came in a later migration). */
    jobId: bigint('job_id', { mode: 'number' }),
    ...timestamps,
  },
  (table) => [
    check('model_artifacts_model_type_check', oneOf(table.modelType, MODEL_TYPES)),
    check('model_artifacts_version_check', sql`${table.version} ~ '^[0-9a-f]{64}$'`),
    check('model_artifacts_size_bytes_check', sql`${table.sizeBytes} >= 0`),
    index('model_artifacts_latest_idx').on(table.modelType, table.id.desc()),
    index('model_artifacts_version_idx').on(table.version),
  ],
);

/** Revision counters of the translation engine's sources, bumped by statement triggers (migration 0005). */
export const engineDataRevisions = pgTable('engine_data_revisions', {
  source: text('source').primaryKey(),
  revision: bigint('revision', { mode: 'number' }).notNull().default(0),
});

// --- 0006_training_jobs ----------------------------------------------------------------------------------

/** Tokens of external training workers, stored as SHA-256 hashes. */
export const trainingWorkerTokens = pgTable(
  'training_worker_tokens',
  {
    id: serial('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique('training_worker_tokens_token_hash_key'),
    name: text('name').notNull(),
    /** Model types this worker may claim. */
    modelTypes: text('model_types', { enum: MODEL_TYPES }).array().notNull(),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    lastSeenAt: timestamptz('last_seen_at'),
    revokedAt: timestamptz('revoked_at'),
  },
  (table) => [
    check(
      'training_worker_tokens_model_types_check',
      sql`${table.modelTypes} <@ ARRAY['asr', 'tts', 'mt']::text[] and cardinality(${table.modelTypes}) > 0`,
    ),
  ],
);

/** Training jobs: queued -> running -> succeeded | failed | stopped; finished jobs are the history of runs. */
export const trainingJobs = pgTable(
  'training_jobs',
  {
    id: serial('id').primaryKey(),
    modelType: text('model_type', { enum: MODEL_TYPES }).notNull(),
    state: text('state', { enum: TRAINING_JOB_STATES }).notNull().default('queued'),
    /** Start options (tts: speakerId, runner). */
    params: jsonb('params')
      .$type<Record<string, unknown>>()
      .notNull()
      .default(sql`'{}'`),
    /** true: only an external worker (HTTP protocol) may claim it. */
    external: boolean('external').notNull().default(false),
    progress: integer('progress').notNull().default(0),
    message: text('message'),
    /** Claims so far (of the current stage); a claim is (id, worker_id, attempts). */
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    workerTokenId: integer('worker_token_id').references(() => trainingWorkerTokens.id, {
      onDelete: 'set null',
    }),
    stopRequested: boolean('stop_requested').notNull().default(false),
    metrics: jsonb('metrics').$type<TrainingMetrics>(),
    /** What the run produced beside its metrics: the TTS voice inventory, the ASR split. */
    result: jsonb('result'),
    /** An artifact uploaded by an external worker: a blob of the content-addressed store. */
    artifactSha256: text('artifact_sha256'),
    artifactSize: bigint('artifact_size', { mode: 'number' }),
    artifactFileName: text('artifact_file_name'),
    /** A model stored by a built-in trainer in model_artifacts, by id and version (no foreign key). */
    modelArtifactId: bigint('model_artifact_id', { mode: 'number' }),
    modelVersion: text('model_version'),
    error: text('error'),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    startedAt: timestamptz('started_at'),
    heartbeatAt: timestamptz('heartbeat_at'),
    finishedAt: timestamptz('finished_at'),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('training_jobs_model_type_check', oneOf(table.modelType, MODEL_TYPES)),
    check('training_jobs_state_check', oneOf(table.state, TRAINING_JOB_STATES)),
    check('training_jobs_progress_check', sql`${table.progress} between 0 and 100`),
    check('training_jobs_artifact_sha256_check', sql`${table.artifactSha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'training_jobs_check',
      sql`(${oneOf(table.state, FINISHED_JOB_STATES)}) = (${table.finishedAt} is not null)`,
    ),
    uniqueIndex('training_jobs_one_active').on(table.modelType).where(oneOf(table.state, ACTIVE_JOB_STATES)),
    index('training_jobs_history_idx').on(table.modelType, table.id.desc()),
    index('training_jobs_running_idx')
      .on(table.heartbeatAt)
      .where(sql`${table.state} = 'running'`),
  ],
);

// --- 0007_data_dashboard ---------------------------------------------------------------------------------

/** Values an installation makes once and keeps (the salt of the pseudonymous speaker ids). */
export const installationSettings = pgTable('installation_settings', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
  ...timestamps,
});
