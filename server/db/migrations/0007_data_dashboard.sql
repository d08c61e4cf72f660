-- Data dashboard and dataset exports.

-- Values an installation makes once and keeps (the salt of the pseudonymous speaker ids in dataset exports).
CREATE TABLE installation_settings (
  key text PRIMARY KEY,
  value text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
