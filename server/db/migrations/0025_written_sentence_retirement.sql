-- Reports of written sentences reach the admins (issue 32): as a pair's sentence can be retired with a reason
-- (translation_pairs.retired_*, 0012), so can a written one. A retired sentence leaves every reader's pack and is
-- exported as not in use; it stays validated, with its clips. Retiring settles its open reports
-- (resolved_*, as prompt_reports has); restoring brings it back and leaves them settled.
ALTER TABLE lopit_sentences ADD COLUMN retired_at timestamptz;
ALTER TABLE lopit_sentences ADD COLUMN retired_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE lopit_sentences ADD COLUMN retired_reason text;
ALTER TABLE lopit_sentences ADD CONSTRAINT lopit_sentences_retired_check CHECK (
  (retired_at IS NULL) = (retired_reason IS NULL) AND char_length(coalesce(retired_reason, '')) <= 500
);
ALTER TABLE lopit_sentence_reports ADD COLUMN resolved_at timestamptz;
ALTER TABLE lopit_sentence_reports ADD COLUMN resolved_by uuid REFERENCES users (id) ON DELETE SET NULL;
CREATE INDEX lopit_sentence_reports_open_idx ON lopit_sentence_reports (sentence_id) WHERE resolved_at IS NULL;
