-- Limits and caches that hold across server processes (issue 33).
--
-- 1. The quota on each account's unfinished resumable uploads, counted here instead of in each process's memory:
-- with several servers on one object store, an account reaches one quota whichever servers its uploads went
-- through (server/features/recordings/tus-quota.ts). A row is an upload that counts: created and not yet stored,
-- refused, terminated or removed as stale; one older than the uploads' expiry no longer counts. The upload's
-- id is the tus id (48 hex digits); the owner is the account's id (no foreign key: the row goes with the upload,
-- and a check of one creation must not wait on the accounts table).
CREATE TABLE open_uploads (
  upload_id text PRIMARY KEY CONSTRAINT open_uploads_upload_id_check CHECK (upload_id ~ '^[0-9a-f]{48}$'),
  owner_id uuid NOT NULL,
  size bigint NOT NULL CONSTRAINT open_uploads_size_check CHECK (size >= 0),
  created_at timestamptz NOT NULL
);
CREATE INDEX open_uploads_owner_idx ON open_uploads (owner_id, created_at);

-- 2. The names of accounts join the revision counters of 0005: a pairs page shows who wrote each open proposal,
-- and the pages a phone reads to get ready are kept by the revisions they were made at
-- (server/features/translation/ready-pages.ts), so a changed name must move a counter too.
INSERT INTO engine_data_revisions (source) VALUES ('users') ON CONFLICT (source) DO NOTHING;
CREATE TRIGGER users_name_engine_revision
  AFTER UPDATE OF name ON users
  FOR EACH STATEMENT EXECUTE FUNCTION bump_engine_data_revision();
