// The interface's languages and the community's translations of its messages (migration 0014, issue 18).
import { sql } from 'drizzle-orm';
import {
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
import { PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import { PROPOSAL_LIFECYCLE_STATES } from '../../../core/review/rules.ts';
import { users } from './accounts.ts';
import { oneOf, timestamps, timestamptz } from './columns.ts';

const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();

export const uiLanguages = pgTable('ui_languages', {
  code: text('code').primaryKey(),
  name: text('name').notNull(),
  createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
  ...timestamps,
});

export const uiMessageProposals = pgTable(
  'ui_message_proposals',
  {
    id: serial('id').primaryKey(),
    language: text('language')
      .notNull()
      .references(() => uiLanguages.code, { onDelete: 'cascade' }),
    messageId: text('message_id').notNull(),
    source: text('source').notNull(),
    text: text('text').notNull(),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    state: text('state', { enum: PROPOSAL_LIFECYCLE_STATES }).notNull().default('proposed'),
    approvals: integer('approvals').notNull().default(0),
    rejections: integer('rejections').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    check('ui_message_proposals_state_check', oneOf(table.state, PROPOSAL_LIFECYCLE_STATES)),
    uniqueIndex('ui_message_proposals_open_key')
      .on(table.language, table.messageId, table.authorId)
      .where(sql`state = 'proposed'`),
    uniqueIndex('ui_message_proposals_approved_key')
      .on(table.language, table.messageId)
      .where(sql`state = 'approved'`),
    index('ui_message_proposals_language_idx').on(table.language, table.state),
  ],
);

export const uiMessageReviews = pgTable(
  'ui_message_reviews',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => uiMessageProposals.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: PROPOSAL_VERDICTS }).notNull(),
    reason: text('reason'),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.proposalId, table.reviewerId] }),
    check('ui_message_reviews_verdict_check', oneOf(table.verdict, PROPOSAL_VERDICTS)),
    index('ui_message_reviews_reviewer_idx').on(table.reviewerId, table.createdAt),
  ],
);
