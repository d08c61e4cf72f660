-- Picture prompts (issue 32): images an admin uploads, answered aloud in Lopit by speakers who read neither
-- language. The image kept is the server's re-encoding (JPEG, metadata gone), named by its SHA-256 in
-- DATA_DIR/pictures; the upload itself is not kept. Its rights are required: who made it or its source (credit),
-- and the licence or permission (licence). A retired picture leaves the pack; clips recorded from it keep it.
CREATE TABLE picture_prompts (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  description text NOT NULL,
  credit text NOT NULL,
  licence text NOT NULL,
  sha256 text NOT NULL,
  mime_type text NOT NULL,
  width integer NOT NULL,
  height integer NOT NULL,
  size_bytes integer NOT NULL,
  uploaded_by uuid REFERENCES users (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  retired_at timestamptz,
  retired_by uuid REFERENCES users (id) ON DELETE SET NULL,
  CONSTRAINT picture_prompts_text_check CHECK (
    char_length(description) BETWEEN 1 AND 300
    AND char_length(credit) BETWEEN 1 AND 300
    AND char_length(licence) BETWEEN 1 AND 1000
  ),
  CONSTRAINT picture_prompts_sha256_check CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  CONSTRAINT picture_prompts_size_check CHECK (width > 0 AND height > 0 AND size_bytes > 0)
);
CREATE INDEX picture_prompts_active_idx ON picture_prompts (created_at) WHERE retired_at IS NULL;

-- A clip said from a picture: the picture it answers. A picture with clips is never deleted, only retired.
ALTER TABLE recordings ADD COLUMN picture_id uuid REFERENCES picture_prompts (id) ON DELETE RESTRICT;
CREATE INDEX recordings_picture_idx ON recordings (picture_id) WHERE picture_id IS NOT NULL;
