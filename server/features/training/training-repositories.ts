// The training feature's repositories, made once per process on one database: by the training plugin for the
// server (app.training) and by `npm run worker` for a standalone worker. Routes and trainers use these.
import type { Db } from '../../db/driver.ts';
import { blobStoreOf, type BlobStore, type StorageConfig } from '../../lib/blob-store.ts';
import { ArtifactStore } from '../models/artifact-store.ts';
import { TrainingQueue } from './job-queue.ts';
import { TrainingDataRepository } from './training-data.repository.ts';
import { WorkerTokensRepository } from './worker-tokens.repository.ts';
import { uploadTempDir } from '../../lib/temp-files.ts';

export interface TrainingRepositories {
  queue: TrainingQueue;
  tokens: WorkerTokensRepository;
  data: TrainingDataRepository;
  /** Trained models: model_artifacts rows and their blobs. */
  artifacts: ArtifactStore;
  /** The content-addressed blob store (the store's blobs area): recordings, models, uploaded artifacts. */
  blobs: BlobStore;
  /** Staging folder of uploads, on the blob store's file system. */
  tempDir: string;
}

/** What trainers read and write through (beside the queue, which the worker holds). */
export type TrainerRepositories = Pick<TrainingRepositories, 'tokens' | 'data' | 'artifacts'>;

export function trainingRepositories(db: Db, config: StorageConfig): TrainingRepositories {
  const blobs = blobStoreOf(config);
  const tempDir = uploadTempDir(config);
  return {
    queue: new TrainingQueue(db),
    tokens: new WorkerTokensRepository(db),
    data: new TrainingDataRepository(db),
    artifacts: new ArtifactStore(db, blobs, tempDir),
    blobs,
    tempDir,
  };
}
