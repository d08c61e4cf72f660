// Calls of /api/admin/review: the admins' queues of clips and proposed translations, and their decisions;
// answers are parsed with their core/api schemas. A clip's audio comes from the recordings route.
import {
  adminClipsSchema,
  adminProposalsSchema,
  clipReviewResponseSchema,
  proposalDecisionResponseSchema,
  type ClipFlag,
  type ClipSettle,
} from '../../../core/api/review.ts';
import { adminPromptResponseSchema, adminPromptsSchema } from '../../../core/api/prompts.ts';
import {
  adminWrittenSentenceResponseSchema,
  adminWrittenSentencesSchema,
} from '../../../core/api/sentences.ts';
import type { TranslationCategory } from '../../../core/constants.ts';
import type { ClipReviewState, ProposalState } from '../../../core/review/rules.ts';
import type { ProposalVerdict } from '../../../core/api/review.ts';
import { api, requestJson } from '../../lib/api-client.ts';

/** Rows per page of either queue. */
export const REVIEW_QUEUE_PAGE = 25;

export interface ClipQueueFilter {
  state?: ClipReviewState | undefined;
  flag?: ClipFlag | undefined;
  page: number;
}

export interface ProposalQueueFilter {
  state?: ProposalState | undefined;
  category?: TranslationCategory | undefined;
  author?: string | undefined;
  page: number;
}

/** Query parameters without the filters left at "any". */
const params = (filter: object) =>
  Object.fromEntries(
    Object.entries({ ...filter, limit: REVIEW_QUEUE_PAGE }).filter(([, value]) => value !== undefined),
  ) as Record<string, string | number>;

export const reviewQueueApi = {
  clips: (filter: ClipQueueFilter) =>
    requestJson(adminClipsSchema, () => api.get('admin/review/clips', { searchParams: params(filter) })),
  settle: (id: string, decision: ClipSettle) =>
    requestJson(clipReviewResponseSchema, () =>
      api.post(`admin/review/clips/${id}/settle`, { json: decision }),
    ),
  proposals: (filter: ProposalQueueFilter) =>
    requestJson(adminProposalsSchema, () =>
      api.get('admin/review/proposals', { searchParams: params(filter) }),
    ),
  decide: (ids: number[], verdict: ProposalVerdict, reason: string) =>
    requestJson(proposalDecisionResponseSchema, () =>
      api.post('admin/review/proposals/decide', { json: { ids, verdict, reason } }),
    ),
};

/** Calls of /api/admin/prompts: the prompt sentences with their use and reports; retiring and restoring one. */
export const promptsApi = {
  list: ({ reported, page }: { reported: boolean; page: number }) =>
    requestJson(adminPromptsSchema, () =>
      api.get('admin/prompts', {
        searchParams: { reported: String(reported), page, limit: REVIEW_QUEUE_PAGE },
      }),
    ),
  retire: (id: number, reason: string) =>
    requestJson(adminPromptResponseSchema, () =>
      api.post(`admin/prompts/${id}/retire`, { json: { reason } }),
    ),
  restore: (id: number) =>
    requestJson(adminPromptResponseSchema, () => api.post(`admin/prompts/${id}/restore`)),
};

/** Calls of /api/admin/sentences: the written sentences with their use and reports; retiring and restoring one. */
export const writtenSentencesApi = {
  list: ({ reported, page }: { reported: boolean; page: number }) =>
    requestJson(adminWrittenSentencesSchema, () =>
      api.get('admin/sentences', {
        searchParams: { reported: String(reported), page, limit: REVIEW_QUEUE_PAGE },
      }),
    ),
  retire: (id: number, reason: string) =>
    requestJson(adminWrittenSentenceResponseSchema, () =>
      api.post(`admin/sentences/${id}/retire`, { json: { reason } }),
    ),
  restore: (id: number) =>
    requestJson(adminWrittenSentenceResponseSchema, () => api.post(`admin/sentences/${id}/restore`)),
};
