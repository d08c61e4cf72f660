-- Incremental copies of the translation pairs: every insert or update of a pair stamps it with the next number
-- of one sequence (change_seq), and a phone asks only for pairs stamped after the last number it holds.
--
-- A number must never become visible after a larger one (a phone that has read 7 would miss 6 for ever), so
-- the trigger takes a transaction-level advisory lock before drawing it: a second writer waits until the
-- first commits, and numbers become visible in the order they were drawn. Writers that lock a pair row first
-- take the same lock before that (TranslationRepository.save), so the two locks are always taken in one order.
--
-- The cursor a phone holds also names this installation's sync epoch (a random value made here), so a phone
-- that meets a rebuilt database starts its copy again instead of trusting numbers from another one.
CREATE SEQUENCE translation_pairs_change_seq AS bigint;

ALTER TABLE translation_pairs ADD COLUMN change_seq bigint;
UPDATE translation_pairs AS pair SET change_seq = numbered.seq
  FROM (SELECT id, row_number() OVER (ORDER BY id) AS seq FROM translation_pairs) AS numbered
  WHERE pair.id = numbered.id;
SELECT setval('translation_pairs_change_seq', coalesce(max(change_seq), 0) + 1, false) FROM translation_pairs;
ALTER TABLE translation_pairs ALTER COLUMN change_seq SET NOT NULL;
CREATE UNIQUE INDEX translation_pairs_change_seq_key ON translation_pairs (change_seq);

CREATE FUNCTION stamp_translation_pair_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('translation_pairs_change_seq'));
  NEW.change_seq := nextval('translation_pairs_change_seq');
  RETURN NEW;
END
$$;

CREATE TRIGGER translation_pairs_change_stamp
  BEFORE INSERT OR UPDATE ON translation_pairs
  FOR EACH ROW EXECUTE FUNCTION stamp_translation_pair_change();

INSERT INTO installation_settings (key, value) VALUES ('sync_epoch', gen_random_uuid()::text)
  ON CONFLICT (key) DO NOTHING;
