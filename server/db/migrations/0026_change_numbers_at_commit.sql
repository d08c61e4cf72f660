-- Change numbers and revision counters drawn at commit (issue 33): the sync storm confirmed queued edits at about
-- 46 a second because every transaction that changed a pair held two things every other such transaction waited
-- for, from its first change of a pair until its commit (round trips to a busy server included): 0009's advisory
-- lock, and the row of engine_data_revisions that 0005's statement trigger updates (consent_events' row likewise
-- for every consent given). Now a change of a pair is stamped with a provisional number (negative, so no reader
-- ever takes it for a place in the order), and a deferred trigger, at commit, takes the lock, gives every pair the
-- transaction changed its real number and moves the revision counter; the lock and the counter row are held only
-- for the commit itself. A number still never becomes visible after a larger one: it is drawn under the lock,
-- which its transaction keeps until its commit is visible.
--
-- Taken first, that lock also kept the transactions changing pairs and proposals together from deadlocking on
-- row locks; they now take one of their own for that (lockPairChanges in proposals.repository.ts), which a
-- contributor's save takes shared: saves go on side by side, and wait only for reviews, decisions and imports.
CREATE OR REPLACE FUNCTION stamp_translation_pair_change() RETURNS trigger
LANGUAGE plpgsql
AS $$
BEGIN
  -- The commit's own restamp (below) brings the real number: kept.
  IF TG_OP = 'UPDATE' AND OLD.change_seq < 0 AND NEW.change_seq > 0 THEN
    RETURN NEW;
  END IF;
  NEW.change_seq := -nextval('translation_pairs_change_seq');
  RETURN NEW;
END
$$;

CREATE FUNCTION stamp_translation_pair_changes_at_commit() RETURNS trigger
LANGUAGE plpgsql
AS $$
DECLARE
  stamped bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('translation_pairs_change_seq'));
  -- Every pair of this transaction at once (the first of its row events does it; the others find none): only
  -- this transaction's rows can carry a negative number it sees.
  UPDATE translation_pairs SET change_seq = nextval('translation_pairs_change_seq') WHERE change_seq < 0;
  GET DIAGNOSTICS stamped = ROW_COUNT;
  IF stamped > 0 THEN
    UPDATE engine_data_revisions SET revision = revision + 1 WHERE source = 'translation_pairs';
  END IF;
  RETURN NULL;
END
$$;

CREATE CONSTRAINT TRIGGER translation_pairs_change_at_commit
  AFTER INSERT OR UPDATE ON translation_pairs
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW.change_seq < 0)
  EXECUTE FUNCTION stamp_translation_pair_changes_at_commit();

-- Inserts and updates of pairs now move the counter at commit (above); deletions still move it at once.
DROP TRIGGER translation_pairs_engine_revision ON translation_pairs;
CREATE TRIGGER translation_pairs_engine_revision
  AFTER DELETE OR TRUNCATE ON translation_pairs
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();

-- The consent ledger is append-only: a new event moves the counter at commit (0005's function, run per row by a
-- deferred trigger); anything else at once, as before.

DROP TRIGGER consent_events_engine_revision ON consent_events;
CREATE TRIGGER consent_events_engine_revision
  AFTER UPDATE OR DELETE OR TRUNCATE ON consent_events
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
CREATE CONSTRAINT TRIGGER consent_events_engine_revision_at_commit
  AFTER INSERT ON consent_events
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION bump_engine_data_revision();
