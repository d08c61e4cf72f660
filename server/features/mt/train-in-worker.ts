// Trains a translation model in a worker thread, so the server keeps answering while it trains: a 10,000-pair
// training holds the event loop for up to 1.4 s at a time when run in the server's own thread (alignment and
// phrase extraction run in long synchronous stretches). The worker registers tsx's loader for TypeScript, as the
// server runs with it. Stopping terminates the thread at once.
import { Worker } from 'node:worker_threads';
import type { MtModelData } from '../../../core/mt/model-data.ts';
import type { ModelSnapshot } from '../../../core/mt/serialise.ts';
import type { TranslationPairInput } from '../../../core/mt/types.ts';
import type { DirectionScores } from './held-out.ts';

/** Registers tsx's TypeScript loader in the new thread, then runs the worker module. */
const WORKER_BOOT = `
const { workerData } = require('node:worker_threads');
import('tsx/esm/api')
  .then(({ register }) => {
    register();
    return import(workerData.entry);
  });
`;

type WorkerMessage =
  | { type: 'progress'; percent: number }
  | { type: 'done'; data: MtModelData; scores: DirectionScores | null; file: Uint8Array | null }
  | { type: 'failed'; message: string };

export class WorkerTrainingStopped extends Error {
  override name = 'AbortError';
  constructor() {
    super('Training was stopped.');
  }
}

/**
 * Trains on `pairs`; when `heldOut` has pairs, scores the model on them (chrF and BLEU, both ways); when a
 * snapshot is given, also writes the model file (core/mt serialise) with it.
 */
export function trainInWorker(
  pairs: readonly TranslationPairInput[],
  heldOut: readonly TranslationPairInput[],
  snapshot: ModelSnapshot | null,
  onProgress: (percent: number) => void,
  signal?: AbortSignal,
): Promise<{ data: MtModelData; scores: DirectionScores | null; file: Uint8Array | null }> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new WorkerTrainingStopped());
    const worker = new Worker(WORKER_BOOT, {
      eval: true,
      workerData: { pairs, heldOut, snapshot, entry: new URL('./mt-train-worker.ts', import.meta.url).href },
    });
    let settled = false;
    const finish = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', stop);
      outcome();
      void worker.terminate();
    };
    const stop = () => finish(() => reject(new WorkerTrainingStopped()));
    signal?.addEventListener('abort', stop, { once: true });
    worker.on('message', (message: WorkerMessage) => {
      if (message.type === 'progress') onProgress(message.percent);
      else if (message.type === 'done')
        finish(() => resolve({ data: message.data, scores: message.scores, file: message.file }));
      else if (message.type === 'failed') finish(() => reject(new Error(message.message)));
    });
    worker.on('error', (error) => finish(() => reject(error)));
    worker.on('exit', (code) =>
      finish(() => reject(new Error(`The training thread ended unexpectedly (exit code ${code}).`))),
    );
  });
}
