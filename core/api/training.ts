// Model training: the status of each model type (product-spec section 7), its runs, how far the data is from
// what the model needs, and the HTTP protocol of external training workers.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { MODEL_TYPES } from '../constants.ts';
import { usableSpeechSchema } from './data.ts';

export const modelStatusSchema = z.object({
  modelType: z.enum(['asr', 'tts', 'mt']),
  status: z.enum(['trained', 'training', 'not_trained', 'error']),
  lastTrained: z.string().nullable(),
  progress: z.number().min(0).max(100),
  metrics: z.record(z.string(), z.union([z.number(), z.string()])),
});
export type ModelStatus = z.infer<typeof modelStatusSchema>;

export const modelTypeSchema = z.enum(MODEL_TYPES, { error: 'model_type must be one of: asr, tts, mt' });

export const TRAINING_JOB_STATES = ['queued', 'running', 'succeeded', 'failed', 'stopped'] as const;
export const trainingJobStateSchema = z.enum(TRAINING_JOB_STATES);
export type TrainingJobState = z.infer<typeof trainingJobStateSchema>;

/** Error codes of the training API (beside the general ones of ./errors.ts). */
export const TRAINING_ERROR_CODES = {
  /** Start while a job of the same model type is queued or running. */
  alreadyActive: 'TRAINING_ALREADY_ACTIVE',
  /** Stop while nothing of that model type is queued or running. */
  notActive: 'TRAINING_NOT_ACTIVE',
  /** An external worker reports on a job it no longer holds (requeued, failed, stopped or someone else's). */
  jobNotHeld: 'TRAINING_JOB_NOT_HELD',
  invalidWorkerToken: 'INVALID_WORKER_TOKEN',
  artifactTooLarge: 'ARTIFACT_TOO_LARGE',
  unsupportedArtifact: 'UNSUPPORTED_ARTIFACT',
} as const;

export const metricsSchema = z.record(z.string().max(100), z.union([z.number(), z.string().max(500)]));
export type TrainingMetrics = z.infer<typeof metricsSchema>;

/** One run of a model type: a job from queued to its end. */
export const trainingRunSchema = z.object({
  id: z.number().int(),
  modelType: modelTypeSchema,
  state: trainingJobStateSchema,
  progress: z.number().min(0).max(100),
  message: z.string().nullable(),
  error: z.string().nullable(),
  metrics: metricsSchema.nullable(),
  stopRequested: z.boolean(),
  /** Waiting for, or held by, a worker outside the server (HTTP protocol). */
  external: z.boolean(),
  /** How many times a worker claimed it (a silent worker's job is requeued once). */
  attempts: z.number().int(),
  workerId: z.string().nullable(),
  startedBy: z.string().nullable(),
  /** A model artifact uploaded by an external worker (content-addressed). */
  artifact: z.object({ sha256: z.string(), size: z.number(), fileName: z.string().nullable() }).nullable(),
  /** The model stored by a built-in trainer (model_artifacts), with its version. */
  modelArtifactId: z.number().int().nullable(),
  modelVersion: z.string().nullable(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  heartbeatAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
});
export type TrainingRun = z.infer<typeof trainingRunSchema>;

export const READINESS_UNITS = ['hours', 'speakers', 'recordings', 'pairs', 'words', 'percent'] as const;

/** One measured figure against the spec's requirement. */
export const readinessItemSchema = z.object({
  key: z.string(),
  label: z.string(),
  value: z.number(),
  unit: z.enum(READINESS_UNITS),
  /** The least the spec asks for (null: informational). */
  min: z.number().nullable(),
  /** The upper end of the spec's range (20-50 h: 50). */
  target: z.number().nullable(),
  met: z.boolean(),
});
export type ReadinessItem = z.infer<typeof readinessItemSchema>;

export const readinessSchema = z.object({
  /** Every figure with a minimum meets it. */
  ready: z.boolean(),
  items: z.array(readinessItemSchema),
  /** TTS: the speaker a start without speaker_id would use (pseudonymous id), or null. */
  speaker: z.string().nullable(),
  note: z.string().nullable(),
  /**
   * ASR: the usable Lopit speech its figures are (core/api/data.ts), with hours per speaker and per dialect, as
   * /data and the exports count it; null for the other types.
   */
  speech: usableSpeechSchema.nullable(),
});
export type Readiness = z.infer<typeof readinessSchema>;

/** The spec's model status, with the current run, the history of runs and the data readiness. */
export const trainingModelStatusSchema = modelStatusSchema.extend({
  modelType: modelTypeSchema,
  /** The queued or running job, else the latest finished one; null before the first run. */
  job: trainingRunSchema.nullable(),
  /** Newest first, at most TRAINING_HISTORY_RUNS. */
  history: z.array(trainingRunSchema),
  readiness: readinessSchema,
  /** External workers allowed to train this type (worker tokens not revoked). */
  externalWorkers: z.number().int(),
});
export type TrainingModelStatus = z.infer<typeof trainingModelStatusSchema>;

export const trainingStatusListSchema = z.array(trainingModelStatusSchema);

export const TRAINING_RUNNERS = ['builtin', 'external'] as const;

export const trainingStartSchema = z.object({
  model_type: modelTypeSchema,
  /** TTS: the speaker whose recordings make the voice (user id); default the one with most usable audio. */
  speaker_id: z.uuid('speaker_id must be a user id').optional(),
  /**
   * TTS: 'external' prepares the speaker's set and hands it to an external worker. ASR always goes to an
   * external worker after preparing its set; MT always trains in the server.
   */
  runner: z.enum(TRAINING_RUNNERS).optional(),
});
export type TrainingStart = z.infer<typeof trainingStartSchema>;

export const trainingStopSchema = z.object({ model_type: modelTypeSchema });
export const trainingProgressQuerySchema = z.object({ model_type: modelTypeSchema });

export const trainingProgressSchema = z.object({
  modelType: modelTypeSchema,
  status: modelStatusSchema.shape.status,
  progress: z.number().min(0).max(100),
  message: z.string().nullable(),
  job: trainingRunSchema.nullable(),
});
export type TrainingProgress = z.infer<typeof trainingProgressSchema>;

export const trainingJobResponseSchema = z.object({ job: trainingRunSchema });

// --- External workers ---------------------------------------------------------------------------------------

export const WORKER_NAME_MAX = 100;
export const workerTokenCreateSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, validationText('workerNameRequired'))
    .max(WORKER_NAME_MAX, validationText('nameTooLong', { max: WORKER_NAME_MAX })),
  model_types: z.array(modelTypeSchema).min(1).max(3).optional(),
});

