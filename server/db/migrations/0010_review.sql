-- The community review loop (issue 15): votes and reports on clips, proposals and reviews of translations.
-- The rule that turns votes into a state is core/review/rules.ts; the server keeps the result on the row
-- (review_state, the vote counts) in the same transaction as every vote, report or decision, so what uses
-- accepted data reads one column.

-- Clips. Every recording stored before this starts pending.
ALTER TABLE recordings ADD COLUMN review_state text NOT NULL DEFAULT 'pending'
  CHECK (review_state IN ('pending', 'validated', 'invalidated', 'reported'));
ALTER TABLE recordings ADD COLUMN up_votes integer NOT NULL DEFAULT 0;
ALTER TABLE recordings ADD COLUMN down_votes integer NOT NULL DEFAULT 0;
ALTER TABLE recordings ADD COLUMN open_reports integer NOT NULL DEFAULT 0;
-- An admin's decision overrides the votes; its reason is kept.
ALTER TABLE recordings ADD COLUMN settled_state text CHECK (settled_state IN ('validated', 'invalidated'));
ALTER TABLE recordings ADD COLUMN settled_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE recordings ADD COLUMN settled_reason text;
ALTER TABLE recordings ADD COLUMN settled_at timestamptz;
CREATE INDEX recordings_review_idx ON recordings (review_state, id);

-- One vote per person per clip: a second vote replaces the first.
CREATE TABLE clip_votes (
  recording_id uuid NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
  voter_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  vote text NOT NULL CHECK (vote IN ('up', 'down')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (recording_id, voter_id)
);
CREATE INDEX clip_votes_voter_idx ON clip_votes (voter_id, created_at);

CREATE TABLE clip_reports (
  id bigserial PRIMARY KEY,
  recording_id uuid NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL
    CHECK (reason IN ('wrong-text', 'not-lopit', 'noise', 'offensive', 'personal-information')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Set when an admin settles the clip.
  resolved_at timestamptz,
  resolved_by uuid REFERENCES users (id) ON DELETE SET NULL
);
CREATE UNIQUE INDEX clip_reports_open_key ON clip_reports (recording_id, reporter_id) WHERE resolved_at IS NULL;

-- Translations. translation_pairs.lopit and status stay the approved text (what models learn from); a text a
-- contributor saves is a proposal until it is approved. One open proposal per author and pair: an edit replaces
-- it with a new one (its reviews start again); proposals of different people wait side by side.
CREATE TABLE translation_proposals (
  id serial PRIMARY KEY,
  pair_id integer NOT NULL REFERENCES translation_pairs (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL,
  state text NOT NULL DEFAULT 'proposed'
    CHECK (state IN ('proposed', 'approved', 'rejected', 'superseded', 'withdrawn')),
  approvals integer NOT NULL DEFAULT 0,
  rejections integer NOT NULL DEFAULT 0,
  -- The pair's version when this was proposed (the author's own unsent edits are checked against it).
  pair_version integer NOT NULL,
  -- 'editor', 'import' (an admin's curated source) or 'legacy' (approved before review existed).
  source text NOT NULL DEFAULT 'editor' CHECK (source IN ('editor', 'import', 'legacy')),
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decision_reason text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX translation_proposals_open_key ON translation_proposals (pair_id, author_id)
  WHERE state = 'proposed';
CREATE INDEX translation_proposals_pair_idx ON translation_proposals (pair_id, id);
CREATE INDEX translation_proposals_state_idx ON translation_proposals (state, id);

CREATE TABLE proposal_reviews (
  proposal_id integer NOT NULL REFERENCES translation_proposals (id) ON DELETE CASCADE,
  reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, reviewer_id)
);
CREATE INDEX proposal_reviews_reviewer_idx ON proposal_reviews (reviewer_id, created_at);

-- Pairs approved before this keep their meaning: each approved text becomes an approved proposal of its
-- last author, so the history of every approved text is in one table.
INSERT INTO translation_proposals (pair_id, author_id, text, state, pair_version, source, decided_at, created_at, updated_at)
  SELECT id, updated_by, lopit, 'approved', version, 'legacy', updated_at, updated_at, updated_at
  FROM translation_pairs WHERE status = 'approved' AND lopit <> '';
