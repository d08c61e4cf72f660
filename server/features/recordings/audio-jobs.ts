// The background work on stored audio of one process (issue 33): the inspection worker, and the story cutter it
// hands each story whose inspection passed. The server makes it in its recordings routes (INSPECTION_WORKER=
// inline runs the worker there), and `npm run worker` makes the same in its own process.
import type { Config } from '../../config.ts';
import type { Db, Tx } from '../../db/driver.ts';
import type { Repositories, TransactionRepositories } from '../../lib/repositories.ts';
import { StoryCutter } from '../stories/story-cutter.ts';
import type { WorkerLog } from '../training/worker.ts';
import { defaultInspectionConcurrency, InspectionWorker } from './inspection-worker.ts';
import type { RecordingService } from './recordings.service.ts';

export interface AudioJobs {
  /** null with INSPECTION_WORKER=off (in the server; `npm run worker` always inspects). */
  inspections: InspectionWorker | null;
  cutter: StoryCutter;
  /** Starts inspecting, and cuts the stories a stop left waiting. */
  start(): Promise<void>;
  /** Stops claiming; resolves when what runs is done. */
  stop(): Promise<void>;
}

export function audioJobs(options: {
  db: Db;
  repositories: Repositories;
  inTransaction: (tx: Tx) => TransactionRepositories;
  service: RecordingService;
  config: Config;
  log: WorkerLog;
  kind: 'inline' | 'standalone';
}): AudioJobs {
  const { config, service } = options;
  const cutter = new StoryCutter(options.repositories, service, config, options.log);
  const inspections =
    options.kind === 'standalone' || config.INSPECTION_WORKER === 'inline'
      ? new InspectionWorker({
          ...options,
          concurrency: config.INSPECTION_CONCURRENCY ?? defaultInspectionConcurrency(),
          onStory: (id) => void cutter.enqueue(id),
        })
      : null;
  // An upload stored in this process is looked at at once, not at the next poll.
  if (inspections) service.onStored = () => inspections.wake();
  return {
    inspections,
    cutter,
    start: async () => {
      inspections?.start();
      await cutter.resume();
    },
    stop: async () => {
      await inspections?.stop();
      await cutter.close();
    },
  };
}
