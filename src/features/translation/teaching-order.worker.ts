// The teaching order of Translate's sentences (core/mt/selection.ts), computed in a Web Worker: it costs about
// a second per 10,000 waiting sentences on a desktop core (more on a cheap phone), long enough to freeze the
// page. teaching-order.ts talks to it; where workers are missing it imports this module on the page instead.
// Only core/mt/selection.ts is loaded here, not the page's modules.
import { rankByNovelty, type SelectionCandidate } from '../../../core/mt/selection.ts';

/** What to rank: the sentences waiting for a translation, and the English of the translated ones. */
export interface TeachingRequest {
  /** Changes exactly when the waiting or the translated sentences change. */
  key: string;
  waiting: SelectionCandidate[];
  known: string[];
}

/** Teaching rank (1 = first) of every waiting sentence, as [sentence id, rank] pairs. */
export function rankTeaching(request: Omit<TeachingRequest, 'key'>): [number, number][] {
  return rankByNovelty(request.waiting, request.known).map((r) => [r.id, r.rank]);
}

export type TeachingMessage = { id: number; request: TeachingRequest };
export type TeachingReply =
  { id: number; ok: true; ranks: [number, number][] } | { id: number; ok: false; message: string };

declare const WorkerGlobalScope: (new () => unknown) | undefined;
if (typeof WorkerGlobalScope !== 'undefined' && self instanceof WorkerGlobalScope) {
  self.addEventListener('message', (event: MessageEvent<TeachingMessage>) => {
    const { id, request } = event.data;
    try {
      self.postMessage({ id, ok: true, ranks: rankTeaching(request) } satisfies TeachingReply);
    } catch (error) {
      self.postMessage({ id, ok: false, message: (error as Error).message } satisfies TeachingReply);
    }
  });
}
