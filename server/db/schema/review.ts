// The community review loop (migration 0010): votes and reports on clips, proposals and their reviews. The
// review columns of recordings are in contributions.ts with the rest of that table.
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
import { CLIP_REPORT_REASONS, CLIP_VOTES, PROPOSAL_VERDICTS } from '../../../core/api/review.ts';
import { PROPOSAL_LIFECYCLE_STATES } from '../../../core/review/rules.ts';
import { users } from './accounts.ts';
import { timestamps, timestamptz, oneOf } from './columns.ts';
import { lexiconEntries, recordings, translationPairs } from './contributions.ts';

const updatedAt = () => timestamptz('updated_at').notNull().defaultNow();
/** Where a proposal came from; 'transcript': an approved transcript of a spoken translation (0013). */
export const PROPOSAL_SOURCES = ['editor', 'import', 'legacy', 'transcript'] as const;

export const clipVotes = pgTable(
  'clip_votes',
  {
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    voterId: uuid('voter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    vote: text('vote', { enum: CLIP_VOTES }).notNull(),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.recordingId, table.voterId] }),
    check('clip_votes_vote_check', oneOf(table.vote, CLIP_VOTES)),
    index('clip_votes_voter_idx').on(table.voterId, table.createdAt),
  ],
);

export const clipReports = pgTable(
  'clip_reports',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    reporterId: uuid('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text('reason', { enum: CLIP_REPORT_REASONS }).notNull(),
    note: text('note'),
    ...timestamps,
    resolvedAt: timestamptz('resolved_at'),
    resolvedBy: uuid('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    check('clip_reports_reason_check', oneOf(table.reason, CLIP_REPORT_REASONS)),
    uniqueIndex('clip_reports_open_key')
      .on(table.recordingId, table.reporterId)
      .where(sql`resolved_at is null`),
  ],
);

export const translationProposals = pgTable(
  'translation_proposals',
  {
    id: serial('id').primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => translationPairs.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    state: text('state', { enum: PROPOSAL_LIFECYCLE_STATES }).notNull().default('proposed'),
    approvals: integer('approvals').notNull().default(0),
    rejections: integer('rejections').notNull().default(0),
    pairVersion: integer('pair_version').notNull(),
    source: text('source', { enum: PROPOSAL_SOURCES }).notNull().default('editor'),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    decidedAt: timestamptz('decided_at'),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    check('translation_proposals_state_check', oneOf(table.state, PROPOSAL_LIFECYCLE_STATES)),
    check('translation_proposals_source_check', oneOf(table.source, PROPOSAL_SOURCES)),
    uniqueIndex('translation_proposals_open_key')
      .on(table.pairId, table.authorId)
      .where(sql`state = 'proposed'`),
    index('translation_proposals_pair_idx').on(table.pairId, table.id),
    index('translation_proposals_state_idx').on(table.state, table.id),
  ],
);

export const proposalReviews = pgTable(
  'proposal_reviews',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => translationProposals.id, { onDelete: 'cascade' }),
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
    check('proposal_reviews_verdict_check', oneOf(table.verdict, PROPOSAL_VERDICTS)),
    index('proposal_reviews_reviewer_idx').on(table.reviewerId, table.createdAt),
  ],
);

export const lexiconReviews = pgTable(
  'lexicon_reviews',
  {
    entryId: integer('entry_id')
      .notNull()
      .references(() => lexiconEntries.id, { onDelete: 'cascade' }),
    reviewerId: uuid('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    verdict: text('verdict', { enum: PROPOSAL_VERDICTS }).notNull(),
    reason: text('reason'),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.entryId, table.reviewerId] }),
    check('lexicon_reviews_verdict_check', oneOf(table.verdict, PROPOSAL_VERDICTS)),
    index('lexicon_reviews_reviewer_idx').on(table.reviewerId, table.createdAt),
  ],
);

/** A transcript of a Lopit clip (0013), proposed and reviewed like a translation. */
export const transcriptProposals = pgTable(
  'transcript_proposals',
  {
    id: serial('id').primaryKey(),
    recordingId: uuid('recording_id')
      .notNull()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    state: text('state', { enum: PROPOSAL_LIFECYCLE_STATES }).notNull().default('proposed'),
    approvals: integer('approvals').notNull().default(0),
    rejections: integer('rejections').notNull().default(0),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
    decidedAt: timestamptz('decided_at'),
    ...timestamps,
    updatedAt: updatedAt(),
  },
  (table) => [
    check('transcript_proposals_state_check', oneOf(table.state, PROPOSAL_LIFECYCLE_STATES)),
    uniqueIndex('transcript_proposals_open_key')
      .on(table.recordingId, table.authorId)
      .where(sql`state = 'proposed'`),
    index('transcript_proposals_state_idx').on(table.state, table.id),
  ],
);

export const transcriptReviews = pgTable(
  'transcript_reviews',
  {
    proposalId: integer('proposal_id')
      .notNull()
      .references(() => transcriptProposals.id, { onDelete: 'cascade' }),
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
    check('transcript_reviews_verdict_check', oneOf(table.verdict, PROPOSAL_VERDICTS)),
    index('transcript_reviews_reviewer_idx').on(table.reviewerId, table.createdAt),
  ],
);
