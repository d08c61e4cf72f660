// Calls of /api/data.
import type {
  Dialects,
  LexiconEntry,
  Speaker,
  Statistics,
  Timeline,
  TimelineBucket,
} from '../../../core/api/data.ts';
import { api, request } from '../../lib/api-client.ts';

export const dataApi = {
  statistics: () => request(() => api.get('data/statistics').json<Statistics>()),
  speakers: () => request(() => api.get('data/speakers').json<{ speakers: Speaker[] }>()),
  timeline: (bucket?: TimelineBucket) =>
    request(() =>
      api.get('data/timeline', { searchParams: bucket ? { bucket } : {} }).json<Timeline>(),
    ),
  dialects: () => request(() => api.get('data/dialects').json<Dialects>()),
  lexicon: (search: string, limit: number) =>
    request(() =>
      api.get('data/lexicon', { searchParams: { search, limit } }).json<{ entries: LexiconEntry[] }>(),
    ),
};
