-- Lexicon entries imported for community review (issue 15): an admin's import counts as approved by that admin
-- unless it asks for review; then each entry is proposed until two other people approve it (or an admin
-- decides), and two rejections reject it (core/review/rules.ts). Only approved entries answer searches, the
-- chat, the phone's model and the export. Entries stored before this stay approved.
ALTER TABLE lexicon_entries ADD COLUMN state text NOT NULL DEFAULT 'approved'
  CHECK (state IN ('proposed', 'approved', 'rejected'));
ALTER TABLE lexicon_entries ADD COLUMN imported_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE lexicon_entries ADD COLUMN approvals integer NOT NULL DEFAULT 0;
ALTER TABLE lexicon_entries ADD COLUMN rejections integer NOT NULL DEFAULT 0;
ALTER TABLE lexicon_entries ADD COLUMN decided_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE lexicon_entries ADD COLUMN decision_reason text;
CREATE INDEX lexicon_entries_state_idx ON lexicon_entries (state, id);

CREATE TABLE lexicon_reviews (
  entry_id integer NOT NULL REFERENCES lexicon_entries (id) ON DELETE CASCADE,
  reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (entry_id, reviewer_id)
);
CREATE INDEX lexicon_reviews_reviewer_idx ON lexicon_reviews (reviewer_id, created_at);
