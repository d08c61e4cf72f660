// The community review loop (issue 15): listening to clips and voting on them, reviewing proposed
// translations, and the admins' queues. The rule that turns votes into states is core/review/rules.ts.
import { z } from 'zod';
import { validationText } from './texts.ts';
import { integerTextSchema, serialIdSchema, serialIdTextSchema } from './input.ts';
import { recordingLanguageSchema } from './recordings.ts';
import { categorySchema, proposalSummarySchema } from './translation.ts';
import { CLIP_REVIEW_STATES, PROPOSAL_LIFECYCLE_STATES, PROPOSAL_STATES } from '../review/rules.ts';

// --- Clips ------------------------------------------------------------------------------------------------

export const CLIP_VOTES = ['up', 'down'] as const;
export const clipVoteValueSchema = z.enum(CLIP_VOTES, { error: 'vote must be up or down' });
export type ClipVote = z.infer<typeof clipVoteValueSchema>;

/** Why a listener reports a clip (the admins' queue groups by it). */
export const CLIP_REPORT_REASONS = [
  'wrong-text',
  'not-lopit',
  'noise',
  'offensive',
  'personal-information',
] as const;
export type ClipReportReason = (typeof CLIP_REPORT_REASONS)[number];
export const CLIP_REPORT_REASON_LABELS: Record<ClipReportReason, string> = {
  'wrong-text': 'It does not say the text',
  'not-lopit': 'It is not in Lopit',
  noise: 'Too much noise',
  offensive: 'It is offensive',
  'personal-information': 'It gives away personal information',
};

export const clipReviewStateSchema = z.enum(CLIP_REVIEW_STATES);
/** The flags the server's quality check can raise on a clip (RecordingQuality's booleans). */
export const CLIP_FLAGS = ['tooShort', 'tooLong', 'silent', 'quiet', 'clipped'] as const;
export const clipFlagSchema = z.enum(CLIP_FLAGS, { error: `flag must be one of: ${CLIP_FLAGS.join(', ')}` });
export type ClipFlag = z.infer<typeof clipFlagSchema>;

/** Longest free-text reason (a report's note, an admin's decision, a rejection). */
export const REVIEW_REASON_MAX = 500;
const reasonText = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .max(REVIEW_REASON_MAX, validationText('reasonTooLong', { max: REVIEW_REASON_MAX }));

export const clipIdParamsSchema = z.object({ id: z.uuid({ error: 'Unknown recording' }) });

/** POST /api/review/clips/:id/vote: a second vote by the same person replaces the first. */
export const clipVoteSchema = z.object({ vote: clipVoteValueSchema });
/** POST /api/review/clips/:id/report */
export const clipReportSchema = z.object({
  reason: z.enum(CLIP_REPORT_REASONS, { error: `reason must be one of: ${CLIP_REPORT_REASONS.join(', ')}` }),
  note: z
    .string()
    .trim()
    .max(REVIEW_REASON_MAX, validationText('noteTooLong', { max: REVIEW_REASON_MAX }))
    .optional(),
});
export type ClipReport = z.infer<typeof clipReportSchema>;
/** POST /api/admin/review/clips/:id/settle: an admin decides, with a reason that is kept. */
export const clipSettleSchema = z.object({
  state: z.enum(['validated', 'invalidated'], { error: 'state must be validated or invalidated' }),
  reason: reasonText(validationText('settleReasonRequired')),
});
export type ClipSettle = z.infer<typeof clipSettleSchema>;

/** Where a clip's review stands, as the voter or an admin sees it after a change. */
export const clipReviewSchema = z.object({
  id: z.string(),
  state: clipReviewStateSchema,
  upVotes: z.number().int(),
  downVotes: z.number().int(),
  openReports: z.number().int(),
  /** The signed-in person's own vote, if any. */
  myVote: clipVoteValueSchema.nullable(),
});
export type ClipReview = z.infer<typeof clipReviewSchema>;
export const clipReviewResponseSchema = z.object({ review: clipReviewSchema });

/** One clip of a review pack: what a listener needs to judge it, offline once its audio is on the phone. */
export const reviewClipSchema = z.object({
  id: z.string(),
  /** What the clip should say (its transcript, else the prompt it was read from). */
  text: z.string(),
  language: recordingLanguageSchema.nullable(),
  duration: z.number(),
  mimeType: z.string(),
  sizeBytes: z.number().int(),
  /** The server's quality flags that are raised (shown to the listener, who still decides). */
  flags: z.array(clipFlagSchema),
  upVotes: z.number().int(),
  downVotes: z.number().int(),
});
export type ReviewClip = z.infer<typeof reviewClipSchema>;

/** Clips a review pack holds at most, and the audio bytes it may add up to on the phone. */
export const REVIEW_PACK_CLIPS = 30;
export const REVIEW_PACK_CLIPS_MAX = 100;
export const REVIEW_PACK_BYTES = 6 * 1024 * 1024;
export const REVIEW_PACK_BYTES_MAX = 50 * 1024 * 1024;

