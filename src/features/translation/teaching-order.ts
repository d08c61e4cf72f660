// The page's side of Translate's teaching order: which sentences to rank (teachingRequest, pure), ranked in
// teaching-order.worker.ts so the page never freezes, and useTeachingRanks, which answers the last ranks made
// (none at first) while a new ranking runs: the page shows its sentences in the meantime, ranked or not.
import { useEffect, useMemo, useState } from 'react';
import type { ReviewedPair } from '../../../core/api/translation.ts';
import type { TeachingReply, TeachingRequest } from './teaching-order.worker.ts';

/** 0: nothing proposed, 1: proposals waiting for review, 2: approved. */
export function tier(pair: ReviewedPair): number {
  if (pair.status === 'approved' && pair.lopit.trim() !== '') return 2;
  return pair.proposals.length > 0 ? 1 : 0;
}

/**
 * The untranslated, unretired sentences to rank and the English of the translated ones; the key changes only
 * when those change, not at every new copy of the pairs (a saved proposal or a synced edit leaves both as they were).
 */
export function teachingRequest(pairs: readonly ReviewedPair[]): TeachingRequest {
  const waiting = pairs.filter((pair) => !pair.retired && tier(pair) < 2);
  const known = pairs.filter((pair) => tier(pair) === 2);
  return {
    key: `${waiting.map((pair) => `${pair.id}:${pair.english}`).join(',')}|${known.map((pair) => pair.id).join(',')}`,
    waiting: waiting.map((pair) => ({ id: pair.id, text: pair.english })),
    known: known.map((pair) => pair.english),
  };
}

type Ranks = ReadonlyMap<number, number>;

let worker: Worker | null = null;
let nextId = 1;
const pending = new Map<
  number,
  { resolve: (ranks: [number, number][]) => void; reject: (e: Error) => void }
>();

function startWorker(): Worker | null {
  if (worker || typeof Worker === 'undefined') return worker;
  try {
    worker = new Worker(new URL('./teaching-order.worker.ts', import.meta.url), { type: 'module' });
  } catch {
    return null;
  }
  worker.addEventListener('message', (event: MessageEvent<TeachingReply>) => {
    const reply = event.data;
    const waiting = pending.get(reply.id);
    if (!waiting) return;
    pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply.ranks);
    else waiting.reject(new Error(reply.message));
  });
  worker.addEventListener('error', () => {
    for (const waiting of pending.values()) waiting.reject(new Error('The teaching order worker stopped.'));
    pending.clear();
    worker?.terminate();
    worker = null;
  });
  return worker;
}

async function rank(request: TeachingRequest): Promise<Ranks> {
  const running = startWorker();
  if (!running) {
    const here = await import('./teaching-order.worker.ts');
    return new Map(here.rankTeaching(request));
  }
  const id = nextId++;
  const ranks = await new Promise<[number, number][]>((resolve, reject) => {
    pending.set(id, { resolve, reject });
    running.postMessage({ id, request });
  });
  return new Map(ranks);
}

// The last ranking made, kept across visits of the page.
let last: { key: string; ranks: Ranks } | null = null;

/**
 * Teaching ranks (1 = first) of the waiting sentences of `pairs`: the latest ranking finished, which may be of
 * an earlier set of sentences while the new one runs, or undefined before the first one is done.
 */
export function useTeachingRanks(pairs: readonly ReviewedPair[] | undefined): Ranks | undefined {
  const request = useMemo(() => (pairs ? teachingRequest(pairs) : null), [pairs]);
  const [done, setDone] = useState(last);
  const key = request?.key;
  useEffect(() => {
    if (!request || last?.key === request.key) {
      if (last && last !== done) setDone(last);
      return;
    }
    let current = true;
    rank(request)
      .then((ranks) => {
        last = { key: request.key, ranks };
        if (current) setDone(last);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
    // The key stands for the request: a new copy of the same sentences ranks nothing again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return done?.ranks;
}
