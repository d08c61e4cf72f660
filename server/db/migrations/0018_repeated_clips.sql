-- Repeat (issue 32, as Aikuma's respeaking): a clip in which a speaker repeats another clip slowly, to help its
-- transcription. repeats_id names the clip it repeats; the repetition is a clip of its own (transcribed and
-- reviewed like any). If the original is deleted the repetition is kept, without the link.
ALTER TABLE recordings ADD COLUMN repeats_id uuid REFERENCES recordings (id) ON DELETE SET NULL;
ALTER TABLE recordings ADD CONSTRAINT recordings_repeats_check CHECK (
  repeats_id IS NULL OR (kind = 'clip' AND repeats_id <> id)
);
CREATE INDEX recordings_repeats_idx ON recordings (repeats_id) WHERE repeats_id IS NOT NULL;
