// Calls of /api/audio used by the recording page: 'Your Recordings' and the prompt pack; answers are parsed
// with their core/api schemas.
import { PROMPT_PACK_SIZE, promptPackSchema, recordingListSchema } from '../../../core/api/recordings.ts';
import { RECORDINGS_PAGE_SIZE } from '../../../core/constants.ts';
import { api, request, requestJson } from '../../lib/api-client.ts';

/** Audio can be long on a slow link: two minutes before a download counts as failed. */
const AUDIO_TIMEOUT_MS = 120_000;

export const recordingsApi = {
  /** The newest `pages` pages at once (the list grows by "Show more"). */
  list: (pages: number) =>
    requestJson(recordingListSchema, () =>
      api.get('audio/recordings', { searchParams: { page: 1, limit: RECORDINGS_PAGE_SIZE * pages } }),
    ),
  audio: (id: string) =>
    request(() => api.get(`audio/recordings/${id}/audio`, { timeout: AUDIO_TIMEOUT_MS }).blob()),
  remove: (id: string) => request(() => api.delete(`audio/recordings/${id}`)),
  prompts: () =>
    requestJson(promptPackSchema, () =>
      api.get('audio/prompts', { searchParams: { limit: PROMPT_PACK_SIZE } }),
    ),
};
