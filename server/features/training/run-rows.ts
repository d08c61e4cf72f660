// Rows of training_jobs as runs: the columns read (timestamps as ISO text, the same from PGlite and PostgreSQL),
// their mapping, and jsonb parameters and values.
import { sql, type SQL } from 'drizzle-orm';
import type { TrainingMetrics, TrainingRun } from '../../../core/api/training.ts';
import type { ModelType } from '../../../core/constants.ts';

export const iso = (column: string) =>
  `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Columns of a run, from a relation `j` of training_jobs rows (a table alias or a CTE). */
export const RUN_COLUMNS = sql.raw(`j.id, j.model_type, j.state, j.progress, j.message, j.error, j.metrics,
  j.stop_requested, j.external, j.attempts, j.worker_id, j.artifact_sha256, j.artifact_size::float8 as artifact_size,
  j.artifact_file_name, j.model_artifact_id::float8 as model_artifact_id, j.model_version, u.name as started_by,
  ${iso('j.created_at')} as created_at, ${iso('j.started_at')} as started_at,
  ${iso('j.heartbeat_at')} as heartbeat_at, ${iso('j.finished_at')} as finished_at`);

export interface RunRow {
  id: number;
  model_type: ModelType;
  state: TrainingRun['state'];
  progress: number;
  message: string | null;
  error: string | null;
  metrics: unknown;
  stop_requested: boolean;
  external: boolean;
  attempts: number;
  worker_id: string | null;
  artifact_sha256: string | null;
  artifact_size: number | null;
  artifact_file_name: string | null;
  model_artifact_id: number | null;
  model_version: string | null;
  started_by: string | null;
  created_at: string;
  started_at: string | null;
  heartbeat_at: string | null;
  finished_at: string | null;
}

/** jsonb arrives parsed from both drivers; a string is parsed defensively. */
export function fromJson<T>(value: unknown): T | null {
  if (value === null || value === undefined) return null;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

export const json = (value: unknown): SQL =>
  sql`${value === undefined ? null : JSON.stringify(value)}::jsonb`;

export function toRun(row: RunRow): TrainingRun {
  return {
    id: Number(row.id),
    modelType: row.model_type,
    state: row.state,
    progress: Number(row.progress),
    message: row.message,
    error: row.error,
    metrics: fromJson<TrainingMetrics>(row.metrics),
    stopRequested: Boolean(row.stop_requested),
    external: Boolean(row.external),
    attempts: Number(row.attempts),
    workerId: row.worker_id,
    startedBy: row.started_by,
    artifact: row.artifact_sha256
      ? { sha256: row.artifact_sha256, size: Number(row.artifact_size), fileName: row.artifact_file_name }
      : null,
    modelArtifactId: row.model_artifact_id === null ? null : Number(row.model_artifact_id),
    modelVersion: row.model_version,
    createdAt: row.created_at,
    startedAt: row.started_at,
    heartbeatAt: row.heartbeat_at,
    finishedAt: row.finished_at,
  };
}
