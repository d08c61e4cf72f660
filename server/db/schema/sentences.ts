// The sentence collection (migration 0020, issue 32): Lopit sentences written by contributors to be read aloud,
// their reviews (one per reviewer), readers' reports of them (0023), and their retirement by an admin (0025).
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { PROMPT_REPORT_REASONS } from '../../../core/api/prompts.ts';
import { PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import { PROPOSAL_STATES } from '../../../core/review/rules.ts';
import { users } from './accounts.ts';
import { oneOf, timestamps, timestamptz } from './columns.ts';

const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

export const lopitSentences = pgTable(
  'lopit_sentences',
  {
    id: serial('id').primaryKey(),
    text: text('text').notNull(),
    source: text('source'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: PROPOSAL_STATES }).notNull().default('proposed'),
    approvals: integer('approvals').notNull().default(0),
    rejections: integer('rejections').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamptz('decided_at'),
    ...timestamps,
    updatedAt: updatedAt(),
    /** A retired sentence (0025) leaves every reader's pack and is exported as not in use; it stays validated. */
    retiredAt: timestamptz('retired_at'),
    retiredBy: uuid('retired_by').references(() => users.id, { onDelete: 'set null' }),
    retiredReason: text('retired_reason'),
  },
  (table) => [
    check(
      'lopit_sentences_retired_check',
      sql`(${table.retiredAt} is null) = (${table.retiredReason} is null) and char_length(coalesce(${table.retiredReason}, '')) <= 500`,
    ),
    check(
      'lopit_sentences_text_check',
      sql`char_length(${table.text}) between 1 and 250 and ${table.text} = btrim(${table.text})`,
    ),
    check(
      'lopit_sentences_source_check',
      sql`${table.source} is null or char_length(${table.source}) <= 200`,
    ),
    check('lopit_sentences_state_check', oneOf(table.state, PROPOSAL_STATES)),
    uniqueIndex('lopit_sentences_text_key').on(table.text),
    index('lopit_sentences_state_idx').on(table.state, table.id),
    index('lopit_sentences_author_idx').on(table.authorId, table.createdAt),
  ],
);

export const lopitSentenceReviews = pgTable(
  'lopit_sentence_reviews',
  {
    sentenceId: integer('sentence_id')
      .notNull()
      .references(() => lopitSentences.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: PROPOSAL_VERDICTS }).notNull(),
    reason: text('reason'),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.sentenceId, table.reviewerId] }),
    check('lopit_sentence_reviews_verdict_check', oneOf(table.verdict, PROPOSAL_VERDICTS)),
    index('lopit_sentence_reviews_reviewer_idx').on(table.reviewerId, table.createdAt),
  ],
);

/**
 * A reader's report of a written sentence offered to read (0023), once per person and sentence; settled when an
 * admin retires the sentence (0025).
 */
export const lopitSentenceReports = pgTable(
  'lopit_sentence_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    sentenceId: integer('sentence_id')
      .notNull()
      .references(() => lopitSentences.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: PROMPT_REPORT_REASONS }).notNull(),
    note: text('note'),
    ...timestamps,
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('lopit_sentence_reports_reason_check', oneOf(table.reason, PROMPT_REPORT_REASONS)),
    uniqueIndex('lopit_sentence_reports_reporter_key').on(table.sentenceId, table.reporterId),
    index('lopit_sentence_reports_reporter_idx').on(table.reporterId, table.createdAt),
    index('lopit_sentence_reports_open_idx')
      .on(table.sentenceId)
      .where(sql`resolved_at is null`),
  ],
);
