-- Translation engine: stored models, a fast accent-insensitive lexicon search, and the revision counters that
-- tell every server process when its cached translation engine is out of date.

-- Trained models. The bytes live in the content-addressed blob store (DATA_DIR/blobs/ab/cd/<sha256>); version is
-- their SHA-256, so a row names its blob by version. The latest row of a model type is the current model.
-- job_id refers to the training job that made it (no foreign key: the jobs table is created by a later migration).
CREATE TABLE model_artifacts (
  id bigserial PRIMARY KEY,
  model_type text NOT NULL CHECK (model_type IN ('asr', 'tts', 'mt')),
  version text NOT NULL CHECK (version ~ '^[0-9a-f]{64}$'),
  size_bytes bigint NOT NULL CHECK (size_bytes >= 0),
  content_type text NOT NULL,
  -- Figures of the run (chrF, BLEU, pairs used...): a flat object of numbers.
  metrics jsonb NOT NULL DEFAULT '{}',
  job_id bigint,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX model_artifacts_latest_idx ON model_artifacts (model_type, id DESC);
CREATE INDEX model_artifacts_version_idx ON model_artifacts (version);

-- Lexicon search key: the text without accents (NFD, combining marks removed), ASCII letters lower-cased, and
-- the letters of Nilotic orthographies folded as core/mt/normalise.ts accentKey folds them (ŋ -> ng, ɲ -> ny,
-- ɛ -> e, ɔ -> o, ɪ -> i, ʊ -> u, ə -> e; curly quotes and dashes unified). Both the stored keys and the
-- searched text go through this one function, so they always agree. Case folding is fixed to ASCII (COLLATE
-- "C") so that PGlite and PostgreSQL, whatever their locale, compute the same keys.
CREATE FUNCTION lexicon_key(value text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
AS $$
  SELECT lower(
    translate(
      replace(replace(replace(replace(replace(
        regexp_replace(
          normalize(value, NFD),
          '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g'),
        'ŋ', 'ng'), 'Ŋ', 'ng'), 'ɲ', 'ny'), 'Ɲ', 'ny'), '…', '...'),
      'ɛƐɔƆɪꞮʊƱəƏʼ‘’‚′“”„«»‐‑‒–—―−   ',
      'eeooiiuuee''''''''''"""""-------   '
    ) COLLATE "C"
  )
$$;

-- The keys are generated columns: every writer (import, SQL by hand, other features) gets them, and existing
-- rows are backfilled when the columns are added. Collation "C" makes a plain btree serve both prefix ranges
-- and ORDER BY.
ALTER TABLE lexicon_entries
  ADD COLUMN lopit_key text COLLATE "C" GENERATED ALWAYS AS (lexicon_key(lopit)) STORED;
ALTER TABLE lexicon_entries
  ADD COLUMN english_key text COLLATE "C" GENERATED ALWAYS AS (lexicon_key(english)) STORED;

-- An entry is a duplicate when both its Lopit and its English text have the same key as another entry's. Rows
-- that were already duplicates before this migration keep their oldest copy.
DELETE FROM lexicon_entries a
  USING lexicon_entries b
  WHERE a.lopit_key = b.lopit_key AND a.english_key = b.english_key AND a.id > b.id;
CREATE UNIQUE INDEX lexicon_entries_keys_key ON lexicon_entries (lopit_key, english_key);
-- Exact and prefix matches (ranges on the key) and the listing order.
CREATE INDEX lexicon_entries_lopit_key_idx ON lexicon_entries (lopit_key, id);
CREATE INDEX lexicon_entries_english_key_idx ON lexicon_entries (english_key, id);

-- Contains matches: trigram indexes when pg_trgm can be installed (PGlite loads it; PostgreSQL ships it in
-- contrib, and it is a trusted extension). Without it search stays correct, only "contains" scans the table.
DO $$
BEGIN
  IF EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = 'pg_trgm') THEN
    BEGIN
      CREATE EXTENSION IF NOT EXISTS pg_trgm;
    EXCEPTION WHEN insufficient_privilege THEN
      RAISE NOTICE 'pg_trgm could not be installed: lexicon search will scan for contains matches';
    END;
  END IF;
  IF EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
    -- Inserts go to the indexes' pending list (fast bulk imports); LexiconRepository.insertMany merges it
    -- right after an import, since every search would otherwise scan the whole list until the next vacuum.
    CREATE INDEX lexicon_entries_lopit_trgm_idx ON lexicon_entries USING gin (lopit_key gin_trgm_ops);
    CREATE INDEX lexicon_entries_english_trgm_idx ON lexicon_entries USING gin (english_key gin_trgm_ops);
  END IF;
END
$$;

-- Revision counters of what the translation engine is built from. A statement-level trigger bumps the counter
-- of its table in the same transaction as the change, so a reader sees the new revision exactly when it sees
-- the new data (a sequence would run ahead of uncommitted data). Server processes compare these four numbers
-- to decide whether their cached engine must be rebuilt.
CREATE TABLE engine_data_revisions (
  source text PRIMARY KEY,
  revision bigint NOT NULL DEFAULT 0
);
INSERT INTO engine_data_revisions (source)
  VALUES ('translation_pairs'), ('consent_events'), ('lexicon_entries'), ('model_artifacts');

CREATE FUNCTION bump_engine_data_revision() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  UPDATE engine_data_revisions SET revision = revision + 1 WHERE source = TG_TABLE_NAME;
  RETURN NULL;
END
$$;

CREATE TRIGGER translation_pairs_engine_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON translation_pairs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
CREATE TRIGGER consent_events_engine_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON consent_events
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
CREATE TRIGGER lexicon_entries_engine_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON lexicon_entries
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
CREATE TRIGGER model_artifacts_engine_revision
  AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON model_artifacts
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
