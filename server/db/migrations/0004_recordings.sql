-- Field recordings: what the server measured, the speaker profile at recording time, and the prompt read aloud.
-- Audio bytes live in the content-addressed blob store (DATA_DIR/blobs/ab/cd/<sha256>); a row names its blob by
-- sha256, and several rows may share one blob. Deleting a recording deletes the row (and the blob when no other
-- row uses it).
ALTER TABLE recordings ADD COLUMN title text;
ALTER TABLE recordings ADD COLUMN prompt_pair_id integer REFERENCES translation_pairs (id) ON DELETE SET NULL;
-- Speaker profile snapshot (users.age_group, gender, dialect when the recording was stored).
ALTER TABLE recordings ADD COLUMN age_group text;
ALTER TABLE recordings ADD COLUMN gender text;
ALTER TABLE recordings ADD COLUMN dialect text;
ALTER TABLE recordings ADD COLUMN codec text;
ALTER TABLE recordings ADD COLUMN sample_rate integer;
ALTER TABLE recordings ADD COLUMN channels integer;
-- { tooShort, tooLong, silent, quiet, clipped, peakDb, rmsDb, clippedRatio, levelsMeasured }
ALTER TABLE recordings ADD COLUMN quality jsonb NOT NULL DEFAULT '{}';
-- What the client said (kept for information; mime_type and duration_seconds are the server's own findings).
ALTER TABLE recordings ADD COLUMN client_mime_type text;
ALTER TABLE recordings ADD COLUMN client_duration_seconds double precision;

CREATE INDEX recordings_sha256_idx ON recordings (sha256);
CREATE INDEX recordings_created_idx ON recordings (created_at DESC, id);