const UUID_TEXT = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const UUID_LIST = new RegExp(`^${UUID_TEXT}(,${UUID_TEXT})*$`);

/** Up to REVIEW_PACK_CLIPS_MAX recording ids separated by commas, as a query parameter. */
const clipIdListSchema = (name: string) =>
  z
    .string()
    .max(REVIEW_PACK_CLIPS_MAX * 37, `${name} is too long`)
    .regex(UUID_LIST, `${name} must be recording ids separated by commas`)
    .transform((text) => text.split(','))
    .optional();

/**
 * GET /api/review/clips: pending clips of other consenting speakers this person has not voted on, fewest votes
 * first, until `limit` clips or `maxBytes` of audio. `exclude` names clips the phone skipped or reviewed;
 * `held` names the clips its pack holds, which are left out too, and the answer's `gone` says which of them
 * this person may no longer review (deleted, decided, the speaker withdrew, voted on elsewhere), so they leave
 * the phone. `limit` 0 only checks the held clips.
 */
export const reviewPackQuerySchema = z.object({
  limit: integerTextSchema(0, REVIEW_PACK_CLIPS_MAX).default(REVIEW_PACK_CLIPS),
  maxBytes: integerTextSchema(1, REVIEW_PACK_BYTES_MAX).default(REVIEW_PACK_BYTES),
  exclude: clipIdListSchema('exclude'),
  held: clipIdListSchema('held'),
});
export const reviewPackSchema = z.object({
  clips: z.array(reviewClipSchema),
  /** Of the `held` clips, those no longer open to this person. */
  gone: z.array(z.string()),
});
export type ReviewPack = z.infer<typeof reviewPackSchema>;

/** A clip in the admins' queue. */
export const adminClipSchema = reviewClipSchema.extend({
  state: clipReviewStateSchema,
  ownerName: z.string(),
  createdAt: z.string(),
  reports: z.array(
    z.object({ reason: z.enum(CLIP_REPORT_REASONS), note: z.string().nullable(), createdAt: z.string() }),
  ),
  settledReason: z.string().nullable(),
});
export type AdminClip = z.infer<typeof adminClipSchema>;
export const ADMIN_REVIEW_PAGE_MAX = 200;
/** `state=reported` lists every clip with an open report, held or still in the community's queue. */
export const adminClipsQuerySchema = z.object({
  state: clipReviewStateSchema.optional(),
  flag: clipFlagSchema.optional(),
  page: integerTextSchema(1, 100_000).default(1),
  limit: integerTextSchema(1, ADMIN_REVIEW_PAGE_MAX).default(50),
});
export const adminClipsSchema = z.object({
  clips: z.array(adminClipSchema),
  total: z.number().int(),
  page: z.number().int(),
});

export { proposalSummarySchema, type ProposalSummary } from './translation.ts';

// --- Translation proposals ----------------------------------------------------------------------------------

export const proposalStateSchema = z.enum(PROPOSAL_STATES);
export const PROPOSAL_VERDICTS = ['approve', 'reject'] as const;
export const proposalVerdictSchema = z.enum(PROPOSAL_VERDICTS, {
  error: 'verdict must be approve or reject',
});
export type ProposalVerdict = z.infer<typeof proposalVerdictSchema>;

export const proposalIdParamsSchema = z.object({ id: serialIdTextSchema('Unknown proposal') });

/**
 * POST /api/review/proposals/:id/review: approve, or reject with a reason. A second review by the same person
 * replaces the first.
 */
export const proposalReviewSchema = z.discriminatedUnion(
  'verdict',
  [
    z.object({ verdict: z.literal('approve') }),
    z.object({ verdict: z.literal('reject'), reason: reasonText(validationText('rejectReasonRequired')) }),
  ],
  { error: 'verdict must be approve or reject' },
);
export type ProposalReview = z.infer<typeof proposalReviewSchema>;

/** Where a proposal stands after a review or a decision. */
export const proposalStatusSchema = z.object({
  id: z.number().int(),
  pairId: z.number().int(),
  state: z.enum(PROPOSAL_LIFECYCLE_STATES),
  approvals: z.number().int(),
  rejections: z.number().int(),
  myVerdict: proposalVerdictSchema.nullable(),
});
export type ProposalStatus = z.infer<typeof proposalStatusSchema>;
export const proposalStatusResponseSchema = z.object({ proposal: proposalStatusSchema });

