// Calls of /api/review used by the Listen and Review screens and the field step; answers are parsed with their
// core/api schemas. The audio of a clip comes from the recordings route, as bytes to keep on the phone.
import {
  reviewLexiconSchema,
  reviewPackSchema,
  reviewProposalsSchema,
  reviewStatsSchema,
} from '../../../core/api/review.ts';
import { api, request, requestJson, type ApiError } from '../../lib/api-client.ts';
import type { ReviewPackSource } from '../../offline/review-pack.ts';

/** Clips are short, but a 2G link is slow: a minute before one download counts as failed. */
const AUDIO_TIMEOUT_MS = 60_000;

export const reviewApi = {
  stats: (since: Date) =>
    requestJson(reviewStatsSchema, () =>
      api.get('review/stats', { searchParams: { since: since.toISOString() } }),
    ),
};

/** The review pack's source on the page: the API, through the app's client. */
export const reviewPackSource: ReviewPackSource = {
  clips: ({ limit, maxBytes, exclude, held }) =>
    requestJson(reviewPackSchema, () =>
      api.get('review/clips', {
        searchParams: {
          limit,
          maxBytes,
          ...(exclude.length > 0 ? { exclude: exclude.join(',') } : {}),
          ...(held.length > 0 ? { held: held.join(',') } : {}),
        },
      }),
    ),
  audio: async (clipId) => {
    try {
      return await request(() =>
        api.get(`audio/recordings/${clipId}/audio`, { timeout: AUDIO_TIMEOUT_MS }).arrayBuffer(),
      );
    } catch (error) {
      // Gone since the pack was chosen (consent withdrawn, clip deleted): leave it out, keep the rest.
      if ([403, 404, 410].includes((error as ApiError).status ?? 0)) return null;
      throw error;
    }
  },
  proposals: async ({ limit }) =>
    (await requestJson(reviewProposalsSchema, () => api.get('review/proposals', { searchParams: { limit } })))
      .proposals,
  words: async ({ limit }) =>
    (await requestJson(reviewLexiconSchema, () => api.get('review/lexicon', { searchParams: { limit } })))
      .entries,
};
