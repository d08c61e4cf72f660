// Every write a contributor can make offline, declared once (as rocicorp's zbugs declares its mutators): its route
// and schemas (the server registers them from here), how the phone's outbox keeps, orders, labels and sends it,
// and the error answers it can give. Adding a contribution kind: one declaration here, one handler on the server
// (`schema: mutationSchema('kind')`), one screen that calls `enqueue('kind', args, about)` (src/offline/outbox.ts).
import { z } from 'zod';
import { consentStatusSchema, consentSubmitSchema, consentWithdrawSchema } from './consent.ts';
import { ERROR_CODES, type ErrorAnswer } from './errors.ts';
import { proposeMessageSchema, uiProposalParamsSchema, uiProposalResponseSchema } from './i18n.ts';
import { promptIdParamsSchema, promptReportResponseSchema, promptReportSchema } from './prompts.ts';
import {
  clipIdParamsSchema,
  clipReportSchema,
  clipReviewResponseSchema,
  clipVoteSchema,
  lexiconEntryIdParamsSchema,
  lexiconReviewResponseSchema,
  proposalIdParamsSchema,
  proposalReviewSchema,
  proposalStatusResponseSchema,
} from './review.ts';
import type { evidenceKindSchema } from './speakers.ts';
import {
  speakerConsentFieldsSchema,
  speakerConsentResponseSchema,
  speakerCreateSchema,
  speakerEvidenceParamsSchema,
  speakerIdParamsSchema,
  speakerResponseSchema,
  speakerWithdrawSchema,
} from './speakers.ts';
import {
  transcribeClipIdParamsSchema,
  transcriptIdParamsSchema,
  transcriptResponseSchema,
  transcriptSaveSchema,
} from './transcripts.ts';
import { pairResponseSchema, saveTranslationSchema } from './translation.ts';
import { RECORDING_STORE_ERRORS } from './recordings.ts';
import {
  sentenceIdParamsSchema,
  sentenceProposeSchema,
  sentenceReportResponseSchema,
  sentenceResponseSchema,
} from './sentences.ts';
import { outbox as messages } from '../i18n/messages/outbox.ts';
import { excerpt, outboxLabel, type OutboxLabel } from '../i18n/outbox-label.ts';

/** What a dropped entry was, for its notice, when the server says its item is gone for good (ITEM_GONE). */
export type GoneNoticeKind = 'vote' | 'report' | 'review' | 'transcript' | 'repetition';

/**
 * How an entry travels: one JSON POST; one multipart POST of a file kept on the phone (the body kept in the
 * outbox names it); a tus resumable upload of a kept recording.
 */
export type Transport = 'json' | 'multipart' | 'tus';

/** What an entry holds: the route's parameters and the body (for a file's kinds, what names the kept file). */
export interface MutationArgsOf<P extends z.ZodType, B extends z.ZodType> {
  params: z.output<P>;
  body: z.output<B>;
}

export interface MutationDeclaration<P extends z.ZodType, B extends z.ZodType, R extends z.ZodType, About> {
  method: 'POST';
  /** What the route does, in a few words (the published contract's summary). */
  summary: string;
  /** The route under /api, in Fastify's pattern ('/review/clips/:id/vote'). */
  route: string;
  transport: Transport;
  params: P;
  body: B;
  /** The success answer (200), which the outbox's effects parse. */
  response: R;
  /**
   * The error answers of this kind alone: those of every guarded route with a body (validation, session, a busy
   * server: server/plugins/openapi-operations.ts) and of the Idempotency-Key (server/lib/idempotency.ts) are
   * added where the route is registered (server/lib/mutation-route.ts).
   */
  errors: ErrorAnswer[];
  /**
   * Kinds of a lower phase go first: edits, reviews and consent (seconds each) never wait behind an upload that
   * may take minutes on 2G, and consent reaches the server before the recordings made under it. Within a
   * subject, order is kept whatever the phase.
   */
  phase: 0 | 1;
  /** Entries about the same thing keep their order and wait for one another. */
  subject: (args: MutationArgsOf<P, B>) => string;
  /** A second change of the same subject, never sent yet, replaces the first instead of queueing behind it. */
  coalesce: boolean;
  /** What the list of waiting items says; `about` is what the screen knows beyond the arguments. */
  label: (args: MutationArgsOf<P, B>, about: About) => OutboxLabel;
  /**
   * What the contributor is told when the server drops the entry as gone; null for kinds never dropped that way
   * (their own work, or consent), which wait for the contributor like any refusal.
   */
  goneNotice: GoneNoticeKind | null;
}

