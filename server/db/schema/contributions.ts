// Contributions (migrations 0002, 0004, 0005): the consent ledger, translation pairs and their revisions, the
// lexicon and recordings.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  type AnyPgColumn,
  pgTable,
  serial,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  INSPECTION_STATES,
  RECORDING_KINDS,
  STORY_CUT_STATES,
  type RecordingQuality,
} from '../../../core/api/recordings.ts';
import { CLIP_REVIEW_STATES, PROPOSAL_STATES } from '../../../core/review/rules.ts';
import { users } from './accounts.ts';
import { picturePrompts } from './pictures.ts';
import { lopitSentences } from './sentences.ts';
import { timestamptz, timestamps, oneOf } from './columns.ts';

// --- 0002_contributions, 0004_recordings, 0005_translation_engine (lexicon keys) -------------------------

/**
 * A speaker without an account (0013), added by a contributor in the field. Their name is for who added them and
 * for admins; exports and dashboards show the pseudonym.
 */
export const speakers = pgTable(
  'speakers',
  {
    id: uuid('id').primaryKey(),
    addedBy: uuid('added_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    pseudonym: text('pseudonym').notNull().unique('speakers_pseudonym_key'),
    ageGroup: text('age_group'),
    gender: text('gender'),
    dialect: text('dialect'),
    ...timestamps,
    addedAt: timestamptz('added_at'),
  },
  (table) => [
    check('speakers_name_check', sql`char_length(${table.name}) between 1 and 80`),
    index('speakers_added_by_idx').on(table.addedBy, table.createdAt),
  ],
);

/** The consent ledger: an account's events (user_id) and, since 0013, a field speaker's (speaker_id). */
export const consentEvents = pgTable(
  'consent_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    action: text('action', { enum: ['grant', 'withdraw'] }).notNull(),
    consentType: text('consent_type', { enum: ['recording', 'translation', 'full'] }).notNull(),
    formVersion: text('form_version').notNull(),
    ...timestamps,
    speakerId: uuid('speaker_id').references(() => speakers.id, { onDelete: 'cascade' }),
    recordedBy: uuid('recorded_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    reason: text('reason'),
    clientId: uuid('client_id').unique('consent_events_client_id_key'),
    /** When it happened on the phone, by its clock (0016); null: not sent or implausible, created_at stands. */
    occurredAt: timestamptz('occurred_at'),
  },
  (table) => [
    check('consent_events_action_check', oneOf(table.action, ['grant', 'withdraw'])),
    check(
      'consent_events_consent_type_check',
      oneOf(table.consentType, ['recording', 'translation', 'full']),
    ),
    check('consent_events_subject_check', sql`num_nonnulls(${table.userId}, ${table.speakerId}) = 1`),
    index('consent_events_user_idx').on(table.userId, table.id),
    index('consent_events_speaker_idx')
      .on(table.speakerId, table.id)
      .where(sql`speaker_id is not null`),
  ],
);

export const CONSENT_EVIDENCE_KINDS = ['spoken', 'photo'] as const;

/** What shows a speaker's consent (0013): a spoken recording or a photo of the signed form. Admins only. */
export const consentEvidence = pgTable(
  'consent_evidence',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    consentEventId: bigint('consent_event_id', { mode: 'number' })
      .notNull()
      .references(() => consentEvents.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: CONSENT_EVIDENCE_KINDS }).notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    ...timestamps,
  },
  (table) => [
    check('consent_evidence_kind_check', oneOf(table.kind, CONSENT_EVIDENCE_KINDS)),
    uniqueIndex('consent_evidence_kind_key').on(table.consentEventId, table.kind),
  ],
);

const SETTLED_STATES = ['validated', 'invalidated'] as const;

const PAIR_CATEGORIES = ['greetings', 'family', 'numbers', 'food', 'time'] as const;
const PAIR_STATUSES = ['empty', 'pending', 'approved'] as const;

