// The training queue of the app: repositories for the routes, a reaper of jobs whose worker went silent (every
// 30 s), and (TRAINING_WORKER=inline, the default) one worker in the server process, started when the app is
// ready and stopped as it closes. With TRAINING_WORKER=off jobs wait for `npm run worker` or external workers.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRAINING_HEARTBEAT_TIMEOUT_MS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { FileBlobStore, type BlobStore } from '../../lib/blob-store.ts';
import { TrainingQueue } from './job-queue.ts';
import { TrainingDataRepository } from './training-data-repository.ts';
import { defaultTrainers } from './trainers.ts';
import { TrainingWorker } from './worker.ts';
import { WorkerTokensRepository } from './worker-tokens-repository.ts';

export interface TrainingServices {
  queue: TrainingQueue;
  tokens: WorkerTokensRepository;
  data: TrainingDataRepository;
  /** The worker in this process, or null (TRAINING_WORKER=off). */
  worker: TrainingWorker | null;
  /** Tells the worker in this process that a job was queued or a stop requested. */
  notify(): void;
  /** The content-addressed blob store (DATA_DIR/blobs): recordings, models, uploaded artifacts. */
  blobs: BlobStore;
  /** Staging folder of uploads, on the blob store's file system. */
  tempDir: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    training: TrainingServices;
  }
}

export default fp<{ config: Config }>(
  function trainingPlugin(app: FastifyInstance, { config }) {
    const db = app.database.db;
    const queue = new TrainingQueue(db);
    const worker =
      config.TRAINING_WORKER === 'inline'
        ? new TrainingWorker({ queue, trainers: defaultTrainers(), db, config, kind: 'inline', log: app.log })
        : null;
    app.decorate('training', {
      queue,
      tokens: new WorkerTokensRepository(db),
      data: new TrainingDataRepository(db),
      worker,
      blobs: new FileBlobStore(path.join(config.DATA_DIR, 'blobs')),
      tempDir: path.join(config.DATA_DIR, 'uploads', 'tmp'),
      notify: () => {
        worker?.wake();
        worker?.checkNow();
      },
    } satisfies TrainingServices);

    let reaper: NodeJS.Timeout | null = null;
    app.addHook('onReady', () => {
      worker?.start();
      // Also here, not only in the worker loop: a busy (or absent) worker must not delay recovering the jobs of
      // silent workers elsewhere, so no job stays "training" after its worker died.
      reaper = setInterval(() => {
        queue.reap().then(
          (reaped) => {
            if (reaped.requeued.length + reaped.failed.length + reaped.stopped.length > 0)
              app.log.warn(reaped, 'training jobs of silent workers reaped');
          },
          (error: unknown) => app.log.error({ err: error }, 'training reaper failed'),
        );
      }, TRAINING_HEARTBEAT_TIMEOUT_MS / 4);
      reaper.unref();
      return Promise.resolve();
    });
    // preClose, not onClose: the worker must finish (requeue its job) while the database is still open.
    app.addHook('preClose', async () => {
      if (reaper) clearInterval(reaper);
      await worker?.stop();
    });
  },
  { name: 'training', dependencies: ['database'] },
);