const declare = <P extends z.ZodType, B extends z.ZodType, R extends z.ZodType, About = undefined>(
  declaration: MutationDeclaration<P, B, R, About>,
) => declaration;

const noParams = z.object({});

const own = { status: 403, code: ERROR_CODES.ownContribution };
const gone = { status: 404, code: ERROR_CODES.itemGone };
const notFound = { status: 404, code: ERROR_CODES.notFound };
const conflict = { status: 409, code: ERROR_CODES.conflict };

/** The kept file of a speaker's consent evidence (IndexedDB) and the form's text fields sent beside it. */
const evidenceUploadSchema = z.object({
  evidenceKey: z.string().min(1),
  fields: z.record(z.string(), z.string()),
});
const speakerConsentUploadSchema = evidenceUploadSchema.extend({
  fields: z.object({
    consent: z.string().refine((text) => {
      try {
        return speakerConsentFieldsSchema.safeParse(JSON.parse(text)).success;
      } catch {
        return false;
      }
    }, 'The field "consent" must be JSON with id, consentType and kind.'),
  }),
});
/** What a consent evidence file can be refused for (checked by content: audio decoded, photos measured). */
const evidenceFileErrors: ErrorAnswer[] = [
  { status: 400, code: ERROR_CODES.emptyFile },
  notFound,
  conflict,
  { status: 413, code: ERROR_CODES.fileTooLarge },
  { status: 415, code: ERROR_CODES.validation },
  { status: 415, code: ERROR_CODES.unsupportedAudio },
  { status: 422, code: ERROR_CODES.imageTooLarge },
  { status: 422, code: ERROR_CODES.unreadableImage },
  { status: 422, code: ERROR_CODES.unreadableAudio },
  { status: 422, code: ERROR_CODES.truncatedAudio },
  { status: 422, code: ERROR_CODES.unsupportedAudio },
  { status: 503, code: ERROR_CODES.unavailable },
];

const reviewLabel = { verdict: (body: { verdict: string }) => body.verdict };

/** The subjects of entries, by what they are about. */
export const subjects = {
  pair: (id: number) => `pair:${id}`,
  consent: () => 'consent',
  recording: (recordingId: string) => `recording:${recordingId}`,
  clip: (clipId: string) => `clip:${clipId}`,
  proposal: (id: number | string) => `proposal:${id}`,
  word: (id: number | string) => `word:${id}`,
  prompt: (id: number | string) => `prompt:${id}`,
  transcriptClip: (clipId: string) => `transcript-clip:${clipId}`,
  transcript: (id: number | string) => `transcript:${id}`,
  speaker: (speakerId: string) => `speaker:${speakerId}`,
  uiMessage: (language: string, messageId: string) => `ui:${language}:${messageId}`,
  uiProposal: (id: number | string) => `ui-proposal:${id}`,
  /** A new sentence has no id until the server gives it one: it is its own subject, by its text. */
  newSentence: (text: string) => `sentence-new:${text}`,
  sentence: (id: number | string) => `sentence:${id}`,
};

