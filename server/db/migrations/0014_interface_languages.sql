-- The interface in the community's languages (issue 18). English is the source and ships with the app; admins
-- add languages, contributors propose translations of the interface's messages, and the review rule of
-- translations (core/review/rules.ts) approves them. A proposal keeps the English source it translated: when
-- the source changes, the old translation is no longer served (English shows until it is translated again).
CREATE TABLE ui_languages (
  code text PRIMARY KEY,
  name text NOT NULL,
  created_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE ui_message_proposals (
  id serial PRIMARY KEY,
  language text NOT NULL REFERENCES ui_languages (code) ON DELETE CASCADE,
  message_id text NOT NULL,
  -- The English source this translates.
  source text NOT NULL,
  text text NOT NULL,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'proposed'
    CHECK (state IN ('proposed', 'approved', 'rejected', 'superseded', 'withdrawn')),
  approvals integer NOT NULL DEFAULT 0,
  rejections integer NOT NULL DEFAULT 0,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One open proposal per author and message, one approved translation per message.
CREATE UNIQUE INDEX ui_message_proposals_open_key ON ui_message_proposals (language, message_id, author_id)
  WHERE state = 'proposed';
CREATE UNIQUE INDEX ui_message_proposals_approved_key ON ui_message_proposals (language, message_id)
  WHERE state = 'approved';
CREATE INDEX ui_message_proposals_language_idx ON ui_message_proposals (language, state);

CREATE TABLE ui_message_reviews (
  proposal_id integer NOT NULL REFERENCES ui_message_proposals (id) ON DELETE CASCADE,
  reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, reviewer_id)
);
CREATE INDEX ui_message_reviews_reviewer_idx ON ui_message_reviews (reviewer_id, created_at);
