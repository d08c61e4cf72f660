-- Rate-limit counters shared by every server process on this database (issue 33): with DATABASE_URL set, the
-- limits of @fastify/rate-limit count here (server/lib/rate-limit-store.ts), so N servers behind a proxy enforce
-- one limit. A counter is one fixed window per key: hits since the window began, and when it ends. The key is a
-- SHA-256 (hex) of the limit's scope and its key (which hold client addresses and emails), never the text.
CREATE TABLE rate_limit_counters (
  key text PRIMARY KEY CONSTRAINT rate_limit_counters_key_check CHECK (key ~ '^[0-9a-f]{64}$'),
  hits integer NOT NULL CONSTRAINT rate_limit_counters_hits_check CHECK (hits >= 1),
  window_ends timestamptz NOT NULL
);
CREATE INDEX rate_limit_counters_window_ends_idx ON rate_limit_counters (window_ends);
