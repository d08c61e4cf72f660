// Reports of prompt sentences (migration 0012); the retirement columns are on translation_pairs in
// contributions.ts.
import { sql } from 'drizzle-orm';
import { bigserial, check, index, integer, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { PROMPT_REPORT_REASONS } from '../../../core/api/prompts.ts';
import { users } from './accounts.ts';
import { oneOf, timestamps, timestamptz } from './columns.ts';
import { translationPairs } from './contributions.ts';

export const promptReports = pgTable(
  'prompt_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => translationPairs.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: PROMPT_REPORT_REASONS }).notNull(),
    note: text('note'),
    ...timestamps,
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('prompt_reports_reason_check', oneOf(table.reason, PROMPT_REPORT_REASONS)),
    uniqueIndex('prompt_reports_open_key')
      .on(table.pairId, table.reporterId)
      .where(sql`resolved_at is null`),
    index('prompt_reports_reporter_idx').on(table.reporterId, table.createdAt),
  ],
);
