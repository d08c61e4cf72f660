-- The sentence collection (issue 32): literate contributors write new Lopit sentences to be read aloud, as Common
-- Voice's sentence collector gathers them. A sentence is proposed, then reviewed by the rule of translations and
-- transcripts (core/review/rules.ts: two approvals by other people approve it, two rejections reject it, an
-- admin's review decides at once); an approved sentence is offered to read (the prompt pack) and is listed in the
-- ASR export's validated_sentences.tsv, a proposed one in unvalidated_sentences.tsv (full set).
-- The text's rules (length, one sentence, no digits or abbreviations) are checked by the API's schema
-- (core/api/sentences.ts); the table keeps the bounds that hold whatever writes it.
CREATE TABLE lopit_sentences (
  id serial PRIMARY KEY,
  text text NOT NULL CHECK (char_length(text) BETWEEN 1 AND 250 AND text = btrim(text)),
  -- Where the sentence comes from or what it is about ("a song", "at the market"), as the writer says it.
  source text CHECK (source IS NULL OR char_length(source) <= 200),
  author_id uuid REFERENCES users (id) ON DELETE SET NULL,
  state text NOT NULL DEFAULT 'proposed' CHECK (state IN ('proposed', 'approved', 'rejected')),
  approvals integer NOT NULL DEFAULT 0,
  rejections integer NOT NULL DEFAULT 0,
  decided_by uuid REFERENCES users (id) ON DELETE SET NULL,
  decided_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
-- One sentence once: the same text written twice (by anyone) is the same sentence.
CREATE UNIQUE INDEX lopit_sentences_text_key ON lopit_sentences (text);
CREATE INDEX lopit_sentences_state_idx ON lopit_sentences (state, id);
CREATE INDEX lopit_sentences_author_idx ON lopit_sentences (author_id, created_at);

-- One review per reviewer (a second one replaces the first); never the author (the API refuses it).
CREATE TABLE lopit_sentence_reviews (
  sentence_id integer NOT NULL REFERENCES lopit_sentences (id) ON DELETE CASCADE,
  reviewer_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  verdict text NOT NULL CHECK (verdict IN ('approve', 'reject')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (sentence_id, reviewer_id)
);
CREATE INDEX lopit_sentence_reviews_reviewer_idx ON lopit_sentence_reviews (reviewer_id, created_at);
