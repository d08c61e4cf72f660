// Calls of /api/data.
import type { LexiconEntry, Speaker, Statistics } from '../../../core/api/data.ts';
import { api, request } from '../../lib/api-client.ts';

export const dataApi = {
  statistics: () => request(() => api.get('data/statistics').json<Statistics>()),
  speakers: () => request(() => api.get('data/speakers').json<{ speakers: Speaker[] }>()),
  lexicon: (search: string, limit: number) =>
    request(() => api.get('data/lexicon', { searchParams: { search, limit } }).json<{ entries: LexiconEntry[] }>()),
};
