// Worker thread body: trains one model from the pairs it is given, scores it on held-out pairs if given
// any, and posts progress (0-100 over the whole task), then the model data (plain objects and typed arrays:
// structured-cloned back) with its scores. Started by train-in-worker.ts.
import { parentPort, workerData } from 'node:worker_threads';
import { compactModel } from '../../../core/mt/prune.ts';
import type { ModelSnapshot } from '../../../core/mt/serialise.ts';
import { serialiseModel } from '../../../core/mt/serialise.ts';
import { trainModel } from '../../../core/mt/train.ts';
import type { TranslationPairInput } from '../../../core/mt/types.ts';
import { scoreHeldOut } from './held-out.ts';

const port = parentPort;
if (!port) throw new Error('mt-train-worker runs only as a worker thread');
const { pairs, heldOut, snapshot } = workerData as {
  pairs: TranslationPairInput[];
  heldOut: TranslationPairInput[];
  /**
   * When given, the model file is written here too: the phone's compact model (pruned, about a second of work
   * for 10,000 pairs) and the full one the server answers with.
   */
  snapshot: ModelSnapshot | null;
};
// With scoring, training is the first 80% of the task.
const trainShare = heldOut.length > 0 ? 0.8 : 1;
trainModel(pairs, {}, (percent) =>
  port.postMessage({ type: 'progress', percent: percent * trainShare }),
).then(
  (data) => {
    const scores =
      heldOut.length > 0
        ? scoreHeldOut(data, heldOut, (done) =>
            port.postMessage({ type: 'progress', percent: 80 + 20 * done }),
          )
        : null;
    const file = snapshot ? serialiseModel(compactModel(data), snapshot, { server: data }) : null;
    // The training counts are only for pruning: they stay in this thread.
    const { statistics: _statistics, ...model } = data;
    port.postMessage({ type: 'done', data: model, scores, file });
  },
  (error: unknown) =>
    port.postMessage({ type: 'failed', message: (error as Error).message ?? String(error) }),
);