export const translationPairs = pgTable(
  'translation_pairs',
  {
    id: serial('id').primaryKey(),
    english: text('english').notNull(),
    lopit: text('lopit').notNull().default(''),
    category: text('category', { enum: PAIR_CATEGORIES }).notNull(),
    status: text('status', { enum: PAIR_STATUSES }).notNull().default('empty'),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * The pair's place in the order of changes (0009): stamped by a trigger on every insert and update, so
     * the value given here is always replaced.
     */
    changeSeq: bigint('change_seq', { mode: 'number' })
      .notNull()
      .$defaultFn(() => 0),
    /** A retired sentence (0012) leaves the prompt pack and the translate queue; what was made of it stays. */
    retiredAt: timestamptz('retired_at'),
    retiredBy: uuid('retired_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    retiredReason: text('retired_reason'),
  },
  (table) => [
    check('translation_pairs_category_check', oneOf(table.category, PAIR_CATEGORIES)),
    check('translation_pairs_status_check', oneOf(table.status, PAIR_STATUSES)),
    index('translation_pairs_category_idx').on(table.category, table.id),
    uniqueIndex('translation_pairs_english_key').on(table.category, table.english),
    uniqueIndex('translation_pairs_change_seq_key').on(table.changeSeq),
  ],
);

export const translationRevisions = pgTable(
  'translation_revisions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    pairId: integer('pair_id')
      .notNull()
      .references(() => translationPairs.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    beforeText: text('before_text').notNull(),
    afterText: text('after_text').notNull(),
    version: integer('version').notNull(),
    ...timestamps,
  },
  (table) => [index('translation_revisions_pair_idx').on(table.pairId, table.id)],
);

export const lexiconEntries = pgTable(
  'lexicon_entries',
  {
    id: serial('id').primaryKey(),
    lopit: text('lopit').notNull(),
    english: text('english').notNull(),
    partOfSpeech: text('part_of_speech'),
    ...timestamps,
    /** Search keys (SQL function lexicon_key, collation "C"), generated by the database. */
    lopitKey: text('lopit_key').generatedAlwaysAs(sql`lexicon_key(lopit)`),
    englishKey: text('english_key').generatedAlwaysAs(sql`lexicon_key(english)`),
    /** Community review of imported entries (0011): only approved ones are used. */
    state: text('state', { enum: PROPOSAL_STATES }).notNull().default('approved'),
    importedBy: uuid('imported_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    approvals: integer('approvals').notNull().default(0),
    rejections: integer('rejections').notNull().default(0),
    decidedBy: uuid('decided_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    decisionReason: text('decision_reason'),
  },
  (table) => [
    check('lexicon_entries_state_check', oneOf(table.state, PROPOSAL_STATES)),
    index('lexicon_entries_state_idx').on(table.state, table.id),
    uniqueIndex('lexicon_entries_keys_key').on(table.lopitKey, table.englishKey),
    index('lexicon_entries_lopit_key_idx').on(table.lopitKey, table.id),
    index('lexicon_entries_english_key_idx').on(table.englishKey, table.id),
  ],
);

export const recordings = pgTable(
  'recordings',
  {
    id: uuid('id').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    mimeType: text('mime_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    durationSeconds: doublePrecision('duration_seconds').notNull(),
    transcript: text('transcript'),
    language: text('language', { enum: ['lpx', 'en'] }),
    ...timestamps,
    title: text('title'),
    promptPairId: integer('prompt_pair_id').references(() => translationPairs.id, { onDelete: 'set null' }),
    /** A clip read from an approved written sentence (0023); null for every other clip. */
    promptSentenceId: integer('prompt_sentence_id').references((): AnyPgColumn => lopitSentences.id, {
      onDelete: 'set null',
    }),
    ageGroup: text('age_group'),
    gender: text('gender'),
    dialect: text('dialect'),
    codec: text('codec'),
    sampleRate: integer('sample_rate'),
    channels: integer('channels'),
    quality: jsonb('quality')
      .$type<RecordingQuality>()
      .notNull()
      .default(sql`'{}'`),
    clientMimeType: text('client_mime_type'),
    clientDurationSeconds: doublePrecision('client_duration_seconds'),
    /** When it was recorded, by the phone's clock (0008); null when unknown or implausible. */
    recordedAt: timestamptz('recorded_at'),
    /** Community review (0010): the state core/review/rules.ts gives the counts below and any decision. */
    reviewState: text('review_state', { enum: CLIP_REVIEW_STATES }).notNull().default('pending'),
    upVotes: integer('up_votes').notNull().default(0),
    downVotes: integer('down_votes').notNull().default(0),
    openReports: integer('open_reports').notNull().default(0),
    settledState: text('settled_state', { enum: SETTLED_STATES }),
    settledBy: uuid('settled_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    settledReason: text('settled_reason'),
    settledAt: timestamptz('settled_at'),
    /** Who speaks (0013): a field speaker; null when it is the owner. */
    speakerId: uuid('speaker_id').references(() => speakers.id, { onDelete: 'restrict' }),
    /** A spoken translation (0013): the English sentence this Lopit clip translates. */
    sourcePairId: integer('source_pair_id').references(() => translationPairs.id, { onDelete: 'set null' }),
    /** A clip, or a whole Tell recording ('story', 0017) that is cut into segments and is itself no clip. */
    kind: text('kind', { enum: RECORDING_KINDS }).notNull().default('clip'),
    /** A segment of a story (0017): the story, its place in it and its span there in ms. */
    parentId: uuid('parent_id').references((): AnyPgColumn => recordings.id, { onDelete: 'cascade' }),
    segmentIndex: integer('segment_index'),
    startMs: integer('start_ms'),
    endMs: integer('end_ms'),
    /** A repetition (0018): the clip this one repeats slowly, to help its transcription. */
    repeatsId: uuid('repeats_id').references((): AnyPgColumn => recordings.id, { onDelete: 'set null' }),
    /** A clip said from a picture (0019): the picture it answers. */
    pictureId: uuid('picture_id').references((): AnyPgColumn => picturePrompts.id, { onDelete: 'restrict' }),
    /** Where the inspection of its audio stands (0021): inspecting after the upload, then inspected or failed. */
    inspection: text('inspection', { enum: INSPECTION_STATES }).notNull().default('inspected'),
    /** Why the inspection failed (the audio could not be decoded, or is too long); null otherwise. */
    inspectionError: text('inspection_error'),
  },
  (table) => [
    check('recordings_kind_check', oneOf(table.kind, RECORDING_KINDS)),
    check('recordings_inspection_check', oneOf(table.inspection, INSPECTION_STATES)),
    check(
      'recordings_segment_check',
      sql`(${table.parentId} is null and ${table.segmentIndex} is null and ${table.startMs} is null and ${table.endMs} is null)
        or (${table.parentId} is not null and ${table.kind} = 'clip' and ${table.segmentIndex} >= 0 and ${table.startMs} >= 0 and ${table.endMs} > ${table.startMs})`,
    ),
    uniqueIndex('recordings_segment_key')
      .on(table.parentId, table.segmentIndex)
      .where(sql`parent_id is not null`),
    index('recordings_owner_idx').on(table.ownerId, table.createdAt.desc()),
    index('recordings_sha256_idx').on(table.sha256),
    index('recordings_created_idx').on(table.createdAt.desc(), table.id),
    check('recordings_review_state_check', oneOf(table.reviewState, CLIP_REVIEW_STATES)),
    check('recordings_settled_state_check', oneOf(table.settledState, SETTLED_STATES)),
    index('recordings_review_idx').on(table.reviewState, table.id),
    index('recordings_speaker_idx')
      .on(table.speakerId)
      .where(sql`speaker_id is not null`),
    check(
      'recordings_repeats_check',
      sql`${table.repeatsId} is null or (${table.kind} = 'clip' and ${table.repeatsId} <> ${table.id})`,
    ),
    index('recordings_repeats_idx')
      .on(table.repeatsId)
      .where(sql`repeats_id is not null`),
    index('recordings_source_pair_idx')
      .on(table.sourcePairId)
      .where(sql`source_pair_id is not null`),
    index('recordings_picture_idx')
      .on(table.pictureId)
      .where(sql`picture_id is not null`),
    check(
      'recordings_prompt_check',
      sql`${table.promptSentenceId} is null or (${table.promptPairId} is null and ${table.kind} = 'clip')`,
    ),
    index('recordings_prompt_sentence_idx')
      .on(table.promptSentenceId)
      .where(sql`prompt_sentence_id is not null`),
  ],
);

/** The cutting of a Tell recording into segments (0017): its plan, written once, and whether it is done. */
export const storyCuts = pgTable(
  'story_cuts',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    state: text('state', { enum: STORY_CUT_STATES }).notNull().default('waiting'),
    /** The segments' spans in the story, [[startMs, endMs], ...]; null until planned. */
    plan: jsonb('plan').$type<[number, number][]>(),
    attempts: integer('attempts').notNull().default(0),
    error: text('error'),
    ...timestamps,
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (table) => [
    check('story_cuts_state_check', oneOf(table.state, STORY_CUT_STATES)),
    index('story_cuts_waiting_idx')
      .on(table.createdAt)
      .where(sql`state = 'waiting'`),
  ],
);

/**
 * The queue of inspections (0021): a row per recording waiting to be inspected, claimed with FOR UPDATE SKIP
 * LOCKED; a claim is a lease (worker_id, attempts) that may be taken again once older than the lease time.
 */
export const inspectionJobs = pgTable(
  'inspection_jobs',
  {
    recordingId: uuid('recording_id')
      .primaryKey()
      .references(() => recordings.id, { onDelete: 'cascade' }),
    attempts: integer('attempts').notNull().default(0),
    workerId: text('worker_id'),
    claimedAt: timestamptz('claimed_at'),
    error: text('error'),
    ...timestamps,
  },
  (table) => [index('inspection_jobs_created_idx').on(table.createdAt)],
);
