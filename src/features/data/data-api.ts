// Calls of /api/data, answers parsed with the contract's schemas.
import { dialectsSchema, speakersResponseSchema, statisticsSchema, timelineSchema, type TimelineBucket } from '../../../core/api/data.ts';
import { lexiconEntriesResponseSchema } from '../../../core/api/lexicon.ts';
import { api, requestJson } from '../../lib/api-client.ts';

export const dataApi = {
  statistics: () => requestJson(statisticsSchema, () => api.get('data/statistics')),
  speakers: () => requestJson(speakersResponseSchema, () => api.get('data/speakers')),
  timeline: (bucket?: TimelineBucket) =>
    requestJson(timelineSchema, () => api.get('data/timeline', { searchParams: bucket ? { bucket } : {} })),
  dialects: () => requestJson(dialectsSchema, () => api.get('data/dialects')),
  lexicon: (search: string, limit: number) =>
    requestJson(lexiconEntriesResponseSchema, () => api.get('data/lexicon', { searchParams: { search, limit } })),
};
