-- Consent ledger, translation pairs with revisions, lexicon, recordings.

-- Append-only: a grant or a withdrawal is a new row; the latest row per user and scope decides.
CREATE TABLE consent_events (
  id bigserial PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  action text NOT NULL CHECK (action IN ('grant', 'withdraw')),
  consent_type text NOT NULL CHECK (consent_type IN ('recording', 'translation', 'full')),
  form_version text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX consent_events_user_idx ON consent_events (user_id, id);

CREATE TABLE translation_pairs (
  id serial PRIMARY KEY,
  english text NOT NULL,
  lopit text NOT NULL DEFAULT '',
  category text NOT NULL CHECK (category IN ('greetings', 'family', 'numbers', 'food', 'time')),
  status text NOT NULL DEFAULT 'empty' CHECK (status IN ('empty', 'pending', 'approved')),
  version integer NOT NULL DEFAULT 1,
  updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX translation_pairs_category_idx ON translation_pairs (category, id);
CREATE UNIQUE INDEX translation_pairs_english_key ON translation_pairs (category, english);

CREATE TABLE translation_revisions (
  id bigserial PRIMARY KEY,
  pair_id integer NOT NULL REFERENCES translation_pairs (id) ON DELETE CASCADE,
  user_id uuid REFERENCES users (id) ON DELETE SET NULL,
  before_text text NOT NULL,
  after_text text NOT NULL,
  version integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX translation_revisions_pair_idx ON translation_revisions (pair_id, id);

CREATE TABLE lexicon_entries (
  id serial PRIMARY KEY,
  lopit text NOT NULL,
  english text NOT NULL,
  part_of_speech text,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE recordings (
  id uuid PRIMARY KEY,
  owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  file_name text NOT NULL,
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  duration_seconds double precision NOT NULL,
  transcript text,
  language text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recordings_owner_idx ON recordings (owner_id, created_at DESC);

ALTER TABLE users ADD COLUMN age_group text;
ALTER TABLE users ADD COLUMN gender text;
ALTER TABLE users ADD COLUMN dialect text;