export const workerTokenSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  modelTypes: z.array(modelTypeSchema),
  createdAt: z.string(),
  lastSeenAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type WorkerToken = z.infer<typeof workerTokenSchema>;

/** The token itself is shown once, when it is created. */
export const workerTokenCreatedSchema = z.object({ worker: workerTokenSchema, token: z.string() });
export const workerTokenListSchema = z.object({ workers: z.array(workerTokenSchema) });

export const workerClaimSchema = z.object({
  /** Types this worker can train (default: every type its token allows). */
  model_types: z.array(modelTypeSchema).min(1).max(3).optional(),
  /** Shown on the job as its worker (host name, GPU...). */
  worker_name: z
    .string()
    .trim()
    .max(100)
    .regex(/^[\w .:@/-]*$/, 'worker_name may hold letters, digits and . : @ / - _')
    .optional(),
});

export const claimedJobSchema = z.object({
  id: z.number().int(),
  modelType: modelTypeSchema,
  attempt: z.number().int(),
  params: z.record(z.string(), z.unknown()),
  /** What the built-in preparation measured (utterances, hours, split sizes). */
  metrics: metricsSchema.nullable(),
  /** Relative to /api/training/worker: the data set as JSON lines, and each recording's audio. */
  datasetPath: z.string(),
  heartbeatSeconds: z.number(),
  timeoutSeconds: z.number(),
});
export const workerClaimResponseSchema = z.object({ job: claimedJobSchema.nullable() });

export const workerHeartbeatSchema = z.object({
  progress: z.number().min(0).max(100).optional(),
  message: z.string().trim().max(500).optional(),
});
export const workerHeartbeatResponseSchema = z.object({
  /** An admin asked to stop: end the work and report POST .../stopped. */
  stopRequested: z.boolean(),
});

export const workerCompleteSchema = z.object({
  metrics: metricsSchema,
  /** The SHA-256 of the artifact uploaded with PUT .../artifact (checked against it), if any. */
  artifact_sha256: z
    .string()
    .regex(/^[0-9a-fA-F]{64}$/, 'artifact_sha256 must be 64 hexadecimal digits')
    .transform((hex) => hex.toLowerCase())
    .optional(),
});
export const workerFailSchema = z.object({
  error: z.string().trim().min(1, 'Say what went wrong').max(2000),
});
export const workerArtifactResponseSchema = z.object({ sha256: z.string(), size: z.number() });

/** One line of a job's data set (GET .../dataset, JSON lines). */
export const datasetLineSchema = z.object({
  split: z.enum(['train', 'dev', 'test']),
  recordingId: z.string(),
  /** Pseudonymous speaker id (hash of the account), stable across runs. */
  speaker: z.string(),
  sentence: z.string(),
  durationSeconds: z.number(),
  mimeType: z.string(),
  sha256: z.string(),
  ageGroup: z.string().nullable(),
  gender: z.string().nullable(),
  dialect: z.string().nullable(),
  /** Relative to /api/training/worker. */
  audioPath: z.string(),
});
export type DatasetLine = z.infer<typeof datasetLineSchema>;