export const MUTATIONS = {
  'translation.save': declare({
    method: 'POST',
    summary: 'Save a translation (a proposal, or approved when an admin saves it)',
    route: '/translation/save',
    transport: 'json',
    params: noParams,
    body: saveTranslationSchema,
    response: pairResponseSchema,
    errors: [
      { status: 403, code: ERROR_CODES.consentRequired },
      notFound,
      { status: 409, code: ERROR_CODES.editConflict },
    ],
    phase: 0,
    subject: ({ body }) => subjects.pair(body.id),
    coalesce: true,
    label: (_, about: { english: string }) =>
      outboxLabel(messages.translation, { english: excerpt(about.english) }),
    goneNotice: null,
  }),
  'consent.submit': declare({
    method: 'POST',
    summary: 'Give consent',
    route: '/consent/submit',
    transport: 'json',
    params: noParams,
    body: consentSubmitSchema,
    response: consentStatusSchema,
    errors: [],
    phase: 0,
    subject: subjects.consent,
    coalesce: false,
    label: (_, about: { choice: string }) => outboxLabel(messages.consentGrant, about),
    goneNotice: null,
  }),
  'consent.withdraw': declare({
    method: 'POST',
    summary: 'Withdraw all consent',
    route: '/consent/withdraw',
    transport: 'json',
    params: noParams,
    body: consentWithdrawSchema,
    response: consentStatusSchema,
    errors: [],
    phase: 0,
    subject: subjects.consent,
    coalesce: false,
    label: () => outboxLabel(messages.consentWithdrawal),
    goneNotice: null,
  }),
  'recording.upload': declare({
    method: 'POST',
    summary: 'Upload a recording (tus 1.0, resumable)',
    route: '/audio/tus',
    transport: 'tus',
    params: noParams,
    // The recording's audio stays in IndexedDB (recordingChunks) until the server confirms it.
    body: z.object({ recordingId: z.string().min(1) }),
    // tus answers with headers only; the sender confirms once the server holds the recording.
    response: z.null(),
    // Every answer of the tus endpoint's methods (the published contract's, server/features/recordings/
    // recordings-contract.ts): storing's refusals, then the protocol's (460: a bytes' checksum mismatch).
    errors: [
      ...RECORDING_STORE_ERRORS,
      { status: 400, code: ERROR_CODES.uploadProtocol },
      { status: 409, code: ERROR_CODES.uploadOffsetConflict },
      { status: 410, code: ERROR_CODES.uploadGone },
      { status: 412, code: ERROR_CODES.uploadProtocol },
      { status: 413, code: ERROR_CODES.uploadProtocol },
      { status: 460, code: ERROR_CODES.uploadProtocol },
      // Only when an upload is created: the account's unfinished uploads are at their quota.
      { status: 429, code: ERROR_CODES.uploadQuota },
    ],
    phase: 1,
    subject: ({ body }) => subjects.recording(body.recordingId),
    coalesce: false,
    label: (_, about: { title: string; durationSeconds: number }) => {
      const seconds = Math.round(about.durationSeconds);
      const length = `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
      return outboxLabel(messages.recording, { title: about.title, length });
    },
    // Only a repetition is ever answered ITEM_GONE: it leaves the phone with its audio (outbox-effects.ts).
    goneNotice: 'repetition',
  }),
  'clip.vote': declare({
    method: 'POST',
    summary: 'Vote on a clip',
    route: '/review/clips/:id/vote',
    transport: 'json',
    params: clipIdParamsSchema,
    body: clipVoteSchema,
    response: clipReviewResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.clip(params.id),
    // A second vote on the same clip before the first was sent replaces it (one vote per person anyway).
    coalesce: true,
    label: ({ body }, about: { text: string }) =>
      outboxLabel(messages.clipVote, { vote: body.vote, text: excerpt(about.text) }),
    goneNotice: 'vote',
  }),
  'clip.report': declare({
    method: 'POST',
    summary: 'Report a clip',
    route: '/review/clips/:id/report',
    transport: 'json',
    params: clipIdParamsSchema,
    body: clipReportSchema,
    response: clipReviewResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.clip(params.id),
    coalesce: true,
    label: (_, about: { text: string; reason: string }) =>
      outboxLabel(messages.clipReport, { text: excerpt(about.text), reason: about.reason }),
    goneNotice: 'report',
  }),
  'proposal.review': declare({
    method: 'POST',
    summary: 'Approve or reject a proposed translation',
    route: '/review/proposals/:id/review',
    transport: 'json',
    params: proposalIdParamsSchema,
    body: proposalReviewSchema,
    response: proposalStatusResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.proposal(params.id),
    coalesce: true,
    label: ({ body }, about: { text: string; english: string }) =>
      outboxLabel(messages.proposalReview, {
        verdict: reviewLabel.verdict(body),
        text: excerpt(about.text, 40),
        english: excerpt(about.english, 40),
      }),
    goneNotice: 'review',
  }),
  'lexicon.review': declare({
    method: 'POST',
    summary: 'Approve or reject an imported lexicon entry',
    route: '/review/lexicon/:id/review',
    transport: 'json',
    params: lexiconEntryIdParamsSchema,
    body: proposalReviewSchema,
    response: lexiconReviewResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.word(params.id),
    coalesce: true,
    label: ({ body }, about: { word: string; english: string }) =>
      outboxLabel(messages.wordReview, {
        verdict: reviewLabel.verdict(body),
        word: excerpt(about.word, 40),
        english: excerpt(about.english, 40),
      }),
    goneNotice: 'review',
  }),
  'prompt.report': declare({
    method: 'POST',
    summary: 'Report a sentence to read (wrong, offensive, unreadable)',
    route: '/audio/prompts/:id/report',
    transport: 'json',
    params: promptIdParamsSchema,
    body: promptReportSchema,
    response: promptReportResponseSchema,
    errors: [notFound],
    phase: 0,
    subject: ({ params }) => subjects.prompt(params.id),
    coalesce: false,
    label: (_, about: { english: string; reason: string }) =>
      outboxLabel(messages.promptReport, { english: excerpt(about.english), reason: about.reason }),
    goneNotice: null,
  }),
  'transcript.save': declare({
    method: 'POST',
    summary: 'Propose (or withdraw) the transcript of a clip',
    route: '/transcripts/clips/:id',
    transport: 'json',
    params: transcribeClipIdParamsSchema,
    body: transcriptSaveSchema,
    response: transcriptResponseSchema,
    errors: [own, gone, conflict],
    phase: 0,
    subject: ({ params }) => subjects.transcriptClip(params.id),
    coalesce: false,
    label: ({ body }, about: { english: string | null }) =>
      about.english
        ? outboxLabel(messages.transcriptFor, {
            text: excerpt(body.text, 40),
            english: excerpt(about.english, 40),
          })
        : outboxLabel(messages.transcript, { text: excerpt(body.text, 40) }),
    // A transcript of a clip nobody may hear any more cannot be kept, whatever its writer does.
    goneNotice: 'transcript',
  }),
  'transcript.review': declare({
    method: 'POST',
    summary: 'Approve or reject a transcript',
    route: '/transcripts/proposals/:id/review',
    transport: 'json',
    params: transcriptIdParamsSchema,
    body: proposalReviewSchema,
    response: transcriptResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.transcript(params.id),
    coalesce: false,
    label: ({ body }, about: { text: string }) =>
      outboxLabel(messages.transcriptReview, { verdict: body.verdict, text: excerpt(about.text, 40) }),
    goneNotice: 'review',
  }),
  // A field speaker and their consent reach the server before the clips recorded under it (issue 16).
  'speaker.create': declare({
    method: 'POST',
    summary: 'Add a field speaker',
    route: '/speakers',
    transport: 'json',
    params: noParams,
    body: speakerCreateSchema,
    response: speakerResponseSchema,
    errors: [conflict],
    phase: 0,
    subject: ({ body }) => subjects.speaker(body.id),
    coalesce: false,
    label: ({ body }) => outboxLabel(messages.newSpeaker, { name: body.name }),
    goneNotice: null,
  }),
  'speaker.consent': declare({
    method: 'POST',
    summary: "Record a field speaker's consent with its evidence",
    route: '/speakers/:id/consent',
    transport: 'multipart',
    params: speakerIdParamsSchema,
    body: speakerConsentUploadSchema,
    response: speakerConsentResponseSchema,
    errors: evidenceFileErrors,
    phase: 0,
    subject: ({ params }) => subjects.speaker(params.id),
    coalesce: false,
    label: (_, about: { name: string; kind: z.infer<typeof evidenceKindSchema> }) =>
      outboxLabel(messages.speakerConsent, about),
    goneNotice: null,
  }),
  'speaker.evidence': declare({
    method: 'POST',
    summary: 'Add an evidence file to a consent',
    route: '/speakers/:id/consent/:consentId/evidence/:kind',
    transport: 'multipart',
    params: speakerEvidenceParamsSchema,
    body: evidenceUploadSchema,
    response: speakerConsentResponseSchema,
    errors: evidenceFileErrors,
    // A second piece of evidence (a photo after the spoken consent) is not needed by any clip: it waits like audio.
    phase: 1,
    subject: ({ params }) => subjects.speaker(params.id),
    coalesce: false,
    label: ({ params }, about: { name: string }) =>
      outboxLabel(messages.speakerConsent, { name: about.name, kind: params.kind }),
    goneNotice: null,
  }),
  'speaker.withdraw': declare({
    method: 'POST',
    summary: "Record a field speaker's withdrawal of consent",
    route: '/speakers/:id/withdraw',
    transport: 'json',
    params: speakerIdParamsSchema,
    body: speakerWithdrawSchema,
    response: speakerResponseSchema,
    errors: [notFound],
    phase: 0,
    subject: ({ params }) => subjects.speaker(params.id),
    coalesce: false,
    label: (_, about: { name: string }) => outboxLabel(messages.speakerWithdrawal, about),
    goneNotice: null,
  }),
  // The interface's translation (issue 18): a proposed message, and a review of someone's proposal. Their labels
  // are the language and the English text, as the screen shows them.
  'ui.propose': declare({
    method: 'POST',
    summary: 'Propose a translation of an interface message',
    route: '/i18n/proposals',
    transport: 'json',
    params: noParams,
    body: proposeMessageSchema,
    response: uiProposalResponseSchema,
    errors: [notFound, { status: 422, code: ERROR_CODES.translationProblems }],
    phase: 0,
    subject: ({ body }) => subjects.uiMessage(body.language, body.messageId),
    coalesce: true,
    label: (_, about: { text: string }) => about.text,
    goneNotice: null,
  }),
  'ui.review': declare({
    method: 'POST',
    summary: 'Approve or reject a proposed interface translation',
    route: '/i18n/proposals/:id/review',
    transport: 'json',
    params: uiProposalParamsSchema,
    body: proposalReviewSchema,
    response: uiProposalResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.uiProposal(params.id),
    coalesce: false,
    label: (_, about: { text: string }) => about.text,
    goneNotice: 'review',
  }),
  // The sentence collection (issue 32): a Lopit sentence written to be read aloud, and a review of someone's.
  'sentence.propose': declare({
    method: 'POST',
    summary: 'Write a Lopit sentence to be read aloud (approved at once when an admin writes it)',
    route: '/sentences',
    transport: 'json',
    params: noParams,
    body: sentenceProposeSchema,
    response: sentenceResponseSchema,
    errors: [conflict],
    phase: 0,
    subject: ({ body }) => subjects.newSentence(body.text),
    coalesce: false,
    label: ({ body }) => outboxLabel(messages.sentence, { text: excerpt(body.text, 40) }),
    goneNotice: null,
  }),
  'sentence.review': declare({
    method: 'POST',
    summary: 'Approve or reject a written Lopit sentence',
    route: '/sentences/:id/review',
    transport: 'json',
    params: sentenceIdParamsSchema,
    body: proposalReviewSchema,
    response: sentenceResponseSchema,
    errors: [own, gone],
    phase: 0,
    subject: ({ params }) => subjects.sentence(params.id),
    coalesce: true,
    label: ({ body }, about: { text: string }) =>
      outboxLabel(messages.sentenceReview, { verdict: body.verdict, text: excerpt(about.text, 40) }),
    goneNotice: 'review',
  }),
  'sentence.report': declare({
    method: 'POST',
    summary: 'Report a written sentence to read (wrong, offensive, unreadable)',
    route: '/sentences/:id/report',
    transport: 'json',
    params: sentenceIdParamsSchema,
    body: promptReportSchema,
    response: sentenceReportResponseSchema,
    errors: [notFound],
    phase: 0,
    subject: ({ params }) => subjects.sentence(params.id),
    coalesce: false,
    label: (_, about: { text: string; reason: string }) =>
      outboxLabel(messages.sentenceReport, { text: excerpt(about.text), reason: about.reason }),
    goneNotice: null,
  }),
};

export type Mutations = typeof MUTATIONS;
export type MutationKind = keyof Mutations;
export const MUTATION_KINDS = Object.keys(MUTATIONS) as MutationKind[];

type ParamsSchema<K extends MutationKind> = Mutations[K]['params'];
type BodySchema<K extends MutationKind> = Mutations[K]['body'];

/** The route's parameters of a kind, as kept (parsed). */
export type MutationParams<K extends MutationKind> = z.output<ParamsSchema<K>>;
/** The body of a kind, as kept (parsed). */
export type MutationBody<K extends MutationKind> = z.output<BodySchema<K>>;
/** What a screen gives to queue a change of this kind (before parsing). */
export interface MutationInput<K extends MutationKind> {
  params: z.input<ParamsSchema<K>>;
  body: z.input<BodySchema<K>>;
}
export type MutationArgs<K extends MutationKind> = MutationArgsOf<ParamsSchema<K>, BodySchema<K>>;
export type MutationResponse<K extends MutationKind> = z.output<Mutations[K]['response']>;
/** What the label of a kind needs besides the arguments. */
export type MutationAbout<K extends MutationKind> = Parameters<Mutations[K]['label']>[1];

/** A kind's declaration, typed by kind (the table's own type is a union of each). */
export function mutation<K extends MutationKind>(
  kind: K,
): MutationDeclaration<ParamsSchema<K>, BodySchema<K>, Mutations[K]['response'], MutationAbout<K>> {
  return MUTATIONS[kind] as unknown as MutationDeclaration<
    ParamsSchema<K>,
    BodySchema<K>,
    Mutations[K]['response'],
    MutationAbout<K>
  >;
}

/** Checks and normalises a screen's arguments by the kind's schemas; throws the schema's error when they are bad. */
export function parseMutationArgs<K extends MutationKind>(kind: K, input: MutationInput<K>): MutationArgs<K> {
  const declaration = mutation(kind);
  return {
    params: declaration.params.parse(input.params) as MutationParams<K>,
    body: declaration.body.parse(input.body) as MutationBody<K>,
  };
}

/** The path under /api (no leading slash) of a route pattern with its parameters filled in. */
export function fillRoute(route: string, params: Record<string, unknown>): string {
  return route
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (!segment.startsWith(':')) return segment;
      const value = params[segment.slice(1)];
      if ((typeof value !== 'string' && typeof value !== 'number') || value === '')
        throw new Error(`The route ${route} needs ${segment.slice(1)}.`);
      return encodeURIComponent(value);
    })
    .join('/');
}

/** The path under /api (no leading slash) that a change of this kind goes to. */
export function mutationPath<K extends MutationKind>(kind: K, params: MutationParams<K>): string {
  return fillRoute(MUTATIONS[kind].route, params);
}

/**
 * The parameters a path holds by a route pattern, or null when the path is not of that route (the entries of
 * older versions kept only the path).
 */
export function matchRoute(route: string, path: string): Record<string, string> | null {
  const pattern = route.split('/').filter(Boolean);
  const parts = path.split('?')[0]!.split('/').filter(Boolean);
  if (pattern.length !== parts.length) return null;
  const params: Record<string, string> = {};
  for (const [index, segment] of pattern.entries()) {
    const part = parts[index]!;
    if (segment.startsWith(':')) {
      try {
        params[segment.slice(1)] = decodeURIComponent(part);
      } catch {
        return null;
      }
    } else if (segment !== part) return null;
  }
  return params;
}

/** The answer of a confirmed change parsed by its kind's schema, or null when it does not match the contract. */
export function parseMutationResponse<K extends MutationKind>(
  kind: K,
  answer: unknown,
): MutationResponse<K> | null {
  const parsed = MUTATIONS[kind].response.safeParse(answer);
  return parsed.success ? (parsed.data as MutationResponse<K>) : null;
}

/**
 * The schemas the server registers for a kind's route (Fastify's `schema`): parameters, body and success
 * answer. Multipart and tus routes read their bodies themselves, so only their parameters and answer are given.
 */
export function mutationSchema<K extends MutationKind>(kind: K) {
  const declaration = mutation(kind);
  return {
    params: declaration.params,
    body: declaration.body,
    response: { 200: declaration.response },
  };
}

/** mutationSchema of a multipart kind: its body is a form the route reads itself. */
export function multipartMutationSchema<K extends MutationKind>(kind: K) {
  const declaration = mutation(kind);
  return { params: declaration.params, response: { 200: declaration.response } };
}
