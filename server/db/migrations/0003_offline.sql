-- Idempotency keys of the offline outbox: each replayed POST applies once, per user and key.

-- The row is written in the same transaction as the request's effect, so a key is recorded if and only if
-- its effect happened. response_status/response_body are filled before that transaction commits; only
-- successful (2xx) answers are kept. Rows older than 30 days are purged.
CREATE TABLE idempotency_keys (
  user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  key text NOT NULL CHECK (key ~ '^[A-Za-z0-9_-]{8,128}$'),
  request_hash text NOT NULL,
  response_status integer,
  response_body jsonb,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);