/** One proposal of a review pack, with its pair and the other proposals waiting for the same pair. */
export const reviewProposalSchema = proposalSummarySchema.extend({
  pairId: z.number().int(),
  english: z.string(),
  category: categorySchema,
  /** The pair's approved text today ('' when none). */
  accepted: z.string(),
  others: z.array(proposalSummarySchema),
});
export type ReviewProposal = z.infer<typeof reviewProposalSchema>;
export const REVIEW_PROPOSALS_PACK = 50;
export const reviewProposalsQuerySchema = z.object({
  limit: integerTextSchema(1, 200).default(REVIEW_PROPOSALS_PACK),
  category: categorySchema.optional(),
});
export const reviewProposalsSchema = z.object({ proposals: z.array(reviewProposalSchema) });

/** The admins' list of proposals: filter by state, category, author; decide many at once. */
export const adminProposalsQuerySchema = z.object({
  state: proposalStateSchema.optional(),
  category: categorySchema.optional(),
  author: z.uuid({ error: 'author must be an account id' }).optional(),
  page: integerTextSchema(1, 100_000).default(1),
  limit: integerTextSchema(1, ADMIN_REVIEW_PAGE_MAX).default(50),
});
export const adminProposalSchema = reviewProposalSchema.extend({
  state: proposalStatusSchema.shape.state,
  authorId: z.string().nullable(),
  decisionReason: z.string().nullable(),
  rejectionReasons: z.array(z.string()),
});
export type AdminProposal = z.infer<typeof adminProposalSchema>;
export const adminProposalsSchema = z.object({
  proposals: z.array(adminProposalSchema),
  total: z.number().int(),
  page: z.number().int(),
});
/** POST /api/admin/review/proposals/decide: approve or reject many; a reason is kept with each. */
export const proposalDecisionSchema = z.object({
  ids: z
    .array(serialIdSchema('Unknown proposal'))
    .min(1, validationText('chooseProposal'))
    .max(ADMIN_REVIEW_PAGE_MAX),
  verdict: proposalVerdictSchema,
  reason: reasonText('Say why you decide these proposals'),
});
export const proposalDecisionResponseSchema = z.object({ proposals: z.array(proposalStatusSchema) });

// --- The reviewer's own counts ------------------------------------------------------------------------------

/** GET /api/review/stats?since=<start of the reviewer's day>: reviews given today and in all. */
export const reviewStatsQuerySchema = z.object({
  since: z.iso.datetime({ offset: true, error: 'since must be an ISO date and time' }).optional(),
});
export const reviewStatsSchema = z.object({
  clips: z.object({ today: z.number().int(), total: z.number().int() }),
  proposals: z.object({ today: z.number().int(), total: z.number().int() }),
});
export type ReviewStats = z.infer<typeof reviewStatsSchema>;

// --- Lexicon entries an admin sent to review ------------------------------------------------------------------

export const lexiconEntryIdParamsSchema = z.object({ id: serialIdTextSchema('Unknown lexicon entry') });
/** An imported word or phrase waiting for review (the import's admin counts as its author). */
export const reviewLexiconEntrySchema = z.object({
  id: z.number().int(),
  lopit: z.string(),
  english: z.string(),
  partOfSpeech: z.string().nullable(),
  approvals: z.number().int(),
  rejections: z.number().int(),
});
export type ReviewLexiconEntry = z.infer<typeof reviewLexiconEntrySchema>;
/** GET /api/review/lexicon: proposed entries others imported that the caller has not reviewed, fewest reviews first. */
export const reviewLexiconQuerySchema = z.object({
  limit: integerTextSchema(1, 200).default(REVIEW_PROPOSALS_PACK),
});
export const reviewLexiconSchema = z.object({ entries: z.array(reviewLexiconEntrySchema) });
/** After POST /api/review/lexicon/:id/review (body: proposalReviewSchema) or an admin's decision. */
export const lexiconReviewStatusSchema = z.object({
  id: z.number().int(),
  state: proposalStateSchema,
  approvals: z.number().int(),
  rejections: z.number().int(),
  myVerdict: proposalVerdictSchema.nullable(),
});
export type LexiconReviewStatus = z.infer<typeof lexiconReviewStatusSchema>;
export const lexiconReviewResponseSchema = z.object({ entry: lexiconReviewStatusSchema });
export const adminLexiconQuerySchema = z.object({
  state: proposalStateSchema.optional(),
  page: integerTextSchema(1, 100_000).default(1),
  limit: integerTextSchema(1, ADMIN_REVIEW_PAGE_MAX).default(50),
});
export const adminLexiconEntrySchema = reviewLexiconEntrySchema.extend({
  state: proposalStateSchema,
  decisionReason: z.string().nullable(),
  rejectionReasons: z.array(z.string()),
});
export type AdminLexiconEntry = z.infer<typeof adminLexiconEntrySchema>;
export const adminLexiconSchema = z.object({
  entries: z.array(adminLexiconEntrySchema),
  total: z.number().int(),
  page: z.number().int(),
});
/** POST /api/admin/review/lexicon/decide takes proposalDecisionSchema (ids of entries). */
export const lexiconDecisionResponseSchema = z.object({ entries: z.array(lexiconReviewStatusSchema) });
