-- Read Lopit from the sentence collection (issue 32): a clip read from an approved written sentence
-- (lopit_sentences, 0020) names it, as a clip read from a translation pair names the pair (prompt_pair_id). A clip
-- reads one prompt at most. If the sentence is deleted the clip is kept, without the link.
ALTER TABLE recordings ADD COLUMN prompt_sentence_id integer REFERENCES lopit_sentences (id) ON DELETE SET NULL;
ALTER TABLE recordings ADD CONSTRAINT recordings_prompt_check CHECK (
  prompt_sentence_id IS NULL OR (prompt_pair_id IS NULL AND kind = 'clip')
);
CREATE INDEX recordings_prompt_sentence_idx ON recordings (prompt_sentence_id) WHERE prompt_sentence_id IS NOT NULL;

-- A reader reports a written sentence offered to read, as they report a pair's sentence (prompt_reports, 0012):
-- once per person and sentence; it leaves their prompt pack, and the ASR export's reported.tsv lists it.
CREATE TABLE lopit_sentence_reports (
  id bigserial PRIMARY KEY,
  sentence_id integer NOT NULL REFERENCES lopit_sentences (id) ON DELETE CASCADE,
  reporter_id uuid REFERENCES users (id) ON DELETE SET NULL,
  reason text NOT NULL CHECK (reason IN ('hard-to-read', 'offensive', 'wrong-language', 'spelling')),
  note text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX lopit_sentence_reports_reporter_key ON lopit_sentence_reports (sentence_id, reporter_id);
CREATE INDEX lopit_sentence_reports_reporter_idx ON lopit_sentence_reports (reporter_id, created_at);
