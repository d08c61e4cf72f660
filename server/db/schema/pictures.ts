// Picture prompts (migration 0019); the picture a clip answers is recordings.picture_id in contributions.ts.
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts.ts';
import { timestamps, timestamptz } from './columns.ts';

export const picturePrompts = pgTable(
  'picture_prompts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    description: text('description').notNull(),
    credit: text('credit').notNull(),
    licence: text('licence').notNull(),
    /** The served (re-encoded) image, in DATA_DIR/pictures by this hash. */
    sha256: text('sha256').notNull(),
    mimeType: text('mime_type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    retiredAt: timestamptz('retired_at'),
    retiredBy: uuid('retired_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check(
      'picture_prompts_text_check',
      sql`char_length(${table.description}) between 1 and 300 and char_length(${table.credit}) between 1 and 300 and char_length(${table.licence}) between 1 and 1000`,
    ),
    check('picture_prompts_sha256_check', sql`${table.sha256} ~ '^[0-9a-f]{64}$'`),
    check(
      'picture_prompts_size_check',
      sql`${table.width} > 0 and ${table.height} > 0 and ${table.sizeBytes} > 0`,
    ),
    index('picture_prompts_active_idx')
      .on(table.createdAt)
      .where(sql`retired_at is null`),
  ],
);
