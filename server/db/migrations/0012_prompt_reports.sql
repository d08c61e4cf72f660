-- Prompt reports and retirement (issue 16): a contributor reports a sentence offered to read or translate
-- (one open report per person and sentence); admins see the reported ones with their counts and retire them,
-- which takes them out of the prompt pack and the translate queue without deleting what was made of them.
CREATE TABLE prompt_reports (
  id bigserial PRIMARY KEY,
  pair_id integer NOT NULL REFERENCES translation_pairs (id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('hard-to-read', 'offensive', 'wrong-language', 'spelling')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX prompt_reports_open_key ON prompt_reports (pair_id, reporter_id) WHERE resolved_at IS NULL;
CREATE INDEX prompt_reports_reporter_idx ON prompt_reports (reporter_id, created_at);

ALTER TABLE translation_pairs ADD COLUMN retired_at timestamptz;
ALTER TABLE translation_pairs ADD COLUMN retired_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE translation_pairs ADD COLUMN retired_reason text;
