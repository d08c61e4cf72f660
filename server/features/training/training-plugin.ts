// The training queue of the app: its repositories, made once here for the routes and the worker, a reaper of
// jobs whose worker went silent (every 30 s), and (TRAINING_WORKER=inline, the default) one worker in the server
// process, started when the app is ready and stopped as it closes. With TRAINING_WORKER=off jobs wait for
// `npm run worker` or external workers.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TRAINING_HEARTBEAT_TIMEOUT_MS } from '../../../core/constants.ts';
import type { Config } from '../../config.ts';
import { defaultTrainers } from './trainers.ts';
import { trainingRepositories, type TrainingRepositories } from './training-repositories.ts';
import { TrainingWorker } from './worker.ts';

export interface TrainingServices extends TrainingRepositories {
  /** The worker in this process, or null (TRAINING_WORKER=off). */
  worker: TrainingWorker | null;
  /** Tells the worker in this process that a job was queued or a stop requested. */
  notify(): void;
}

declare module 'fastify' {
  interface FastifyInstance {
    training: TrainingServices;
  }
}

export default fp<{ config: Config }>(
  function trainingPlugin(app: FastifyInstance, { config }) {
    const db = app.database.db;
    const repositories = trainingRepositories(db, config);
    const { queue } = repositories;
    const worker =
      config.TRAINING_WORKER === 'inline'
        ? new TrainingWorker({
            queue,
            repositories,
            trainers: defaultTrainers(),
            db,
            config,
            kind: 'inline',
            log: app.log,
          })
        : null;
    app.decorate('training', {
      ...repositories,
      worker,
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
