-- Tell (issue 32): free speech or a story recorded as one piece (a recording of kind 'story'), cut on the server
-- at pauses into segments. Each segment is a clip of its own (kind 'clip') with the story as its parent, its place
-- (segment_index) and its span in the story (start_ms, end_ms); it is transcribed, reviewed and exported like any
-- clip, while the story itself is kept whole and is in no queue or dataset. One segment per (parent, index): a
-- retried upload or a re-run of the cutting never makes a segment twice.
ALTER TABLE recordings ADD COLUMN kind text NOT NULL DEFAULT 'clip';
ALTER TABLE recordings ADD CONSTRAINT recordings_kind_check CHECK (kind IN ('clip', 'story'));
ALTER TABLE recordings ADD COLUMN parent_id uuid REFERENCES recordings (id) ON DELETE CASCADE;
ALTER TABLE recordings ADD COLUMN segment_index integer;
ALTER TABLE recordings ADD COLUMN start_ms integer;
ALTER TABLE recordings ADD COLUMN end_ms integer;
-- A segment has all four, a clip or story none; a segment is a clip, never a story; its span is forward.
ALTER TABLE recordings ADD CONSTRAINT recordings_segment_check CHECK (
  (parent_id IS NULL AND segment_index IS NULL AND start_ms IS NULL AND end_ms IS NULL)
  OR (parent_id IS NOT NULL AND kind = 'clip' AND segment_index >= 0 AND start_ms >= 0 AND end_ms > start_ms)
);
CREATE UNIQUE INDEX recordings_segment_key ON recordings (parent_id, segment_index) WHERE parent_id IS NOT NULL;

-- The cutting of each story: waiting until its segments are all stored (then cut). The plan (the segments'
-- spans in ms, [[start, end], ...]) is written once before any segment is made, so a cut resumed after a crash
-- makes the same segments whatever the decoder does the second time. Attempts count the runs that failed; a
-- story whose cutting failed 3 times is 'failed' with the reason (an admin can see it; the story is kept).
CREATE TABLE story_cuts (
  recording_id uuid PRIMARY KEY REFERENCES recordings (id) ON DELETE CASCADE,
  state text NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'cut', 'failed')),
  plan jsonb,
  attempts integer NOT NULL DEFAULT 0,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX story_cuts_waiting_idx ON story_cuts (created_at) WHERE state = 'waiting';
