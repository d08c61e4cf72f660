-- When a consent was given or withdrawn on the phone, by its clock, kept beside created_at (when the server
-- received it, often days later from the field). Null when the phone sent no time (versions before this one)
-- or an implausible one (before 2020, or more than a day ahead of its arrival: the rule of recordings'
-- recorded_at, core/api/recordings.ts plausibleRecordedAt): then the arrival time is the best known. The
-- ledger's order stays the order of arrival (the highest id decides), so this changes no consent's effect.
ALTER TABLE consent_events ADD COLUMN occurred_at timestamptz;
