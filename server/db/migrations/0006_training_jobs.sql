-- Training jobs and the tokens of external training workers.
--
-- A job goes queued -> running -> succeeded | failed | stopped. Workers (the one inside the server, `npm run
-- worker`, or an external machine over HTTP) claim a queued job with SELECT ... FOR UPDATE SKIP LOCKED, report
-- progress and heartbeats while running, and finish it. A running job whose heartbeat is older than the timeout
-- is requeued once, then failed. At most one job per model type is queued or running (partial unique index);
-- finished jobs stay as the history of runs.

-- Created before training_jobs, which refers to it. Bearer tokens are stored only as their SHA-256 hash.
CREATE TABLE training_worker_tokens (
  id serial PRIMARY KEY,
  token_hash text NOT NULL UNIQUE,
  name text NOT NULL,
  -- Model types this worker may claim.
  model_types text[] NOT NULL CHECK (model_types <@ ARRAY['asr', 'tts', 'mt']::text[] AND cardinality(model_types) > 0),
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  last_seen_at timestamptz,
  revoked_at timestamptz
);

CREATE TABLE training_jobs (
  id serial PRIMARY KEY,
  model_type text NOT NULL CHECK (model_type IN ('asr', 'tts', 'mt')),
  state text NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'running', 'succeeded', 'failed', 'stopped')),
  -- Start options (tts: speakerId, runner).
  params jsonb NOT NULL DEFAULT '{}',
  -- true: only an external worker (HTTP protocol) may claim it; set when a built-in preparation hands over.
  external boolean NOT NULL DEFAULT false,
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  message text,
  -- Claims so far (of the current stage); a silent worker's job is requeued while attempts < 2.
  attempts integer NOT NULL DEFAULT 0,
  -- The worker holding it while running (kept afterwards: who ran it); a claim is (id, worker_id, attempts).
  worker_id text,
  worker_token_id integer REFERENCES training_worker_tokens (id) ON DELETE SET NULL,
  stop_requested boolean NOT NULL DEFAULT false,
  metrics jsonb,
  -- What the run produced beside its metrics: the TTS voice inventory, the ASR split.
  result jsonb,
  -- An artifact uploaded by an external worker: a blob of the content-addressed store (DATA_DIR/blobs).
  artifact_sha256 text CHECK (artifact_sha256 ~ '^[0-9a-f]{64}$'),
  artifact_size bigint,
  artifact_file_name text,
  -- A model stored by a built-in trainer in model_artifacts (migration 0005), by id and version.
  model_artifact_id bigint,
  model_version text,
  error text,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  heartbeat_at timestamptz,
  finished_at timestamptz,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((state IN ('succeeded', 'failed', 'stopped')) = (finished_at IS NOT NULL))
);
CREATE UNIQUE INDEX training_jobs_one_active ON training_jobs (model_type) WHERE state IN ('queued', 'running');
CREATE INDEX training_jobs_history_idx ON training_jobs (model_type, id DESC);
CREATE INDEX training_jobs_running_idx ON training_jobs (heartbeat_at) WHERE state = 'running';
