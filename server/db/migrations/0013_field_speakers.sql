-- Field sessions (issue 16): speakers without an account, added by a contributor on the phone, each with a
-- consent of their own recorded as a spoken recording and/or a photo of the signed form; clips attributed to
-- them; spoken translations (a clip that answers an English sentence) and transcripts proposed for review.

CREATE TABLE speakers (
  -- The phone's UUID: a replayed creation finds the first.
  id uuid PRIMARY KEY,
  added_by uuid REFERENCES users (id) ON DELETE SET NULL,
  -- The name or pseudonym the speaker chose: seen by who added them and by admins, never exported.
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 80),
  -- What exports and dashboards show instead (random, made by the server).
  pseudonym text NOT NULL UNIQUE,
  age_group text,
  gender text,
  dialect text,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- When the phone added them (by its clock; null when implausible).
  added_at timestamptz
);
CREATE INDEX speakers_added_by_idx ON speakers (added_by, created_at);

-- The consent ledger holds a speaker's events beside accounts': exactly one of user_id and speaker_id.
ALTER TABLE consent_events ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE consent_events ADD COLUMN speaker_id uuid REFERENCES speakers (id) ON DELETE CASCADE;
-- Who recorded a speaker's consent or withdrawal (the contributor in the field, or an admin).
ALTER TABLE consent_events ADD COLUMN recorded_by uuid REFERENCES users (id) ON DELETE SET NULL;
ALTER TABLE consent_events ADD COLUMN reason text;
ALTER TABLE consent_events ADD CONSTRAINT consent_events_subject_check CHECK (num_nonnulls(user_id, speaker_id) = 1);
CREATE INDEX consent_events_speaker_idx ON consent_events (speaker_id, id) WHERE speaker_id IS NOT NULL;
-- A speaker's consent recorded on a phone is sent once: its UUID is the phone's.
ALTER TABLE consent_events ADD COLUMN client_id uuid UNIQUE;

-- What shows a speaker's consent: a spoken consent recording or a photo of the signed form. Admins only.
CREATE TABLE consent_evidence (
  id bigserial PRIMARY KEY,
  consent_event_id bigint NOT NULL REFERENCES consent_events (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('spoken', 'photo')),
  mime_type text NOT NULL,
  size_bytes bigint NOT NULL,
  sha256 text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX consent_evidence_kind_key ON consent_evidence (consent_event_id, kind);

-- Who speaks in a clip: a field speaker, else its owner (the account holder).
ALTER TABLE recordings ADD COLUMN speaker_id uuid REFERENCES speakers (id) ON DELETE RESTRICT;
CREATE INDEX recordings_speaker_idx ON recordings (speaker_id) WHERE speaker_id IS NOT NULL;
-- A spoken translation: the English sentence (a translation pair) this Lopit clip translates.
ALTER TABLE recordings ADD COLUMN source_pair_id integer REFERENCES translation_pairs (id) ON DELETE SET NULL;
CREATE INDEX recordings_source_pair_idx ON recordings (source_pair_id) WHERE source_pair_id IS NOT NULL;

-- Transcripts of Lopit clips, proposed and reviewed like translations.
CREATE TABLE transcript_proposals (
  id serial PRIMARY KEY,
  recording_id uuid NOT NULL REFERENCES recordings (id) ON DELETE CASCADE,
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  text text NOT NULL,
  state text NOT NULL DEFAULT 'proposed'
    CHECK (state IN ('proposed', 'approved', 'rejected', 'superseded', 'withdrawn')),
  approvals integer NOT NULL DEFAULT 0,
  rejections integer NOT NULL DEFAULT 0,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decision_reason text,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX transcript_proposals_open_key ON transcript_proposals (recording_id, author_id)
  WHERE state = 'proposed';
CREATE INDEX transcript_proposals_state_idx ON transcript_proposals (state, id);

CREATE TABLE transcript_reviews (
  proposal_id integer NOT NULL REFERENCES transcript_proposals (id) ON DELETE CASCADE,
  reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (proposal_id, reviewer_id)
);
CREATE INDEX transcript_reviews_reviewer_idx ON transcript_reviews (reviewer_id, created_at);

-- An approved transcript of a spoken translation becomes a proposal for its sentence.
ALTER TABLE translation_proposals DROP CONSTRAINT IF EXISTS translation_proposals_source_check;
ALTER TABLE translation_proposals ADD CONSTRAINT translation_proposals_source_check
  CHECK (source IN ('editor', 'import', 'legacy', 'transcript'));
