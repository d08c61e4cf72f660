// Language models (migrations 0005, 0006): trained model artifacts, the revisions of the data the translation
// engine was built from, training workers' tokens and training jobs.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  TRAINING_JOB_STATES,
  type TrainingJobState,
  type TrainingMetrics,
} from '../../../core/api/training.ts';
import { MODEL_TYPES } from '../../../core/constants.ts';
import { users } from './accounts.ts';

/** Job states with a worker or waiting for one (the partial unique index allows one per model type). */
export const ACTIVE_JOB_STATES = ['queued', 'running'] as const satisfies readonly TrainingJobState[];
const FINISHED_JOB_STATES = ['succeeded', 'failed', 'stopped'] as const satisfies readonly TrainingJobState[];
import { timestamptz, timestamps, oneOf } from './columns.ts';

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
