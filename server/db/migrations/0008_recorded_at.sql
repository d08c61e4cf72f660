-- When a recording was made, as the phone's clock said (uploads from an offline phone arrive hours or days
-- later; created_at stays the time the server received it). Null for recordings from before this column, and
-- when the phone's clock was clearly wrong (before 2020, or more than a day ahead of the server).
ALTER TABLE recordings ADD COLUMN recorded_at timestamptz;
