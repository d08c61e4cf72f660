-- Inspection after the upload (issue 33): an upload is answered once its bytes are stored and its hash checked;
-- the audio is inspected (decoded, measured, its quality verdict) afterwards by a job that any server process or
-- `npm run worker` may claim. A recording says where its inspection stands: 'inspecting' until then, 'inspected'
-- with its verdict, or 'failed' with the reason (audio that could not be decoded, or too long; kept, never
-- reviewed). Every recording stored before this migration was inspected as it was uploaded.
ALTER TABLE recordings ADD COLUMN inspection text NOT NULL DEFAULT 'inspected';
ALTER TABLE recordings ADD CONSTRAINT recordings_inspection_check
  CHECK (inspection IN ('inspecting', 'inspected', 'failed'));
ALTER TABLE recordings ADD COLUMN inspection_error text;

-- The queue of inspections, claimed like training jobs (SELECT ... FOR UPDATE SKIP LOCKED): one row per recording
-- waiting, written in the transaction that stores the recording and deleted in the one that writes its verdict,
-- so an inspection is neither lost nor written twice. A claim is a lease (worker_id, attempts); a claim older
-- than the lease time (its worker stopped or crashed) may be claimed again, and a second finisher whose lease
-- no longer holds changes nothing.
CREATE TABLE inspection_jobs (
  recording_id uuid PRIMARY KEY REFERENCES recordings (id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  worker_id text,
  claimed_at timestamptz,
  error text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inspection_jobs_created_idx ON inspection_jobs (created_at);
